package search

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestCancelMidSearch cancels at a fixed simulation, from the leaf
// evaluator: Search stops there with the statistics so far and no error
// (partial advice), while the agent returns the cancellation.
func TestCancelMidSearch(t *testing.T) {
	g := mustGame(t, "tictactoe")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	evals := 0
	cfg := DefaultConfig()
	cfg.Sims, cfg.Depth = 1000, 1
	cfg.Evaluator = EvaluatorFunc(func(s env.State) []float64 {
		if evals++; evals == 100 {
			cancel()
		}
		return []float64{0, 0}
	})
	s, err := NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Search(ctx, g.NewInitialState(1))
	if err != nil || r.Sims < 100 || r.Sims >= cfg.Sims {
		t.Errorf("Search: %d simulations, %v; want those up to the cancel, no error", r.Sims, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	evals = 0
	_, err = (&Agent{S: s}).Act(ctx, g.NewInitialState(1))
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cancelled after") {
		t.Errorf("Act: %v, want the cancellation", err)
	}
	// SearchMove, for the games' own searches that play its move, likewise.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	evals = 0
	if r, err := s.SearchMove(ctx, g.NewInitialState(1)); !errors.Is(err, context.Canceled) || r.Sims < 100 {
		t.Errorf("SearchMove: %d simulations, %v; want the cancellation after 100", r.Sims, err)
	}
	evals = 1000
	if _, err := s.SearchMove(context.Background(), g.NewInitialState(1)); err != nil {
		t.Errorf("SearchMove, not cancelled: %v", err)
	}
}
