package search

import (
	"context"
	"math"

	"github.com/chariot-ai/chariot/env"
)

// node is one tree node: the action that leads to it and its statistics.
// Children are a linked list of siblings in the tree's arena.
type node struct {
	sum     float64 // returns to mover, summed over visits
	mean    float64 // sum / visits, kept by backup so selection need not divide
	action  int32
	child   int32 // first child, or -1
	sibling int32 // next sibling, or -1
	visits  int32
	vloss   int32 // simulations under way through this node (parallel search)
	avail   int32 // open loop: simulations in which this action was legal
	prior   int32 // times the rollout agent chose this action here
	mover   int8  // seat that chose action; -1 for chance outcomes and the root
	full    bool  // children created for every legal action
}

// tree is one search tree in an arena of nodes.
type tree struct {
	nodes  []node
	lo, hi float64 // range of returns seen, for normalising values
}

// maxPresize bounds the nodes reset reserves ahead (14 MB): a longer search
// grows the arena as it goes.
const maxPresize = 1 << 18

// reset empties the tree, keeping its arena, which is first sized for about
// want nodes so that a search does not spend its time growing it.
func (t *tree) reset(want int) {
	want = min(max(want, 1), maxPresize)
	if cap(t.nodes) < want {
		t.nodes = make([]node, 0, want)
	}
	t.nodes = append(t.nodes[:0], node{child: -1, sibling: -1, mover: -1})
	t.lo, t.hi = math.Inf(1), math.Inf(-1)
}

func (t *tree) add(parent int32, a env.Action, mover int8) int32 {
	id := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{action: int32(a), child: -1, sibling: t.nodes[parent].child, mover: mover})
	t.nodes[parent].child = id
	return id
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
// equally likely to be tried first, without a draw per selection. In open
// loop it also counts each legal child's availability. With a prior, it
// asks the rollout agent for its choice here.
func (s *Searcher) expand(t *tree, n int32, p int8, st env.State, wk *worker, open bool) {
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
			t.nodes[c].avail++
		}
	}
	for i := len(fresh) - 1; i > 0; i-- {
		j := wk.intn(i + 1)
		fresh[i], fresh[j] = fresh[j], fresh[i]
	}
	for _, a := range fresh {
		c := t.add(n, a, p)
		if open {
			t.nodes[c].avail++
		}
	}
	wk.fresh = fresh
	t.nodes[n].full = true
	if s.cfg.PriorWeight > 0 && wk.rollout != nil {
		if a, err := wk.rollout.Act(context.Background(), st); err == nil {
			if c := t.find(n, a); c >= 0 {
				t.nodes[c].prior++
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
func (s *Searcher) selectChild(t *tree, n int32, p int8, st env.State, wk *worker, open bool) int32 {
	if open || !t.nodes[n].full {
		s.expand(t, n, p, st, wk, open)
	}
	withPrior := s.cfg.PriorWeight > 0
	// q = (mean - lo) * scale + shift normalises a mean to [0, 1], or to
	// 0.5 before two distinct returns have been seen.
	scale, shift := 0.0, 0.5
	if t.hi > t.lo {
		scale, shift = 1/(t.hi-t.lo), -t.lo/(t.hi-t.lo)
	}
	explore := s.cfg.C * sqrtLn(t.nodes[n].visits+t.nodes[n].vloss+1)
	best, bestU, unvisited := int32(-1), math.Inf(-1), int32(-1)
	for c := t.nodes[n].child; c >= 0; c = t.nodes[c].sibling {
		nd := &t.nodes[c]
		if open && !contains(wk.legal, env.Action(nd.action)) {
			continue
		}
		vis := nd.visits + nd.vloss
		if vis == 0 {
			if !withPrior || nd.prior > 0 {
				return c
			}
			if unvisited < 0 {
				unvisited = c
			}
			continue
		}
		if open {
			explore = s.cfg.C * sqrtLn(nd.avail)
		}
		q := 0.0
		if nd.visits > 0 {
			q = nd.mean*scale + shift
		}
		if nd.vloss > 0 {
			// Simulations still under way count as losses (virtual loss),
			// so parallel workers spread over the tree.
			q *= float64(nd.visits) / float64(vis)
		}
		u := q + explore*invSqrt(vis)
		if withPrior && nd.prior > 0 {
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
	if unvisited >= 0 {
		return unvisited
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
	for _, r := range ret {
		t.lo, t.hi = min(t.lo, r), max(t.hi, r)
	}
	for _, id := range path {
		nd := &t.nodes[id]
		nd.visits++
		if vloss && id != 0 && nd.mover >= 0 {
			nd.vloss--
		}
		if nd.mover >= 0 && int(nd.mover) < len(ret) {
			nd.sum += ret[nd.mover]
			nd.mean = nd.sum / float64(nd.visits)
		}
	}
}
