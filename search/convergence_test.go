package search_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/search"
)

// TestMCTSConvergesToTheExactSolver: on small games with known answers,
// every MCTS variant picks an optimal action and its value estimate for it
// comes within tol of the exact value. Seeds are fixed, so the test is
// deterministic.
func TestMCTSConvergesToTheExactSolver(t *testing.T) {
	closed := []search.Mode{search.ClosedLoop}
	all := []search.Mode{search.ClosedLoop, search.OpenLoop, search.ISMCTS, search.Determinized}
	// Determinized splits the budget over eight trees: too slow for the
	// opening's value within the tolerance.
	single := []search.Mode{search.ClosedLoop, search.OpenLoop, search.ISMCTS}
	cases := []struct {
		game, moves string
		sims        int
		c, tol      float64
		// Open loop pools chance outcomes, so it converges to the best plan
		// that ignores them, not to the expectimax value: it is checked on
		// the deterministic games only.
		modes []search.Mode
	}{
		{"tictactoe", "", 100000, 0.5, 0.1, single}, // a draw: any opening is optimal
		{"tictactoe", "b2 a1 a2", 20000, 0.5, 0.05, all},
		{"tictactoe", "a1 b2 c3 a3", 20000, 0.5, 0.05, all},
		{"tictactoe", "b2 b1 a1 c3", 20000, 0.5, 0.05, all},
		{"chancewalk", "", 20000, 1.4, 0.03, closed}, // risky 0.5904 against safe 0.4464
		{"chancewalk:n=6,turns=4,p=0.3", "", 20000, 1.4, 0.03, closed},
		{"pig:target=5,die=3", "roll 2", 20000, 1.4, 0.05, closed},
		{"pig:target=5,die=3", "roll 3", 20000, 1.4, 0.05, closed},
	}
	for _, tc := range cases {
		g := mustGame(t, tc.game)
		root := play(t, g, tc.moves)
		var sol *search.Solution
		if g.Name() == "pig" {
			sol = solvePig(t, g)
		} else {
			sol = mustSolve(t, g.NewInitialState(0))
		}
		for _, mode := range tc.modes {
			for _, expand := range []bool{false, true} {
				if expand && mode != search.ClosedLoop {
					continue
				}
				name := fmt.Sprintf("%s/%q/%s/expand=%v", tc.game, tc.moves, mode, expand)
				t.Run(name, func(t *testing.T) {
					cfg := search.DefaultConfig()
					cfg.Mode, cfg.Sims, cfg.C, cfg.Seed, cfg.ExpandChance = mode, tc.sims, tc.c, 17, expand
					searchAgrees(t, g, root, cfg, sol, tc.tol)
				})
			}
		}
	}
}

// TestParallelSearchAlsoConverges: two workers, either kind of
// parallelism, still find the optimal move.
func TestParallelSearchAlsoConverges(t *testing.T) {
	g := mustGame(t, "chancewalk")
	root := g.NewInitialState(0)
	best := mustSolve(t, root).BestActions(root)
	for _, rootPar := range []bool{false, true} {
		cfg := search.DefaultConfig()
		cfg.Sims, cfg.Workers, cfg.RootParallel, cfg.Seed = 8000, 2, rootPar, 3
		s, err := search.NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Search(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(best, r.Action) {
			t.Fatalf("root parallel %v: chose %s, optimal %s", rootPar, root.ActionString(r.Action), names(root, best))
		}
	}
}

// searchAgrees searches root with cfg and checks that the search picks one
// of the solution's best actions and values it within tol of the exact
// value.
func searchAgrees(t *testing.T, g env.Game, root env.State, cfg search.Config, sol *search.Solution, tol float64) {
	t.Helper()
	s, err := search.NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Search(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	best := sol.BestActions(root)
	if !slices.Contains(best, r.Action) {
		t.Fatalf("chose %s, best %s; stats %v", root.ActionString(r.Action), names(root, best), r.Stats)
	}
	exact, _ := sol.ActionValue(root, r.Action)
	seat := int(root.CurrentPlayer())
	for _, st := range r.Stats {
		if st.Action == r.Action && math.Abs(st.Value-exact[seat]) > tol {
			t.Fatalf("value of %s: %.4f, exact %.4f", root.ActionString(r.Action), st.Value, exact[seat])
		}
	}
}
