package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
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
// survivor by mean; with a Margin, the rollout agent's move unless another
// beats it by Margin standard errors of their paired difference. A failure
// (wk.err) ends it early, and Search reports it instead of the result.
func (s *Searcher) searchHalving(ctx context.Context, root env.State, budget int, deadline time.Time) Result {
	wk := s.slots[0]
	if wk.common == nil {
		wk.common = rand.New(&wk.commonPCG)
	}
	p := root.CurrentPlayer()
	legal := root.LegalActions(nil)
	res := Result{Stats: make([]Stat, len(legal))}
	sums := make([]float64, len(legal))
	var alive []int
	plan := -1 // the protected move: sampled every round, compared pairwise
	if s.cfg.Margin > 0 {
		a := s.planned(root, wk)
		if wk.err != nil {
			return res
		}
		if plan = slices.Index(legal, a); plan < 0 {
			s.fail(wk, fmt.Errorf("search: rollout agent %s chose %s, which is not legal at the root", s.cfg.Rollout, root.ActionString(a)))
			return res
		}
	}
	for i, a := range legal {
		res.Stats[i].Action = a
		if i != plan {
			alive = append(alive, i)
		}
	}
	// The paired differences from the plan's return, sample by sample.
	dsum, dsq, dn := make([]float64, len(legal)), make([]float64, len(legal)), make([]int, len(legal))
	mean := func(i int) float64 { return sums[i] / float64(max(res.Stats[i].Visits, 1)) }
	// play rolls candidate i out on the sample's world and dice.
	play := func(i int, sample uint64) (float64, bool) {
		wk.src.Seed(s.cfg.Seed, sample)
		wk.commonPCG.Seed(s.cfg.Seed^0x636f6d6d6f6e, sample)
		wk.dice = wk.common
		s.startDice(wk) // a hindsight search's own dice win
		s.pickModel(wk)
		st := env.Resample(root, p, wk.rng)
		// A move legal at the root is legal in every world the mover cannot
		// tell from it; the game's refusal is a fault, not a sample to skip.
		if err := st.Apply(legal[i]); err != nil {
			s.fail(wk, fmt.Errorf("search: %s, legal at the root, refused in a redrawn world: %w", root.ActionString(legal[i]), err))
			return 0, false
		}
		wk.steps = 1 // the root move
		ret := s.rollout(st, wk)
		if ret == nil {
			return 0, false
		}
		r := ret[p]
		sums[i] += r
		res.Stats[i].Visits++
		res.Sims++
		return r, true
	}
	rounds := max(1, bits.Len(uint(len(legal)-1)))
	for r := 0; r < rounds && len(alive) > 0 && (len(alive) > 1 || plan >= 0); r++ {
		n := len(alive)
		if plan >= 0 {
			n++
		}
		per := max(1, budget/(rounds*n))
		for k := 0; k < per && !s.stopped(ctx, deadline); k++ {
			sample := s.sims
			s.sims++
			base, based := 0.0, false
			if plan >= 0 {
				base, based = play(plan, sample)
			}
			for _, i := range alive {
				if wk.err != nil {
					break
				}
				if v, ok := play(i, sample); ok && based {
					d := v - base
					dsum[i] += d
					dsq[i] += d * d
					dn[i]++
				}
			}
		}
		slices.SortStableFunc(alive, func(a, b int) int { return cmp.Compare(mean(b), mean(a)) })
		if plan >= 0 && r == rounds-1 {
			break // every candidate keeps its paired record for the verdict
		}
		alive = alive[:(len(alive)+1)/2]
	}
	for i := range res.Stats {
		res.Stats[i].Value = mean(i)
	}
	best := plan
	if plan < 0 {
		best = alive[0]
	}
	gapBest := 0.0
	for i := range legal {
		if plan < 0 || i == plan || dn[i] < 2 {
			continue
		}
		m := dsum[i] / float64(dn[i])
		sd := math.Sqrt(max(0, dsq[i]-float64(dn[i])*m*m) / float64(dn[i]-1))
		if gap := m - s.cfg.Margin*sd/math.Sqrt(float64(dn[i])); gap > gapBest {
			best, gapBest = i, gap
		}
	}
	res.Action = legal[best]
	wk.dice = nil
	return res
}
