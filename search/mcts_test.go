package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/pig"
)

func mustGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// firstDecision plays the game's dice with a fixed stream up to the first
// decision of a seat.
func firstDecision(t testing.TB, g env.Game, seed uint64) env.State {
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

func searchOnce(t testing.TB, g env.Game, st env.State, cfg Config) Result {
	t.Helper()
	s, err := NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Search(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSearchIsDeterministic: a fixed seed, budget and worker count give
// the same statistics, for every mode and both kinds of parallelism.
func TestSearchIsDeterministic(t *testing.T) {
	g := mustGame(t, "pig")
	st := firstDecision(t, g, 4)
	for _, mode := range []Mode{ClosedLoop, OpenLoop, ISMCTS, Determinized} {
		for _, workers := range []int{1, 2} {
			for _, root := range []bool{false, true} {
				name := fmt.Sprintf("%s/workers=%d/root=%v", mode, workers, root)
				t.Run(name, func(t *testing.T) {
					cfg := DefaultConfig()
					cfg.Mode, cfg.Sims, cfg.Workers, cfg.RootParallel, cfg.Seed, cfg.Worlds = mode, 64, workers, root, 9, 4
					a := searchOnce(t, g, st, cfg)
					b := searchOnce(t, g, st, cfg)
					if fmt.Sprint(a) != fmt.Sprint(b) {
						t.Fatalf("two searches differ:\n%v\n%v", a, b)
					}
					if a.Sims != 64 {
						t.Fatalf("ran %d simulations, want 64", a.Sims)
					}
				})
			}
		}
	}
}

// TestSearchAgentsPlayLegally plays short games of Pig with every search
// agent; RunEpisode rejects any illegal action.
func TestSearchAgentsPlayLegally(t *testing.T) {
	g := mustGame(t, "pig:target=15")
	for _, spec := range []string{
		"mcts:sims=8", "mcts:sims=8,expand=true,final=value", "openloop:sims=8,reuse=true",
		"ismcts:sims=8,workers=2", "determinized:sims=8,worlds=2",
		"mcts:sims=8,workers=2,parallel=root",
	} {
		ag, err := agents.New(spec, g, 3)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if _, err := agents.RunEpisode(context.Background(), g, 5, []agents.Agent{ag, ag}, nil); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
	}
}

func TestBadOptions(t *testing.T) {
	g := mustGame(t, "pig")
	for _, spec := range []string{"mcts:sims=0", "mcts:final=best", "mcts:parallel=gpu", "mcts:rollout=nobody", "mcts:eval=nothing", "mcts:c=-1", "mcts:time=soon"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s: want an error", spec)
		}
	}
}

// TestModesRefuseOptionsTheyDoNotRead: each search agent takes exactly the
// options its mode reads, so that no ignored option changes an agent's seed
// or its identity in a results file; each mode takes its own.
func TestModesRefuseOptionsTheyDoNotRead(t *testing.T) {
	g := mustGame(t, "pig")
	for _, spec := range []string{
		"mcts:margin=5", "mcts:worlds=3", "openloop:expand=true", "ismcts:worlds=2",
		"halving:c=9", "halving:reuse=true", "halving:final=value", "halving:prior=2",
		"halving:workers=1", "halving:parallel=tree", "halving:early=true",
		"determinized:reuse=true", "determinized:early=true", "determinized:margin=1",
		"mcts:parallel=root,workers=2,reuse=true", "ismcts:parallel=root,early=true",
	} {
		_, err := agents.New(spec, g, 1)
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want a one-line refusal", spec, err)
		}
	}
	for _, spec := range []string{
		"mcts:expand=true,reuse=true,early=true", "determinized:worlds=3,expand=true",
		"halving:margin=1,sims=8", "ismcts:c=0.7,prior=1,early=true", "openloop:parallel=root,workers=2",
	} {
		if _, err := agents.New(spec, g, 1); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	for _, r := range agents.List() {
		mode, ok := ModeOf(r.Name)
		if !ok {
			continue
		}
		for _, d := range optionDocs {
			if has := slices.ContainsFunc(r.Options, func(o env.OptionDoc) bool { return o.Name == d.Name }); has != usedBy(mode, d.Name) {
				t.Errorf("%s documents option %s: %v, reads it: %v", r.Name, d.Name, has, usedBy(mode, d.Name))
			}
		}
	}
}

// TestTimeBudgetReachesEveryWorld: under a time budget a determinized
// search gives every world the same number of simulations, however the
// goroutines are scheduled (the work goes in rounds of equal shares).
func TestTimeBudgetReachesEveryWorld(t *testing.T) {
	g := mustGame(t, "pig")
	st := firstDecision(t, g, 4)
	cfg := DefaultConfig()
	cfg.Mode, cfg.Sims, cfg.Time, cfg.Worlds, cfg.Workers = Determinized, 0, 20*time.Millisecond, 4, 2
	s, err := NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.search(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	lo, hi := int32(1<<30), int32(0)
	for i := range s.trees {
		v := s.trees[i].nodes[0].visits
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo == 0 || lo != hi {
		t.Fatalf("worlds got between %d and %d simulations", lo, hi)
	}
}

// TestReuseFindsTheNewRoot: with reuse, the next search starts from the
// subtree of the position actually reached, statistics included.
func TestReuseFindsTheNewRoot(t *testing.T) {
	for _, tc := range []struct {
		game string
		mode Mode
	}{{"chancewalk", ClosedLoop}, {"tictactoe", ClosedLoop}, {"chancewalk", OpenLoop}} {
		g := mustGame(t, tc.game)
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.Reuse, cfg.Seed = tc.mode, 2000, true, 1
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		st := g.NewInitialState(0)
		r, err := s.Search(context.Background(), st)
		if err != nil {
			t.Fatal(err)
		}
		kept := s.trees[0].nodes[s.kept].visits
		// Play the chosen move, then the first outcome or reply, up to the
		// next decision of the same seat.
		seat := st.CurrentPlayer()
		_ = st.Apply(r.Action)
		for !st.IsTerminal() && st.CurrentPlayer() != seat {
			_ = st.Apply(st.LegalActions(nil)[0])
		}
		if st.IsTerminal() {
			continue
		}
		if !s.reuseTree(&s.trees[0], st) {
			t.Fatalf("%s %s: the new root was not found in the tree", tc.game, tc.mode)
		}
		if got := s.trees[0].nodes[0].visits; got == 0 || got > kept {
			t.Fatalf("%s %s: reused root has %d visits, the kept child had %d", tc.game, tc.mode, got, kept)
		}
	}
}
