package search

import "github.com/chariot-ai/chariot/env"

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
	case s.searchedSeats() != 1:
		return false
	}
	old := t.nodes
	fresh, freshHot, freshAux := make([]node, 0, len(old)), make([]hot, 0, len(old)), make([]aux, 0, len(old))
	var copyNode func(id int32) int32
	copyNode = func(id int32) int32 {
		nid := int32(len(fresh))
		nd := old[id]
		nd.child, nd.sibling, nd.kids = -1, -1, 0 // the copy's children are not contiguous
		fresh, freshHot = append(fresh, nd), append(freshHot, t.hot[id])
		if t.withAux {
			ax := t.aux[id]
			ax.vloss = 0
			freshAux = append(freshAux, ax)
		}
		for c := old[id].child; c >= 0; c = old[c].sibling {
			cid := copyNode(c)
			fresh[cid].sibling = fresh[nid].child
			fresh[nid].child = cid
		}
		return nid
	}
	copyNode(keep)
	fresh[0].mover, fresh[0].action = -1, 0
	t.nodes, t.hot, t.aux = fresh, freshHot, freshAux
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
	if start.Apply(env.Action(t.nodes[id].action)) != nil {
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
			if st.Apply(env.Action(t.nodes[c].action)) == nil {
				queue = append(queue, item{c, st})
			}
		}
	}
	return -1
}
