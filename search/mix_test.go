package search

import (
	"context"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// TestMixWeighsRolloutsAndEstimates: with mix=M a simulation is scored
// (1-M) × its rollout's return + M × eval's estimate where the rollout
// starts. An estimate of 0 at M=0.5 halves every return, which the search's
// normalisation does not see: the same visits, every value half the plain
// search's. At M=1 every value is the estimate.
func TestMixWeighsRolloutsAndEstimates(t *testing.T) {
	g := mustGame(t, "tictactoe")
	search := func(mix, estimate float64) Result {
		cfg := DefaultConfig()
		cfg.Sims, cfg.Seed = 300, 7
		if mix > 0 {
			cfg.Mix = mix
			cfg.Evaluator = EvaluatorFunc(func(env.State) []float64 { return []float64{estimate, -estimate} })
		}
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Search(context.Background(), g.NewInitialState(1))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	plain, half := search(0, 0), search(0.5, 0)
	varied := false
	for i, st := range plain.Stats {
		h := half.Stats[i]
		if h.Visits != st.Visits || h.Value != st.Value/2 {
			t.Errorf("mix=0.5, estimate 0: action %d has %d visits, value %v; want %d, %v", st.Action, h.Visits, h.Value, st.Visits, st.Value/2)
		}
		varied = varied || st.Value != plain.Stats[0].Value
	}
	if !varied {
		t.Fatal("the plain search's values are all alike: the test shows nothing")
	}
	for _, st := range search(1, 0.25).Stats {
		if st.Visits > 0 && st.Value != 0.25 {
			t.Errorf("mix=1: action %d's value is %v, want the estimate 0.25", st.Action, st.Value)
		}
	}
}

// TestMixNeedsWholeRollouts: mix takes a weight in [0, 1], an evaluator
// and no depth cutoff (whose estimate would stand in for the return).
func TestMixNeedsWholeRollouts(t *testing.T) {
	g := mustGame(t, "stnazaire")
	for _, spec := range []string{"mcts:mix=0.5", "mcts:mix=0.5,eval=leaf,depth=3", "mcts:mix=1.5,eval=leaf", "mcts:mix=-0.1,eval=leaf"} {
		if _, err := agents.New(spec, g, 1); err == nil || !strings.Contains(err.Error(), "mix") {
			t.Errorf("%s: %v, want an error about mix", spec, err)
		}
	}
	if _, err := agents.New("mcts:mix=0.5,eval=leaf", g, 1); err != nil {
		t.Errorf("mcts:mix=0.5,eval=leaf: %v", err)
	}
}
