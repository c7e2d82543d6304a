package search

import (
	"math"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/registry"
)

// PriorPolicy gives a prior probability for each legal action of a decision,
// the P of PUCT (option policy): a learned policy network, say. A parallel
// search calls it from several goroutines at once, each with its own
// state: it must be safe for concurrent use.
type PriorPolicy interface {
	// Prior appends to out[:0] the probability of each action of legal
	// (the legal actions of the seat to move in s), in legal's order.
	Prior(s env.State, legal []env.Action, out []float64) []float64
}

// policies holds the prior policies, registered by name beside the
// models that give them.
var policies = registry.New[func(env.Game, string) (PriorPolicy, error)]("policy")

// RegisterPolicy adds a named prior policy. make builds it for a game,
// with the argument of a spec "NAME:ARG" (a model, say), or says why it
// cannot.
func RegisterPolicy(name string, make func(g env.Game, arg string) (PriorPolicy, error)) {
	policies.Add(name, make)
}

// Policies lists the registered prior policies.
func Policies() []string { return policies.Names() }

// NewPolicy builds the prior policy of a spec "NAME" or "NAME:ARG" for g.
func NewPolicy(spec string, g env.Game) (PriorPolicy, error) {
	name, arg, _ := strings.Cut(spec, ":")
	make, err := policies.Get(name)
	if err != nil {
		return nil, err
	}
	return make(g, arg)
}

// priorFresh gives the children expand has just added to node n (the last
// len(wk.fresh) nodes of the arena) their prior probability from the
// policy, asked once for the node's legal actions in wk.legal. A child
// keeps the prior it got when it was added: in open loop a node's legal
// actions may differ between visits, and a child added later gets its
// probability among the actions legal then.
func (s *Searcher) priorFresh(t *tree, st env.State, wk *worker) {
	if len(wk.fresh) == 0 {
		return
	}
	wk.probs = s.cfg.Policy.Prior(st, wk.legal, wk.probs)
	first := int32(len(t.nodes) - len(wk.fresh))
	for c := first; c < int32(len(t.nodes)); c++ {
		for i, a := range wk.legal {
			if int32(a) == t.nodes[c].action && i < len(wk.probs) {
				t.aux[c].prior = float32(wk.probs[i])
				break
			}
		}
	}
}

// sureOf is the action the policy gives at least Config.Sure of its
// probability at root, with that probability, if there is one (and a
// policy and Sure).
func (s *Searcher) sureOf(root env.State) (env.Action, float64, bool) {
	if s.cfg.Policy == nil || s.cfg.Sure <= 0 {
		return 0, 0, false
	}
	wk := s.slots[0]
	wk.legal = root.LegalActions(wk.legal)
	wk.probs = s.cfg.Policy.Prior(root, wk.legal, wk.probs)
	for i, p := range wk.probs {
		if p >= s.cfg.Sure && i < len(wk.legal) {
			return wk.legal[i], p, true
		}
	}
	return 0, 0, false
}

// selectPUCT picks a child of decision node n by PUCT, the prior being the
// policy's (Config.Policy): the child of highest
//
//	q + PriorWeight × P × √N / (1 + n)
//
// q being the child's mean normalised to [0, 1], N the node's visits, n
// the child's, P its prior. An unvisited child's q is the visited
// children's mean (first-play urgency at the parent's value), so that the
// prior alone orders the untried ones and a wide node is not tried child
// by child.
func (s *Searcher) selectPUCT(t *tree, n int32, p int8, st env.State, wk *worker, open, vloss bool) int32 {
	if open || !t.nodes[n].full {
		s.expand(t, n, p, st, wk, open, false)
		s.priorFresh(t, st, wk)
	}
	scale, shift := s.norm(t)
	var sum float64
	var seen int32
	for c := t.nodes[n].child; c >= 0; c = t.nodes[c].sibling {
		if nd := &t.nodes[c]; nd.visits > 0 && (!open || contains(wk.legal, env.Action(nd.action))) {
			sum, seen = sum+nd.sum, seen+nd.visits
		}
	}
	fpu := 0.5
	if seen > 0 {
		fpu = sum/float64(seen)*scale + shift
	}
	sqrtN := math.Sqrt(float64(t.nodes[n].visits + t.auxOf(n).vloss + 1))
	best, bestU := int32(-1), math.Inf(-1)
	for c := t.nodes[n].child; c >= 0; c = t.nodes[c].sibling {
		nd, ax := &t.nodes[c], t.auxOf(c)
		if open && !contains(wk.legal, env.Action(nd.action)) {
			continue
		}
		vis := nd.visits + ax.vloss
		q := fpu
		if nd.visits > 0 {
			q = float64(t.hot[c].mean)*scale + shift
		}
		if ax.vloss > 0 {
			q *= float64(nd.visits) / float64(vis) // virtual loss, as in selectChild
		}
		if u := q + s.cfg.PriorWeight*float64(ax.prior)*sqrtN/float64(1+vis); u > bestU {
			best, bestU = c, u
		}
	}
	return best
}
