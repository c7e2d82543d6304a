package search

import (
	"context"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// declaring is a game that declares other facts than its own.
type declaring struct {
	env.Game
	facts env.Facts
}

func (g declaring) Facts() env.Facts { return g.facts }

// TestSearchRefusesReturnsOutsideTheFacts: a game whose returns leave the
// range it declares fails the search, which names the game and the range.
func TestSearchRefusesReturnsOutsideTheFacts(t *testing.T) {
	g := mustGame(t, "tictactoe")
	liar := declaring{g, env.Facts{Utility: env.ZeroSum, MinReturn: -0.5, MaxReturn: 1, MaxGameLength: 9}}
	cfg := DefaultConfig()
	cfg.Sims = 200
	s, err := NewSearcher(liar, cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Search(context.Background(), g.NewInitialState(0))
	if err == nil || !strings.Contains(err.Error(), "outside the range [-0.5, 1] tictactoe declares") {
		t.Errorf("a search of a game returning -1 outside its declared [-0.5, 1] gave error %v", err)
	}
	// Honest facts search as before.
	s, err = NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Search(context.Background(), g.NewInitialState(0)); err != nil {
		t.Errorf("search of tictactoe: %v", err)
	}
}

// TestNormUsesTheDeclaredRange: before two distinct returns are seen, a
// mean is placed in the range the game declares, and without facts at
// 0.5; once they are, in the range seen.
func TestNormUsesTheDeclaredRange(t *testing.T) {
	g := mustGame(t, "tictactoe")
	declared, err := NewSearcher(g, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	bare, err := NewSearcher(struct{ env.Game }{g}, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var tr tree
	tr.reset(1, false)
	q := func(s *Searcher, mean float64) float64 { scale, shift := s.norm(&tr); return mean*scale + shift }
	if got := q(declared, 1); got != 1 {
		t.Errorf("a win before any spread: %v, want 1 (the top of tictactoe's declared [-1, 1])", got)
	}
	if got := q(bare, 1); got != 0.5 {
		t.Errorf("a win before any spread, no facts: %v, want 0.5", got)
	}
	tr.lo, tr.hi = 0, 1
	if got := q(declared, 0.5); got != 0.5 {
		t.Errorf("0.5 in the range [0, 1] seen: %v, want 0.5", got)
	}
}
