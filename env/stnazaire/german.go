package stnazaire

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
		for g := range d.German {
			s.gMovesLeft[g] = movementAllowance
		}
		s.step, s.cursor = eMove, 0
		s.setRoll(rollReinfBlack, 10, -1, -1)
	case eMove:
		for int(s.cursor) < len(d.German) {
			g := int(s.cursor)
			if s.gLoc[g] == gOnMap && !s.gPinned[g] && !s.gImmobile(g) && s.gMovesLeft[g] > 0 {
				s.germanStep(g)
				return
			}
			s.cursor++
		}
		s.reveal()
		s.nextPhase()
	}
}

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
	for k := range 2 {
		sp := d.EntrySpace[areas[k]]
		for range counts[k] {
			if s.nBritishAt(sp) > 0 || s.nGermanAt(sp) >= 3 {
				break
			}
			g := s.drawFrom(func(i int) bool { return s.gLoc[i] == pool })
			if g < 0 {
				break
			}
			s.gLoc[g], s.gSpace[g], s.gConcealed[g], s.gPinned[g], s.gOrigin[g] = gOnMap, sp, true, false, origin
			s.gMovesLeft[g] = movementAllowance - 1
		}
	}
	s.reveal()
}

// vehicleBarred: vehicles never enter spaces 6 and 15, nor 8, 9, 14 and 17
// once destroyed (8.1 clarification). Those numbers are the objective
// numbers printed on the spaces.
func (s *State) vehicleBarred(g int, sp int16) bool {
	d := s.data()
	if !d.German[g].Vehicle {
		return false
	}
	switch d.Spaces[sp].Objective {
	case 6, 15:
		return true
	case 8, 9, 14, 17:
		return s.destroyed[sp]
	}
	return false
}

// germanPassable: g may enter sp: no commando there, not an exit box, and
// not barred to vehicles.
func (s *State) germanPassable(g int, sp int16, nb *[MaxSpaces]int8) bool {
	return nb[sp] == 0 && s.data().Spaces[sp].Exit < 0 && !s.vehicleBarred(g, sp)
}

// germanStep moves g one space toward its target (8.1): the nearest
// commando stack, the one with the most demolition-team strength among
// equals. It stops next to the target, on entering a British ZoC, or when
// the next space is full (3 units). Equal next spaces go to the lowest
// numbered, or under the variant to the emptiest, then square, then a D10.
func (s *State) germanStep(g int) {
	var cand [MaxSpaces]int16
	n := s.germanCandidates(g, &cand)
	switch {
	case n == 0:
		s.gMovesLeft[g] = 0
	case n == 1 || !s.opts().GermanVariant:
		s.germanEnter(g, cand[0])
	default:
		s.setRoll(rollGermanTie, n, g, -1)
	}
}

func (s *State) resolveGermanTie(g, face int) {
	var cand [MaxSpaces]int16
	s.germanCandidates(g, &cand)
	s.germanEnter(g, cand[face-1])
}

func (s *State) germanEnter(g int, sp int16) {
	s.gSpace[g] = sp
	s.gMovesLeft[g]--
	if s.britishZoCAt(sp) {
		s.gMovesLeft[g] = 0 // 6.1: entering an enemy ZoC ends the move
	}
	s.reveal()
}

// germanCandidates fills cand with the spaces g may step into next, best
// first, and returns how many tie for best (under the variant) or 1.
func (s *State) germanCandidates(g int, cand *[MaxSpaces]int16) int {
	d := s.data()
	var nb, ng [MaxSpaces]int8
	s.occupancy(&nb, &ng)
	here := s.gSpace[g]
	// Distances from g over passable spaces.
	var dist [MaxSpaces]int8
	s.germanBFS(g, &nb, []int16{here}, &dist)
	target, best, bestP := int16(-1), int8(127), -1
	for sp := range d.Spaces {
		if nb[sp] == 0 {
			continue
		}
		dd := int8(127)
		if d.moveLinked[here][sp] {
			dd = 1
		}
		for _, a := range d.Move[sp] {
			if dist[a] < 127 && dist[a]+1 < dd {
				dd = dist[a] + 1
			}
		}
		if dd == 127 {
			continue
		}
		p := s.stackPriority(int16(sp))
		if dd < best || (dd == best && p > bestP) {
			target, best, bestP = int16(sp), dd, p
		}
	}
	if target < 0 || best <= 1 {
		return 0 // no commando in reach, or already next to the target
	}
	// Distances to the spaces next to the target, to walk a shortest path.
	var goals [MaxSpaces]int16
	goalsBuf := goals[:0]
	for _, a := range d.Move[target] {
		if s.germanPassable(g, a, &nb) {
			goalsBuf = append(goalsBuf, a)
		}
	}
	var toGoal [MaxSpaces]int8
	s.germanBFS(g, &nb, goalsBuf, &toGoal)
	n := 0
	for _, a := range d.Move[here] {
		if toGoal[a] < 127 && toGoal[a] == toGoal[here]-1 && s.germanPassable(g, a, &nb) && ng[a] < 3 {
			cand[n] = a
			n++
		}
	}
	if n <= 1 || !s.opts().GermanVariant {
		return n
	}
	// Variant: spread evenly (fewest Germans), then prefer square spaces;
	// the ties that remain go to a die.
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
		if key(cand[i]) == bestKey {
			cand[keep] = cand[i]
			keep++
		}
	}
	return keep
}

// germanBFS fills dist with move distances from the sources over spaces g
// may pass; 127 where unreachable. Sources count as distance 0.
func (s *State) germanBFS(g int, nb *[MaxSpaces]int8, sources []int16, dist *[MaxSpaces]int8) {
	d := s.data()
	for i := range d.Spaces {
		dist[i] = 127
	}
	var q [MaxSpaces]int16
	head, tail := 0, 0
	for _, sp := range sources {
		if dist[sp] != 0 {
			dist[sp] = 0
			q[tail] = sp
			tail++
		}
	}
	for head < tail {
		sp := q[head]
		head++
		for _, n := range d.Move[sp] {
			if dist[n] == 127 && s.germanPassable(g, n, nb) {
				dist[n] = dist[sp] + 1
				q[tail] = n
				tail++
			}
		}
	}
}
