package stnazaire

import (
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

// focusedSpec is the focused search (issue 30) at a small budget: its
// moves depend on every greedy rollout's every choice and die, so any
// change in the rules or in greedy that alters play shows here.
const focusedSpec = "ismcts:at=move+fire+occupy+displace,c=0.7,early=true,prior=3,rollout=greedy,sims=100"

// focusedSeeds are the games of the focused-search vector.
var focusedSeeds = []uint64{1, 2, 3}

// playFocused plays one whole game of the focused search from seed.
func playFocused(t *testing.T, g env.Game, seed uint64) agenttest.Game {
	return agenttest.Play(t, g, focusedSpec, int(seed), seed, []string{focusedSpec}, []uint64{agents.SeatSeed(seed, 0)})
}

// TestFocusedSearchVector guards the focused search's play: three whole
// games must make the same decisions with the same dice as when
// testdata/focused.json was written, before the rollouts were made
// faster. Speed-ups of the rules or of greedy must keep play bit-identical.
func TestFocusedSearchVector(t *testing.T) {
	g := stn.Default()
	var got []agenttest.Game
	for _, seed := range focusedSeeds {
		got = append(got, playFocused(t, g, seed))
	}
	agenttest.Check(t, filepath.Join("testdata", "focused.json"), got)
}
