package ahraid

import (
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
)

const goldenSeed = 1

// goldenRuns are the games held: the rollout agent (withdraw, the plan
// plansearch rolls out with) and two other plans over the default game, a
// few under other rulings, and a short plan search, so that play through
// the rollouts of a search is held too.
var goldenRuns = []agenttest.Run{
	{Game: "ahraid", Agent: "withdraw", Games: 40},
	{Game: "ahraid", Agent: "rush", Games: 30},
	{Game: "ahraid", Agent: "suppress", Games: 30},
	{Game: "ahraid", Agent: "dock", Games: 10},
	{Game: "ahraid:german_exit_cost=true,target_by_number=true,fight_fail_elim=true", Agent: "withdraw", Games: 10},
	{Game: "ahraid:opponent=seat", Agent: "withdraw", Games: 10},
	{Game: "ahraid", Agent: "plansearch:sims=100", Games: 2},
	{Game: "ahraid", Agent: "ismcts:at=exit,rollout=withdraw,sims=50", Games: 2},
}

// TestGolden guards the plans' play, and the game's rules under them,
// against any change: every game must end with the same VP after the same
// decisions, actions and dice. Regenerate with
// go test ./agents/ahraid -run TestGolden -update only when a rule or plan
// is meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	agenttest.Check(t, filepath.Join("testdata", "golden.json"), agenttest.PlayRuns(t, goldenSeed, goldenRuns))
}
