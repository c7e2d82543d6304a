// Package searchtest holds checks of the search package that any game's
// tests can run on their own positions, in the manner of env/envtest.
package searchtest

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/search"
)

// AllocsPerSimulation checks that a search from root allocates nothing per
// simulation, in closed and open loop, with each worker count: the
// allocations of a search of many simulations are those of one of few
// (its result), give or take two. The race detector's instrumentation
// allocates about once a simulation: a test that calls it belongs in a
// file built without it (//go:build !race), as search's own is.
func AllocsPerSimulation(t *testing.T, g env.Game, root env.State, few, many int, workerCounts ...int) {
	t.Helper()
	for _, mode := range []search.Mode{search.ClosedLoop, search.OpenLoop} {
		for _, workers := range workerCounts {
			allocs := func(sims int) float64 {
				cfg := search.DefaultConfig()
				cfg.Mode, cfg.Sims, cfg.Workers = mode, sims, workers
				s, err := search.NewSearcher(g, cfg)
				if err != nil {
					t.Fatal(err)
				}
				return testing.AllocsPerRun(3, func() {
					if _, err := s.Search(context.Background(), root); err != nil {
						t.Fatal(err)
					}
				})
			}
			a, b := allocs(few), allocs(many)
			if b > a+2 {
				t.Errorf("%s: %s, %d workers: %.0f allocations for %d simulations, %.0f for %d", g.Name(), mode, workers, a, few, b, many)
			}
		}
	}
}

// FirstDecision plays a game's dice with a fixed stream (the last outcome
// of each) up to the first decision of a seat.
func FirstDecision(t testing.TB, g env.Game, seed uint64) env.State {
	t.Helper()
	s := g.NewInitialState(seed)
	var out []env.Outcome
	for s.CurrentPlayer() == env.Chance {
		out = s.ChanceOutcomes(out)
		if err := s.Apply(out[len(out)-1].Action); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
