package stnazaire

import "math/bits"

// Rule 11, phase D: demolitions. A commando that is not pinned, did not
// fire in phase C this turn, and stands on an undestroyed objective it may
// demolish can try once a turn: a modified D10 of at least the target
// (default 6) destroys it, after which the commando may step free into an
// adjacent space clear of Germans.

func (s *State) stepDemolition() {
	d := s.data()
	for int(s.cursor) < len(d.British) {
		u := int(s.cursor)
		s.cursor++
		if s.canDemolish(u) {
			s.setDecision(decDemolish, u)
			return
		}
	}
	s.nextPhase()
}

// canDemolish reports whether u may attempt a demolition now (11.1-11.3).
func (s *State) canDemolish(u int) bool {
	if s.bStatus[u] != bOnMap || s.bf.has(u, fPinned) || s.bf.has(u, fFiredC) || s.bf.has(u, fTried) {
		return false
	}
	sp := s.bSpace[u]
	obj := s.data().Spaces[sp].Objective
	return obj > 0 && !s.destroyed.has(int(sp)) && s.mayDemolish(u, obj)
}

// mayDemolish: the objective is u's own, or every commando assigned to it
// is gone (eliminated, not landed or exited; eliminated only with
// mission_passes=eliminated) and u is of the same type (11.3), or of any
// type under the optional rule. Burtinshaw, in reserve, only ever replaces
// (11.2).
func (s *State) mayDemolish(u int, obj int8) bool {
	return s.DemolishableObjectives(u)&(1<<obj) != 0
}

// DemolishableObjectives is the set of objective numbers commando u may
// demolish by 11.1 to 11.3 (bit n for objective n; destroyed, pins and phase
// aside), read off the missions the state keeps (missionHere, missionGone):
// for agents that ask it of every objective.
func (s *State) DemolishableObjectives(u int) uint32 {
	d := s.data()
	may := s.missionGone[d.British[u].Type] &^ s.missionHere
	if obj := d.British[u].Objective; obj > 0 {
		may |= 1 << obj
	}
	return may
}

// demolitionModifier (11.1): -1 per adjacent space holding Germans unless
// another unpinned assault team shares the space; -1 for a reduced unit.
func (s *State) demolitionModifier(u int) int {
	d := s.data()
	sp := s.bSpace[u]
	m := 0
	covered := false
	for m := s.onMapB &^ (1 << u); m != 0; m &= m - 1 {
		if v := bits.TrailingZeros32(m); s.bSpace[v] == sp && !s.bf.has(v, fPinned) && d.British[v].Type == Assault {
			covered = true
		}
	}
	if !covered {
		m -= s.enemyAdjacentSpaces(sp, false)
	}
	if s.bf.has(u, fReduced) {
		m--
	}
	return m
}

func (s *State) resolveDemolition(u, face int) {
	if face+s.demolitionModifier(u) < s.opts().DemolitionTarget {
		return
	}
	sp := s.bSpace[u]
	s.destroyed.put(int(sp), true)
	s.recountIntact()
	s.vp += int16(s.data().ObjVP[s.data().Spaces[sp].Objective])
	for _, n := range s.data().Move[sp] {
		if s.canDisplaceTo(n) {
			s.setDecision(decDisplace, u)
			return
		}
	}
}

// canDisplaceTo: the free step after a demolition goes to an adjacent
// space with no Germans, not off the map, within the stacking limit.
func (s *State) canDisplaceTo(sp int16) bool {
	return !s.germanAt(sp) && s.data().Spaces[sp].Exit < 0 && s.nBritishAt(sp) < 3
}
