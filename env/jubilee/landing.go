package jubilee

// Phase I, CW amphibious transport (5): units due this turn go into their
// Beach Landing boxes, then each non-commando unit makes a landing check.

func (s *State) runTransport() {
	d := s.data()
	switch s.step {
	case 0:
		for ; int(s.cursor) < len(d.CW); s.cursor++ {
			u := int(s.cursor)
			if s.cwSt[u] != cwTrack || s.cwTurn[u] != s.turn {
				continue
			}
			if s.evac[s.mapOfUnit(u)] { // 12.4
				s.evacuate(u)
				continue
			}
			n, last := 0, -1
			cnt := s.boxCounts()
			for b := range d.Boxes {
				if s.boxFitsIn(&cnt, u, b) {
					n, last = n+1, b
				}
			}
			switch n {
			case 0: // every box is full: the unit waits a turn (ruling J28)
				s.cwTurn[u]++
			case 1:
				s.placeInBox(u, last)
			default:
				s.sel, s.dec = int8(u), decBox
				return
			}
		}
		s.step, s.cursor = 1, 0
	case 1:
		for ; int(s.cursor) < len(d.CW); s.cursor++ {
			u := int(s.cursor)
			if s.cwSt[u] == cwBox && s.cwF[u]&fNew != 0 && d.CW[u].Type != Commando {
				s.sel, s.roll = int8(u), rollLanding
				return
			}
		}
		for u := range d.CW {
			s.cwF[u] &^= fNew
		}
		s.phase, s.step, s.cursor, s.draws = phOps, opDraw, 0, 0
	}
}

// boxFits reports whether unit u may be placed in box b (5.2-5.4): a box
// with ID letters, on a map still landing, with room for it, named on the
// counter; a counter naming a beach takes any box of it, and one naming
// no beach any box of the Dieppe map. A unit whose own box is full may use
// another box of the same beach (ruling J28).
func (s *State) boxFits(u, b int) bool {
	cnt := s.boxCounts()
	return s.boxFitsIn(&cnt, u, b)
}

// boxCounts counts the units in each box.
func (s *State) boxCounts() [MaxBoxes]int8 {
	var cnt [MaxBoxes]int8
	for u := range s.data().CW {
		if s.cwSt[u] == cwBox {
			cnt[s.cwAt[u]]++
		}
	}
	return cnt
}

func (s *State) boxFitsIn(cnt *[MaxBoxes]int8, u, b int) bool {
	d := s.data()
	bx := &d.Boxes[b]
	if !bx.Labelled || s.evac[bx.Map] || cnt[b] >= 2 {
		return false
	}
	c := &d.CW[u]
	switch {
	case c.Box >= 0:
		return b == int(c.Box) || (cnt[c.Box] >= 2 && bx.Letter == d.Boxes[c.Box].Letter)
	case c.Letter != 0:
		return bx.Letter == c.Letter
	}
	return bx.Map == s.dieppeMap()
}

func (s *State) placeInBox(u, b int) {
	s.cwSt[u], s.cwAt[u] = cwBox, int16(b)
	s.cwF[u] |= fNew
}

// landingColumn picks the CW Landing Table column (5.5, 16.4).
func (s *State) landingColumn(u int) int {
	if s.data().CW[u].Type == Tank {
		return 3
	}
	switch {
	case s.turn <= 2 && s.opts().EarlyFlanks:
		return 1
	case s.turn <= 2:
		return 0
	case s.turn == 3:
		return 1
	}
	return 2
}

// landingResult applies a landing check (5.5-5.7).
func (s *State) landingResult(face int) {
	d := s.data()
	u := int(s.sel)
	s.sel = -1
	s.cursor++
	b := s.cwAt[u]
	switch d.Landing[s.landingColumn(u)][face-1] {
	case landDisrupted:
		s.cwF[u] |= fDisrupted
	case landDriftEast, landDriftWest:
		if s.opts().DriftChoice && d.Boxes[b].East >= 0 && d.Boxes[b].West >= 0 {
			s.sel, s.dec = int8(u), decDrift
			return
		}
		to := d.Boxes[b].East
		if d.Landing[s.landingColumn(u)][face-1] == landDriftWest || (s.opts().DriftChoice && to < 0) {
			to = d.Boxes[b].West
		}
		if to >= 0 {
			s.cwAt[u] = int16(to)
			return
		}
		s.delay(u) // 5.6: no box to drift into
	case landDelay:
		s.delay(u)
	}
}

// delay returns a unit to the track a turn ahead, or from turn 8 offers
// the Evacuated box (5.7).
func (s *State) delay(u int) {
	s.cwF[u] &^= fNew | fDisrupted
	if s.turn >= 8 {
		s.sel, s.dec = int8(u), decDelay
		return
	}
	s.cwSt[u], s.cwTurn[u], s.cwAt[u] = cwTrack, s.turn+1, -1
}
