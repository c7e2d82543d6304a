package skirmish

import (
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
)

const goldenSeed = 1

// goldenRuns are the games held: the rollout agent (stealthy) and the
// two other characters under the default garrison, stealthy under the
// alert one and with the Germans a seat, and a short search that rolls out
// with stealthy, so that play through the rollouts of a search is held too.
var goldenRuns = []agenttest.Run{
	{Game: "skirmish", Agent: "stealthy", Games: 40},
	{Game: "skirmish", Agent: "charge", Games: 30},
	{Game: "skirmish", Agent: "covering", Games: 30},
	{Game: "skirmish:reactions=alert", Agent: "stealthy", Games: 15},
	{Game: "skirmish:opponent=seat", Agent: "stealthy", Games: 10},
	{Game: "skirmish", Agent: "ismcts:at=action,prior=3,rollout=stealthy,sims=10", Games: 2},
}

// TestGolden guards the baselines' play, and the game's rules under them,
// against any change: every game must end with the same VP after the same
// decisions, actions and dice. Regenerate with
// go test ./agents/skirmish -run TestGolden -update only when a rule or plan
// is meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	agenttest.Check(t, filepath.Join("testdata", "golden.json"), agenttest.PlayRuns(t, goldenSeed, goldenRuns))
}
