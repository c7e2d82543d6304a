package stnazaire

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
	stn "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from the current code")

// goldenGame is one game of the default bench, as it was played when the
// golden file was written.
type goldenGame struct {
	Agent     string  `json:"agent"`
	Game      int     `json:"game"`
	VP        float64 `json:"vp"`
	Decisions int     `json:"decisions"`
	// Actions is the FNV-1a hash of every action applied, chance outcomes
	// included, in order.
	Actions string `json:"actions"`
}

const (
	goldenSeed  = 1 // the bench's default seed
	goldenGames = 100
)

var goldenAgents = []string{"random", "aggressive", "cautious", "greedy"}

// playGolden plays game i of the default bench with spec, seeded exactly as
// eval.Run seeds it.
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

// TestGoldenBench guards the default bench against unintended change: every
// game of the first hundred per baseline must end with the same VP after
// the same decisions and the same actions and dice. Regenerate with
// go test ./agents/stnazaire -run TestGoldenBench -update only when a rule
// fix is meant to change games, and say so in the commit.
func TestGoldenBench(t *testing.T) {
	g := stn.Default()
	var got []goldenGame
	for _, spec := range goldenAgents {
		for i := range goldenGames {
			got = append(got, playGolden(t, g, spec, i))
		}
	}
	// The games above are the bench's own: eval.Run agrees on every one.
	res, err := eval.Run(context.Background(), eval.Config{Game: g, Agents: goldenAgents, Games: goldenGames, Seed: goldenSeed, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k, r := range res {
		if r.Agent != got[k].Agent || r.Game != got[k].Game || r.Score.Value != got[k].VP || r.Decisions != got[k].Decisions {
			t.Fatalf("bench row %s game %d (VP %v, %d decisions) differs from the replay (%+v)", r.Agent, r.Game, r.Score.Value, r.Decisions, got[k])
		}
	}
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
