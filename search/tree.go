package search

import (
	"math"
	"sync"

	"github.com/chariot-ai/chariot/env"
)

// node is one tree node: the action that leads to it and its statistics.
// Children are a linked list of siblings in the tree's arena.
// A node is 32 bytes, so that a descent touches a cache line a level; what
// only open loop, the prior or parallel search need is in aux.
type node struct {
	sum     float64 // returns to mover, summed over visits
	action  int32
	child   int32 // first child, or -1
	sibling int32 // next sibling, or -1
	visits  int32
	// kids counts the children when they were all created at once and lie
	// in the arena at child-kids+1 to child (closed loop, fewer than
	// maxKids), else 0; tried counts those of them that selection has
	// taken, in turn from the one at offset skip, a random draw.
	kids  int16
	tried int16
	skip  int16
	mover int8 // seat that chose action; -1 for chance outcomes and the root
	full  bool // children created for every legal action
}

// maxKids bounds node.kids; a node with more children is searched by the
// general loop.
const maxKids = math.MaxInt16

// aux is the rest of a node's statistics.
type aux struct {
	vloss int32 // simulations under way through this node (parallel search)
	avail int32 // open loop: simulations in which this action was legal
	// prior: times the rollout agent chose this action here, or the
	// probability Config.Policy gave it
	prior float32
}

// hot is what selection reads of a node, kept by backup in an array beside
// the nodes, so that a node's children share a cache line or two and
// selection neither divides nor takes a root.
type hot struct {
	mean float32 // sum / visits
	rs   float32 // 1 / sqrt(visits)
}

// tree is one search tree in an arena of nodes; hot[i] and aux[i] go with
// nodes[i]. A search that needs no aux (closed loop, one worker, no prior)
// leaves aux empty: its writes were a fifth of the arena's traffic.
type tree struct {
	nodes   []node
	hot     []hot
	aux     []aux
	withAux bool
	lo, hi  float64 // range of returns seen, for normalising values
	box     *arena  // where the arena goes back to arenas; nil between searches
	// rootSq is, per root action, the sum of the squared returns of the
	// simulations that began with it: the spread of a move's mean, which
	// the advisor shows as an interval (Stat.SD).
	rootSq []float64
}

// arena is a tree's storage between searches. A search lends its arena to
// the next one (arenas), so that a fresh Searcher's first search takes one
// already grown rather than allocating it: for a short search the arena is
// a hundred kilobytes or more, and allocating, zeroing and collecting it
// each time cost about a seventh of the search.
type arena struct {
	nodes []node
	hot   []hot
	aux   []aux
}

// arenas holds the arenas of finished searches, for any Searcher's next.
// It is the package's one mutable state, and a cache only: a search reads
// no entry of its arena it has not written, so which arena it is lent does
// not change what it computes.
var arenas sync.Pool

// borrow gives the tree an arena from arenas, or an empty one.
func (t *tree) borrow() {
	a, _ := arenas.Get().(*arena)
	if a == nil {
		a = new(arena)
	}
	t.box, t.nodes, t.hot, t.aux = a, a.nodes, a.hot, a.aux
}

// release lends the tree's arena to the next search and empties the tree.
func (t *tree) release() {
	if t.box == nil {
		return
	}
	a := t.box
	a.nodes, a.hot, a.aux = t.nodes[:0], t.hot[:0], t.aux[:0]
	arenas.Put(a)
	*t = tree{}
}

// auxOf is node id's aux, zero where the tree keeps none.
func (t *tree) auxOf(id int32) aux {
	if !t.withAux {
		return aux{}
	}
	return t.aux[id]
}

// maxPresize bounds the nodes reset reserves ahead (14 MB): a longer search
// grows the arena as it goes.
const maxPresize = 1 << 18

// reset empties the tree, keeping its arena (or borrowing one), which is
// first sized for about want nodes so that a search does not spend its time
// growing it.
func (t *tree) reset(want int, withAux bool) {
	want = min(max(want, 1), maxPresize)
	if t.box == nil {
		t.borrow()
	}
	if cap(t.nodes) < want {
		t.nodes, t.hot = make([]node, 0, want), make([]hot, 0, want)
	}
	if withAux && cap(t.aux) < want {
		t.aux = make([]aux, 0, want)
	}
	t.withAux = withAux
	t.nodes = append(t.nodes[:0], node{child: -1, sibling: -1, mover: -1})
	t.hot, t.aux = append(t.hot[:0], hot{}), t.aux[:0]
	if withAux {
		t.aux = append(t.aux, aux{})
	}
	t.lo, t.hi = math.Inf(1), math.Inf(-1)
	clear(t.rootSq)
}

func (t *tree) add(parent int32, a env.Action, mover int8) int32 {
	id := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{action: int32(a), child: -1, sibling: t.nodes[parent].child, mover: mover})
	t.hot = append(t.hot, hot{})
	if t.withAux {
		t.aux = append(t.aux, aux{})
	}
	t.nodes[parent].child = id
	return id
}

// addKids adds a child for each action, as add would one by one: the
// last becomes the first child. It returns the first new node's id.
func (t *tree) addKids(parent int32, acts []env.Action, mover int8) int32 {
	first, k := int32(len(t.nodes)), len(acts)
	t.nodes = append(t.nodes, make([]node, k)...)
	t.hot = append(t.hot, make([]hot, k)...)
	if t.withAux {
		t.aux = append(t.aux, make([]aux, k)...)
	}
	prev := t.nodes[parent].child
	kids := t.nodes[first:]
	for i, a := range acts {
		kids[i] = node{action: int32(a), child: -1, sibling: prev, mover: mover}
		prev = first + int32(i)
	}
	t.nodes[parent].child = prev
	return first
}

func (t *tree) find(parent int32, a env.Action) int32 {
	for c := t.nodes[parent].child; c >= 0; c = t.nodes[c].sibling {
		if t.nodes[c].action == int32(a) {
			return c
		}
	}
	return -1
}

// The exploration term C*sqrt(ln N / n) is split into sqrt(ln N), taken once
// per selection, and 1/sqrt(n) per child; both come from tables for the
// counts most nodes have (a search's root passes 4,096 visits quickly, its
// children seldom).
const sqrtLnTable, invSqrtTable = 1 << 15, 1 << 12

var sqrtLnTab = func() (t [sqrtLnTable]float64) {
	for n := 1; n < sqrtLnTable; n++ {
		t[n] = math.Sqrt(math.Log(float64(n)))
	}
	return t
}()

var invSqrtTab = func() (t [invSqrtTable]float64) {
	for n := 1; n < invSqrtTable; n++ {
		t[n] = 1 / math.Sqrt(float64(n))
	}
	return t
}()

// invSqrt32Tab is invSqrtTab rounded to float32, as backup stores it: half
// the cache lines.
var invSqrt32Tab = func() (t [invSqrtTable]float32) {
	for n := range t {
		t[n] = float32(invSqrtTab[n])
	}
	return t
}()

func sqrtLn(n int32) float64 {
	if n < sqrtLnTable {
		return sqrtLnTab[n]
	}
	return math.Sqrt(math.Log(float64(n)))
}

func invSqrt(n int32) float64 {
	if n < invSqrtTable {
		return invSqrtTab[n]
	}
	return 1 / math.Sqrt(float64(n))
}

// expand gives node n a child for every legal action it lacks, in a random
// order: selection tries unvisited children in list order, so each is
// equally likely to be tried first, without a draw per selection. (Where
// selectContiguous will serve the node, one draw here picks the child it
// tries first, and the order is left as it is.) In open loop it also counts each legal
// child's availability. With a prior, it asks the rollout agent for its
// choice here.
func (s *Searcher) expand(t *tree, n int32, p int8, st env.State, wk *worker, open, fast bool) {
	wk.legal = st.LegalActions(wk.legal)
	fresh := wk.fresh[:0]
	for _, a := range wk.legal {
		c := int32(-1)
		if t.nodes[n].child >= 0 {
			c = t.find(n, a)
		}
		if c < 0 {
			fresh = append(fresh, a)
		} else if open {
			t.aux[c].avail++
		}
	}
	contiguous := !open && t.nodes[n].child < 0 && len(fresh) < maxKids
	if contiguous {
		t.nodes[n].kids = int16(len(fresh))
		if fast && len(fresh) > 1 {
			t.nodes[n].skip = int16(wk.intn(len(fresh)))
		}
	}
	for i := len(fresh) - 1; i > 0 && !(contiguous && fast); i-- {
		j := wk.intn(i + 1)
		fresh[i], fresh[j] = fresh[j], fresh[i]
	}
	first := t.addKids(n, fresh, p)
	for c := first; open && c < first+int32(len(fresh)); c++ {
		t.aux[c].avail++
	}
	wk.fresh = fresh
	t.nodes[n].full = true
	if s.cfg.PriorWeight > 0 && wk.rollout != nil && s.cfg.Policy == nil {
		// A failure is recorded for Search; selection goes on without the
		// prior, and descend stops after this node.
		if a := s.planned(st, wk); wk.err == nil {
			if c := t.find(n, a); c >= 0 {
				t.aux[c].prior++
			}
		}
		if open {
			wk.legal = st.LegalActions(wk.legal) // the agent may have reused the buffer
		}
	}
}

// selectChild picks a child of decision node n by UCT, expanding n first
// where it lacks children: in closed loop once, in open loop on every visit,
// since the legal set may differ between visits and each child counts the
// simulations in which it was available (as in IS-MCTS). Every child is
// considered. An unvisited child is taken first: the rollout agent's choice
// where there is a prior, else the first in the (shuffled) list.
func (s *Searcher) selectChild(t *tree, n int32, p int8, st env.State, wk *worker, open, vloss bool) int32 {
	if s.cfg.Policy != nil {
		return s.selectPUCT(t, n, p, st, wk, open, vloss)
	}
	withPrior := s.cfg.PriorWeight > 0
	fast := s.contiguousSelection(open, vloss)
	if open || !t.nodes[n].full {
		s.expand(t, n, p, st, wk, open, fast)
	}
	if nd := &t.nodes[n]; nd.kids > 0 && fast {
		return s.selectContiguous(t, nd, wk)
	}
	scale, shift := s.norm(t)
	explore := s.cfg.C * sqrtLn(t.nodes[n].visits+t.auxOf(n).vloss+1)
	best, bestU, unvisited := int32(-1), math.Inf(-1), int32(-1)
	for c := t.nodes[n].child; c >= 0; c = t.nodes[c].sibling {
		nd, ax := &t.nodes[c], t.auxOf(c)
		if open && !contains(wk.legal, env.Action(nd.action)) {
			continue
		}
		vis := nd.visits + ax.vloss
		if vis == 0 {
			if !withPrior || ax.prior > 0 {
				return c
			}
			if unvisited < 0 {
				unvisited = c
			}
			continue
		}
		if open {
			explore = s.cfg.C * sqrtLn(ax.avail)
		}
		q := 0.0
		if nd.visits > 0 {
			q = float64(t.hot[c].mean)*scale + shift
		}
		if ax.vloss > 0 {
			// Simulations still under way count as losses (virtual loss),
			// so parallel workers spread over the tree.
			q *= float64(nd.visits) / float64(vis)
		}
		u := q + explore*invSqrt(vis)
		if withPrior && ax.prior > 0 {
			// How often the rollout agent chose this action here: it is
			// asked on every visit in open loop, once in closed loop.
			share := 1.0
			if open {
				share = float64(ax.prior) / float64(max(ax.avail, 1))
			}
			u += s.cfg.PriorWeight * share / float64(1+vis)
		}
		if u > bestU {
			best, bestU = c, u
		}
	}
	if unvisited >= 0 {
		return unvisited
	}
	return best
}

// norm is how a mean is normalised: q = mean*scale + shift maps the range
// of returns seen to [0, 1]. Before two distinct returns have been seen it
// maps the range the game declares (env.Facts), or, where it declares
// none, makes every mean 0.5. (While every return seen is the same, every
// visited child's mean is that return, so the choice only matters where a
// virtual loss or a first-play urgency mixes it with something else.)
func (s *Searcher) norm(t *tree) (scale, shift float64) {
	lo, hi := t.lo, t.hi
	if hi <= lo {
		lo, hi = s.facts.MinReturn, s.facts.MaxReturn
	}
	if hi <= lo {
		return 0, 0.5
	}
	return 1 / (hi - lo), -lo / (hi - lo)
}

// needsAux reports whether a tree of this search keeps aux: open loop
// counts availability, a prior counts the agent's choices, and a shared
// tree searched in parallel (vloss) counts simulations under way.
func (s *Searcher) needsAux(vloss bool) bool {
	return s.cfg.Mode == OpenLoop || s.cfg.Mode == ISMCTS || s.cfg.PriorWeight > 0 || vloss
}

// contiguousSelection reports whether selectContiguous serves the nodes
// whose children are contiguous: in closed loop, without a prior or
// virtual loss.
func (s *Searcher) contiguousSelection(open, vloss bool) bool {
	return !open && s.cfg.PriorWeight <= 0 && !vloss
}

// selectContiguous is selectChild on its most common ground: one worker,
// closed loop, no prior, children contiguous in the arena. The children
// are tried in arena order from a random one (drawn by expand), so each is
// equally likely to be tried first; once all are tried, UCT's argmax is taken
// over mean + C*sqrt(ln N)*range/sqrt(visits), which orders the children as
// the normalised value does (the normalisation's scale and shift are the
// same for every child).
func (s *Searcher) selectContiguous(t *tree, nd *node, wk *worker) int32 {
	first := nd.child - int32(nd.kids) + 1
	if nd.tried < nd.kids {
		i := nd.skip + nd.tried
		if i >= nd.kids {
			i -= nd.kids
		}
		nd.tried++
		return first + int32(i)
	}
	w := s.cfg.C * sqrtLn(nd.visits+1)
	if t.hi > t.lo {
		w *= t.hi - t.lo
	}
	kids := t.hot[first : nd.child+1]
	if t.hi <= t.lo { // no spread of returns yet: every value is 0.5
		best := 0
		for i := range kids {
			if kids[i].rs > kids[best].rs {
				best = i
			}
		}
		return first + int32(best)
	}
	// The argmax is taken without a branch per child, which a handful of
	// children with close values would mispredict: each child's value,
	// as an integer that orders as the float does, is packed above its
	// complemented index, so the maximum key is the best child and, among
	// equals, the first.
	var best uint64
	w32 := float32(w)
	for i := range kids {
		u := math.Float32bits(kids[i].mean + w32*kids[i].rs)
		u ^= uint32(int32(u)>>31) | 1<<31
		best = max(best, uint64(u)<<32|uint64(^uint32(i)))
	}
	return first + int32(^uint32(best))
}

// selectContiguousVL is selectChild for a node whose children are
// contiguous, in a closed-loop parallel search without a prior: the same
// choice, in the same order (the sibling list runs down the arena), with
// the virtual-loss arithmetic only for the children that have some.
func (s *Searcher) selectContiguousVL(t *tree, n int32) int32 {
	nd := &t.nodes[n]
	first := nd.child - int32(nd.kids) + 1
	scale, shift := s.norm(t)
	explore := s.cfg.C * sqrtLn(nd.visits+t.aux[n].vloss+1)
	best, bestU := nd.child, math.Inf(-1)
	for c := nd.child; c >= first; c-- {
		visits, vl := t.nodes[c].visits, t.aux[c].vloss
		vis := visits + vl
		if vis == 0 {
			return c
		}
		q := 0.0
		if visits > 0 {
			q = float64(t.hot[c].mean)*scale + shift
		}
		if vl > 0 {
			q *= float64(visits) / float64(vis)
		}
		if u := q + explore*invSqrt(vis); u > bestU {
			best, bestU = c, u
		}
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

// backup adds a simulation's returns along its path, and with vloss takes
// back the virtual losses descend added.
func (s *Searcher) backup(t *tree, path []int32, ret []float64, vloss bool) {
	for i, r := range ret {
		if s.modelled(env.Player(i)) {
			continue // never compared: selection reads the searched seats' values
		}
		// Plain comparisons: the builtins' care for NaN and signed zeros
		// costs more here than the rest of a backup.
		if r < t.lo {
			t.lo = r
		}
		if r > t.hi {
			t.hi = r
		}
	}
	// The root (path[0]) only counts: no selection reads its mean or its
	// 1/sqrt(visits), which past invSqrtTable visits would take a root.
	t.nodes[path[0]].visits++
	for _, id := range path[1:] {
		nd := &t.nodes[id]
		nd.visits++
		if nd.visits < invSqrtTable {
			t.hot[id].rs = invSqrt32Tab[nd.visits]
		} else {
			t.hot[id].rs = float32(invSqrt(nd.visits))
		}
		if vloss && nd.mover >= 0 {
			t.aux[id].vloss--
		}
		if nd.mover >= 0 && int(nd.mover) < len(ret) {
			nd.sum += ret[nd.mover]
			t.hot[id].mean = float32(nd.sum / float64(nd.visits))
		}
	}
	if len(path) > 1 {
		if nd := &t.nodes[path[1]]; nd.mover >= 0 && int(nd.mover) < len(ret) {
			if t.rootSq == nil {
				t.rootSq = make([]float64, s.game.NumDistinctActions())
			}
			r := ret[nd.mover]
			t.rootSq[nd.action] += r * r
		}
	}
}
