package stnazaire

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/eval"
)

const (
	goldenSeed  = 1 // the bench's default seed
	goldenGames = 100
)

var goldenAgents = []string{"random", "aggressive", "cautious", "greedy"}

// playGolden plays game i of the default bench with spec, as eval.Run does.
func playGolden(t *testing.T, g env.Game, spec string, i int) agenttest.Game {
	return agenttest.PlayBench(t, g, spec, goldenSeed, i, []string{spec})
}

// TestGoldenBench guards the default bench against unintended change: every
// game of the first hundred per baseline must end with the same VP after
// the same decisions and the same actions and dice. Regenerate with
// go test ./agents/stnazaire -run TestGoldenBench -update only when a rule
// fix is meant to change games, and say so in the commit.
func TestGoldenBench(t *testing.T) {
	g := stn.Default()
	var got []agenttest.Game
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
	agenttest.Check(t, filepath.Join("testdata", "golden.json"), got)
}
