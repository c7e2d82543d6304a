package stnazaire

import "math/bits"

// Rule 10, phase A: pinned units check cohesion. A D10, plus one for each
// adjacent space holding the enemy, at or under the side's cohesion level
// (British 7, German 6) returns the unit to normal. Newman, and every unit
// stacked with him, recovers without a roll.

const (
	cohesionBritish = 7
	cohesionGerman  = 6
)

func (s *State) stepCohesion() {
	d := s.data()
	nB := len(d.British)
	// The cursor walks the commandos, then the German counters, on the map.
	for int(s.cursor) < nB {
		i := s.nextOnMapB(int(s.cursor))
		if i < 0 {
			s.cursor = int16(nB)
			break
		}
		s.cursor = int16(i + 1)
		if !s.bf.has(i, fPinned) {
			continue
		}
		if s.withNewman(i) {
			s.bf.put(i, fPinned, false)
			continue
		}
		s.setRoll(rollCohesion, 10, i, -1)
		return
	}
	for int(s.cursor) < nB+len(d.German) {
		rest := s.onMapG &^ (1<<(int(s.cursor)-nB) - 1)
		if rest == 0 {
			break
		}
		g := bits.TrailingZeros64(rest)
		s.cursor = int16(nB + g + 1)
		if s.gf.has(g, fPinned) {
			s.setRoll(rollCohesion, 10, nB+g, -1)
			return
		}
	}
	s.nextPhase()
}

// withNewman: u is Newman, or shares his space (10).
func (s *State) withNewman(u int) bool {
	n := int(s.data().newman)
	return n >= 0 && s.bStatus[n] == bOnMap && (n == u || s.bSpace[n] == s.bSpace[u])
}

// resolveCohesion: unit i counts British units first, then German ones.
func (s *State) resolveCohesion(i, face int) {
	d := s.data()
	if nB := len(d.British); i >= nB {
		g := i - nB
		if face+s.enemyAdjacentSpaces(s.gSpace[g], true) <= cohesionGerman {
			s.pinG(g, false)
		}
		return
	}
	if face+s.enemyAdjacentSpaces(s.bSpace[i], false) <= cohesionBritish {
		s.bf.put(i, fPinned, false)
	}
}

// enemyAdjacentSpaces counts the spaces next to sp (solid lines) that hold
// the enemy of the side in sp: commandos if german, else Germans.
func (s *State) enemyAdjacentSpaces(sp int16, german bool) int {
	n := 0
	for _, a := range s.data().Move[sp] {
		if (german && s.nBritishAt(a) > 0) || (!german && s.germanAt(a)) {
			n++
		}
	}
	return n
}
