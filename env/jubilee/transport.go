package jubilee

// Transport, evacuation, step losses and surrender (6.9, 12).

// evacuate puts a unit in the Evacuated Units box with its steps.
func (s *State) evacuate(u int) {
	s.cwSt[u], s.cwAt[u] = cwEvac, -1
	s.evacSteps += int16(s.cwSteps[u])
	s.cwF[u] &^= fDisrupted | fAtkDis
}

// evacuateLoose evacuates the steps boarded by making change.
func (s *State) evacuateLoose() {
	for b, n := range s.boxLoose {
		s.evacSteps += int16(n)
		s.looseEvac += int16(n)
		s.boxLoose[b] = 0
	}
}

// eliminate puts a unit in the Eliminated Units box (6.9); a one-step
// replacement returns to the replacement pool instead.
func (s *State) eliminate(u int) {
	c := &s.data().CW[u]
	s.elimSteps += int16(s.cwSteps[u])
	s.cwSteps[u] = 0
	s.cwSt[u], s.cwAt[u] = cwElim, -1
	if s.cwF[u]&fRepl != 0 {
		s.repl[c.Symbol]++
	} else if c.Type == Infantry {
		s.countThreeStep()
	}
	s.cwF[u] &^= fDisrupted | fAtkDis
}

// countThreeStep counts an original infantry counter into the Eliminated
// box (12.2, ruling J22).
func (s *State) countThreeStep() {
	s.elim3++
	if s.elim3 >= 10 {
		s.setEvac(s.dieppeMap())
	}
}

// loseStep removes a step (6.9): a two-step infantry unit becomes a
// one-step replacement of its symbol, if one is left (ruling J29).
func (s *State) loseStep(u int) {
	c := &s.data().CW[u]
	switch {
	case s.cwSteps[u] <= 1:
		s.eliminate(u)
	case c.Type == Infantry && s.cwSteps[u] == 2:
		if s.repl[c.Symbol] == 0 {
			s.eliminate(u)
			return
		}
		s.repl[c.Symbol]--
		s.cwSteps[u] = 1
		s.cwF[u] |= fRepl
		s.elimSteps++
		s.countThreeStep()
	default:
		s.cwSteps[u]--
		s.elimSteps++
	}
}

// setEvac switches a map to evacuation mode (12.1-12.4).
func (s *State) setEvac(m int8) {
	if s.evac[m] {
		return
	}
	s.evac[m] = true
	for u := range s.data().CW {
		if s.cwSt[u] == cwTrack && s.mapOfUnit(u) == m {
			s.evacuate(u)
		}
	}
}

// loseTP removes a transport point; at zero the CW units surrender (12.8).
func (s *State) loseTP(t int) {
	if s.tp[t] == 0 {
		return
	}
	s.tp[t]--
	if s.tp[t] == 0 {
		s.surrender(t)
	}
}

// surrender applies 12.8 when track t reaches zero.
func (s *State) surrender(t int) {
	d := s.data()
	m := d.Tracks[t].Map
	all := true
	for _, k := range d.trackOfMap[m] {
		all = all && s.tp[k] == 0
	}
	for u := range d.CW {
		if s.cwSt[u] != cwMap || d.Hexes[s.cwAt[u]].Map != m {
			continue
		}
		if all {
			s.eliminate(u)
			continue
		}
		h := int(s.cwAt[u])
		for _, b := range d.Boxes {
			if int(b.Track) == t && (int(b.Beach) == h || s.adjacentTo(h, int(b.Beach))) {
				s.eliminate(u)
				break
			}
		}
	}
}

// boardCost is the transport points a unit needs (10.8-10.11).
func (s *State) boardCost(u int) int {
	if s.data().CW[u].Type == Tank {
		return 2 * int(s.cwSteps[u])
	}
	return int(s.cwSteps[u])
}

// canMakeChange reports whether a three-step infantry unit may board k
// steps (1 or 2) by making change (10.9): a replacement of its symbol takes
// the step that stays (k = 2) or the one that goes (k = 1). It is offered
// only when the whole unit does not fit the transport limit.
func (s *State) canMakeChange(u, k int) bool {
	d := s.data()
	c := &d.CW[u]
	if c.Type != Infantry || s.cwSteps[u] != 3 || s.repl[c.Symbol] == 0 {
		return false
	}
	h := s.cwAt[u]
	b := d.Hexes[h].Box
	if b < 0 {
		return false
	}
	m, t := d.Hexes[h].Map, d.Boxes[b].Track
	room := int(s.tp[t] - s.boarded[t])
	if !s.evac[m] || room >= 3 || k > room {
		return false
	}
	return s.boardingOpen(h)
}

// makeChange boards k steps of a three-step unit (10.9). With k = 2 the
// original counter, flipped, boards and a one-step replacement stays; with
// k = 1 the replacement boards and the flipped original stays. The boarded
// steps ride in the box as loose steps until evacuated.
func (s *State) makeChange(u, k int) {
	d := s.data()
	c := &d.CW[u]
	h := s.cwAt[u]
	b := d.Hexes[h].Box
	t := d.Boxes[b].Track
	s.repl[c.Symbol]--
	s.boarded[t] += int8(k)
	s.lockBoarding(h)
	s.boxLoose[b] += int8(k)
	s.cwSteps[u] = int8(3 - k)
	if k == 2 {
		s.cwF[u] |= fRepl | fChanged
	} else {
		s.replOut[c.Symbol]++
	}
}

// boardingOpen reports whether units may board from beach hex h under
// 10.13: on the Yellow and Orange maps (one transport track each), once a
// unit has boarded, the others board only from that same beach (ruling
// J38), or that same hex with board_from=hex.
func (s *State) boardingOpen(h int16) bool {
	d := s.data()
	m := d.Hexes[h].Map
	first := s.boardHex[m]
	switch {
	case len(d.trackOfMap[m]) > 1 || first < 0 || first == h:
		return true
	case s.opts().BoardFromHex:
		return false
	}
	return d.beach[first] == d.beach[h]
}

// lockBoarding records the first hex boarded from on a map 10.13 governs.
func (s *State) lockBoarding(h int16) {
	d := s.data()
	if m := d.Hexes[h].Map; len(d.trackOfMap[m]) == 1 && s.boardHex[m] < 0 {
		s.boardHex[m] = h
	}
}

// canBoard reports whether unit u may board transport now (10.8-10.13).
func (s *State) canBoard(u int) bool {
	d := s.data()
	h := s.cwAt[u]
	b := d.Hexes[h].Box
	if b < 0 {
		return false
	}
	m, t := d.Hexes[h].Map, d.Boxes[b].Track
	if !s.evac[m] || s.tp[t] == 0 || s.boardCost(u) > int(s.tp[t]-s.boarded[t]) {
		return false
	}
	return s.boardingOpen(h)
}

func (s *State) board(u int) {
	d := s.data()
	h := s.cwAt[u]
	b := d.Hexes[h].Box
	t := d.Boxes[b].Track
	s.boarded[t] += int8(s.boardCost(u))
	s.lockBoarding(h)
	s.cwSt[u], s.cwAt[u] = cwBox, int16(b)
}
