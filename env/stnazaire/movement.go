package stnazaire

import "math/bits"

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
		for m := s.onMapB; m != 0; m &= m - 1 {
			if s.canSelect(bits.TrailingZeros32(m)) {
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
	free := s.data().moveSet[s.bSpace[u]]
	free.andNot(&s.occG)
	return !free.empty()
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
		s.dests = s.reachable(u)
	}
}

// reachable returns the spaces commando u can end its move in: up to three
// spaces along solid lines, never into a German space, stopping on entering
// a German ZoC not nullified by a commando already there (6.1, 6.2). Starred
// landing spaces cost nothing (5.2.4); an exit box ends the move (13).
//
// It is a breadth-first search by cost on sets of spaces.
func (s *State) reachable(u int) spaceSet {
	d := s.data()
	start := int(s.bSpace[u])
	// stop: the spaces a move ends in on entering (the start excepted).
	stop := d.exits
	zoc := d.neighbours(&s.occZ)
	zoc.andNot(&s.occB) // a commando already there nullifies the ZoC
	stop.or(&zoc)
	stop.put(start, false)
	// open: the spaces a commando may enter, those without Germans.
	open := spaceSet{^s.occG[0], ^s.occG[1]}
	// frontier: the spaces first reached at cost c. Its free steps into
	// landing spaces join it; its other steps cost one more. Each step
	// goes from the spaces not in stop to the unseen open ones.
	var frontier spaceSet
	frontier.put(start, true)
	seen := frontier
	for c := 0; ; c++ {
		var further spaceSet
		last := c == movementAllowance
		for fresh := frontier; !fresh.empty(); {
			fresh.andNot(&stop)
			if last {
				// Only free steps are left: from the spaces next to a
				// landing space, the widest frontier's few.
				fresh = fresh.and(&d.nearLandings)
			}
			step := d.neighbours(&fresh)
			step = step.and(&open)
			step.andNot(&seen)
			fresh = step.and(&d.landings)
			seen.or(&fresh)
			step.andNot(&d.landings)
			further.or(&step)
		}
		if last || further.empty() {
			break
		}
		frontier = further
		seen.or(&frontier)
	}
	seen.put(start, false)
	return seen
}
