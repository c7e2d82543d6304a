package stnazaire

import "math/bits"

// Rule 9: combat in phases C and F. The British declare a target for each
// unit (or hold fire); every declared shot is rolled, then the Germans fire
// in decreasing order of strength (9.1.1.3) at targets chosen by 9.1.1, the
// Quad FlaK repeating on its coloured die (9.2.1). Results are noted at once
// but take effect together at the end of the exchange (9.1 clarification).
// Then commandos may occupy vacated German spaces and Germans must occupy
// vacated British ones.

const (
	cStart uint8 = iota
	cDeclare
	cBritishRolls
	cGermanRolls
	cApply
	cOccupyBritish
	cOccupyGerman
)

func (s *State) stepCombat() {
	d := s.data()
	switch s.step {
	case cStart:
		s.startHeldB, s.startHeldG = s.occB, s.occG
		nb, ng := len(d.British), len(d.German)
		copy(s.bTarget[:nb], noTargetB[:nb])
		clear(s.bHit[:nb])
		copy(s.gTarget[:ng], noTargetG[:ng])
		clear(s.gHit[:ng])
		s.step, s.cursor = cDeclare, 0
	case cDeclare:
		for int(s.cursor) < len(d.British) {
			u := s.nextOnMapB(int(s.cursor)) // canDeclare wants one on the map
			if u < 0 {
				break
			}
			s.cursor = int16(u + 1)
			if s.canDeclare(u) {
				s.setDecision(decFire, u)
				return
			}
		}
		s.step, s.cursor = cBritishRolls, 0
	case cBritishRolls:
		for int(s.cursor) < len(d.British) {
			u := int(s.cursor)
			s.cursor++
			if s.bTarget[u] >= 0 {
				s.setRoll(rollAttackB, 10, u, int(s.bTarget[u]))
				return
			}
		}
		s.orderGermanAttacks()
		s.step, s.cursor = cGermanRolls, 0
	case cGermanRolls:
		for s.cursor < int16(s.nOrder) {
			// Only a German linked to a commando's space may have a
			// target.
			g := int(s.gOrder[s.cursor])
			if s.gLoc[g] != gOnMap || !d.linkSet[s.gSpace[g]&(MaxSpaces-1)].meets(&s.occB) {
				s.cursor++
				continue
			}
			if t := s.germanTargetSpace(g); t >= 0 {
				if s.opts().GermanSeat {
					s.setDecision(decGermanFire, g)
					return
				}
				s.gTarget[g] = t
				s.setRoll(rollAttackG, 10, g, s.germanTargetUnit(t))
				return
			}
			s.cursor++
		}
		s.step = cApply
	case cApply:
		s.applyHits()
		s.step, s.cursor = cOccupyBritish, 0
	case cOccupyBritish:
		for int(s.cursor) < len(d.British) {
			u := s.nextOnMapB(int(s.cursor)) // occupiable wants one on the map
			if u < 0 {
				break
			}
			s.cursor = int16(u + 1)
			if sp := s.occupiable(u); sp >= 0 {
				s.aux = sp
				s.setDecision(decOccupy, u)
				return
			}
		}
		s.step = cOccupyGerman
	case cOccupyGerman:
		s.germansOccupy()
		s.reveal()
		s.nextPhase()
	}
}

// noTargetB and noTargetG are every counter's "no target", copied in at
// the start of a combat phase.
var (
	noTargetB = func() (t [MaxBritish]int8) {
		for i := range t {
			t[i] = -1
		}
		return t
	}()
	noTargetG = func() (t [MaxGerman]int16) {
		for i := range t {
			t[i] = -1
		}
		return t
	}()
)

// canDeclare: an unpinned commando on the map with a target in reach.
func (s *State) canDeclare(u int) bool {
	if s.bStatus[u] != bOnMap || s.bf.has(u, fPinned) {
		return false
	}
	reach := s.fireReach(u)
	return reach.meets(&s.occG)
}

// fireReach is the set of spaces commando u can fire into (see canFireAt).
func (s *State) fireReach(u int) spaceSet {
	d := s.data()
	a := s.bSpace[u]
	if s.opts().DashedFireAll || (s.opts().Mortar && d.British[u].Mortar) {
		return d.linkSet[a]
	}
	return d.moveSet[a]
}

// fireTargets is the set of German counters u can fire at (bit g).
func (s *State) fireTargets(u int) uint64 {
	reach := s.fireReach(u)
	left := s.germansIn(&reach) // those not yet found, to stop early
	var set uint64
	for m := s.onMapG; left > 0; m &= m - 1 {
		if g := bits.TrailingZeros64(m); reach.has(int(s.gSpace[g])) {
			set |= 1 << g
			left--
		}
	}
	return set
}

// canFireAt: g is on the map in a space linked to u's by a solid line, or by
// a dashed line for the mortar (9.3) or under dashed_fire_all (9.1).
func (s *State) canFireAt(u, g int) bool {
	if s.gLoc[g] != gOnMap {
		return false
	}
	reach := s.fireReach(u)
	return reach.has(int(s.gSpace[g]))
}

func (s *State) declareFire(u, g int) {
	s.bTarget[u], s.bAimed[u] = int8(g), s.gSpace[g]
	if s.phase == phCombatC {
		s.bf.put(u, fFiredC, true) // no demolition this turn (11.1)
	}
}

// cover reports whether a space gives the -1 defence modifier: square
// spaces under the 1.1 erratum, round ones under the original rules;
// landing spaces count as round (5.2.4).
func (s *State) cover(sp int16) bool {
	sq := s.data().Spaces[sp].Square
	return sq != s.opts().OriginalTerrain
}

// defenceModifier is the CRT modifier for a defender in sp (9): +1 for two
// or more defending units, -1 for cover (not for vehicles).
func (s *State) defenceModifier(sp int16, vehicle bool) int {
	m := 0
	n := s.nBritishAt(sp)
	if n == 0 {
		n = s.nGermanAt(sp)
	}
	if n >= 2 {
		m++
	}
	if s.cover(sp) && !vehicle {
		m--
	}
	return m
}

// addResult folds one CRT result into a unit's pending hits.
func addResult(h hit, res uint8) hit {
	switch res {
	case resC:
		h |= hitPin
	case resStepC:
		if h.steps() < 3 {
			h++
		}
		h |= hitPin
	case resDE:
		h |= hitDE
	}
	return h
}

func (s *State) resolveBritishShot(u, g, face int) {
	d := s.data()
	m := s.defenceModifier(s.gSpace[g], d.German[g].Vehicle)
	s.gHit[g] = addResult(s.gHit[g], d.crtResult(s.bStrength(u), face+m))
}

func (s *State) resolveGermanShot(g, u, face int) {
	d := s.data()
	m := s.defenceModifier(s.bSpace[u], false)
	s.bHit[u] = addResult(s.bHit[u], d.crtResult(int(d.German[g].Strength), face+m))
	if d.German[g].Class == ClassQuadFlak {
		s.setRoll(rollQuad, 10, g, -1)
		return
	}
	s.cursor++
}

// resolveQuad: the Quad FlaK fires again while the coloured D10 is at most
// its strength and its target space holds a commando its results so far
// do not eliminate (9.2.1).
func (s *State) resolveQuad(g, face int) {
	t := s.gTarget[g]
	if face <= int(s.data().German[g].Strength) && s.anyStanding(t) {
		if s.opts().GermanSeat {
			s.setDecision(decGermanFire, g)
			return
		}
		s.setRoll(rollAttackG, 10, g, s.germanTargetUnit(t))
		return
	}
	s.cursor++
}

// anyStanding reports whether space sp holds a commando that the results
// of this exchange will not eliminate.
func (s *State) anyStanding(sp int16) bool {
	for m := s.onMapB; m != 0; m &= m - 1 {
		if u := bits.TrailingZeros32(m); s.bSpace[u] == sp && !s.doomed(u, s.bHit[u]) {
			return true
		}
	}
	return false
}

// doomed reports whether hits h eliminate commando u when they take effect
// (9.1, R18): a DE, or a step loss on a single-sided or reduced counter, or
// two step losses.
func (s *State) doomed(u int, h hit) bool {
	return h.de() || (h.steps() > 0 && (s.data().British[u].Reduced == 0 || s.bf.has(u, fReduced) || h.steps() > 1))
}

// orderGermanAttacks lists German units able to fire, strongest first
// (9.1.1.3), counter order breaking ties.
func (s *State) orderGermanAttacks() {
	n := 0
	for str := 9; str >= 1; str-- {
		for m := s.data().strengthSets[str] & s.onMapG; m != 0; m &= m - 1 {
			if g := bits.TrailingZeros64(m); !s.gf.has(g, fPinned) {
				s.gOrder[n] = int8(g)
				n++
			}
		}
	}
	s.nOrder = int8(n)
}

// germanReaches: British space t is in g's fire: a solid line, or a dashed
// one for FlaK (9.2) or under dashed_fire_all.
func (s *State) germanReaches(g int, t int16) bool {
	reach := s.germanFireReach(g)
	return reach.has(int(t))
}

// germanFireReach is the set of spaces g can fire into (see germanReaches).
func (s *State) germanFireReach(g int) *spaceSet {
	d := s.data()
	if isFlak(d.German[g].Class) || s.opts().DashedFireAll {
		return &d.linkSet[s.gSpace[g]]
	}
	return &d.moveSet[s.gSpace[g]]
}

// stackPriority ranks a British stack as a German target (9.1.1.1, and the
// movement priority of 8.1): demolition teams first by their total
// strength, then assault teams, then Newman.
func (s *State) stackPriority(sp int16) int {
	var st stackSum
	for m, left := s.onMapB, s.cntB[sp]; left > 0 && m != 0; m &= m - 1 {
		if u := bits.TrailingZeros32(m); s.bSpace[u] == sp {
			left--
			st += s.stackPart(u)
		}
	}
	return st.priority()
}

// stacksByPriority fills order with the commando stacks, the most
// stackPriority first, then the lowest numbered, and returns how many
// there are.
func (s *State) stacksByPriority(order *[MaxBritish]int8) (n int) {
	var sums [MaxSpaces]stackSum
	s.stackSums(&sums)
	// An insertion sort, stable, of the stacks in space order; prio[k] is
	// order[k]'s priority.
	var prio [MaxBritish]int
	for sp := s.occB.next(0); sp >= 0 && n < MaxBritish; sp = s.occB.next(sp + 1) {
		p := sums[sp].priority()
		k := n
		for ; k > 0 && prio[k-1] < p; k-- {
			order[k], prio[k] = order[k-1], prio[k-1]
		}
		order[k], prio[k] = int8(sp), p
		n++
	}
	return n
}

// stackSums totals every stack's strength in one pass over the commandos.
func (s *State) stackSums(sums *[MaxSpaces]stackSum) {
	for m := s.onMapB; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		sums[s.bSpace[u]&(MaxSpaces-1)] += s.stackPart(u)
	}
}

// stackSum totals a stack's strength by commando type, packed so that a
// commando adds its share in one addition: the demolition teams' strength
// from bit 20, the assault teams' from bit 10, the HQs counted in the low
// bits (at most 32 commandos of strength 9: 288 fits 10 bits).
type stackSum uint32

// packStack is the stackSum of one commando of type typ and strength str.
func packStack(typ uint8, str int8) stackSum {
	switch typ {
	case Demolition:
		return stackSum(str) << 20
	case Assault:
		return stackSum(str) << 10
	case HQ:
		return 1
	}
	return 0
}

// stackPart is commando u's share of its stack's sum now.
func (s *State) stackPart(u int) stackSum {
	return s.data().stackParts[u&(MaxBritish-1)][s.side(u)]
}

// side is 0 for a commando on its full side, 1 on its reduced side: the
// index of the tables by side in Data.
func (s *State) side(u int) int {
	if s.bf.has(u, fReduced) {
		return 1
	}
	return 0
}

func (st stackSum) priority() int {
	switch dem, asl := st>>20, st>>10&1023; {
	case dem > 0:
		return 2000 + int(dem)
	case asl > 0:
		return 1000 + int(asl)
	case st&1023 > 0:
		return 1
	}
	return 0
}

// germanTargetSpace picks the British space g attacks (9.1.1.1), or -1.
// Equal stacks go to the lower-numbered space (ruling R9.1.1a).
func (s *State) germanTargetSpace(g int) int16 {
	if s.gLoc[g] != gOnMap || s.gf.has(g, fPinned) {
		return -1
	}
	// The best stack is the same whatever order the spaces are taken in;
	// a stack of priority 0 is never chosen. In space order, ties keep the
	// lower-numbered space.
	targets := s.germanFireReach(g).and(&s.occB)
	best, bestP := int16(-1), 0
	for t := targets.next(0); t >= 0; t = targets.next(t + 1) {
		if p := s.stackPriority(int16(t)); p > bestP {
			best, bestP = int16(t), p
		}
	}
	return best
}

// germanTargetUnit picks the commando of stack t to fire at (9.1.1.2):
// assault teams, then demolition teams, then Newman, strongest first, and a
// type is only passed once every unit of it has a result this exchange.
// When all have one, the first by preference is fired at again.
//
// Preference is one key a commando (see pickKey), the first in counter
// order among equals, so both are found in one pass.
func (s *State) germanTargetUnit(t int16) int {
	keys := &s.data().pickKeys
	fresh, freshK, first, firstK := -1, uint8(255), -1, uint8(255)
	for m, left := s.onMapB, s.cntB[t]; left > 0 && m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.bSpace[u] != t {
			continue
		}
		left--
		k := keys[u&(MaxBritish-1)][s.side(u)]
		if k < firstK {
			first, firstK = u, k
		}
		if k < freshK && !s.bHit[u].any() {
			fresh, freshK = u, k
		}
	}
	if fresh >= 0 {
		return fresh
	}
	return first
}

// pickKey orders the commandos as German targets within a stack, lowest
// first (9.1.1.2): assault teams, then demolition teams, then Newman (the
// order of the type numbers), each type strongest first.
func pickKey(typ uint8, str int8) uint8 { return typ%3<<4 | uint8(15-str) }

// applyHits makes the exchange's results take effect (9.1, 10): a German
// that loses a step is eliminated; a commando loses a step (a single-sided
// counter or a reduced one is eliminated); -1C and C pin.
//
// Only units on the map take results; each one's only changes itself, so
// the units on the map at the start are walked, and every result is
// cleared after.
func (s *State) applyHits() {
	for m := s.onMapB; m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		h := s.bHit[u]
		if !h.any() {
			continue
		}
		if s.doomed(u, h) {
			s.eliminateBritish(u)
			continue
		}
		if h.steps() > 0 {
			s.bf.put(u, fReduced, true)
		}
		s.bf.put(u, fPinned, true)
	}
	clear(s.bHit[:])
	for m := s.onMapG; m != 0; m &= m - 1 {
		g := bits.TrailingZeros64(m)
		h := s.gHit[g]
		if !h.any() {
			continue
		}
		if h.de() || h.steps() > 0 {
			s.eliminateGerman(g)
			continue
		}
		s.pinG(g, true)
	}
	clear(s.gHit[:])
}

func (s *State) eliminateBritish(u int) {
	s.putB(u, bEliminated, -1)
	s.bf.put(u, fPinned, false)
	s.vp -= 2
	s.lost++
}

// eliminateGerman removes a German counter: FlaK leave the game and score
// their objective (1.1); others return to their pool face down (9.1).
func (s *State) eliminateGerman(g int) {
	d := s.data()
	gu := &d.German[g]
	s.pinG(g, false)
	if isFlak(gu.Class) {
		s.putG(g, gRemoved, -1)
		if gu.Objective > 0 {
			s.vp += int16(d.ObjVP[gu.Objective])
		}
		return
	}
	s.gf.put(g, fConcealed, true)
	if gu.Class != ClassInf679 && int(s.turn) <= d.poolALastTurn {
		s.putG(g, gPoolA, -1)
	} else {
		s.putG(g, gPoolB, -1)
	}
}

// occupiable returns the vacated German space commando u may advance into
// (9.1), or -1. A unit pinned by the exchange may not (10), unless the easy
// variant lets it go with an unpinned unit that attacked the same space.
func (s *State) occupiable(u int) int16 {
	g := s.bTarget[u]
	if g < 0 || s.bStatus[u] != bOnMap {
		return -1
	}
	sp := s.aimedSpace(u)
	if sp < 0 || !s.startHeldG.has(int(sp)) || s.germanAt(sp) || s.bSpace[u] == sp || s.nBritishAt(sp) >= 3 {
		return -1
	}
	if s.bf.has(u, fPinned) {
		if !s.opts().EasyPinned {
			return -1
		}
		ok := false
		for v := range s.data().British {
			if v != u && s.bStatus[v] == bOnMap && !s.bf.has(v, fPinned) && s.aimedSpace(v) == sp {
				ok = true
			}
		}
		if !ok {
			return -1
		}
	}
	return sp
}

// aimedSpace is the space u fired into this phase, or -1: the target
// counter may have left it since.
func (s *State) aimedSpace(u int) int16 {
	if s.bTarget[u] < 0 {
		return -1
	}
	return s.bAimed[u]
}

// germansOccupy: the German units that fired at a British space left empty
// must move into it (9.1), up to the stacking limit; FlaK, ship-borne
// Kriegsmarine and pinned units cannot.
func (s *State) germansOccupy() {
	d := s.data()
	vacated := s.startHeldB
	vacated.andNot(&s.occB)
	vacated.andNot(&d.exits)
	for sp := vacated.next(0); sp >= 0; sp = vacated.next(sp + 1) {
		t := int16(sp)
		for k := 0; k < int(s.nOrder); k++ {
			g := int(s.gOrder[k])
			if s.gTarget[g] != t || s.gLoc[g] != gOnMap || s.gf.has(g, fPinned) || s.gImmobile(g) || s.nGermanAt(t) >= 3 {
				continue
			}
			if s.vehicleBarred(g, t) {
				continue
			}
			s.putG(g, gOnMap, t)
		}
	}
}
