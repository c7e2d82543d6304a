//go:build !race

package search

import (
	"context"
	"testing"
)

// TestFreshSearcherAllocatesAsReused: a fresh Searcher's first search
// allocates what a reused Searcher's search does, and only one thing more
// for each leaf slot, the state it copies the root into: the tree's arena
// is lent from search to search, not allocated anew (for these 1,000
// simulations it is over a hundred kilobytes, and cost a seventh of the
// search). With one worker and with two, on games with and without chance.
// (Out of race builds: the detector makes sync.Pool drop what it is given.)
func TestFreshSearcherAllocatesAsReused(t *testing.T) {
	for _, spec := range []string{"connectfour", "tictactoe", "pig:target=30"} {
		g := mustGame(t, spec)
		root := firstDecision(t, g, 0)
		for _, workers := range []int{1, 2} {
			cfg := DefaultConfig()
			cfg.Sims, cfg.Workers = 1000, workers
			newSearcher := func() *Searcher {
				s, err := NewSearcher(g, cfg)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			run := func(s *Searcher) {
				if _, err := s.Search(context.Background(), root); err != nil {
					t.Fatal(err)
				}
			}
			const runs = 20
			fresh := make([]*Searcher, runs+1) // AllocsPerRun adds a warm-up run
			for i := range fresh {
				fresh[i] = newSearcher()
			}
			slots := float64(len(fresh[0].slots))
			reused := newSearcher()
			again := testing.AllocsPerRun(runs, func() { run(reused) })
			first := testing.AllocsPerRun(runs, func() { run(fresh[0]); fresh = fresh[1:] })
			if first > again+slots {
				t.Errorf("%s, %d workers: a fresh searcher's first search makes %.1f allocations, a reused one's %.1f (%.0f leaf slots)", spec, workers, first, again, slots)
			}
		}
	}
}
