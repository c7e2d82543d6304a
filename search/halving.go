package search

import (
	"cmp"
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/chariot-ai/chariot/env"
)

// Sequential halving on common random numbers. Where a rollout's return
// swings far more with the dice than with the move it starts from (a raid's
// VP by a dozen points), a tree search compares means of different dice and
// mostly ranks luck. Here every candidate move of a sample is played from the
// same redrawn world, and its k-th die takes the sample's k-th draw, so the
// difference between two moves' returns keeps little of the dice's spread.
// The budget is split over ceil(log2(moves)) rounds; each round samples every
// remaining candidate equally and keeps the better half.

// searchHalving runs the budget of rollouts at root and returns the best
// survivor by mean.
func (s *Searcher) searchHalving(ctx context.Context, root env.State, budget int, deadline time.Time) Result {
	wk := s.slots[0]
	if wk.common == nil {
		wk.common = rand.New(&wk.commonPCG)
	}
	p := root.CurrentPlayer()
	legal := root.LegalActions(nil)
	res := Result{Stats: make([]Stat, len(legal))}
	sums := make([]float64, len(legal))
	alive := make([]int, len(legal))
	for i, a := range legal {
		res.Stats[i].Action = a
		alive[i] = i
	}
	mean := func(i int) float64 { return sums[i] / float64(max(res.Stats[i].Visits, 1)) }
	rounds := max(1, bits.Len(uint(len(legal)-1)))
	for r := 0; r < rounds && len(alive) > 1; r++ {
		per := max(1, budget/(rounds*len(alive)))
		for k := 0; k < per && !s.stopped(ctx, deadline); k++ {
			sample := s.sims
			s.sims++
			for _, i := range alive {
				wk.src.Seed(s.cfg.Seed, sample)
				wk.commonPCG.Seed(s.cfg.Seed^0x636f6d6d6f6e, sample)
				wk.dice = wk.common
				s.startDice(wk) // a hindsight search's own dice win
				st := root.Resample(p, wk.rng)
				if st.Apply(legal[i]) != nil {
					continue
				}
				sums[i] += s.rollout(st, wk)[p]
				res.Stats[i].Visits++
				res.Sims++
			}
		}
		slices.SortStableFunc(alive, func(a, b int) int { return cmp.Compare(mean(b), mean(a)) })
		alive = alive[:(len(alive)+1)/2]
	}
	for i := range res.Stats {
		res.Stats[i].Value = mean(i)
	}
	best := alive[0]
	for _, i := range alive {
		if mean(i) > mean(best) {
			best = i
		}
	}
	res.Action = legal[best]
	wk.dice = nil
	return res
}
