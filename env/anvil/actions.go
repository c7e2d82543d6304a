package anvil

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The fixed action space. Area, unit and border actions mean what the
// pending decision asks: the area to activate, to move to, to bomb; the
// unit to select or to take a hit.
const (
	aPass       = iota // pass the impulse
	aDone              // done / stop / decline
	aMove              // activation: move
	aMobile            // activation: mobile combat
	aAttack            // activation: combat in the area
	aCounter           // counter-attack with the units chosen
	aPursue            // pursue with the units chosen
	aFortHit           // a fortification level takes a hit
	aCloseGroup        // close the combat group being formed
	aExitNorth         // exit by the north edge
	aExitItaly         // exit into Italy
	aDie               // die faces 1 to 6
	aArea       = aDie + 6
	aUnit       = aArea + MaxAreas
	aDisorg     = aUnit + MaxUnits
	aReduce     = aDisorg + MaxUnits
	aElim       = aReduce + MaxUnits
	aDestroy    = aElim + MaxUnits
	aRepair     = aDestroy + MaxBorders
	numActions  = aRepair + MaxBorders
)

// LegalActions appends the legal actions, sorted, to buf[:0].
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.phase == phOver {
		return buf
	}
	if s.roll != rollNone {
		for f := range 6 {
			buf = append(buf, env.Action(aDie+f))
		}
		return buf
	}
	if s.dec == decImpulse {
		buf = append(buf, aPass)
		for set := s.activatableSet(int(s.side)); set != 0; set &= set - 1 {
			buf = append(buf, env.Action(aArea+bits.TrailingZeros64(set)))
		}
		return buf
	}
	switch s.dec {
	case decSelect:
		return s.legalSelect(buf)
	case decMove:
		return s.legalMove(buf)
	case decHits:
		return s.legalHits(buf)
	}
	lo, hi := s.actionRange()
	for a := lo; a < hi; a++ {
		if s.isLegal(a) {
			buf = append(buf, env.Action(a))
		}
	}
	return buf
}

// legalSelect lists the legal actions of an activation's selection in one
// pass: the verbs, the units, then the bridges of the area.
func (s *State) legalSelect(buf []env.Action) []env.Action {
	d := s.data()
	side, area := int(s.side), int(s.actArea)
	train := s.trainIn(&s.sel) >= 0
	combat := s.hasCombat(&s.sel)
	supplied := s.isSupplied(side, area)
	if (combat || train) && supplied {
		buf = append(buf, aMove)
	}
	if combat && supplied {
		buf = append(buf, aMobile)
	}
	if combat && s.attackable(side, area) {
		buf = append(buf, aAttack)
	}
	if !train { // with the train selected, nothing else is (selectable)
		buf = s.selectableUnits(buf, combat, supplied)
	}
	if !combat || s.sel.count() != 1 || s.controller(area) != side {
		return buf
	}
	for k, base := range [2]int{aDestroy, aRepair} {
		verb := verbDestroy
		if k == 1 {
			verb = verbRepair
		}
		for b := range d.Borders {
			if br := &d.Borders[b]; (br.A == area || br.B == area) && s.bridgeOp(b, verb) {
				buf = append(buf, env.Action(base+b))
			}
		}
	}
	return buf
}

// selectableUnits appends the units selectable would accept, with what
// does not depend on the unit read once: whether the selection holds a
// combat unit, whether the area is supplied, whether only a bridge
// operation is open, and the selection's count towards the activation
// limit.
func (s *State) selectableUnits(buf []env.Action, combat, supplied bool) []env.Action {
	d := s.data()
	side, area := int(s.side), int(s.actArea)
	bridgeOnly := s.bridgeOnly()
	// limitOK of the selection plus one unit outside any combat group.
	n0, shared0 := 0, false
	var divs unitSet
	for w, x := range s.sel {
		for ; x != 0; x &= x - 1 {
			u := w<<6 | bits.TrailingZeros64(x)
			if d.Units[u].Class != ClassCombat {
				continue
			}
			n0++
			if dv := d.Units[u].Div; divs.has(dv) {
				shared0 = true
			} else {
				divs.add(dv)
			}
		}
	}
	okWith := func(n int, shared bool) bool { return n <= 3 || (n == 4 && shared) }
	for u := range d.Units {
		if int(s.loc[u]) != area {
			continue
		}
		un := &d.Units[u]
		if un.Side != side || s.disorg(u) || s.sel.has(u) {
			continue
		}
		switch un.Class {
		case ClassTrain:
			if s.sel.empty() && supplied {
				buf = append(buf, env.Action(aUnit+u))
			}
			continue
		case ClassCD:
			continue
		case ClassSupport, ClassTransport:
			if !combat {
				continue
			}
		}
		var ok bool
		switch {
		case bridgeOnly:
			ok = s.sel.empty() && s.bridgeUnit(u)
		case s.group[u] >= 0 && s.g.opts.CombatGroups:
			set := s.withGroup(s.sel, u)
			ok = s.limitOK(&set)
		case un.Class == ClassCombat:
			ok = okWith(n0+1, shared0 || divs.has(un.Div))
		default:
			ok = okWith(n0, shared0)
		}
		if ok {
			buf = append(buf, env.Action(aUnit+u))
		}
	}
	return buf
}

// legalMove lists the moving stack's actions as isLegal reads them: done,
// the exits, then the adjacent areas it has the MP to enter.
func (s *State) legalMove(buf []env.Action) []env.Action {
	d := s.data()
	buf = append(buf, aDone)
	if s.canExit(toNorth) {
		buf = append(buf, aExitNorth)
	}
	if s.canExit(toItaly) {
		buf = append(buf, aExitItaly)
	}
	for area := range d.Areas {
		if b := d.BorderOf(int(s.stack), area); b >= 0 {
			if c := s.moveCost(area, b); c >= 0 && c <= int(s.mp) {
				buf = append(buf, env.Action(aArea+area))
			}
		}
	}
	return buf
}

// legalHits lists the absorptions open, as isLegal reads them: the
// fortification level, then each kind of hit on the units of the pool.
func (s *State) legalHits(buf []env.Action) []env.Action {
	d := s.data()
	if s.fortHit() {
		buf = append(buf, aFortHit)
	}
	var pool unitSet
	for u := range d.Units {
		if s.inHitPool(u) {
			pool.add(u)
		}
	}
	for k, base := range [3]int{aDisorg, aReduce, aElim} {
		for w, x := range pool {
			for ; x != 0; x &= x - 1 {
				if u := w<<6 | bits.TrailingZeros64(x); s.absorbs(k, u) > 0 {
					buf = append(buf, env.Action(base+u))
				}
			}
		}
	}
	return buf
}

// actionRange bounds the actions a decision can use, so LegalActions scans
// only those.
func (s *State) actionRange() (int, int) {
	nA, nU := len(s.data().Areas), len(s.data().Units)
	switch s.dec {
	case decHits:
		return aFortHit, aElim + nU
	case decMove:
		return aDone, aArea + nA
	case decFFI, decBomb, decSurrender:
		return aPass, aArea + nA
	}
	return aPass, aUnit + nU
}

// isLegal is the legality test of a decision's action.
func (s *State) isLegal(a int) bool {
	if a < 0 || a >= numActions || s.phase == phOver {
		return false
	}
	if s.roll != rollNone {
		return a >= aDie && a < aDie+6
	}
	d := s.data()
	nA, nU, nB := len(d.Areas), len(d.Units), len(d.Borders)
	area, unit, border := -1, -1, -1
	switch {
	case a >= aArea && a < aArea+nA:
		area = a - aArea
	case a >= aUnit && a < aUnit+nU:
		unit = a - aUnit
	}
	switch s.dec {
	case decGroup:
		return a == aDone || (a == aCloseGroup && !s.sel.empty()) || (unit >= 0 && s.groupable(unit))
	case decFFI:
		return a == aDone || (area >= 0 && s.ffiTarget(area))
	case decBomb:
		return a == aDone || area >= 0
	case decSurrender:
		return a == aDone || (area >= 0 && s.surrenderTarget(area))
	case decImpulse:
		return a == aPass || (area >= 0 && s.activatable(int(s.side), area))
	case decSelect:
		if unit >= 0 {
			return s.selectable(unit)
		}
		if a >= aDestroy {
			if a < aDestroy+nB {
				border = a - aDestroy
			} else if a >= aRepair && a < aRepair+nB {
				border = a - aRepair
			}
			if border < 0 || s.sel.count() != 1 || s.controller(int(s.actArea)) != int(s.side) || !s.hasCombat(&s.sel) {
				return false
			}
		} else {
			train := s.trainIn(&s.sel) >= 0
			combat := s.hasCombat(&s.sel)
			supplied := s.isSupplied(int(s.side), int(s.actArea))
			switch a {
			case aMove:
				return (combat || train) && supplied
			case aMobile:
				return combat && supplied
			case aAttack:
				return combat && s.attackable(int(s.side), int(s.actArea))
			}
			return false
		}
		br := &d.Borders[border]
		if br.A != int(s.actArea) && br.B != int(s.actArea) {
			return false
		}
		if a < aRepair {
			return s.bridgeOp(border, verbDestroy)
		}
		return s.bridgeOp(border, verbRepair)
	case decMove:
		switch a {
		case aDone:
			return true
		case aExitNorth:
			return s.canExit(toNorth)
		case aExitItaly:
			return s.canExit(toItaly)
		}
		if area < 0 {
			return false
		}
		b := d.BorderOf(int(s.stack), area)
		if b < 0 {
			return false
		}
		c := s.moveCost(area, b)
		return c >= 0 && c <= int(s.mp)
	case decCounter, decPursuit:
		verb := aCounter
		if s.dec == decPursuit {
			verb = aPursue
		}
		return a == aDone || (a == verb && s.hasCombat(&s.sel)) || (unit >= 0 && s.interceptable(unit))
	case decHits:
		if a == aFortHit {
			return s.fortHit()
		}
		for k, base := range [3]int{aDisorg, aReduce, aElim} {
			if a >= base && a < base+nU {
				return s.absorbs(k, a-base) > 0
			}
		}
	}
	return false
}

// Apply plays a decision or a die.
func (s *State) Apply(act env.Action) error {
	a := int(act)
	if !s.isLegal(a) {
		return fmt.Errorf("%w: %s (%d) at %s", env.ErrIllegal, s.ActionString(act), a, s.Prompt())
	}
	if s.roll != rollNone {
		r := s.roll
		s.roll = rollNone
		face := a - aDie + 1
		switch r {
		case rollFFI:
			s.resolveFFI(face)
		case rollBombing:
			s.resolveBombing(face)
		case rollSurrender:
			s.resolveSurrender(face)
		case rollParadrop:
			s.resolveParadrop(face)
		case rollCombat:
			s.resolveCombat(face)
		case rollBridge:
			s.resolveBridge(face)
		case rollRepairDelay:
			s.resolveRepairDelay(face)
		}
		return nil
	}
	area, unit := a-aArea, a-aUnit
	switch s.dec {
	case decGroup:
		switch a {
		case aDone:
			s.groupsDone()
		case aCloseGroup:
			s.closeGroup()
		default:
			if s.sel.empty() {
				s.groupArea = s.loc[unit]
			}
			s.sel.add(unit)
		}
	case decFFI:
		if a == aDone {
			s.beginBombing()
		} else {
			s.pendArea, s.roll, s.dec = int8(area), rollFFI, decNone
		}
	case decBomb:
		if a == aDone {
			s.nextBombMarker()
		} else {
			s.bomb(area)
		}
	case decSurrender:
		if a == aDone {
			s.endTurn()
		} else {
			s.surrTried |= 1 << area
			s.pendArea, s.roll, s.dec = int8(area), rollSurrender, decNone
		}
	case decImpulse:
		if a == aPass {
			s.pass()
		} else {
			s.activate(area)
		}
	case decSelect:
		switch {
		case a == aMove && s.trainIn(&s.sel) >= 0:
			s.beginMove(verbTrain)
		case a == aMove:
			s.beginMove(verbMove)
		case a == aMobile:
			s.beginMove(verbMobile)
		case a == aAttack:
			s.verb, s.act = verbAttack, s.sel
			s.startCombat(ckNormal, int(s.actArea), int(s.side), s.sel)
		case a >= aRepair:
			s.doBridge(verbRepair, a-aRepair)
		case a >= aDestroy:
			s.doBridge(verbDestroy, a-aDestroy)
		default:
			s.sel = s.withGroup(s.sel, unit)
		}
	case decMove:
		switch a {
		case aDone:
			s.endActivation()
		case aExitNorth:
			s.stepTo(toNorth)
		case aExitItaly:
			s.stepTo(toItaly)
		default:
			s.stepTo(area)
		}
	case decCounter:
		switch a {
		case aDone:
			s.dec = decNone
			s.startMobileCombat()
		case aCounter:
			s.startCombat(ckCounter, int(s.stack), int(s.decSide), s.sel)
		default:
			s.sel = s.withGroup(s.sel, unit)
		}
	case decPursuit:
		switch a {
		case aDone:
			s.doStep(int(s.pendTo))
		case aPursue:
			s.cArea = s.stack
			s.startCombat(ckPursuit, int(s.stack), int(s.decSide), s.sel)
		default:
			s.sel = s.withGroup(s.sel, unit)
		}
	case decHits:
		switch {
		case a == aFortHit:
			s.fort[s.cArea]--
			s.hitsDue--
			s.checkHits()
		case a >= aElim:
			s.absorb(hitElim, a-aElim)
		case a >= aReduce:
			s.absorb(hitReduce, a-aReduce)
		default:
			s.absorb(hitDisorg, a-aDisorg)
		}
	}
	return nil
}

// OutcomeLabel implements env.OutcomeLabeler: every die is a D6, entered
// by its face.
func (s *State) OutcomeLabel(a env.Action) (int, string) { return int(a) - aDie + 1, "" }

// ActionString names an action in this state, as the printed game would.
func (s *State) ActionString(act env.Action) string {
	a := int(act)
	d := s.data()
	unitName := func(u int) string {
		if u < len(d.Units) {
			return d.Units[u].Name
		}
		return "#" + strconv.Itoa(u)
	}
	borderName := func(b int) string {
		if b < len(d.Borders) {
			return d.Areas[d.Borders[b].A].ID + "-" + d.Areas[d.Borders[b].B].ID
		}
		return "#" + strconv.Itoa(b)
	}
	switch {
	case a < 0 || a >= numActions:
		return "action " + strconv.Itoa(a)
	case a >= aDie && a < aDie+6:
		return "roll " + strconv.Itoa(a-aDie+1)
	case a >= aArea && a < aUnit:
		k := a - aArea
		name := "#" + strconv.Itoa(k)
		if k < len(d.Areas) {
			name = d.AreaName(k)
		}
		switch s.dec {
		case decFFI:
			return "FFI in " + name
		case decBomb:
			return [2]string{"air bombing of ", "naval bombing of "}[s.bombMarker&1] + name
		case decSurrender:
			return "seek the surrender of " + name
		case decMove:
			return "to " + name
		}
		return "activate " + name
	case a >= aUnit && a < aDisorg:
		return "unit " + unitName(a-aUnit)
	case a >= aDisorg && a < aReduce:
		return "disorganize " + unitName(a-aDisorg)
	case a >= aReduce && a < aElim:
		return "reduce " + unitName(a-aReduce)
	case a >= aElim && a < aDestroy:
		return "eliminate " + unitName(a-aElim)
	case a >= aDestroy && a < aRepair:
		return "destroy bridge " + borderName(a-aDestroy)
	case a >= aRepair:
		return "repair bridge " + borderName(a-aRepair)
	}
	return [...]string{"pass", "done", "move", "mobile combat", "combat", "counter-attack", "pursue",
		"fortification level", "close group", "exit north", "exit to Italy"}[a]
}

// ParseAction reads an action's name as ActionString writes it in this
// state (case-insensitive), or its number.
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.TrimSpace(text)
	if n, err := strconv.Atoi(t); err == nil {
		if n < 0 || n >= numActions {
			return 0, fmt.Errorf("action %d out of range 0 to %d", n, numActions-1)
		}
		return env.Action(n), nil
	}
	for a := range numActions {
		if strings.EqualFold(s.ActionString(env.Action(a)), t) {
			return env.Action(a), nil
		}
	}
	return 0, fmt.Errorf("unknown action %q", text)
}

// ChanceOutcomes lists the six faces of the die, each 1/6.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.roll == rollNone || s.phase == phOver {
		return buf
	}
	for f := range 6 {
		buf = append(buf, env.Outcome{Action: env.Action(aDie + f), Prob: 1.0 / 6})
	}
	return buf
}

// UniformChance implements env.UniformChancer: every die is a fair D6.
func (s *State) UniformChance() (env.Action, int) {
	if s.roll == rollNone || s.phase == phOver {
		return 0, 0
	}
	return aDie, 6
}
