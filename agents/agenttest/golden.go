// Package agenttest holds test vectors of whole games: each game played by
// an agent is kept as its VP, its number of decisions and a hash of every
// action applied (chance outcomes included), so a test can hold the rules
// and the agents to bit-identical play while they are made faster.
package agenttest

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
)

// Game is one game as a vector records it.
type Game struct {
	Agent     string  `json:"agent"`
	Game      int     `json:"game"`
	VP        float64 `json:"vp"`
	Decisions int     `json:"decisions"`
	// Actions is the FNV-1a hash of every action applied, chance outcomes
	// included, in order.
	Actions string `json:"actions"`
}

// Play plays one game of g from seed with one agent a seat, built from the
// specs with the seeds of agentSeeds (one a seat), and records it as game
// number i under the label agent.
func Play(t testing.TB, g env.Game, agent string, i int, seed uint64, specs []string, agentSeeds []uint64) Game {
	t.Helper()
	players := make([]agents.Agent, len(specs))
	for p, spec := range specs {
		var err error
		if players[p], err = agents.New(spec, g, agentSeeds[p]); err != nil {
			t.Fatal(err)
		}
	}
	h := fnv.New64a()
	decisions := 0
	var b [8]byte
	end, err := agents.RunEpisode(context.Background(), g, seed, players,
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
		t.Fatalf("%s game %d: %v", agent, i, err)
	}
	return Game{Agent: agent, Game: i, VP: end.Returns()[0], Decisions: decisions, Actions: fmt.Sprintf("%016x", h.Sum64())}
}

// update is the flag every package of vectors takes: go test ./agents/GAME
// -run TestGolden -update rewrites its files, only when a rule fix is meant
// to change games (say so in the commit).
var update = flag.Bool("update", false, "rewrite the test vectors (testdata/*.json) from the current code")

// Check compares the games played with those the file at path records;
// with -update it writes them there instead. It names the first five that
// differ and how many do.
func Check(t testing.TB, path string, got []Game) {
	t.Helper()
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
	var want []Game
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
				t.Errorf("%s game %d: got VP %v, %d decisions, actions %s; recorded VP %v, %d decisions, actions %s",
					want[k].Agent, want[k].Game, got[k].VP, got[k].Decisions, got[k].Actions, want[k].VP, want[k].Decisions, want[k].Actions)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d games differ from %s", bad, len(got), path)
	}
}

// PlayBench plays game i of a bench run with seed, as eval.Run plays it:
// the game's seed eval.GameSeed(seed, i) and the agent of each seat, specs
// in seat order, seeded from its spec by eval.AgentSeed. It is recorded as
// game i under label.
func PlayBench(t testing.TB, g env.Game, label string, seed uint64, i int, specs []string) Game {
	t.Helper()
	seeds := make([]uint64, len(specs))
	for p, spec := range specs {
		seeds[p] = agents.SeatSeed(eval.AgentSeed(seed, i, spec), p)
	}
	return Play(t, g, label, i, eval.GameSeed(seed, i), specs, seeds)
}

// Run is a set of games a vector holds: the first Games games of a bench
// of Game (a spec) with Agent in the first seat and the game's own rules
// ("rules") in any other.
type Run struct {
	Game, Agent string
	Games       int
}

// PlayRuns plays every run's games (PlayBench with seed), labelled
// "AGENT on GAME".
func PlayRuns(t testing.TB, seed uint64, runs []Run) []Game {
	t.Helper()
	var out []Game
	for _, r := range runs {
		g, err := env.NewGame(r.Game)
		if err != nil {
			t.Fatal(err)
		}
		specs := []string{r.Agent}
		for len(specs) < g.NumPlayers() {
			specs = append(specs, "rules")
		}
		for i := range r.Games {
			out = append(out, PlayBench(t, g, r.Agent+" on "+r.Game, seed, i, specs))
		}
	}
	return out
}
