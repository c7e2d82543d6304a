package anvil

import (
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env"
)

const goldenSeed = 1

// goldenRuns are the pairings and how many games of each: the plans seat
// by seat, the doctrine in both seats (as in a rollout), and a short
// search that rolls out with the doctrine, so that the search's choices
// through the doctrine's rollouts are held too.
var goldenRuns = []struct {
	allied, german string
	first, games   int
}{
	{"coastalpush", "withdrawal", 0, 40},
	{Doctrine, Doctrine, 40, 40}, // the same plans: other games
	{"rhonedrive", "holdports", 0, 20},
	{SearchBest + ":sims=10,prior=0", Doctrine, 0, 1},
	{Doctrine, SearchBest + ":sims=10", 0, 1},
}

// playGolden plays game i of allied against german, as eval.Run does; the
// game's VP is the Allied margin.
func playGolden(t *testing.T, g env.Game, allied, german string, i int) agenttest.Game {
	return agenttest.PlayBench(t, g, allied+" v "+german, goldenSeed, i, []string{allied, german})
}

// TestGolden guards the plans, the doctrine and a search rolling out with
// it against any change of play: every game must end with the same margin
// after the same decisions, actions and dice. Regenerate with
// go test ./agents/anvil -run TestGolden -update only when a rule fix is
// meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	g := mustGame(t)
	var got []agenttest.Game
	for _, r := range goldenRuns {
		for i := range r.games {
			got = append(got, playGolden(t, g, r.allied, r.german, r.first+i))
		}
	}
	agenttest.Check(t, filepath.Join("testdata", "golden.json"), got)
}
