package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestEarlyKeepsTheMove: a search that stops once the move is settled
// chooses what the whole budget chooses, in every shared-tree mode and with
// one or two workers, and on some positions stops short of the budget.
func TestEarlyKeepsTheMove(t *testing.T) {
	g := mustGame(t, "connectfour")
	rng := rand.New(rand.NewPCG(7, 7))
	var positions []env.State
	for game := 0; len(positions) < 12; game++ {
		s := g.NewInitialState(uint64(game))
		for ply := 0; s.CurrentPlayer() >= 0; ply++ {
			if ply%3 == game%3 {
				positions = append(positions, s.Clone())
			}
			legal := s.LegalActions(nil)
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	const budget = 400
	for _, mode := range []Mode{ClosedLoop, OpenLoop} {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", mode, workers), func(t *testing.T) {
				saved := 0
				for i, st := range positions {
					cfg := DefaultConfig()
					cfg.Mode, cfg.Sims, cfg.Workers, cfg.Seed = mode, budget, workers, uint64(i)
					full := searchOnce(t, g, st, cfg)
					cfg.Early = true
					early := searchOnce(t, g, st, cfg)
					if early.Action != full.Action {
						t.Fatalf("position %d: early chose %d, the whole budget %d", i, early.Action, full.Action)
					}
					if early.Sims > full.Sims {
						t.Fatalf("position %d: early ran %d simulations, more than %d", i, early.Sims, full.Sims)
					}
					saved += full.Sims - early.Sims
				}
				if saved == 0 {
					t.Errorf("early saved %d simulations over %d positions; it never stopped short", saved, len(positions))
				}
			})
		}
	}
}

// TestEarlyNeedsVisitsAndSims: early is refused where the rest of the
// budget could change the move, or where there is no count to compare with.
func TestEarlyNeedsVisitsAndSims(t *testing.T) {
	g := mustGame(t, "connectfour")
	for _, p := range []env.Params{
		{"early": "true", "final": "value"},
		{"early": "true", "sims": "0", "time": "10ms"},
	} {
		if _, err := ParseConfig(g, p); err == nil {
			t.Errorf("%v: accepted", p)
		}
	}
	if _, err := ParseConfig(g, env.Params{"early": "true"}); err != nil {
		t.Errorf("early=true: %v", err)
	}
}
