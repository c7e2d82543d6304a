//go:build !race

package search_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/connectfour"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestSearchAllocatesNothingPerSimulation: on a game that offers the
// in-place copy and returns into a buffer, a search's allocations (its
// result) do not grow with its simulations, in closed and open loop, with
// one worker and with two. (Each game with a copy runs the same check on
// its own positions: searchtest.AllocsPerSimulation.) The file is left
// out of race builds: the detector's instrumentation allocates about once
// a simulation, so the count there says nothing of the search's.
func TestSearchAllocatesNothingPerSimulation(t *testing.T) {
	for _, spec := range []string{"pig:target=30", "connectfour", "tictactoe"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		searchtest.AllocsPerSimulation(t, g, searchtest.FirstDecision(t, g, 0), 500, 5000, 1, 2)
	}
}
