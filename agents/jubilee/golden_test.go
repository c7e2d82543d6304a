package jubilee

import (
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env"
	jub "github.com/chariot-ai/chariot/env/jubilee"
)

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

// playGolden plays game i with spec, as eval.Run does.
func playGolden(t *testing.T, g env.Game, spec string, i int) agenttest.Game {
	return agenttest.PlayBench(t, g, spec, goldenSeed, i, []string{spec})
}

// TestGolden guards the rollout plan (and a search rolling out with it)
// against any change of play: every game must end with the same VP after
// the same decisions, actions and dice. Regenerate with
// go test ./agents/jubilee -run TestGolden -update only when a rule fix is
// meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	g := jub.Default()
	var got []agenttest.Game
	for _, r := range goldenRuns {
		for i := range r.games {
			got = append(got, playGolden(t, g, r.spec, i))
		}
	}
	agenttest.Check(t, filepath.Join("testdata", "golden.json"), got)
}
