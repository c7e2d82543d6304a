package stnazaire

// The sequence of play (4) as a resumable machine. advance runs the rules
// until the British must decide, a die must be rolled, or the game ends;
// Apply feeds it one decision or one die.

func (s *State) advance() {
	for s.dec == decNone && s.roll == rollNone && s.phase != phOver {
		switch s.phase {
		case phLanding:
			s.stepLanding()
		case phCohesion:
			s.stepCohesion()
		case phMove:
			s.stepMovement()
		case phCombatC, phCombatF:
			s.stepCombat()
		case phDemolition:
			s.stepDemolition()
		case phGerman:
			s.stepGerman()
		case phAdvance:
			s.stepAdvance()
		}
	}
}

// nextPhase moves to the next phase of the turn, skipping British movement
// on turn 1 (4: "except first turn"), and ends a game nobody is left to play.
func (s *State) nextPhase() {
	s.step, s.cursor, s.aux, s.aux2 = 0, 0, 0, 0
	if s.phase != phLanding && !s.anyBritishLeft() {
		s.finish()
		return
	}
	s.phase++
	if s.phase == phMove && s.turn == 1 {
		s.phase++
	}
}

func (s *State) setRoll(kind uint8, k int, unit, target int) {
	s.roll, s.rollK, s.rollU, s.rollT = kind, int8(k), int16(unit), int16(target)
}

func (s *State) setDecision(kind uint8, unit int) {
	s.dec, s.decUnit = kind, int8(unit)
}

// onRoll resolves the pending die.
func (s *State) onRoll(face int) {
	kind, u, t := s.roll, int(s.rollU), int(s.rollT)
	s.roll, s.rollK, s.rollU, s.rollT = rollNone, 0, -1, -1
	switch kind {
	case rollLanding:
		s.resolveLanding(u, face)
	case rollFightB, rollFightG:
		s.resolveFight(kind, u, face)
	case rollCohesion:
		s.resolveCohesion(u, face)
	case rollZoC:
		if face >= 5 {
			s.offerDestinations(u)
		}
	case rollStack:
		s.resolveStack(int16(t), face)
	case rollAttackB:
		s.resolveBritishShot(u, t, face)
	case rollAttackG:
		s.resolveGermanShot(u, t, face)
	case rollQuad:
		s.resolveQuad(u, face)
	case rollDemolition:
		s.resolveDemolition(u, face)
	case rollReinfBlack:
		s.aux2 = int16(face)
		s.setRoll(rollReinfColour, 10, -1, -1)
	case rollReinfColour:
		s.placeReinforcements(int(s.aux2), face)
	case rollGermanTie:
		s.resolveGermanTie(u, face)
	}
}

// onDecision resolves the pending British decision.
func (s *State) onDecision(kind string, arg int) {
	dec, u := s.dec, int(s.decUnit)
	s.dec, s.decUnit = decNone, -1
	switch dec {
	case decSelect:
		if kind == "pass" {
			s.step = mvStack
			return
		}
		s.bf.put(arg, fMoved, true)
		s.startMove(arg)
	case decMoveDest, decOccupy, decDisplace:
		if kind == "to" {
			s.moveUnit(u, int16(arg))
		}
	case decAssist:
		if kind == "fire" {
			s.startFight(u)
		}
	case decFire:
		if kind == "fire" {
			s.declareFire(u, arg)
		}
	case decGermanMove:
		s.germanMoveDecided(u, kind, arg)
	case decGermanFire:
		s.germanAttack(u, arg)
	case decDemolish:
		if kind == "demolish" {
			s.bf.put(u, fTried, true)
			s.setRoll(rollDemolition, 10, u, -1)
		}
	}
}

// moveUnit puts a commando in a space; an exit box takes it off the map.
func (s *State) moveUnit(u int, sp int16) {
	if s.data().Spaces[sp].Exit >= 0 {
		s.putB(u, bExited, -1)
		return
	}
	s.putB(u, bOnMap, sp)
	s.revealAround(sp)
}

// Step values for the stacking check shared by movement phases.
func (s *State) overstackedSpace() int16 {
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		if s.cntB[sp] > 3 {
			return int16(sp)
		}
	}
	return -1
}

// checkStacking rolls to eliminate one excess unit of the first overstacked
// space (7) and reports whether a roll is pending.
func (s *State) checkStacking() bool {
	sp := s.overstackedSpace()
	if sp < 0 {
		return false
	}
	s.setRoll(rollStack, s.nBritishAt(sp), -1, int(sp))
	return true
}

// resolveStack eliminates the face-th commando (by counter order) of an
// overstacked space: a D10 read 1..k, rerolling higher faces (7).
func (s *State) resolveStack(sp int16, face int) {
	k := 0
	for u := range s.data().British {
		if s.bStatus[u] == bOnMap && s.bSpace[u] == sp {
			k++
			if k == face {
				s.eliminateBritish(u)
				return
			}
		}
	}
}

func (s *State) stepAdvance() {
	s.turn++
	for u := range s.data().British {
		s.bf.put(u, fFiredC|fTried|fMoved, false)
	}
	if int(s.turn) > s.opts().Turns {
		s.turn--
		s.finish()
		return
	}
	s.phase, s.step, s.cursor = phCohesion, 0, 0
	if !s.anyBritishLeft() {
		s.finish()
	}
}

// finish ends the game: commandos still on the map are captured (13, 14).
func (s *State) finish() {
	for u := range s.data().British {
		if s.bStatus[u] == bOnMap {
			s.putB(u, bCaptured, -1)
			s.vp -= 2
			s.lost++
		}
	}
	s.phase, s.dec, s.roll = phOver, decNone, rollNone
}
