package stnazaire

// Rule 5: the landing pre-phase. Old Mole, then Old Entrance, then
// Campbeltown, each group in its historical order (5.2); each commando that
// lands may then make a normal move (5.2.1, 5.2.4).

const (
	lsNext uint8 = iota
	lsAfterLand
	lsMove
	lsDoneUnit
	lsStack
)

func (s *State) landingUnit() int {
	return int(s.data().LandingOrder[s.aux][s.cursor])
}

func (s *State) stepLanding() {
	d := s.data()
	switch s.step {
	case lsNext:
		if int(s.aux) >= int(numGroups) {
			s.step = lsStack
			return
		}
		if int(s.cursor) >= len(d.LandingOrder[s.aux]) {
			s.aux++
			s.cursor = 0
			return
		}
		u := s.landingUnit()
		if uint8(s.aux) == Campbeltown {
			s.place(u, d.LandingSpace[Campbeltown]) // 5.2.4: no roll
			s.step = lsAfterLand
			return
		}
		s.setRoll(rollLanding, 10, u, -1)
	case lsAfterLand:
		u := s.landingUnit()
		s.step = lsMove
		switch {
		case s.bStatus[u] != bOnMap:
		case int8(u) == d.birney && s.flak12Active():
			s.startFight(u) // 5.2.2
		case s.assistAllowed(u):
			s.setDecision(decAssist, u) // 5.2.3
		}
	case lsMove:
		u := s.landingUnit()
		s.step = lsDoneUnit
		if s.bStatus[u] == bOnMap {
			s.startMove(u)
		}
	case lsDoneUnit:
		s.cursor++
		s.step = lsNext
	case lsStack:
		if !s.checkStacking() {
			s.nextPhase()
		}
	}
}

func (s *State) place(u int, sp int16) {
	s.putB(u, bOnMap, sp)
	s.revealAround(sp)
}

// flak12Active reports whether FlaK #12 is on the map.
func (s *State) flak12Active() bool {
	f := s.data().flak12
	return f >= 0 && s.gLoc[f] == gOnMap
}

// assistAllowed is optional rule 5.2.3: once Birney has failed, another
// assault team landing at the Old Mole may take on FlaK #12.
func (s *State) assistAllowed(u int) bool {
	d := s.data()
	b := &d.British[u]
	return s.opts().BirneyAssist && s.birneyDone && s.flak12Active() && b.Type == Assault &&
		b.Group == OldMole && int8(u) != d.birney
}

// resolveLanding applies the landing table (5.2.1) with the FlaK #12 bonus
// once that gun is out (5.2.2).
func (s *State) resolveLanding(u, face int) {
	d := s.data()
	z := d.British[u].Group
	roll := face
	if d.flak12 >= 0 && !s.flak12Active() {
		roll += d.flak12Bonus[z]
	}
	res := d.landing[z][clampInt(roll, 1, 10)-1]
	if int8(u) == d.birney {
		s.birneyDone = res != landLanded // a landed Birney is done after the fight
	}
	if res == landLanded {
		s.place(u, d.LandingSpace[z])
		s.step = lsAfterLand
		return
	}
	s.putB(u, bNotLanded, -1) // not counted in VP (13 erratum)
	s.step = lsDoneUnit
}

// startFight begins the combat between one commando and FlaK #12 alone
// (5.2.2): both fire, results apply together.
func (s *State) startFight(u int) {
	s.bHit[u], s.gHit[s.data().flak12] = 0, 0
	s.setRoll(rollFightB, 10, u, int(s.data().flak12))
}

func (s *State) resolveFight(kind uint8, u, face int) {
	d := s.data()
	f := int(d.flak12)
	if kind == rollFightB {
		s.gHit[f] = addResult(s.gHit[f], d.crtResult(s.bStrength(u), face+s.defenceModifier(s.gSpace[f], false)))
		s.setRoll(rollFightG, 10, u, f)
		return
	}
	s.bHit[u] = addResult(s.bHit[u], d.crtResult(int(d.German[f].Strength), face+s.defenceModifier(s.bSpace[u], false)))
	flakSpace := s.gSpace[f]
	s.applyHits()
	if int8(u) == d.birney {
		s.birneyDone = true
	}
	if !s.flak12Active() && s.bStatus[u] == bOnMap && !s.bf.has(u, fPinned) {
		s.moveUnit(u, flakSpace) // the winner occupies the gun's space
	}
}
