package skirmish

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The sequence of play (Turns): the commando player activates his units
// one by one in the order he chooses, then the Germans react (reactions.go)
// and the turn ends.

// canActivate: figure i may be picked to activate (Unit Activation): on
// the table, mobile, not yet activated; a German only once awake (G4.1).
func (s *State) canActivate(i int) bool {
	if !s.on(i) || s.f[i].fl&flDone != 0 || !s.def(i).Kind.mobile() {
		return false
	}
	return s.side(i) == British || s.awake(i)
}

// canBoost: officer o may direct its +1 to figure j (Officers): a friendly
// unit within 6" that has not rolled, not the officer itself, not already
// directed (S17).
func (s *State) canBoost(o, j int) bool {
	return j != o && j < s.nf() && s.side(j) == s.side(o) && s.canActivate(j) && s.f[j].fl&flBoosted == 0 &&
		within(s.f[o].pos(), s.f[j].pos(), OfficerRange)
}

func (s *State) canDirect(o int) bool {
	if !s.def(o).Officer || !s.canActivate(o) {
		return false
	}
	for j := range s.nf() {
		if s.canBoost(o, j) {
			return true
		}
	}
	return false
}

// LegalActions lists the legal actions, sorted.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.phase == phOver {
		return buf
	}
	if s.step >= dieActivation {
		for k := range 6 {
			buf = append(buf, env.Action(aRoll+k))
		}
		return buf
	}
	side := s.phaseSide()
	n := s.nf()
	switch s.step {
	case stepSelect:
		buf = append(buf, aEnd)
		for i := range n {
			if s.side(i) == side && s.canActivate(i) {
				buf = append(buf, env.Action(aActivate+i))
			}
		}
		for i := range n {
			if s.side(i) == side && s.canDirect(i) {
				buf = append(buf, env.Action(aDirect+i))
			}
		}
	case stepBoost:
		for j := range n {
			if s.canBoost(int(s.aux), j) {
				buf = append(buf, env.Action(aBoost+j))
			}
		}
	case stepPillbox:
		buf = append(buf, aEnd)
		for j := range n {
			if s.canShoot(int(s.cur), j) {
				buf = append(buf, env.Action(aShoot+j))
			}
		}
	case stepAct:
		buf = s.actLegal(buf)
	}
	return buf
}

// mayMove, mayShoot: the block rules (Movement, Shooting; S4).
func (s *State) mayMove() bool {
	return s.blk&blStopped == 0 && (s.blk&blMoved == 0 || s.blk&blLastMove != 0)
}

func (s *State) mayShoot() bool { return s.blk&blShot == 0 || s.blk&blLastShot != 0 }

// actLegal appends what the acting unit may do with its next action.
func (s *State) actLegal(buf []env.Action) []env.Action {
	close := s.closeMask(int(s.cur))
	for a := range numActions {
		if s.actOK(a, close) {
			buf = append(buf, env.Action(a))
		}
	}
	return buf
}

// actOK reports whether the acting unit may take action a; close is its
// closeMask.
func (s *State) actOK(a int, close uint32) bool {
	i := int(s.cur)
	d := s.data()
	kind := s.def(i).Kind
	switch {
	case a == aEnd:
		return true
	case a >= aMove && a <= aAway:
		_, ok := s.moveEnd(i, a, close)
		return ok
	case a >= aShoot && a < aMortar:
		return s.mayShoot() && s.canShoot(i, a-aShoot)
	case a >= aMortar && a < aAssault:
		return s.def(i).Mortar && s.acts >= 2 && s.canShoot(i, a-aMortar)
	case a >= aAssault && a < aDemolish:
		return kind == Assault && s.canAssault(i, a-aAssault)
	case a >= aDemolish && a < aCut:
		return kind == Demolition && s.acts >= 2 && s.touchesTarget(i, a-aDemolish)
	case a >= aCut && a < aExit:
		return s.acts >= 2 && s.touchesWire(i, a-aCut)
	case a == aExit:
		return s.side(i) == British && s.turn >= int8(d.ExitFrom) && s.atExit(i)
	}
	return false
}

// moveEnd is where the acting unit i ends if it makes move action a, and
// whether the move is legal; close is its closeMask.
func (s *State) moveEnd(i, a int, close uint32) (pt, bool) {
	if !s.mayMove() {
		return pt{}, false
	}
	if close != 0 && a != aAway && !(a >= aToward && a < aAway && a-aToward < s.nf() && s.charges(i, a-aToward)) {
		return pt{}, false // S3: only away or an assault move
	}
	end, _, ok := s.leg(i, a, close)
	return end, ok
}

// fightOdds are the chances of the highest of two dice (Hand to Hand).
var fightOdds = [6]float64{1. / 36, 3. / 36, 5. / 36, 7. / 36, 9. / 36, 11. / 36}

// ChanceOutcomes lists the faces of the pending die.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.phase == phOver || s.step < dieActivation {
		return buf
	}
	for k := range 6 {
		p := 1.0 / 6
		if s.step == dieFightBritish {
			p = fightOdds[k]
		}
		buf = append(buf, env.Outcome{Action: env.Action(aRoll + k), Prob: p})
	}
	return buf
}

// UniformChance implements env.UniformChancer: every die is a fair D6 but
// the British fight's, whose odds are fightOdds.
func (s *State) UniformChance() (env.Action, int) {
	if s.phase == phOver || s.step < dieActivation || s.step == dieFightBritish {
		return 0, 0
	}
	return aRoll, 6
}

// Apply plays a decision or a die face.
func (s *State) Apply(a env.Action) error {
	if !s.isLegal(a) {
		if a < 0 || int(a) >= numActions {
			return fmt.Errorf("%w: action %d out of range", env.ErrIllegal, a)
		}
		return fmt.Errorf("%w: %s is not allowed now (%s)", env.ErrIllegal, s.ActionString(a), s.Prompt())
	}
	s.do(int(a))
	s.advance()
	return nil
}

// isLegal checks one action without listing them all.
func (s *State) isLegal(a env.Action) bool {
	n := int(a)
	if n < 0 || n >= numActions || s.phase == phOver {
		return false
	}
	if s.step >= dieActivation {
		return n >= aRoll && n < aRoll+6
	}
	side := s.phaseSide()
	switch s.step {
	case stepSelect:
		switch {
		case n == aEnd:
			return true
		case n >= aActivate && n < aDirect:
			i := n - aActivate
			return i < s.nf() && s.side(i) == side && s.canActivate(i)
		case n >= aDirect && n < aBoost:
			i := n - aDirect
			return i < s.nf() && s.side(i) == side && s.canDirect(i)
		}
	case stepBoost:
		return n >= aBoost && n < aMove && s.canBoost(int(s.aux), n-aBoost)
	case stepPillbox:
		return n == aEnd || (n >= aShoot && n < aMortar && s.canShoot(int(s.cur), n-aShoot))
	case stepAct:
		if n < aMove || n > aAway {
			return s.actOK(n, 0) // only a move reads the close mask
		}
		return s.actOK(n, s.closeMask(int(s.cur)))
	}
	return false
}

// do applies a legal action without advancing.
func (s *State) do(a int) {
	if s.step >= dieActivation {
		s.roll(a - aRoll + 1)
		return
	}
	switch s.step {
	case stepSelect:
		switch {
		case a == aEnd:
			s.endPhase()
		case a < aDirect:
			s.cur, s.step = int8(a-aActivate), dieActivation
		default:
			o := a - aDirect
			s.f[o].fl |= flDone
			s.aux, s.step = int8(o), stepBoost
		}
	case stepBoost:
		s.f[a-aBoost].fl |= flBoosted
		s.step = stepIdle
	case stepPillbox:
		if a == aEnd {
			s.cursor, s.step = s.cur+1, stepIdle
			return
		}
		s.alarm = true // G1: a pillbox firing raises the alarm
		s.tgt, s.step = int8(a-aShoot), dieHit
	case stepAct:
		s.act(a)
	}
}

// act carries out the acting unit's action a.
func (s *State) act(a int) {
	i := int(s.cur)
	last := s.blk &^ (blLastMove | blLastShot)
	switch {
	case a == aEnd:
		s.finish()
	case a >= aMove && a <= aAway:
		end, stopped, _ := s.leg(i, a, s.closeMask(i))
		s.f[i].x, s.f[i].y = int32(end.x), int32(end.y)
		s.blk = last | blMoved | blLastMove
		if stopped {
			s.blk |= blStopped
		}
		s.spend(1)
	case a >= aShoot && a < aMortar:
		s.blk = last | blShot | blLastShot
		s.acts--
		s.alarm = true // G1: any shot raises the alarm
		s.tgt, s.step = int8(a-aShoot), dieHit
	case a >= aMortar && a < aAssault:
		s.blk, s.acts = last, s.acts-2
		s.alarm = true
		s.tgt, s.step = int8(a-aMortar), dieMortar
	case a >= aAssault && a < aDemolish:
		s.blk, s.acts = last, s.acts-1
		s.alarm = true
		s.tgt, s.step = int8(a-aAssault), dieFightBritish
	case a >= aDemolish && a < aCut:
		s.blk, s.acts = last, s.acts-2
		s.tgt, s.step = int8(a-aDemolish), dieDemolition
	case a >= aCut && a < aExit:
		s.blk = last
		s.gone |= 1 << (a - aCut)
		s.spend(2)
	case a == aExit:
		s.f[i].st = stOut
		s.out++
		s.finish()
	}
}

// spend uses n actions and ends the activation when none are left.
func (s *State) spend(n int8) {
	s.acts -= n
	if s.acts <= 0 {
		s.finish()
	}
}

// finish ends the acting unit's activation.
func (s *State) finish() {
	if s.cur >= 0 {
		s.f[s.cur].fl |= flDone
	}
	s.cur, s.acts, s.blk, s.step = -1, 0, 0, stepIdle
}

// resume continues after a die of an activation or of pillbox fire.
func (s *State) resume() {
	switch {
	case s.phase == phPillbox:
		s.cursor, s.cur, s.step = s.cur+1, -1, stepIdle
	case !s.on(int(s.cur)) || s.acts <= 0:
		s.finish()
	default:
		s.step = stepAct
	}
}

// roll applies a die showing k.
func (s *State) roll(k int) {
	d := s.data()
	i, j := int(s.cur), int(s.tgt)
	switch s.step {
	case dieActivation:
		s.acts = activationActions(k + s.activationMod(i))
		s.blk = 0
		if s.acts == 0 {
			s.finish()
		} else {
			s.step = stepAct
		}
	case dieHit:
		if k+s.hitMod(i, j) >= 4 {
			s.step = dieSave
		} else {
			s.resume()
		}
	case dieSave:
		if k <= 3 {
			s.eliminate(j)
		}
		s.resume()
	case dieMortar:
		if k >= 5 {
			s.eliminate(j)
		}
		s.resume()
	case dieFightBritish, dieRerollBritish:
		s.aux = int8(k)
		s.step++
	case dieFightGerman, dieRerollGerman:
		switch c := int(s.aux); {
		case c > k:
			s.eliminate(j)
			s.resume()
		case c < k:
			s.eliminate(i)
			s.resume()
		default:
			s.step = dieRerollBritish // draws are rerolled with one die each
		}
	case dieDemolition:
		if k >= 4 {
			s.gone |= 1 << j
			s.vp += int16(d.Features[j].VP)
			s.alarm = true // "Yell bang!"
			s.stepAway(i, centroid(d.Terrain[d.Features[j].Terrain].Poly))
		}
		s.resume()
	case dieAlarm:
		if k+s.alarmMod() >= s.g.react.AlarmOn {
			s.alarm = true
		}
		s.phase, s.cursor, s.step = phLights, 0, stepIdle
	case dieLight:
		if k >= s.g.react.LitOn {
			s.f[i].fl |= flLit
		} else {
			s.f[i].fl &^= flLit
		}
		s.cursor, s.cur, s.step = s.cur+1, -1, stepIdle
	case dieReinforce:
		if k >= s.g.react.ReinforceOn {
			if r := s.nextReinforcement(); r >= 0 {
				e := d.Entries[j].At
				s.f[r].x, s.f[r].y, s.f[r].st = int32(e.x), int32(e.y), stOn
				s.f[r].fl |= flDone // it acts from the next German phase
			}
		}
		s.cursor, s.tgt, s.step = int8(j+1), -1, stepIdle
	}
}

// endPhase ends the side's activations.
func (s *State) endPhase() {
	s.step = stepIdle
	if s.phase == phBritish {
		s.phase, s.cursor = phAlarm, 0
	} else {
		s.phase, s.cursor = phReinforce, 0
	}
}

// commandosGone: no commando on the table or still to land.
func (s *State) commandosGone() bool {
	for i := range s.nf() {
		if s.side(i) != British {
			continue
		}
		if st := s.f[i].st; st == stOn || (st == stAway && s.def(i).Arrives > int(s.turn) && s.def(i).Arrives <= s.g.turns) {
			return false
		}
	}
	return true
}

// advance moves on to the next decision or die, playing the Germans'
// decisions by the reaction rules unless they are a seat.
func (s *State) advance() {
	for {
		if s.phase != phOver && s.commandosGone() {
			s.phase, s.step, s.cur = phOver, stepIdle, -1
		}
		switch {
		case s.phase == phOver:
			return
		case s.step == stepIdle:
			s.proceed()
		case !s.g.opts.Seat && s.step < dieActivation && s.phaseSide() == German:
			s.do(s.ruleChoice())
		default:
			return
		}
	}
}

// proceed finds the next node of the current phase.
func (s *State) proceed() {
	n := s.nf()
	switch s.phase {
	case phBritish:
		for i := range n {
			if s.side(i) == British && s.canActivate(i) {
				s.step = stepSelect
				return
			}
		}
		s.endPhase()
	case phAlarm:
		if s.alarm {
			s.phase, s.cursor = phLights, 0
		} else {
			s.step = dieAlarm
		}
	case phLights:
		for _, l := range s.data().searchlights {
			if l < int(s.cursor) || !s.on(l) {
				continue
			}
			if !s.alarm || !s.lightActivePower() {
				s.f[l].fl &^= flLit // G2: dark while quiet or without power
				continue
			}
			s.cur, s.step = int8(l), dieLight
			return
		}
		s.phase, s.cursor = phPillbox, 0
	case phPillbox:
		for _, p := range s.data().pillboxes {
			if p < int(s.cursor) || !s.on(p) {
				continue
			}
			for j := range n {
				if s.canShoot(p, j) {
					s.cur, s.step = int8(p), stepPillbox
					return
				}
			}
		}
		s.phase, s.cur = phGerman, -1
	case phGerman:
		for i := range n {
			if s.side(i) == German && s.canActivate(i) {
				s.step = stepSelect
				return
			}
		}
		s.endPhase()
	case phReinforce:
		if s.alarm && s.nextReinforcement() >= 0 {
			for e := int(s.cursor); e < len(s.data().Entries); e++ {
				if s.entryFree(e) {
					s.tgt, s.step = int8(e), dieReinforce
					return
				}
			}
		}
		s.endTurn()
	}
}

// lightActivePower: the power station stands.
func (s *State) lightActivePower() bool {
	d := s.data()
	return d.power < 0 || !s.isGone(d.power)
}

// endTurn clears the turn's marks and lands the next wave.
func (s *State) endTurn() {
	for i := range s.nf() {
		s.f[i].fl &^= flDone | flBoosted
	}
	s.turn++
	s.cursor, s.tgt, s.cur, s.step = 0, -1, -1, stepIdle
	if int(s.turn) > s.g.turns {
		s.turn--
		s.phase = phOver
		return
	}
	s.phase = phBritish
	for i, f := range s.data().Figures {
		if f.Side == British && s.f[i].st == stAway && f.Arrives == int(s.turn) {
			s.f[i].st = stOn
		}
	}
}
