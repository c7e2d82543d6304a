package stnazaire

import "math/bits"

// Phase E: German reinforcements (12) and movement (8, 8.1).

const (
	eStart uint8 = iota
	eMove
)

func (s *State) stepGerman() {
	d := s.data()
	switch s.step {
	case eStart:
		if int(s.turn) == d.poolALastTurn+1 {
			for g := range d.German {
				if s.gLoc[g] == gPoolA {
					s.gLoc[g] = gPoolB // 12: pool A joins pool B on turn 5
				}
			}
		}
		copy(s.gMovesLeft[:], fullMoves[:])
		s.step, s.cursor = eMove, 0
		s.setRoll(rollReinfBlack, 10, -1, -1)
	case eMove:
		// British positions do not change during phase E, so one distance
		// field, and one set of the commandos' zones of control, serve
		// every German until a die interrupts.
		var foot footField
		var way vehicleWays
		var cand [MaxSpaces]int16 // germanMove's scratch, cleared once
		zocB := s.britishZoC()
		for int(s.cursor) < len(d.German) {
			// Skip to the next counter on the map that is not FlaK (FlaK
			// never moves, 8.3).
			rest := s.onMapG &^ d.flak &^ (1<<s.cursor - 1)
			if rest == 0 {
				break
			}
			s.cursor = int16(bits.TrailingZeros64(rest))
			g := int(s.cursor)
			if !s.gf.has(g, fPinned) && !s.gImmobile(g) && s.gMovesLeft[g] > 0 {
				if s.opts().GermanSeat {
					s.offerGermanMove(g, &foot)
				} else {
					s.germanMove(g, &foot, &way, &cand, &zocB)
				}
				if s.roll != rollNone || s.dec != decNone {
					return
				}
				continue
			}
			s.cursor++
		}
		s.nextPhase()
	}
}

// fullMoves is every counter's movement allowance, copied in at the start
// of phase E.
var fullMoves = func() (m [MaxGerman]int8) {
	for g := range m {
		m[g] = movementAllowance
	}
	return m
}()

// placeReinforcements reads the two dice of rule 12 and brings the units in
// face down. An entry held by a commando, or by three Germans, takes no
// more units (12 clarification); the entry space costs one move.
func (s *State) placeReinforcements(black, colour int) {
	d := s.data()
	counts, areas := d.reinfCounts[black-1], d.reinfAreas[colour-1]
	pool, origin := gPoolB, originPoolB
	if int(s.turn) <= d.poolALastTurn {
		pool, origin = gPoolA, originPoolA
	}
	inPool := s.inLoc(pool)
	for k := range 2 {
		sp := d.EntrySpace[areas[k]]
		for range counts[k] {
			if s.nBritishAt(sp) > 0 || s.nGermanAt(sp) >= 3 {
				break
			}
			g := s.drawFrom(inPool)
			if g < 0 {
				break
			}
			inPool &^= 1 << g
			s.gf[g], s.gOrigin[g] = uint8(fConcealed), origin
			s.putG(g, gOnMap, sp)
			s.gMovesLeft[g] = movementAllowance - 1
		}
	}
	s.reveal()
}

// vehicleBarred: vehicles never enter spaces 6 and 15, nor 8, 9, 14 and 17
// once destroyed (8.1 clarification). Those numbers are the objective
// numbers printed on the spaces.
func (s *State) vehicleBarred(g int, sp int16) bool {
	if !s.data().German[g].Vehicle {
		return false
	}
	barred := s.vehicleBarredSet()
	return barred.has(int(sp))
}

// vehicleBarredSet is the set of spaces no vehicle may enter now.
func (s *State) vehicleBarredSet() spaceSet {
	d := s.data()
	barred := d.vehicleIfDestroyed.and(&s.destroyed)
	barred.or(&d.vehicleNever)
	return barred
}

// germanPassable: g may enter sp: no commando there, not an exit box, and
// not barred to vehicles.
func (s *State) germanPassable(g int, sp int16, nb *[MaxSpaces]int8) bool {
	return nb[sp] == 0 && s.data().Spaces[sp].Exit < 0 && !s.vehicleBarred(g, sp)
}

// germanMove moves g toward its target (8.1): the nearest commando stack,
// the one with the most demolition-team strength among equals, one space
// at a time. It stops next to the target, on entering a British ZoC (zocB:
// see britishZoC), in a space where it becomes immobile, when its moves
// run out or when the next space is full (3 units; see germanCandidates). Equal next
// spaces go to the lowest numbered, or under the variant to the emptiest,
// then square, then a D10, which stops the move here until it is rolled.
//
// The counter is put in its last space only: a step never leads back
// where it has been (each is nearer its target), so no space it passes
// through is asked about again, and it is revealed if linked to a
// commando anywhere on its way (8.2). germanEnter is the same step by step.
func (s *State) germanMove(g int, foot *footField, way *vehicleWays, cand *[MaxSpaces]int16, zocB *spaceSet) {
	d := s.data()
	here, left, seen := s.gSpace[g], s.gMovesLeft[g], false
	// Only a Kriegsmarine counter set up off a ship may become immobile on
	// the way (see gImmobile).
	mayMoor := d.German[g].Class == ClassKriegsmarine && s.gOrigin[g] == originSetup
	for left > 0 {
		n := s.germanCandidates(g, here, cand, foot, way)
		if n == 0 {
			left = 0
			break
		}
		if n > 1 && s.opts().GermanVariant {
			s.setRoll(rollGermanTie, n, g, -1)
			break
		}
		here, left = cand[0], left-1
		if d.moveSet[here].meets(zocB) {
			left = 0 // 6.1: entering an enemy ZoC ends the move
		}
		seen = seen || d.linkSet[here].meets(&s.occB)
		if mayMoor && d.Spaces[here].Ship {
			break // immobile now (8.3)
		}
	}
	if here != s.gSpace[g] {
		s.putG(g, gOnMap, here)
	}
	s.gMovesLeft[g] = left
	if seen {
		s.gf.put(g, fConcealed, false)
	}
}

func (s *State) resolveGermanTie(g, face int) {
	var cand [MaxSpaces]int16
	var foot footField
	var way vehicleWays
	s.germanCandidates(g, s.gSpace[g], &cand, &foot, &way)
	if s.opts().GermanSeat {
		s.askGermanMove(g, face) // the seat decides, knowing the die
		return
	}
	s.germanEnter(g, cand[face-1])
}

func (s *State) germanEnter(g int, sp int16) {
	s.putG(g, gOnMap, sp)
	s.gMovesLeft[g]--
	if s.britishZoCAt(sp) {
		s.gMovesLeft[g] = 0 // 6.1: entering an enemy ZoC ends the move
	}
	s.revealGerman(g)
}

// germanCandidates fills cand with the spaces g may step into next from
// here, best first, and returns how many tie for best (under the variant)
// or 1; 0 when g stops. The next step is the lowest-numbered of the equal
// steps toward the target; if that space already holds three units the
// move ends where it is, unless that step and another open one are both
// next to a commando, when g enters the other (8.1, second clarification).
func (s *State) germanCandidates(g int, here int16, cand *[MaxSpaces]int16, foot *footField, way *vehicleWays) int {
	d := s.data()
	ng := &s.cntG
	var n int
	if d.vehicles&(1<<g) != 0 {
		n = s.vehicleCandidates(here, cand, way)
	} else {
		n = s.footCandidates(here, cand, foot)
	}
	if n == 0 {
		return 0
	}
	if !s.opts().GermanVariant {
		if ng[cand[0]] < 3 {
			return 1
		}
		if s.nextToCommando(cand[0]) {
			for i := 1; i < n; i++ {
				if ng[cand[i]] < 3 && s.nextToCommando(cand[i]) {
					cand[0] = cand[i]
					return 1
				}
			}
		}
		return 0
	}
	// Variant: spread evenly (fewest Germans), then prefer square spaces;
	// the ties that remain go to a die. Spreading never sends a unit into a
	// full space while an equal one is open; when all are full it stops.
	key := func(sp int16) int {
		k := int(ng[sp]) * 2
		if !d.Spaces[sp].Square {
			k++
		}
		return k
	}
	bestKey := key(cand[0])
	for i := 1; i < n; i++ {
		bestKey = min(bestKey, key(cand[i]))
	}
	keep := 0
	for i := 0; i < n; i++ {
		if key(cand[i]) == bestKey && ng[cand[i]] < 3 {
			cand[keep] = cand[i]
			keep++
		}
	}
	return keep
}

// nextToCommando reports whether space sp is linked by a solid line to a
// space holding a commando.
func (s *State) nextToCommando(sp int16) bool {
	return s.data().moveSet[sp].meets(&s.occB)
}

// footCandidates reads the next steps of a unit on foot in here off the
// shared distance field: neighbours one space nearer the same target, full
// or not, in space order. Here is a German's space when the field was
// worked out, or a step offered before, whose distance and target it
// writes out.
func (s *State) footCandidates(here int16, cand *[MaxSpaces]int16, foot *footField) int {
	d := s.data()
	if !foot.valid {
		s.computeFootField(foot)
	}
	dh, t := foot.dist[here], foot.target[here]
	if dh <= 1 || dh == 127 {
		return 0 // next to a commando already, or none in reach
	}
	next := d.moveSet[here].and(&foot.layer[dh-1])
	next = next.and(&foot.zone[t&(MaxBritish-1)])
	n := 0
	for sp := next.next(0); sp >= 0; sp = next.next(sp + 1) {
		cand[n] = int16(sp)
		foot.dist[sp], foot.target[sp] = dh-1, t
		n++
	}
	return n
}

// unreachedField is a foot field before the search: every space
// unreached, with no target.
var unreachedField = func() (f footField) {
	for sp := range f.dist {
		f.dist[sp], f.target[sp] = 127, -1
	}
	return f
}()

// computeFootField works out, into a zero footField, every space's
// distance to the nearest commando stack for a German on foot (1 next to
// it) and that stack, the one with the most demolition strength among
// equals, then the lowest numbered (8.1).
//
// It is a breadth-first search on sets of spaces, layer by layer, with a
// frontier for each stack: taking the stacks best first within a layer,
// each space goes to the best of the stacks at its distance, as a search
// that keeps the better target on every tie would label it.
func (s *State) computeFootField(foot *footField) {
	d := s.data()
	foot.dist, foot.target = unreachedField.dist, unreachedField.target
	n := s.stacksByPriority(&foot.stack)
	seen := s.occB // a German on foot enters no commando's space nor exit box
	seen.or(&d.exits)
	var front [MaxBritish]spaceSet
	var zone [MaxBritish]int8 // the stack of each frontier
	for i := range n {
		front[i], zone[i] = d.moveSet[foot.stack[i]], int8(i)
	}
	// A stack whose frontier empties drops out; the others keep their
	// order.
	for k := int8(1); n > 0; k++ {
		live := 0
		for i := range n {
			f := front[i]
			if k > 1 {
				f = d.neighbours(&front[i])
			}
			f.andNot(&seen)
			if f.empty() {
				continue
			}
			seen.or(&f)
			foot.layer[k&(MaxSpaces-1)].or(&f)
			foot.zone[zone[i]&(MaxBritish-1)].or(&f)
			at := f.and(&s.occG) // where Germans stand
			for sp := at.next(0); sp >= 0; sp = at.next(sp + 1) {
				foot.dist[sp], foot.target[sp] = k, zone[i]
			}
			front[live], zone[live] = f, zone[i]
			live++
		}
		n = live
	}
	foot.valid = true
}

// vehicleCandidates lists the next steps of a vehicle in here: the first
// steps of the shortest paths to its target, read off way or worked out
// into it (see vehicleWays).
func (s *State) vehicleCandidates(here int16, cand *[MaxSpaces]int16, way *vehicleWays) int {
	d := s.data()
	if d.moveSet[here].meets(&s.occB) {
		return 0 // already next to a commando: it stays to fight
	}
	next, ok := way.after(d, here)
	if !ok {
		next = s.vehicleWays(here, way)
	}
	n := 0
	for sp := next.next(0); sp >= 0; sp = next.next(sp + 1) {
		cand[n] = int16(sp)
		n++
	}
	return n
}

// vehicleWays holds the shortest paths of a vehicle to its target, worked
// out from a space: set[j] holds the spaces j moves along them (set[0]
// the space itself), known for j up to depth. A vehicle in set[j] is j
// moves nearer that target than from set[0], which stays the nearest
// and best for it, so its next steps are its neighbours in set[j+1]: the
// ways serve every vehicle that stands on them, as long as the commandos
// and the demolitions stay put (through phase E).
type vehicleWays struct {
	set   [movementAllowance + 1]spaceSet
	depth int
}

// after is the next steps from here read off the ways, if here is on
// them short of depth.
func (w *vehicleWays) after(d *Data, here int16) (spaceSet, bool) {
	for j := 0; j < w.depth; j++ {
		if w.set[j].has(int(here)) {
			return d.moveSet[here].and(&w.set[j+1]), true
		}
	}
	return spaceSet{}, false
}

// vehicleWays works out the ways from here into w and returns the first
// steps (none when no commando is in reach), searching from the vehicle
// since the spaces barred to vehicles depend on the demolitions (8.1
// clarification). A breadth-first search on sets of spaces finds the
// nearest commando stacks (the first layer next to one); the target is the
// one with the most demolition strength among them, then the lowest
// numbered; walking the layers back from the target finds the spaces on a
// shortest path to it.
func (s *State) vehicleWays(here int16, w *vehicleWays) spaceSet {
	d := s.data()
	w.depth = 0
	blocked := s.vehicleBarredSet() // see germanPassable
	blocked.or(&s.occB)
	blocked.or(&d.exits)
	// layers[k]: the open spaces k moves from here.
	var layers [MaxSpaces]spaceSet
	layers[0].put(int(here), true)
	seen := layers[0]
	k := 0
	var stacks spaceSet
	for {
		next := d.neighbours(&layers[k])
		if k > 0 {
			if stacks = next.and(&s.occB); !stacks.empty() {
				break // the stacks next to layer k are the nearest
			}
		}
		next.andNot(&blocked)
		next.andNot(&seen)
		if next.empty() {
			return spaceSet{} // no commando in reach
		}
		k++
		layers[k] = next
		seen.or(&next)
	}
	target, bestP := -1, -1
	for sp := stacks.next(0); sp >= 0; sp = stacks.next(sp + 1) {
		if p := s.stackPriority(int16(sp)); p > bestP {
			target, bestP = sp, p
		}
	}
	w.depth = min(k, movementAllowance)
	w.set[0] = layers[0]
	way := d.moveSet[target].and(&layers[k])
	for ; k > 1; k-- {
		if k <= movementAllowance {
			w.set[k] = way
		}
		back := d.neighbours(&way)
		way = back.and(&layers[k-1])
	}
	w.set[1] = way
	return way
}
