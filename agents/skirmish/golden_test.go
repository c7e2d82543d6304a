package skirmish

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
	"github.com/chariot-ai/chariot/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from the current code")

// goldenGame is one game as it was played when the golden file was written.
type goldenGame struct {
	Game      string  `json:"game"`
	Agent     string  `json:"agent"`
	Index     int     `json:"index"`
	VP        float64 `json:"vp"`
	Decisions int     `json:"decisions"`
	// Actions is the FNV-1a hash of every action applied, chance outcomes
	// included, in order.
	Actions string `json:"actions"`
}

const goldenSeed = 1

// goldenRuns are the games held: the rollout agent (stealthy) and the
// two other characters under the default garrison, stealthy under the
// alert one and with the Germans a seat, and a short search that rolls out
// with stealthy, so that play through the rollouts of a search is held too.
var goldenRuns = []struct {
	game, agent string
	games       int
}{
	{"skirmish", "stealthy", 40},
	{"skirmish", "charge", 30},
	{"skirmish", "covering", 30},
	{"skirmish:reactions=alert", "stealthy", 15},
	{"skirmish:opponent=seat", "stealthy", 10},
	{"skirmish", "ismcts:at=action,prior=3,rollout=stealthy,sims=10", 2},
}

// playGolden plays game i of spec on game, seeded as eval.Run seeds it.
func playGolden(t *testing.T, game string, g env.Game, spec string, i int) goldenGame {
	t.Helper()
	seats := make([]agents.Agent, g.NumPlayers())
	for p := range seats {
		ag, err := agents.New(spec, g, agents.SeatSeed(eval.AgentSeed(goldenSeed, i, spec), p))
		if err != nil {
			t.Fatal(err)
		}
		seats[p] = ag
	}
	if len(seats) > 1 {
		rules, err := agents.New("rules", g, 1)
		if err != nil {
			t.Fatal(err)
		}
		seats[1] = rules
	}
	h := fnv.New64a()
	decisions := 0
	var b [8]byte
	end, err := agents.RunEpisode(context.Background(), g, eval.GameSeed(goldenSeed, i), seats,
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
		t.Fatalf("%s on %s game %d: %v", spec, game, i, err)
	}
	return goldenGame{Game: game, Agent: spec, Index: i, VP: end.Returns()[0], Decisions: decisions, Actions: fmt.Sprintf("%016x", h.Sum64())}
}

// TestGolden guards the baselines' play, and the game's rules under them,
// against any change: every game must end with the same VP after the same
// decisions, actions and dice. Regenerate with
// go test ./agents/skirmish -run TestGolden -update only when a rule or plan
// is meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	var got []goldenGame
	for _, r := range goldenRuns {
		g, err := env.NewGame(r.game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.games {
			got = append(got, playGolden(t, r.game, g, r.agent, i))
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
		if err := os.MkdirAll("testdata", 0o755); err != nil {
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
				t.Errorf("%s on %s game %d: got VP %v, %d decisions, actions %s; golden VP %v, %d decisions, actions %s",
					want[k].Agent, want[k].Game, want[k].Index, got[k].VP, got[k].Decisions, got[k].Actions, want[k].VP, want[k].Decisions, want[k].Actions)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d games differ from the golden file", bad, len(got))
	}
}
