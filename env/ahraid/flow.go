package ahraid

import (
	"github.com/chariot-ai/chariot/env"
)

// The turn runs as a machine: each step function resumes from Sub and
// Cursor, and either asks for a die (Roll) or a decision (Dec) and returns,
// or finishes the step. A roll or a decision is handled by the step that
// asked for it, which then sets the next question or resets Sub.

// advance runs the automatic parts until a die or a decision is due.
func (s *State) advance() {
	for s.Roll == rollNone && s.Dec == decNone && s.Step != stepOver {
		switch s.Step {
		case stepRepair:
			s.stepRepair()
		case stepSearchlight:
			s.stepSearchlight()
		case stepHarbour:
			s.stepHarbour()
		case stepCover:
			s.stepCover()
		case stepQuay:
			s.stepQuay()
		case stepBoatMove:
			s.stepBoatMove()
		case stepWithdraw:
			s.stepWithdraw()
		case stepClear:
			s.stepClear()
		case stepLanding:
			s.stepLanding()
		case stepActivation:
			s.stepActivation()
		case stepCdoMove:
			s.stepCdoMove()
		case stepGerMove:
			s.stepGerMove()
		case stepCdoFire:
			s.stepCdoFire()
		case stepLongRange:
			s.stepLongRange()
		case stepGerFire:
			s.stepGerFire()
		case stepTowers:
			s.stepTowers()
		case stepLosses:
			s.stepLosses()
		case stepDemolition:
			s.stepDemolition()
		case stepCharges:
			s.stepCharges()
		case stepConsolidate:
			s.stepConsolidate()
		case stepTurn:
			s.stepTurn()
		case stepEnd:
			s.stepEnd()
		default:
			s.Step = stepOver
		}
	}
}

// nextStep moves to the next step of the turn.
func (s *State) nextStep() {
	s.Step++
	if s.Step == 12 {
		s.Step = stepGerMove
	}
	s.Sub, s.Cursor, s.Aux, s.Aux2, s.Attempts, s.Flag, s.NOpts = 0, 0, 0, 0, 0, false, 0
}

// ask sets a chance node: a d6, 2d6, a pick of 1..k or a cup draw.
func (s *State) ask(kind uint8, k int) {
	s.Roll, s.RollK = kind, int8(k)
}

// offer sets decision dec if it has a choice besides passing.
func (s *State) offer(dec uint8) bool {
	s.Dec = dec
	if dec == decCdoMove {
		// Pass and more: the exit, or an area in reach, and an area is in
		// reach only if a neighbour is, one line away.
		if u := int(s.Cursor); s.mayExit(u) || s.canStep(u) {
			return true
		}
		s.Dec = decNone
		return false
	}
	var arr [numActions]env.Action
	if len(s.decisions(arr[:0])) > 1 || (dec >= decGerMove && len(s.decisions(arr[:0])) > 0) {
		return true
	}
	s.Dec = decNone
	return false
}

// onRoll hands a die to the step that asked for it.
func (s *State) onRoll(v int) {
	s.Last = [4]int8{int8(s.Step), int8(s.Sub), int8(v), 0}
	switch s.Step {
	case stepRepair:
		s.rollRepair(v)
	case stepSearchlight:
		s.rollSearchlight(v)
	case stepHarbour:
		s.rollHarbour(v)
	case stepCover:
		s.rollCover(v)
	case stepQuay:
		s.rollQuay(v)
	case stepBoatMove:
		s.rollTorpedo(v)
	case stepWithdraw:
		s.rollWithdraw(v)
	case stepLanding:
		s.rollLanding(v)
	case stepActivation:
		s.rollActivation(v)
	case stepCdoMove:
		s.rollPens(v)
	case stepGerMove:
		s.rollGerMove(v)
	case stepCdoFire:
		s.rollCdoFire(v)
	case stepLongRange:
		s.rollLongRange(v)
	case stepGerFire, stepTowers:
		s.rollGerFire(v)
	case stepLosses:
		s.rollLosses(v)
	case stepDemolition:
		s.rollDemolition(v)
	case stepEnd:
		s.rollEnd(v)
	}
}

// onDecision hands a decision to the step that offered it.
func (s *State) onDecision(dec uint8, word string, arg int) {
	s.Last = [4]int8{int8(s.Step), -1, 0, 0}
	switch dec {
	case decCover:
		s.decideCover(word, arg)
	case decBoat:
		s.decideBoat(word, arg)
	case decLand:
		s.decideLand(word, arg)
	case decCdoMove:
		s.decideCdoMove(word, arg)
	case decCdoFire:
		s.decideCdoFire(word, arg)
	case decLongRange:
		s.decideLongRange(word, arg)
	case decDemolish:
		s.decideDemolish(word, arg)
	case decGerMove:
		s.decideGerMove(word, arg)
	case decGerTarget:
		s.decideGerTarget(arg)
	case decConsol:
		s.decideConsol(word)
	}
}

// decisions lists the legal decisions, sorted, into buf.
func (s *State) decisions(buf []env.Action) []env.Action {
	d := s.data()
	switch s.Dec {
	case decCover:
		buf = append(buf, ActPass)
		for k := range d.Guns {
			if s.canCover(k) {
				buf = append(buf, GunAction(k))
			}
		}
	case decBoat:
		buf = s.boatActions(int(s.Cursor), buf)
	case decLand:
		buf = s.landActions(int(s.Cursor), buf)
	case decCdoMove:
		u := int(s.Cursor)
		buf = append(buf, ActPass)
		a := int(s.UWhere[u])
		if s.mayExit(u) {
			buf = append(buf, ActExit)
		}
		var cost [MaxAreas]int8
		s.reach(a, s.cdoMF(u), false, &cost)
		for b := range d.Areas {
			if b != a && cost[b] >= 0 {
				buf = append(buf, ToAction(b))
			}
		}
	case decCdoFire:
		buf = s.fireActions(int(s.Cursor), buf)
	case decLongRange:
		buf = append(buf, ActPass)
		u := int(s.Cursor)
		for k := range d.Guns {
			if s.canLongRange(u, k) {
				buf = append(buf, GunAction(k))
			}
		}
	case decDemolish:
		buf = s.demolishActions(int(s.Cursor), buf)
	case decGerMove:
		g := int(s.Aux)
		buf = append(buf, ActPass)
		var cost [MaxAreas]int8
		a := int(s.GArea[g])
		s.reach(a, germanMF(int(s.GStr[g]), int(s.Die)), true, &cost)
		for b := range d.Areas {
			if b != a && cost[b] >= 0 {
				buf = append(buf, ToAction(b))
			}
		}
	case decGerTarget:
		for i := range int(s.NOpts) {
			buf = append(buf, AtAction(int(s.Opts[i])))
		}
		sortActions(buf)
	case decConsol:
		buf = append(buf, ActPass, ActYes)
	}
	return buf
}

// sortActions sorts a short list in place without allocating.
func sortActions(a []env.Action) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// mayExit reports whether commando u, ashore, stands where it may leave the
// map (11): in zone 5 or 6.
func (s *State) mayExit(u int) bool {
	z := s.data().Areas[s.UWhere[u]].Zone
	return z == 5 || z == 6
}
