package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
)

// Mode is how a search tree treats chance and hidden information.
type Mode int

const (
	// ClosedLoop keeps chance outcomes as tree nodes: a chance child is
	// sampled by its probability (or, with ExpandChance, visited in
	// proportion to it).
	ClosedLoop Mode = iota
	// OpenLoop keys the tree by decisions alone and re-samples chance on
	// every simulation; an action's statistics pool every outcome.
	OpenLoop
	// ISMCTS is open loop over information sets: each simulation starts
	// from a fresh Resample of what the deciding seat cannot see.
	ISMCTS
	// Determinized runs one closed-loop tree per resampled world and sums
	// the root statistics.
	Determinized
)

var modeNames = [...]string{"closed", "open", "ismcts", "determinized"}

func (m Mode) String() string { return modeNames[m] }

// Evaluator estimates a state's returns for every seat, in the game's
// return units. It is used where a rollout stops at its depth cutoff.
type Evaluator interface {
	Evaluate(s env.State) []float64
}

// EvaluatorFunc adapts a function to Evaluator.
type EvaluatorFunc func(s env.State) []float64

// Evaluate implements Evaluator.
func (f EvaluatorFunc) Evaluate(s env.State) []float64 { return f(s) }

// Config is one search's settings. The zero value is not useful: start
// from DefaultConfig.
type Config struct {
	Mode Mode
	// Sims is the number of simulations per move; Time, if set, stops the
	// search earlier. Only a Sims budget is reproducible.
	Sims int
	Time time.Duration
	// C is the UCT exploration constant, on values normalised to [0, 1] by
	// the range of returns the search has seen.
	C float64
	// Rollout names the agent that plays rollouts ("random" is a fast
	// built-in); Depth stops a rollout after that many decisions (0: play
	// to the end) and scores it with Evaluator, or with Returns if nil.
	Rollout   string
	Depth     int
	Evaluator Evaluator
	// FinalByValue picks the root action with the best mean value instead
	// of the most visits.
	FinalByValue bool
	// ExpandChance visits a closed-loop chance node's outcomes in
	// proportion to their probabilities instead of sampling them.
	ExpandChance bool
	// Reuse starts the next move's search from the subtree of the position
	// reached: found by replaying the tree in closed loop, the chosen
	// action's node in open loop on a one-seat game.
	Reuse bool
	// Workers searches in parallel. Tree parallelism (the default) shares
	// one tree, selecting Workers leaves in turn with virtual loss and
	// running their rollouts at once; root parallelism grows one tree per
	// worker and merges the root statistics. Both are deterministic for a
	// fixed Seed, Sims and Workers.
	// PriorWeight, if above 0, favours the rollout agent's own choice at
	// each decision (a PUCT-style prior): it is tried first, and gets a
	// bonus of PriorWeight*share/(1+visits), share being how often the
	// agent chose it there. With a strong rollout agent the search then
	// starts from that agent's plan and departs from it on evidence.
	PriorWeight float64

	Workers      int
	RootParallel bool
	VirtualLoss  float64
	// Worlds is the number of resampled worlds of Determinized.
	Worlds int
	Seed   uint64
}

// DefaultConfig is a sensible starting point.
func DefaultConfig() Config {
	return Config{Mode: ClosedLoop, Sims: 1000, C: 1.4, Rollout: "random", Workers: 1, VirtualLoss: 1, Worlds: 8}
}

// Stat is one root action's statistics after a search.
type Stat struct {
	Action env.Action
	Visits int
	Value  float64 // mean return to the deciding seat
}

// Result is a finished search.
type Result struct {
	Action env.Action
	Stats  []Stat // root actions, sorted by action
	Sims   int
	Nodes  int
}

type node struct {
	action  env.Action
	parent  int32
	child   int32 // first child, or -1
	sibling int32 // next sibling, or -1
	mover   int8  // seat that chose action; -1 for chance outcomes and the root
	full    bool  // children created for every legal action
	visits  int32
	avail   int32 // open loop: simulations in which this action was legal
	prior   int32 // times the rollout agent chose this action here
	vloss   int32
	sum     float64
}

// tree is one search tree in an arena of nodes.
type tree struct {
	nodes  []node
	lo, hi float64 // range of returns seen, for normalising values
}

func (t *tree) reset() {
	t.nodes = t.nodes[:0]
	t.nodes = append(t.nodes, node{parent: -1, child: -1, sibling: -1, mover: -1})
	t.lo, t.hi = math.Inf(1), math.Inf(-1)
}

func (t *tree) add(parent int32, a env.Action, mover int8) int32 {
	id := int32(len(t.nodes))
	p := &t.nodes[parent]
	t.nodes = append(t.nodes, node{action: a, parent: parent, child: -1, sibling: p.child, mover: mover})
	t.nodes[parent].child = id
	return id
}

func (t *tree) find(parent int32, a env.Action) int32 {
	for c := t.nodes[parent].child; c >= 0; c = t.nodes[c].sibling {
		if t.nodes[c].action == a {
			return c
		}
	}
	return -1
}

func (t *tree) norm(v float64) float64 {
	if t.hi <= t.lo {
		return 0.5
	}
	return (v - t.lo) / (t.hi - t.lo)
}

// worker holds one goroutine's scratch: its random stream, its rollout
// agent and its buffers.
type worker struct {
	src      *rand.PCG
	rng      *rand.Rand
	rollout  agents.Agent // nil: uniform random
	legal    []env.Action
	outcomes []env.Outcome
	path     []int32
}

// Searcher runs MCTS for one game. It is not safe for concurrent use.
type Searcher struct {
	cfg     Config
	game    env.Game
	trees   []tree
	workers []*worker // one per goroutine of a forest search
	slots   []*worker // one per leaf of a shared-tree round
	sims    uint64    // simulations run so far, for per-simulation streams
	// reuse: the chosen child kept after the last move, and the position
	// it was chosen in.
	kept     int32
	keptRoot env.State
}

// NewSearcher checks cfg and prepares a searcher for g.
func NewSearcher(g env.Game, cfg Config) (*Searcher, error) {
	if cfg.Sims <= 0 && cfg.Time <= 0 {
		return nil, errors.New("search: need a simulation or a time budget")
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.Mode == Determinized && cfg.Worlds < 1 {
		return nil, errors.New("search: determinized search needs at least one world")
	}
	s := &Searcher{cfg: cfg, game: g, kept: -1}
	for w := 0; w < cfg.Workers; w++ {
		wk, err := s.newWorker(uint64(w))
		if err != nil {
			return nil, err
		}
		s.workers = append(s.workers, wk)
	}
	// A shared tree takes several leaves per worker each round, so that
	// rollouts of uneven length even out between the workers.
	nslots := 1
	if cfg.Workers > 1 && !cfg.RootParallel {
		nslots = 2 * cfg.Workers * leavesPerWorker // two batches in flight
	}
	for j := 0; j < nslots; j++ {
		wk, err := s.newWorker(uint64(j))
		if err != nil {
			return nil, err
		}
		s.slots = append(s.slots, wk)
	}
	ntrees := 1
	if cfg.RootParallel {
		ntrees = cfg.Workers
	}
	if cfg.Mode == Determinized {
		ntrees = max(ntrees, cfg.Worlds)
	}
	s.trees = make([]tree, ntrees)
	return s, nil
}

// newWorker makes the scratch of one worker or leaf slot, with a rollout
// agent of its own seeded by the slot, so that no rollout depends on which
// goroutine runs it.
func (s *Searcher) newWorker(slot uint64) (*worker, error) {
	wk := &worker{src: rand.NewPCG(s.cfg.Seed, slot+1)}
	wk.rng = rand.New(wk.src)
	if s.cfg.Rollout == "" || s.cfg.Rollout == "random" {
		return wk, nil
	}
	ag, err := agents.New(s.cfg.Rollout, s.game, s.cfg.Seed^(slot+1)*0x9e3779b97f4a7c15)
	if err != nil {
		return nil, fmt.Errorf("search: rollout: %w", err)
	}
	wk.rollout = ag
	return wk, nil
}

// Search chooses an action for the seat to move at root.
func (s *Searcher) Search(ctx context.Context, root env.State) (Result, error) {
	p := root.CurrentPlayer()
	if p < 0 {
		return Result{}, fmt.Errorf("search: no seat to move (player %d)", p)
	}
	var deadline time.Time
	if s.cfg.Time > 0 {
		deadline = time.Now().Add(s.cfg.Time)
	}
	budget := s.cfg.Sims
	if budget <= 0 {
		budget = math.MaxInt
	}
	switch {
	case s.cfg.Mode == Determinized || s.cfg.RootParallel:
		s.searchForest(ctx, root, budget, deadline)
	default:
		s.searchShared(ctx, root, budget, deadline)
	}
	return s.result(root), nil
}

func (s *Searcher) stopped(ctx context.Context, deadline time.Time) bool {
	if ctx.Err() != nil {
		return true
	}
	return !deadline.IsZero() && time.Now().After(deadline)
}

// searchShared grows one tree; with several workers, each round selects
// one leaf per worker under virtual loss, plays the rollouts in parallel
// and backs them up in worker order, so the result does not depend on
// scheduling.
func (s *Searcher) searchShared(ctx context.Context, root env.State, budget int, deadline time.Time) {
	t := &s.trees[0]
	if !s.reuseTree(t, root) {
		t.reset()
	}
	base := s.sims
	issued := 0
	// fill selects up to want leaves into b, under virtual loss when the
	// search is parallel; each simulation's stream is seeded by its number.
	fill := func(b *batch, want int) {
		b.n = 0
		if want <= 0 || s.stopped(ctx, deadline) {
			return
		}
		b.n = min(len(b.slots), want)
		for j := 0; j < b.n; j++ {
			wk := b.slots[j]
			wk.src.Seed(s.cfg.Seed, base+uint64(issued+j))
			b.states[j] = s.startState(root, wk)
			b.paths[j] = s.descend(t, b.states[j], wk, len(s.workers) > 1)
		}
		issued += b.n
	}
	if len(s.workers) == 1 {
		b := newBatch(s.slots)
		for fill(b, budget-issued); b.n > 0; fill(b, budget-issued) {
			b.rets[0] = s.rollout(b.states[0], b.slots[0])
			s.backup(t, b.paths[0], b.rets[0], false)
			s.sims++
		}
		return
	}
	// Two batches alternate: while the workers roll out one, this
	// goroutine selects the next under the first one's virtual loss. The
	// order of every tree operation is fixed, so the search is
	// deterministic whatever the scheduling.
	half := len(s.slots) / 2
	cur, next := newBatch(s.slots[:half]), newBatch(s.slots[half:])
	fill(cur, budget-issued)
	for cur.n > 0 {
		var wg sync.WaitGroup
		W := len(s.workers)
		for w := 0; w < W; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for j := w; j < cur.n; j += W {
					cur.rets[j] = s.rollout(cur.states[j], cur.slots[j])
				}
			}(w)
		}
		fill(next, budget-issued)
		wg.Wait()
		for j := 0; j < cur.n; j++ {
			s.backup(t, cur.paths[j], cur.rets[j], true)
		}
		s.sims += uint64(cur.n)
		cur, next = next, cur
	}
}

// batch is a round of leaves of a shared-tree search.
type batch struct {
	slots  []*worker
	states []env.State
	paths  [][]int32
	rets   [][]float64
	n      int
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
func (s *Searcher) searchForest(ctx context.Context, root env.State, budget int, deadline time.Time) {
	T, W := len(s.trees), len(s.workers)
	base := s.sims
	worlds := make([]env.State, T)
	for i := range s.trees {
		s.trees[i].reset()
		worlds[i] = root
		if s.cfg.Mode == Determinized {
			worlds[i] = root.Resample(root.CurrentPlayer(), rand.New(rand.NewPCG(s.cfg.Seed^base, uint64(i))))
		}
	}
	ran := make([]int, T)
	var wg sync.WaitGroup
	for w := range s.workers {
		wg.Add(1)
		go func(w int, wk *worker) {
			defer wg.Done()
			// Worker w owns trees w, w+W, ... and gives them one simulation
			// each in turn, so a time budget is shared out evenly too.
			for k := 0; !s.stopped(ctx, deadline); k++ {
				busy := false
				for i := w; i < T; i += W {
					share := budget / T
					if i < budget%T {
						share++
					}
					if k >= share {
						continue
					}
					busy = true
					wk.src.Seed(s.cfg.Seed^uint64(i)<<40, base+uint64(k))
					st := s.startState(worlds[i], wk)
					path := s.descend(&s.trees[i], st, wk, false)
					s.backup(&s.trees[i], path, s.rollout(st, wk), false)
					ran[i]++
				}
				if !busy {
					return
				}
			}
		}(w, s.workers[w])
	}
	wg.Wait()
	for _, n := range ran {
		s.sims += uint64(n)
	}
}

func (s *Searcher) startState(root env.State, wk *worker) env.State {
	if s.cfg.Mode == ISMCTS {
		return root.Resample(root.CurrentPlayer(), wk.rng)
	}
	return root.Clone()
}

// descend walks from the root to a leaf, applying actions to st, and
// returns the path of nodes. A decision node is a leaf the first time it
// is reached; chance is sampled on the way.
func (s *Searcher) descend(t *tree, st env.State, wk *worker, vloss bool) []int32 {
	open := s.cfg.Mode == OpenLoop || s.cfg.Mode == ISMCTS
	path := append(wk.path[:0], 0)
	n := int32(0)
	for !st.IsTerminal() {
		p := st.CurrentPlayer()
		if p == env.Chance {
			wk.outcomes = st.ChanceOutcomes(wk.outcomes)
			if open {
				_ = st.Apply(env.SampleChance(wk.outcomes, wk.rng))
				continue
			}
			a := s.chanceChild(t, n, wk)
			c := t.find(n, a)
			if c < 0 {
				c = t.add(n, a, -1)
			}
			_ = st.Apply(a)
			n = c
			path = append(path, n)
			continue
		}
		if n != 0 && t.nodes[n].visits == 0 {
			break
		}
		wk.legal = st.LegalActions(wk.legal)
		c := s.selectChild(t, n, int8(p), st, wk, open)
		if vloss {
			t.nodes[c].vloss++
		}
		_ = st.Apply(t.nodes[c].action)
		n = c
		path = append(path, n)
	}
	wk.path = path
	return path
}

// chanceChild samples an outcome, or with ExpandChance takes the outcome
// furthest behind its share of the node's visits.
func (s *Searcher) chanceChild(t *tree, n int32, wk *worker) env.Action {
	if !s.cfg.ExpandChance {
		return env.SampleChance(wk.outcomes, wk.rng)
	}
	best, bestGap := wk.outcomes[0].Action, math.Inf(-1)
	total := float64(t.nodes[n].visits + 1)
	for _, o := range wk.outcomes {
		v := 0.0
		if c := t.find(n, o.Action); c >= 0 {
			v = float64(t.nodes[c].visits)
		}
		if gap := o.Prob*total - v; gap > bestGap {
			best, bestGap = o.Action, gap
		}
	}
	return best
}

// selectChild expands node n for the legal actions and picks by UCT. In
// open loop the legal set may differ between visits, so each child counts
// the simulations in which it was available (as in IS-MCTS).
func (s *Searcher) selectChild(t *tree, n int32, p int8, st env.State, wk *worker, open bool) int32 {
	if open || !t.nodes[n].full {
		for _, a := range wk.legal {
			c := t.find(n, a)
			if c < 0 {
				c = t.add(n, a, p)
			}
			if open {
				t.nodes[c].avail++
			}
		}
		t.nodes[n].full = true
		if s.cfg.PriorWeight > 0 && wk.rollout != nil {
			if a, err := wk.rollout.Act(context.Background(), st); err == nil {
				if c := t.find(n, a); c >= 0 {
					t.nodes[c].prior++
				}
			}
			wk.legal = st.LegalActions(wk.legal) // the agent may have reused the buffer
		}
	}
	var unvisited [256]int32
	nu := 0
	best, bestU := int32(-1), math.Inf(-1)
	lnN := math.Log(float64(t.nodes[n].visits + t.nodes[n].vloss + 1))
	for c := t.nodes[n].child; c >= 0; c = t.nodes[c].sibling {
		nd := &t.nodes[c]
		if open && !contains(wk.legal, nd.action) {
			continue
		}
		vis := nd.visits + nd.vloss
		if vis == 0 && nd.prior > 0 {
			return c // the agent's own choice is tried first
		}
		if vis == 0 {
			if nu < len(unvisited) {
				unvisited[nu] = c
				nu++
			}
			continue
		}
		if open {
			lnN = math.Log(float64(nd.avail))
		}
		q := 0.0
		if nd.visits > 0 {
			q = t.norm(nd.sum / float64(nd.visits))
		}
		// Simulations still under way count as losses (virtual loss), so
		// parallel workers spread over the tree.
		q *= float64(nd.visits) / float64(vis)
		u := q + s.cfg.C*math.Sqrt(lnN/float64(vis))
		if nd.prior > 0 {
			// How often the rollout agent chose this action here: it is
			// asked on every visit in open loop, once in closed loop.
			share := 1.0
			if open {
				share = float64(nd.prior) / float64(max(nd.avail, 1))
			}
			u += s.cfg.PriorWeight * share / float64(1+vis)
		}
		if u > bestU {
			best, bestU = c, u
		}
	}
	if nu > 0 {
		return unvisited[wk.rng.IntN(nu)]
	}
	return best
}

func contains(list []env.Action, a env.Action) bool {
	for _, b := range list {
		if b == a {
			return true
		}
	}
	return false
}

// rollout plays st to the end, or to the depth cutoff, and returns every
// seat's return.
func (s *Searcher) rollout(st env.State, wk *worker) []float64 {
	decisions := 0
	for !st.IsTerminal() {
		p := st.CurrentPlayer()
		if p == env.Chance {
			wk.outcomes = st.ChanceOutcomes(wk.outcomes)
			_ = st.Apply(env.SampleChance(wk.outcomes, wk.rng))
			continue
		}
		if s.cfg.Depth > 0 && decisions >= s.cfg.Depth {
			if s.cfg.Evaluator != nil {
				return s.cfg.Evaluator.Evaluate(st)
			}
			break
		}
		decisions++
		var a env.Action
		if wk.rollout != nil {
			var err error
			if a, err = wk.rollout.Act(context.Background(), st); err != nil {
				break
			}
		} else {
			wk.legal = st.LegalActions(wk.legal)
			a = wk.legal[wk.rng.IntN(len(wk.legal))]
		}
		if st.Apply(a) != nil {
			break
		}
	}
	return st.Returns()
}

func (s *Searcher) backup(t *tree, path []int32, ret []float64, vloss bool) {
	for _, r := range ret {
		t.lo, t.hi = math.Min(t.lo, r), math.Max(t.hi, r)
	}
	for _, id := range path {
		nd := &t.nodes[id]
		nd.visits++
		if vloss && id != 0 && nd.mover >= 0 {
			nd.vloss--
		}
		if nd.mover >= 0 && int(nd.mover) < len(ret) {
			nd.sum += ret[nd.mover]
		}
	}
}

// result merges the root statistics of every tree and picks the action.
func (s *Searcher) result(root env.State) Result {
	legal := root.LegalActions(nil)
	res := Result{Stats: make([]Stat, len(legal))}
	sums := make([]float64, len(legal))
	for i, a := range legal {
		res.Stats[i].Action = a
	}
	trees := s.trees
	if !(s.cfg.Mode == Determinized || s.cfg.RootParallel) {
		trees = trees[:1]
	}
	for ti := range trees {
		t := &trees[ti]
		res.Nodes += len(t.nodes)
		res.Sims += int(t.nodes[0].visits)
		for c := t.nodes[0].child; c >= 0; c = t.nodes[c].sibling {
			for i, a := range legal {
				if a == t.nodes[c].action {
					res.Stats[i].Visits += int(t.nodes[c].visits)
					sums[i] += t.nodes[c].sum
				}
			}
		}
	}
	best := -1
	for i := range res.Stats {
		if res.Stats[i].Visits > 0 {
			res.Stats[i].Value = sums[i] / float64(res.Stats[i].Visits)
		}
		if best < 0 || s.better(res.Stats[i], res.Stats[best]) {
			best = i
		}
	}
	res.Action = res.Stats[best].Action
	if s.cfg.Reuse && !s.cfg.RootParallel && s.cfg.Mode != Determinized {
		s.kept, s.keptRoot = s.trees[0].find(0, res.Action), root.Clone()
	}
	return res
}

func (s *Searcher) better(a, b Stat) bool {
	if s.cfg.FinalByValue && a.Visits > 0 && b.Visits > 0 {
		return a.Value > b.Value
	}
	if a.Visits != b.Visits {
		return a.Visits > b.Visits
	}
	return a.Value > b.Value
}

// reuseTree makes the subtree of the new root the tree, and reports
// whether it found one. In open loop on a one-seat game the next decision is
// the chosen action's node, whatever chance did in between. In closed loop
// the chance outcomes (and other seats' moves) that followed are found by
// replaying the kept subtree until a position equals the new root.
func (s *Searcher) reuseTree(t *tree, root env.State) bool {
	keep, from := s.kept, s.keptRoot
	s.kept, s.keptRoot = -1, nil
	if !s.cfg.Reuse || keep < 0 {
		return false
	}
	switch {
	case s.cfg.Mode == ClosedLoop:
		if keep = s.findPosition(t, from, keep, root); keep < 0 {
			return false
		}
	case s.game.NumPlayers() != 1:
		return false
	}
	old := t.nodes
	fresh := make([]node, 0, len(old))
	var copyNode func(id, parent int32) int32
	copyNode = func(id, parent int32) int32 {
		nid := int32(len(fresh))
		nd := old[id]
		nd.parent, nd.child, nd.sibling, nd.vloss = parent, -1, -1, 0
		fresh = append(fresh, nd)
		for c := old[id].child; c >= 0; c = old[c].sibling {
			cid := copyNode(c, nid)
			fresh[cid].sibling = fresh[nid].child
			fresh[nid].child = cid
		}
		return nid
	}
	copyNode(keep, -1)
	fresh[0].mover, fresh[0].action = -1, 0
	t.nodes = fresh
	return true
}

// findPosition searches the subtree of node id, replaying it from the
// position from (where id's action was chosen), for the node whose
// position equals want; -1 if none does.
func (s *Searcher) findPosition(t *tree, from env.State, id int32, want env.State) int32 {
	target, err := want.MarshalJSON()
	if err != nil || from == nil {
		return -1
	}
	start := from.Clone()
	if start.Apply(t.nodes[id].action) != nil {
		return -1
	}
	type item struct {
		id int32
		st env.State
	}
	queue := []item{{id, start}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if it.st.CurrentPlayer() != env.Chance {
			if j, err := it.st.MarshalJSON(); err == nil && string(j) == string(target) {
				return it.id
			}
		}
		for c := t.nodes[it.id].child; c >= 0; c = t.nodes[c].sibling {
			st := it.st.Clone()
			if st.Apply(t.nodes[c].action) == nil {
				queue = append(queue, item{c, st})
			}
		}
	}
	return -1
}
