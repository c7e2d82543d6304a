package search

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chariot-ai/chariot/env"
)

// checkEvery is how many simulations run between looks at the clock and the
// context: often enough to stop within a few milliseconds on any game, and
// seldom enough to cost nothing on a fast one.
const checkEvery = 8

// searchShared grows one tree. With one worker it runs simulations one by
// one. With several, each round selects a batch of leaves under virtual
// loss, plays their rollouts in parallel and backs them up in slot order, so
// the result does not depend on scheduling.
func (s *Searcher) searchShared(ctx context.Context, root env.State, budget int, deadline time.Time) {
	t := &s.trees[0]
	if !s.reuseTree(t, root) {
		t.reset(s.presize(root, s.cfg.Sims, s.slots[0]), s.needsAux(len(s.workers) > 1))
	}
	base := s.sims
	issued := 0
	before := t.nodes[0].visits // a reused tree's
	// settled: the search may end early, the move being settled.
	settled := func() bool {
		return s.cfg.Early && decided(t, budget-int(t.nodes[0].visits-before))
	}
	// fill selects up to want leaves into b, under virtual loss when the
	// search is parallel; each simulation's stream is seeded by its number.
	fill := func(b *batch, want int) {
		b.n = 0
		if want <= 0 || s.stopped(ctx, deadline) || settled() {
			return
		}
		b.n = min(len(b.slots), want)
		for j := 0; j < b.n; j++ {
			wk := b.slots[j]
			wk.src.Seed(s.cfg.Seed, base+uint64(issued+j))
			b.states[j] = s.startState(root, wk)
			b.paths[j] = s.descend(t, b.states[j], wk, len(s.workers) > 1)
		}
		b.claimed.Store(0)
		issued += b.n
	}
	if len(s.workers) == 1 {
		wk := s.slots[0]
		for issued < budget {
			if issued%checkEvery == 0 && (s.stopped(ctx, deadline) || settled()) {
				break
			}
			wk.src.Seed(s.cfg.Seed, base+uint64(issued))
			st := s.startState(root, wk)
			path := s.descend(t, st, wk, false)
			if wk.err != nil {
				return
			}
			ret := s.rollout(st, wk)
			if wk.err != nil {
				return
			}
			s.backup(t, path, ret, false)
			issued++
			s.sims++
		}
		return
	}
	// Two batches alternate: while the other workers roll out one, this
	// goroutine selects the next under the first one's virtual loss, then
	// joins them. Which goroutine rolls out a leaf does not matter: each
	// leaf has its slot's own stream. The order of every tree operation is
	// fixed, so the search is deterministic whatever the scheduling.
	half := len(s.slots) / 2
	cur, next := newBatch(s.slots[:half]), newBatch(s.slots[half:])
	// The helpers live for the whole search, so a round allocates nothing.
	// They wait for a round, and this goroutine for its end, by spinning
	// rather than parking: a round of a cheap game lasts a few microseconds,
	// about what waking a parked goroutine takes (on tic-tac-toe, parking
	// made two workers slower than one).
	helpers := len(s.workers) - 1
	var posted atomic.Pointer[batch] // the round under way; nil ends the search
	var round atomic.Int64           // rounds posted
	var finished atomic.Int64        // helpers done with the round under way
	posted.Store(cur)
	for range helpers {
		go func() {
			for seen := int64(0); ; {
				spinUntil(func() bool { return round.Load() > seen })
				seen = round.Load() // no further round is posted before this one is finished
				b := posted.Load()
				if b == nil {
					return
				}
				s.rollOut(b)
				finished.Add(1)
			}
		}()
	}
	defer func() {
		posted.Store(nil)
		round.Add(1)
	}()
	fill(cur, budget-issued)
	for cur.n > 0 {
		finished.Store(0)
		posted.Store(cur)
		round.Add(1)
		fill(next, budget-issued)
		s.rollOut(cur)
		spinUntil(func() bool { return finished.Load() == int64(helpers) })
		if s.failed.Load() {
			return // Search reports the failure; nothing of the round is backed up
		}
		for j := 0; j < cur.n; j++ {
			s.backup(t, cur.paths[j], cur.rets[j], true)
		}
		s.sims += uint64(cur.n)
		cur, next = next, cur
	}
}

// decided reports whether the root's most visited child is ahead of every
// other by more than the simulations left, so that no search of the rest of
// the budget could change the move chosen by visits.
func decided(t *tree, left int) bool {
	first, second := int32(0), int32(0)
	for c := t.nodes[0].child; c >= 0; c = t.nodes[c].sibling {
		if v := t.nodes[c].visits; v > first {
			first, second = v, first
		} else if v > second {
			second = v
		}
	}
	return int(first-second) > left
}

// spinUntil waits for done, spinning, and yielding the processor between
// looks once the wait is long, so that a search with more workers than
// cores still progresses.
func spinUntil(done func() bool) {
	for i := 0; !done(); i++ {
		if i >= 64 {
			runtime.Gosched()
		}
	}
}

// rollOut plays the batch's leaves that no other goroutine has claimed.
//
// Leaves are claimed a run at a time: neighbouring slots' scratch lies side
// by side in memory, and two goroutines taking alternate leaves would write
// to the same cache lines (on tic-tac-toe, that made two workers slower than
// one).
func (s *Searcher) rollOut(b *batch) {
	for {
		lo := int(b.claimed.Add(claimRun) - claimRun)
		if lo >= b.n {
			return
		}
		for j := lo; j < min(lo+claimRun, b.n); j++ {
			if b.slots[j].err == nil { // else its descent failed
				b.rets[j] = s.rollout(b.states[j], b.slots[j])
			}
		}
	}
}

// claimRun is how many neighbouring leaves a goroutine claims at once.
const claimRun = 4

// batch is a round of leaves of a shared-tree search.
type batch struct {
	slots   []*worker
	states  []env.State
	paths   [][]int32
	rets    [][]float64
	n       int
	claimed atomic.Int64 // leaves taken for rollout
}

func newBatch(slots []*worker) *batch {
	n := len(slots)
	return &batch{slots: slots, states: make([]env.State, n), paths: make([][]int32, n), rets: make([][]float64, n)}
}

// leavesPerWorker is how many leaves each worker rolls out per round of a
// shared-tree search.
const leavesPerWorker = 16

// searchForest grows independent trees (root parallelism, and one per
// world for Determinized) and leaves their root statistics to result.
//
// The work goes in rounds: in each, every tree gets the same number of
// simulations, run by whichever worker claims the tree. A simulation budget
// is one round of each tree's share. Under a time budget the rounds start at
// one simulation a tree and double while a round takes under roundTime, and
// the clock is read between rounds, so every tree gets the same number of
// simulations however the goroutines are scheduled, and the budget is
// overrun by at most one round.
func (s *Searcher) searchForest(ctx context.Context, root env.State, budget int, deadline time.Time) {
	T := len(s.trees)
	base := s.sims
	worlds := make([]env.State, T)
	for i := range s.trees {
		s.trees[i].reset(s.presize(root, s.cfg.Sims/T+1, s.workers[0]), s.needsAux(false))
		worlds[i] = root
		if s.cfg.Mode == Determinized {
			worlds[i] = env.Resample(root, root.CurrentPlayer(), rand.New(rand.NewPCG(s.cfg.Seed^base, uint64(i))))
		}
	}
	share := func(i int) int {
		if s.cfg.Sims <= 0 { // a time budget alone
			return budget
		}
		n := budget / T
		if i < budget%T {
			n++
		}
		return n
	}
	ran := make([]int, T)
	// simulate gives tree i simulations up to its target for the round.
	simulate := func(i int, target int, wk *worker) {
		t := &s.trees[i]
		for ; ran[i] < target; ran[i]++ {
			if ran[i]%checkEvery == 0 && (ctx.Err() != nil || s.failed.Load()) {
				return
			}
			wk.src.Seed(s.cfg.Seed^uint64(i)<<40, base+uint64(ran[i]))
			st := s.startState(worlds[i], wk)
			path := s.descend(t, st, wk, false)
			if wk.err != nil {
				return
			}
			ret := s.rollout(st, wk)
			if wk.err != nil {
				return
			}
			s.backup(t, path, ret, false)
		}
	}
	quota := 1
	if deadline.IsZero() {
		quota = budget // one round of each tree's share
	}
	for {
		start := time.Now()
		var claimed atomic.Int64
		work := func(wk *worker) {
			for i := int(claimed.Add(1) - 1); i < T; i = int(claimed.Add(1) - 1) {
				simulate(i, min(share(i), ran[i]+quota), wk)
			}
		}
		var wg sync.WaitGroup
		for _, wk := range s.workers[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(wk)
			}()
		}
		work(s.workers[0])
		wg.Wait()
		done := true
		for i := range ran {
			done = done && ran[i] >= share(i)
		}
		if done || s.stopped(ctx, deadline) {
			break
		}
		if time.Since(start) < roundTime {
			quota = min(2*quota, 1<<20)
		}
	}
	for _, n := range ran {
		s.sims += uint64(n)
	}
}

// roundTime is the longest a round of a timed forest search grows to.
const roundTime = 2 * time.Millisecond
