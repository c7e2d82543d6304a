package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/connectfour"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// benchRoot is the game's first decision: Connect Four's and tic-tac-toe's
// opening. (A game's agents package benchmarks search on its own positions.)
func benchRoot(b *testing.B, game string) (env.Game, env.State) {
	g := mustGame(b, game)
	s := g.NewInitialState(4)
	var buf []env.Action
	for s.CurrentPlayer() == env.Chance {
		buf = s.LegalActions(buf)
		_ = s.Apply(buf[0])
	}
	return g, s
}

// BenchmarkPlayout is the raw random playout from the root: a clone and
// uniform moves and dice to the end, as a rollout does.
func BenchmarkPlayout(b *testing.B) {
	for _, game := range []string{"connectfour", "tictactoe"} {
		b.Run(game, func(b *testing.B) {
			_, root := benchRoot(b, game)
			wk := &worker{}
			wk.src.Seed(1, 1)
			wk.rng = rand.New(&wk.src)
			s := &Searcher{maxSteps: UnboundedSteps, ctx: context.Background()}
			b.ReportAllocs()
			for b.Loop() {
				wk.steps = 0 // as descend starts each simulation
				s.rollout(root.Clone(), wk)
			}
		})
	}
}

// BenchmarkSearch runs whole searches of 1,024 simulations; ns/sim is to be
// set beside BenchmarkPlayout's ns/op (the tree's overhead), and
// sims/s beside the one-worker figure (the parallel speed-up).
func BenchmarkSearch(b *testing.B) {
	for _, game := range []string{"connectfour", "tictactoe"} {
		for _, mode := range []Mode{ClosedLoop, OpenLoop} {
			for _, par := range []struct {
				workers int
				root    bool
			}{{1, false}, {2, false}, {2, true}} {
				name := fmt.Sprintf("%s/%s/workers=%d/root=%v", game, mode, par.workers, par.root)
				b.Run(name, func(b *testing.B) {
					g, root := benchRoot(b, game)
					cfg := DefaultConfig()
					cfg.Mode, cfg.Sims, cfg.Workers, cfg.RootParallel = mode, 1024, par.workers, par.root
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
					perSim := float64(b.Elapsed().Nanoseconds()) / float64(b.N*cfg.Sims)
					b.ReportMetric(perSim, "ns/sim")
					b.ReportMetric(1e9/perSim, "sims/s")
				})
			}
		}
	}
}

// BenchmarkFreshSearcher is a short search (1,000 simulations from Connect
// Four's opening) by a Searcher made for it, as an agent made for one game
// makes one, beside the same search by a reused Searcher: what a fresh
// Searcher adds. Each fresh Searcher has a seed of its own, so that its
// search is a new one, as a reused Searcher's next search is.
func BenchmarkFreshSearcher(b *testing.B) {
	for _, fresh := range []bool{false, true} {
		b.Run(fmt.Sprintf("fresh=%v", fresh), func(b *testing.B) {
			g, root := benchRoot(b, "connectfour")
			cfg := DefaultConfig()
			cfg.Sims = 1000
			s, err := NewSearcher(g, cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if fresh {
					cfg.Seed++
					if s, err = NewSearcher(g, cfg); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := s.Search(context.Background(), root); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
