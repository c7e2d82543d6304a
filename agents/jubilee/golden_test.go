package jubilee

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	jub "github.com/chariot-ai/chariot/env/jubilee"
	"github.com/chariot-ai/chariot/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from the current code")

// goldenGame is one game as it was played when the golden file was written.
type goldenGame struct {
	Agent     string  `json:"agent"`
	Game      int     `json:"game"`
	VP        float64 `json:"vp"`
	Decisions int     `json:"decisions"`
	// Actions is the FNV-1a hash of every action applied, chance outcomes
	// included, in order.
	Actions string `json:"actions"`
}

const goldenSeed = 1

// goldenRuns are the agents and how many games of each: the rollout plan
// alone (and the other plans of its planner), and a short search that rolls out with it, so that the search's
// choices through the plan's rollouts are held too.
var goldenRuns = []struct {
	spec  string
	games int
}{
	{"raid", 50},
	{"beach", 10}, // the same planner with other dials
	{"evacuate", 10},
	{"raidsearch:sims=20", 2},
}

// playGolden plays game i with spec, seeded as eval.Run seeds it.
func playGolden(t *testing.T, g env.Game, spec string, i int) goldenGame {
	t.Helper()
	ag, err := agents.New(spec, g, agents.SeatSeed(eval.AgentSeed(goldenSeed, i, spec), 0))
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	decisions := 0
	var b [8]byte
	end, err := agents.RunEpisode(context.Background(), g, eval.GameSeed(goldenSeed, i), []agents.Agent{ag},
		func(_ env.State, a env.Action, who env.Player) {
			if who >= 0 {
				decisions++
			}
			for k := range b {
				b[k] = byte(uint64(a) >> (8 * k))
			}
			h.Write(b[:])
		})
	if err != nil {
		t.Fatalf("%s game %d: %v", spec, i, err)
	}
	return goldenGame{Agent: spec, Game: i, VP: end.Returns()[0], Decisions: decisions, Actions: fmt.Sprintf("%016x", h.Sum64())}
}

// TestGolden guards the rollout plan (and a search rolling out with it)
// against any change of play: every game must end with the same VP after
// the same decisions, actions and dice. Regenerate with
// go test ./agents/jubilee -run TestGolden -update only when a rule fix is
// meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	g := jub.Default()
	var got []goldenGame
	for _, r := range goldenRuns {
		for i := range r.games {
			got = append(got, playGolden(t, g, r.spec, i))
		}
	}
	checkGolden(t, got)
}

func checkGolden(t *testing.T, got []goldenGame) {
	t.Helper()
	path := filepath.Join("testdata", "golden.json")
	if *update {
		data, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	var want []goldenGame
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(want) != len(got) {
		t.Fatalf("%s holds %d games, the test plays %d", path, len(want), len(got))
	}
	bad := 0
	for k := range got {
		if got[k] != want[k] {
			bad++
			if bad <= 5 {
				t.Errorf("%s game %d: got VP %v, %d decisions, actions %s; golden VP %v, %d decisions, actions %s",
					want[k].Agent, want[k].Game, got[k].VP, got[k].Decisions, got[k].Actions, want[k].VP, want[k].Decisions, want[k].Actions)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d games differ from the golden file", bad, len(got))
	}
}
