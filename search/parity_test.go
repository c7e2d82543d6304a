package search

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/agents/agenttest"
)

// parityGames are the games of OpenSpiel's own speed comparisons, with the
// options that make them OpenSpiel's games exactly.
var parityGames = []struct{ name, spec string }{
	{"tictactoe", "tictactoe"},
	{"connectfour", "connectfour"},
	{"pig", "pig:target=100,stop_at_zero=true,forced_stop=true,horizon=1000"},
}

// paritySims is the budget of OpenSpiel's comparison.
const paritySims = 10_000

// BenchmarkOpenSpielParity does the work of OpenSpiel's MCTS benchmark: a
// 10,000-simulation search from the initial state, one uniform random
// rollout per leaf, one thread, a new tree each search (in the arena of
// the last, as an agent's searcher reuses it from move to move). OpenSpiel's
// uct_c=2 on values in [-1, 1] is c=1 on chariot's values normalised to
// [0, 1] (the exploration term scales with the width of the value range).
// ns/sim is to be set beside BenchmarkOpenSpielPlayout's ns/op: the tree's
// overhead over the rollout.
func BenchmarkOpenSpielParity(b *testing.B) {
	for _, pg := range parityGames {
		b.Run(pg.name, func(b *testing.B) {
			g := mustGame(b, pg.spec)
			root := g.NewInitialState(0)
			cfg := DefaultConfig()
			cfg.Sims, cfg.C, cfg.Workers, cfg.Seed = paritySims, 1, 1, 1
			s, err := NewSearcher(g, cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Search(context.Background(), root); err != nil {
					b.Fatal(err)
				}
			}
			perSim := float64(b.Elapsed().Nanoseconds()) / float64(b.N*paritySims)
			b.ReportMetric(perSim, "ns/sim")
			b.ReportMetric(1e9/perSim, "sims/s")
		})
	}
}

// BenchmarkOpenSpielPlayout is one random playout from the initial state,
// as a rollout plays it: a copy of the root, then uniform moves and dice to
// the end.
func BenchmarkOpenSpielPlayout(b *testing.B) {
	for _, pg := range parityGames {
		b.Run(pg.name, func(b *testing.B) {
			g := mustGame(b, pg.spec)
			root := g.NewInitialState(0)
			s, err := NewSearcher(g, DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			wk := s.slots[0]
			b.ReportAllocs()
			for b.Loop() {
				s.rollout(s.startState(root, wk), wk)
			}
		})
	}
}

// BenchmarkTreeOverhead measures what the tree adds to the rollouts, on
// the parity searches: each iteration times one 10,000-simulation search
// and then 10,000 playouts from the same root, back to back, so that both
// see the same load on a shared machine. Where the thread's CPU time can
// be read (Linux), that is what is timed, so that the time spent waiting
// for a core on a busy machine counts for neither; the metrics are then
// cpu-ns/sim and cpu-ns/playout. overhead-% is the search's time over the
// playouts', less 100.
func BenchmarkTreeOverhead(b *testing.B) {
	for _, pg := range parityGames {
		b.Run(pg.name, func(b *testing.B) {
			g := mustGame(b, pg.spec)
			root := g.NewInitialState(0)
			cfg := DefaultConfig()
			cfg.Sims, cfg.C, cfg.Workers, cfg.Seed = paritySims, 1, 1, 1
			s, err := NewSearcher(g, cfg)
			if err != nil {
				b.Fatal(err)
			}
			play, err := NewSearcher(g, cfg)
			if err != nil {
				b.Fatal(err)
			}
			wk := play.slots[0]
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			_, cpu := agenttest.ThreadCPU()
			clock := func() time.Duration {
				if cpu {
					t, _ := agenttest.ThreadCPU()
					return t
				}
				return time.Duration(time.Now().UnixNano())
			}
			var searching, playing time.Duration
			for b.Loop() {
				start := clock()
				if _, err := s.Search(context.Background(), root); err != nil {
					b.Fatal(err)
				}
				mid := clock()
				for range paritySims {
					play.rollout(play.startState(root, wk), wk)
				}
				searching, playing = searching+mid-start, playing+clock()-mid
			}
			sims, unit := float64(b.N*paritySims), "ns"
			if cpu {
				unit = "cpu-ns"
			}
			b.ReportMetric(float64(searching.Nanoseconds())/sims, unit+"/sim")
			b.ReportMetric(float64(playing.Nanoseconds())/sims, unit+"/playout")
			b.ReportMetric(100*(float64(searching)/float64(playing)-1), "overhead-%")
		})
	}
}
