package jubilee

// The sequence of play (4.1): advance runs the rules until a decision or
// a chance node is pending, or the game is over.

func (s *State) advance() {
	for s.phase != phOver && s.dec == decNone && s.roll == rollNone {
		switch s.phase {
		case phSetup:
			s.runSetup()
		case phTransport:
			s.runTransport()
		case phOps:
			s.runOps()
		case phBonus, phAction:
			s.runAction()
		case phEnd:
			s.runEnd()
		}
	}
}

// townCoastal lists the positions of 3.2 and 16.3 (0517, 0620, 0522).
func (s *State) townCoastal() [3]int8 {
	d := s.data()
	out := [3]int8{-1, -1, -1}
	for i, id := range []string{"0517", "0620", "0522"} {
		if h, ok := d.hexIdx[id]; ok {
			out[i] = d.Hexes[h].Pos
		}
	}
	return out
}

// runSetup: 16.3's bombardment, then the commando disposition (3.4).
func (s *State) runSetup() {
	d := s.data()
	switch s.step {
	case 0:
		if s.opts().Bombardment && s.cursor < 2 {
			s.dec = decRemove
			return
		}
		if s.opts().Bombardment {
			for _, p := range s.townCoastal() {
				if p >= 0 && s.posUnit[p] >= 0 {
					s.gF[s.posUnit[p]] |= gDisrupted
				}
			}
			s.wallDown = true
		}
		s.step, s.cursor = 1, 0
	case 1:
		if s.opts().NoConvoy {
			s.aux = -1
			s.tp[0], s.tp[1] = min(4, d.Tracks[0].Max), min(4, d.Tracks[1].Max)
			s.step = 2
			return
		}
		s.roll = rollDisp
	case 2:
		// cursor 0: Yellow, 1: Orange.
		if s.cursor >= 2 {
			s.phase, s.step, s.cursor = phTransport, 0, 0
			return
		}
		m := d.Tracks[s.cursor].Map
		want := 5
		if s.aux >= 0 {
			want = int(d.Disposition[s.aux][2*s.cursor])
		}
		total, picked := 0, 0
		for u, c := range d.CW {
			if c.Type == Commando && c.Turn == 1 && s.cwSt[u] == cwTrack && s.mapOfUnit(u) == m {
				total++
				if s.cwF[u]&fPicked != 0 {
					picked++
				}
			}
		}
		if want >= total {
			for u, c := range d.CW {
				if c.Type == Commando && c.Turn == 1 && s.cwSt[u] == cwTrack && s.mapOfUnit(u) == m {
					s.cwF[u] |= fPicked
				}
			}
		} else if picked < want {
			s.aux2 = int16(m)
			s.roll = rollPick
			return
		}
		for u, c := range d.CW {
			if c.Type == Commando && c.Turn == 1 && s.cwSt[u] == cwTrack && s.mapOfUnit(u) == m && s.cwF[u]&fPicked == 0 {
				s.evacuate(u) // 3.4: the unselected go to the Evacuated Units box
			}
		}
		s.cursor++
	}
}

func (s *State) pickable(u int) bool {
	c := &s.data().CW[u]
	return c.Type == Commando && c.Turn == 1 && s.cwSt[u] == cwTrack && s.cwF[u]&fPicked == 0 && int16(s.mapOfUnit(u)) == s.aux2
}

// runEnd is phase IV, with the turn-count evacuation triggers (12.2, 12.3).
func (s *State) runEnd() {
	d := s.data()
	if s.turn >= 7 {
		s.setEvac(d.Tracks[0].Map)
		s.setEvac(d.Tracks[1].Map)
	}
	if s.turn >= 15 {
		s.setEvac(s.dieppeMap())
	}
	onMap, anywhere := false, false
	for u := range d.CW {
		switch s.cwSt[u] {
		case cwMap:
			onMap, anywhere = true, true
		case cwBox:
			anywhere = true
		case cwTrack:
			anywhere = anywhere || int(s.cwTurn[u]) <= s.opts().Turns
		}
	}
	if int(s.turn) >= s.opts().Turns || (s.turn > 16 && !onMap) || !anywhere {
		s.finish()
		return
	}
	if d.Refill[s.turn] {
		for c := range d.Chits {
			if s.chitSt[c] == chAside {
				s.chitSt[c] = chCup
			}
		}
	}
	s.turn++
	s.phase, s.step, s.cursor, s.draws = phTransport, 0, 0, 0
}

// finish ends the game (14.1); units that boarded count as evacuated
// (ruling J2).
func (s *State) finish() {
	if !s.opts().StrictEvac {
		for u := range s.data().CW {
			if s.cwSt[u] == cwBox && s.evac[s.mapOfUnit(u)] {
				s.evacuate(u)
			}
		}
		s.evacuateLoose()
	}
	s.phase, s.dec, s.roll = phOver, decNone, rollNone
}

// nDraws is the number of op chits drawn this turn (4.1 II, 16.3, 16.4).
func (s *State) nDraws() int {
	o := s.opts()
	switch {
	case s.turn == 1 && !o.Bombardment:
		return 1
	case s.turn == 2 && o.EarlyFlanks && !o.Bombardment:
		return 2
	}
	return 3
}

// chance applies a chance outcome.
func (s *State) chance(a int) {
	r := s.roll
	s.roll = rollNone
	face := a - aRoll + 1
	switch r {
	case rollDisp:
		s.aux = int16(face - 1)
		row := s.data().Disposition[face-1]
		s.tp[0], s.tp[1] = row[1], row[3]
		s.step, s.cursor = 2, 0
	case rollPick:
		s.cwF[a-aUnit] |= fPicked
	case rollLanding:
		s.landingResult(face)
	case rollChit:
		s.drawn(a - aChit)
	case rollInfilChit:
		s.infiltrationResult(a - aChit)
	case rollAssault:
		s.assaultResult(face)
	case rollEvent:
		s.event(face)
	case rollWall:
		if face == 1 {
			s.wallDown = true
		}
	case rollBarrage:
		s.barrageResult(face)
	}
}

// decide applies a decision.
func (s *State) decide(a int) {
	d := s.data()
	dec := s.dec
	s.dec = decNone
	switch dec {
	case decRemove:
		p := d.Hexes[a-aHex].Pos
		g := s.posUnit[p]
		s.posUnit[p], s.gPos[g] = -1, -1
		s.cursor++
	case decBox:
		s.placeInBox(int(s.sel), a-aBox)
		s.sel = -1
		s.cursor++
	case decDrift:
		s.cwAt[s.sel] = int16(a - aBox)
		s.sel = -1
	case decDelay:
		u := int(s.sel)
		s.sel = -1
		if a == aYes {
			s.evacuate(u)
		} else {
			s.cwSt[u], s.cwTurn[u], s.cwAt[u] = cwTrack, s.turn+1, -1
		}
	case decFireTie:
		s.applyHit(s.curPos(), a-aUnit)
		s.hits--
		s.cand = 0
	case decGFire:
		u := a - aUnit
		_, group := s.fireGroup(s.curPos())
		if group&(1<<u) != 0 && popcount(group) > 1 {
			s.cand, s.dec = group, decFireTie
			return
		}
		s.applyHit(s.curPos(), u)
		s.hits--
	case decGMove:
		p := s.curPos()
		s.cursor++
		s.doMove(p, a)
	case decGDepth:
		s.cand = 0
		s.placeDepth(int(d.Hexes[a-aHex].Pos))
	case decRetreat:
		s.retreatTo(int16(a - aHex))
	case decAir:
		s.cand = 0
		s.airStrike(int(d.Hexes[a-aHex].Pos))
	case decRecall:
		s.cand = 0
		s.loseTP(a - aTrack)
	case decSelect:
		if a == aPass {
			s.step = 2
			return
		}
		s.sel, s.dec = int8(a-aUnit), decVerb
	case decVerb:
		s.doVerb(a)
	case decJoin:
		if a == aPass {
			s.resolveAttack()
			return
		}
		s.atk |= 1 << (a - aUnit)
		s.dec = decJoin
	case decAttrition:
		if a != aPass {
			s.loseStep(a - aUnit)
			s.removeDepth(int(s.posUnit[s.tgt]))
		}
		s.endAttack()
	case decInfil:
		u := int(s.sel)
		if a == aYes {
			s.cwAt[u] = s.aux
		}
		s.sel = -1
	case decStack:
		s.eliminate(a - aUnit)
	}
}
