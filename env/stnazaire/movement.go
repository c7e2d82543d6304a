package stnazaire

// Rule 6 for commandos and rule 7: British movement, zones of control and
// the stacking check at the end of the phase.

const movementAllowance = 3 // 6.1

const (
	mvSelect uint8 = iota
	mvStack
)

func (s *State) stepMovement() {
	switch s.step {
	case mvSelect:
		for u := range s.data().British {
			if s.canSelect(u) {
				s.setDecision(decSelect, -1)
				return
			}
		}
		s.step = mvStack
	case mvStack:
		if !s.checkStacking() {
			s.nextPhase()
		}
	}
}

// canSelect: an unpinned commando on the map that has not moved this phase
// and could go somewhere (or must first roll to leave a ZoC).
func (s *State) canSelect(u int) bool {
	if s.bStatus[u] != bOnMap || s.bf.has(u, fPinned) || s.bf.has(u, fMoved) {
		return false
	}
	return s.hasExit(u)
}

// hasExit reports whether some neighbour is free of Germans: then the unit
// has at least one destination once it may leave its space.
func (s *State) hasExit(u int) bool {
	d := s.data()
	for _, n := range d.Move[s.bSpace[u]] {
		if !s.germanAt(n) {
			return true
		}
	}
	return false
}

func (s *State) germanAt(sp int16) bool { return s.cntG[sp] > 0 }

// startMove begins one commando's move: a roll of >= 5 to leave a German
// ZoC that no friendly unit nullifies (6.2), then the destination.
func (s *State) startMove(u int) {
	if s.bf.has(u, fPinned) || !s.hasExit(u) {
		return
	}
	if s.lockedInZoC(u) {
		s.setRoll(rollZoC, 10, u, -1)
		return
	}
	s.offerDestinations(u)
}

// lockedInZoC: the unit stands in a German ZoC and no other commando shares
// its space to nullify it (6.2, ruling R6.2 in RULINGS.md).
func (s *State) lockedInZoC(u int) bool {
	sp := s.bSpace[u]
	return s.germanZoCAt(sp) && s.nBritishAt(sp) < 2
}

func (s *State) offerDestinations(u int) {
	if s.hasExit(u) {
		s.setDecision(decMoveDest, u)
	}
}

// reachable marks the spaces commando u can end its move in: up to three
// spaces along solid lines, never into a German space, stopping on entering
// a German ZoC not nullified by a commando already there (6.1, 6.2). Starred
// landing spaces cost nothing (5.2.4); an exit box ends the move (13).
func (s *State) reachable(u int, reach *[MaxSpaces]bool) {
	d := s.data()
	var ger, zoc [MaxSpaces]bool
	var nb [MaxSpaces]int8
	for g := range d.German {
		if s.gLoc[g] != gOnMap {
			continue
		}
		sp := s.gSpace[g]
		ger[sp] = true
		if !s.gf.has(g, fPinned) && !isFlak(d.German[g].Class) {
			for _, n := range d.Move[sp] {
				zoc[n] = true
			}
		}
	}
	for v := range d.British {
		if v != u && s.bStatus[v] == bOnMap {
			nb[s.bSpace[v]]++
		}
	}
	var cost [MaxSpaces]int8
	for i := range d.Spaces {
		cost[i] = 127
	}
	start := s.bSpace[u]
	cost[start] = 0
	// A 0-1 breadth-first search: landing spaces cost 0, others 1.
	// Each space is queued at most once per cost 0..3, and only the three
	// landing spaces go to the front.
	var dq [5 * MaxSpaces]int16
	head, tail := MaxSpaces/2, MaxSpaces/2
	dq[tail] = start
	tail++
	for head < tail {
		sp := dq[head]
		head++
		if sp != start && (d.Spaces[sp].Exit >= 0 || (zoc[sp] && nb[sp] == 0)) {
			continue // the move ends here
		}
		for _, n := range d.Move[sp] {
			if ger[n] {
				continue
			}
			step := int8(1)
			if d.Spaces[n].Landing >= 0 {
				step = 0
			}
			c := cost[sp] + step
			if c > movementAllowance || c >= cost[n] {
				continue
			}
			cost[n] = c
			if step == 0 {
				head--
				dq[head] = n
			} else {
				dq[tail] = n
				tail++
			}
		}
	}
	for i := range d.Spaces {
		reach[i] = cost[i] <= movementAllowance && int16(i) != start
	}
}
