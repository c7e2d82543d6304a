package search

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// favour is a prior policy that puts share on one action and spreads the
// rest evenly.
type favour struct {
	action env.Action
	share  float64
}

func (f favour) Prior(s env.State, legal []env.Action, out []float64) []float64 {
	out = out[:0]
	for _, a := range legal {
		p := (1 - f.share) / float64(len(legal)-1)
		if a == f.action {
			p = f.share
		}
		out = append(out, p)
	}
	return out
}

// winNow is tic-tac-toe with X to move and a win at cell 2 (X on 0 and 1,
// O on 3 and 4; O also threatens 5).
func winNow(t *testing.T) (env.Game, env.State) {
	g := mustGame(t, "tictactoe")
	s := g.NewInitialState(1)
	for _, a := range []env.Action{0, 3, 1, 4} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g, s
}

// TestPolicyPriorSteersSearch: a search with a policy spends a small
// budget where the policy points, and a large one on the evidence: the
// winning move beats a prior that favours another.
func TestPolicyPriorSteersSearch(t *testing.T) {
	g, root := winNow(t)
	for _, mode := range []Mode{ClosedLoop, OpenLoop} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Policy, cfg.PriorWeight = mode, favour{action: 8, share: 0.95}, 2
		cfg.Sims = 10
		if r := searchOnce(t, g, root, cfg); r.Action != 8 {
			t.Errorf("%s, 10 simulations: played %d, want the prior's 8", mode, r.Action)
		}
		cfg.Sims = 3000
		if r := searchOnce(t, g, root, cfg); r.Action != 2 {
			t.Errorf("%s, 3,000 simulations: played %d, want the win at 2", mode, r.Action)
		}
	}
}

// TestPolicyOption: option policy names a registered policy and needs a
// prior weight; halving takes none.
func TestPolicyOption(t *testing.T) {
	RegisterPolicy("test-favour", func(env.Game, string) (PriorPolicy, error) { return favour{action: 8, share: 0.9}, nil })
	g := mustGame(t, "tictactoe")
	if _, err := ParseConfig(g, env.Params{"policy": "test-favour"}); err == nil {
		t.Error("policy without prior: no error")
	}
	if _, err := ParseConfig(g, env.Params{"policy": "nosuch", "prior": "1"}); err == nil {
		t.Error("unknown policy: no error")
	}
	cfg, err := ParseConfig(g, env.Params{"policy": "test-favour", "prior": "1"})
	if err != nil || cfg.Policy == nil {
		t.Fatalf("policy=test-favour,prior=1: %v", err)
	}
	cfg.Mode = Halving
	if _, err := NewSearcher(g, cfg); err == nil {
		t.Error("halving with a policy: no error")
	}
}

// TestSureTrustsAConfidentPolicy: with sure, a policy that gives a move at
// least that share is played unsearched, even where the search would find
// a win elsewhere; below it the decision is searched as before.
func TestSureTrustsAConfidentPolicy(t *testing.T) {
	g, root := winNow(t)
	cfg := DefaultConfig()
	cfg.Mode, cfg.Policy, cfg.PriorWeight, cfg.Sims = ISMCTS, favour{action: 8, share: 0.95}, 2, 3000
	cfg.Sure = 0.95
	if r := searchOnce(t, g, root, cfg); r.Action != 8 || r.Sims != 0 || r.Sure != 0.95 {
		t.Errorf("sure=0.95, the policy's share 0.95: played %d after %d simulations (sure %g), want its 8 after none (sure 0.95)", r.Action, r.Sims, r.Sure)
	}
	cfg.Sure = 0.96
	if r := searchOnce(t, g, root, cfg); r.Action != 2 || r.Sims == 0 || r.Sure != 0 {
		t.Errorf("sure=0.96, the policy's share 0.95: played %d after %d simulations, want the searched win at 2", r.Action, r.Sims)
	}
	if _, err := ParseConfig(g, env.Params{"sure": "0.9"}); err == nil {
		t.Error("sure without a policy: no error")
	}
}

// TestSureDropsTheKeptTree: with reuse, a move played unsearched leaves
// no tree for the next search, whose root the kept tree does not lead to.
func TestSureDropsTheKeptTree(t *testing.T) {
	g := mustGame(t, "tictactoe")
	cfg := DefaultConfig()
	cfg.Mode, cfg.Policy, cfg.PriorWeight, cfg.Sims = OpenLoop, favour{action: 8, share: 0.95}, 2, 200
	cfg.Sure, cfg.Reuse = 0.95, true
	s, err := NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewInitialState(1)
	for _, a := range []env.Action{8, 0} { // 8 taken: the policy spreads evenly
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := s.Search(context.Background(), st); err != nil || r.Sims == 0 || s.kept < 0 {
		t.Fatalf("searched with 8 taken: %d simulations, kept %d, %v", r.Sims, s.kept, err)
	}
	st = g.NewInitialState(1) // 8 free: the policy is sure of it
	if r, err := s.Search(context.Background(), st); err != nil || r.Sims != 0 || s.kept >= 0 {
		t.Errorf("sure of 8: %d simulations, kept %d, %v; want none and no tree kept", r.Sims, s.kept, err)
	}
}
