package anvil

import "math/bits"

// AUTHORED. The surviving rule text of Striking the Anvil lacks sections 2
// to 5.5: the sequence of play, activation, movement and the core of combat.
// This file writes them so that they fit every reference the rest of the
// text makes to them; RULINGS.md gives the reasoning for each choice
// (entries A-2.x to A-5.x). Nothing here is the designer's text.

// ---- Authored 2: sequence of play -----------------------------------------
//
// Each turn: (10 variant) combat groups, Allied then German; FFI phase from
// turn 2 (1.3.4); bombing phase (6); operations phase: paradrops (8), then
// impulses alternating, Allies first, each one activation or a pass, until
// both sides pass in a row; end phase: surrender attempts (1.5), bombing
// markers removed, every unit back to Good Order (1.3).

// startTurn brings this turn's landings and reinforcements in (7) and opens
// the first phase.
func (s *State) startTurn() {
	d := s.data()
	for _, ar := range s.g.sc.Arrivals {
		if int(ar.Turn) != int(s.turn) || ar.Kind == ArriveParadrop {
			continue
		}
		side := d.Units[ar.Units[0]].Side
		penalty := ar.Kind == ArriveLanding && side == Allied &&
			(s.turn == 1 || (s.controller(ar.Area) != Allied && !s.hasUnits(Allied, ar.Area)))
		for _, u := range ar.Units {
			s.loc[u] = int8(ar.Area)
			s.flag[u] = fFresh
			if penalty {
				s.flag[u] |= fLanded
			}
		}
		s.enterArea(side, ar.Area)
	}
	s.updateSupply()
	if s.g.opts.CombatGroups {
		s.phase, s.dec, s.decSide = phGroups, decGroup, Allied
		s.sel = unitSet{}
		return
	}
	s.beginFFI()
}

func (s *State) beginFFI() {
	s.phase, s.ffiTries = phFFI, 0
	if s.turn >= 2 && s.anyFFITarget() {
		s.dec, s.decSide = decFFI, Allied
		return
	}
	s.beginBombing()
}

func (s *State) beginBombing() {
	s.phase, s.bombMarker = phBombing, 0
	s.dec, s.decSide = decBomb, Allied
}

func (s *State) nextBombMarker() {
	s.bombMarker++
	if s.bombMarker < 2 {
		s.dec, s.decSide = decBomb, Allied
		return
	}
	s.beginOperations()
}

// beginOperations sets up this turn's paradrops one by one, each with its
// status die (8), then opens the first impulse.
func (s *State) beginOperations() {
	s.phase, s.dec = phOperations, decNone
	for i, ar := range s.g.sc.Arrivals {
		if ar.Kind != ArriveParadrop || int(ar.Turn) != int(s.turn) || s.loc[ar.Units[0]] != locOff {
			continue
		}
		for _, u := range ar.Units {
			s.loc[u] = int8(ar.Area)
		}
		s.pendArea = int8(i)
		s.roll = rollParadrop
		return
	}
	s.side, s.passes = Allied, 0
	s.nextImpulse()
}

// nextImpulse gives s.side its impulse, or passes for it when it has
// nothing to activate; two passes in a row end the operations phase.
func (s *State) nextImpulse() {
	for s.passes < 2 {
		if s.canActivate(int(s.side)) {
			s.dec, s.decSide = decImpulse, s.side
			return
		}
		s.passes++
		s.side = 1 - s.side
	}
	s.endOperations()
}

func (s *State) pass() {
	s.passes++
	s.side = 1 - s.side
	s.dec = decNone
	s.nextImpulse()
}

func (s *State) endOperations() {
	s.phase, s.dec, s.surrTried = phEnd, decNone, 0
	s.beginSurrender()
}

// endTurn: markers off, everyone back to Good Order, the turn marker on.
func (s *State) endTurn() {
	d := s.data()
	s.dec = decNone
	for a := range d.Areas {
		s.bombs[a] = 0
	}
	for u := range d.Units {
		s.flag[u] = 0
		s.group[u] = -1
	}
	v := &d.File.VP
	if int(s.turn) == v.PortTurn {
		n := 0
		for a := range d.Areas {
			if d.Areas[a].Fortified && s.controller(a) == German {
				n++
			}
		}
		s.portVP = int8(n * v.PortHeld)
	}
	s.nextGroup = 0
	if int(s.turn) >= s.g.turns {
		s.phase = phOver
		return
	}
	s.turn++
	s.startTurn()
}

// ---- Authored 3: activation -----------------------------------------------
//
// An activation is one area and a set of the active side's Good Order units
// in it: at most three combat units, four if two of them share a division,
// any number of support and transport units; or the armoured train alone.
// The units then do one thing: move, mobile combat, combat in their area, or
// (one combat unit alone) destroy or repair a bridge. All end Disorganized.

// limitOK is the activation limit on a set of units.
func (s *State) limitOK(set *unitSet) bool {
	d := s.data()
	n := 0
	var divs unitSet // division numbers are below MaxUnits
	shared := false
	for w, x := range set {
		for x != 0 {
			u := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			if d.Units[u].Class != ClassCombat {
				continue
			}
			n++
			if dv := d.Units[u].Div; divs.has(dv) {
				shared = true
			} else {
				divs.add(dv)
			}
		}
	}
	return n <= 3 || (n == 4 && shared)
}

// withGroup is set plus u, and under the combat-group variant (10) plus the
// Good Order members of u's group in the same area.
func (s *State) withGroup(set unitSet, u int) unitSet {
	set.add(u)
	if g := s.group[u]; g >= 0 && s.g.opts.CombatGroups {
		for v := range s.data().Units {
			if s.group[v] == g && s.loc[v] == s.loc[u] && !s.disorg(v) {
				set.add(v)
			}
		}
	}
	return set
}

func (s *State) hasCombat(set *unitSet) bool {
	d := s.data()
	for w, x := range set {
		for x != 0 {
			u := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			if d.Units[u].Class == ClassCombat {
				return true
			}
		}
	}
	return false
}

// trainIn is the armoured train if set holds it, or -1.
func (s *State) trainIn(set *unitSet) int {
	for _, u := range s.data().trains {
		if set.has(u) {
			return u
		}
	}
	return -1
}

// canActivate: side has an area it may activate.
func (s *State) canActivate(side int) bool { return s.activatableSet(side) != 0 }

func (s *State) activatable(side, a int) bool { return s.activatableSet(side)&(1<<a) != 0 }

// activatableSet is the set of areas side may activate: those with a Good
// Order combat unit whose units can move (in supply), attack, or act on a
// bridge, and those with the armoured train in Good Order and in supply.
// One pass over the units, so LegalActions stays cheap.
func (s *State) activatableSet(side int) uint64 {
	d := s.data()
	var combat, train, enemy uint64
	for u := range d.Units {
		a := s.loc[u]
		if a < 0 {
			continue
		}
		c := d.Units[u].Class
		switch {
		case d.Units[u].Side != side:
			if c == ClassCombat || c == ClassCD || c == ClassTrain {
				enemy |= 1 << a
			}
		case s.disorg(u):
		case c == ClassCombat:
			combat |= 1 << a
		case c == ClassTrain:
			train |= 1 << a
		}
	}
	if side == Allied {
		for a := range d.Areas {
			if s.fort[a] > 0 {
				enemy |= 1 << a
			}
		}
	}
	sup := s.supplied[side]
	set := train&sup | combat&(sup|enemy)
	for rest := combat &^ (sup | enemy); rest != 0; rest &= rest - 1 {
		a := bits.TrailingZeros64(rest)
		for u := range d.Units {
			if int(s.loc[u]) == a && d.Units[u].Side == side && s.bridgeUnit(u) {
				set |= 1 << a
				break
			}
		}
	}
	return set
}

// bridgeOnly: in the activated area the units can neither move nor attack,
// so only a bridge operation by one combat unit is open.
func (s *State) bridgeOnly() bool {
	a := int(s.actArea)
	return !s.isSupplied(int(s.side), a) && !s.attackable(int(s.side), a)
}

// bridgeUnit: u may act alone on a bridge (9) from its area.
func (s *State) bridgeUnit(u int) bool {
	d := s.data()
	a := int(s.loc[u])
	if a < 0 || d.Units[u].Class != ClassCombat || s.disorg(u) || s.controller(a) != d.Units[u].Side {
		return false
	}
	if g := s.withGroup(unitSet{}, u); g.count() != 1 {
		return false
	}
	for _, nb := range d.Areas[a].Nbr {
		if s.bridgeOp(nb.Border, verbDestroy) || s.bridgeOp(nb.Border, verbRepair) {
			return true
		}
	}
	return false
}

// selectable: u may join the current activation.
func (s *State) selectable(u int) bool {
	d := s.data()
	un := &d.Units[u]
	if int(s.loc[u]) != int(s.actArea) || un.Side != int(s.side) || s.disorg(u) || s.sel.has(u) {
		return false
	}
	if s.trainIn(&s.sel) >= 0 {
		return false
	}
	switch un.Class {
	case ClassTrain:
		return s.sel.empty() && s.isSupplied(un.Side, int(s.actArea))
	case ClassCD:
		return false
	case ClassSupport, ClassTransport:
		// Supports and transports only accompany a combat unit (1.3.2).
		if !s.hasCombat(&s.sel) {
			return false
		}
	}
	if s.bridgeOnly() {
		return s.sel.empty() && s.bridgeUnit(u)
	}
	set := s.withGroup(s.sel, u)
	return s.limitOK(&set)
}

func (s *State) activate(a int) {
	s.actArea, s.dec = int8(a), decSelect
	s.sel, s.act, s.moving = unitSet{}, unitSet{}, unitSet{}
}

// endActivation: every activated unit ends Disorganized (1.3); then the
// checks "after every activation" (1.6, 1.8, 9) and the other side's impulse.
func (s *State) endActivation() {
	for u := range s.data().Units {
		if s.act.has(u) && s.loc[u] >= 0 {
			s.flag[u] = s.flag[u]&^fFresh | fDisorg
		}
	}
	s.sel, s.act, s.moving = unitSet{}, unitSet{}, unitSet{}
	s.verb, s.dec, s.roll = verbNone, decNone, rollNone
	s.postActivation()
	s.passes = 0
	s.side = 1 - s.side
	s.nextImpulse()
}

// ---- Authored 4: movement -------------------------------------------------
//
// The activated units move together as one stack, area by area, spending
// the movement points of the slowest (or of the transports, motorized, when
// they carry everyone: 1.3.3). Entering costs the terrain chart; crossing an
// unbridged river adds its cost (motorized units cannot); entering an area
// where the enemy can be attacked adds the enemy cost and ends the move.
// Arriving units first pay their entry area (7). Leaving an area holding
// enemy Good Order units may draw a pursuit (5.6). Germans in a north-edge
// or Italy-adjacent area may exit the map (1.1).

func (s *State) beginMove(verb int) {
	d := s.data()
	s.verb, s.act, s.moving = int8(verb), s.sel, s.sel
	s.stack, s.lastBorder = s.actArea, -1
	s.dec = decMove
	if verb == verbTrain {
		s.mp, s.motor = int8(len(d.Areas)), false
		return
	}
	s.motor = s.motorized()
	mp, fresh := 99, false
	for u := range d.Units {
		if !s.moving.has(u) {
			continue
		}
		if (d.Units[u].Class == ClassTransport) == s.motor {
			mp = min(mp, d.Units[u].MP)
		}
		fresh = fresh || s.flag[u]&fFresh != 0
	}
	if fresh {
		mp -= max(1, s.terrainCost(int(s.actArea), false))
	}
	s.mp = int8(max(mp, 0))
}

// motorized: the selected transports can carry every selected unit, each
// carrying one combat and two support units of its own nation (1.3.3).
func (s *State) motorized() bool {
	d := s.data()
	var tr, combat, support [4]int
	any := false
	for u := range d.Units {
		if !s.moving.has(u) {
			continue
		}
		switch d.Units[u].Class {
		case ClassTransport:
			tr[d.Units[u].Nat]++
			any = true
		case ClassCombat:
			combat[d.Units[u].Nat]++
		case ClassSupport:
			support[d.Units[u].Nat]++
		}
	}
	if !any {
		return false
	}
	for n := range tr {
		if combat[n] > tr[n] || support[n] > 2*tr[n] {
			return false
		}
	}
	return true
}

func (s *State) terrainCost(a int, motor bool) int {
	t := &s.data().File.TEC
	switch s.data().Areas[a].Terrain {
	case Rough:
		if motor {
			return t.MotorRough
		}
		return t.Rough
	case Mountain:
		if motor {
			return t.MotorMountain
		}
		return t.Mountain
	}
	if motor {
		return t.MotorClear
	}
	return t.Clear
}

// moveCost is the cost for the moving stack to enter n across border b, or
// -1 if it may not.
func (s *State) moveCost(n, b int) int {
	d := s.data()
	side := int(s.side)
	if s.verb == verbTrain {
		ar := &d.Areas[n]
		if !(ar.Coastal || ar.Rhone) || s.controller(n) != German || (d.Borders[b].River != NoRiver && s.bridge[b] != bridgeIntact) {
			return -1
		}
		return 1
	}
	c := s.terrainCost(n, s.motor)
	if r := d.Borders[b].River; r != NoRiver && s.bridge[b] != bridgeIntact {
		if s.motor {
			return -1
		}
		if r == MinorRiver {
			c += d.File.TEC.MinorRiver
		} else {
			c += d.File.TEC.MajorRiver
		}
	}
	if s.attackable(side, n) {
		c += d.File.TEC.Enemy
	}
	return max(c, 1)
}

// canExit: the stack may leave the map by the north edge or into Italy.
func (s *State) canExit(to int) bool {
	if s.side != German || s.verb == verbTrain || s.mp < 1 {
		return false
	}
	ar := &s.data().Areas[s.stack]
	return (to == toNorth && ar.NorthEdge) || (to == toItaly && ar.Italy)
}

// stepTo moves the stack on, unless the enemy may pursue first (5.6).
func (s *State) stepTo(to int) {
	if s.pursuitPossible() {
		s.pendTo, s.dec, s.decSide, s.sel = int8(to), decPursuit, 1-s.side, unitSet{}
		return
	}
	s.doStep(to)
}

func (s *State) doStep(to int) {
	d := s.data()
	s.dec, s.decSide = decMove, s.side
	if to < 0 {
		for u := range d.Units {
			if s.moving.has(u) {
				s.loc[u] = locExited
			}
		}
		s.endActivation()
		return
	}
	b := d.BorderOf(int(s.stack), to)
	s.mp -= int8(s.moveCost(to, b))
	s.lastBorder = int8(b)
	for u := range d.Units {
		if s.moving.has(u) {
			s.loc[u] = int8(to)
		}
	}
	s.stack = int8(to)
	s.enterArea(int(s.side), to)
	if s.verb != verbTrain && s.attackable(int(s.side), to) {
		if s.verb == verbMobile {
			s.beginCounter()
			return
		}
		s.endActivation()
	}
}

// ---- Authored 5.1-5.5: combat, mobile combat, counter-attack ---------------
//
// Combat: the activated Good Order combat units, with the supports chosen,
// attack every enemy unit in their area. Strength is the sum of their
// combat strength (halved, rounded up, out of supply: 1.8); the die is
// modified by 5.7 and read on the CRT (5.8). The defender absorbs his hits
// first, then the attacker. Mobile combat is a move that ends by entering an
// area with the enemy; there the defender may counter-attack with Good Order
// units of that area (the surviving tail of the counter-attack rule), and
// then the still Good Order moving units attack at half strength (example 3).

// attackable: side has something to attack in a: enemy combat or special
// units, or (for the Allies) fortification levels.
func (s *State) attackable(side, a int) bool {
	d := s.data()
	if side == Allied && d.Areas[a].Fortified && s.fort[a] > 0 {
		return true
	}
	if side == Allied || side == German {
		for _, u := range d.armed[1-side] {
			if int(s.loc[u]) == a {
				return true
			}
		}
		return false
	}
	for u := range d.Units {
		if int(s.loc[u]) == a && d.Units[u].Side != side {
			if c := d.Units[u].Class; c == ClassCombat || c == ClassCD || c == ClassTrain {
				return true
			}
		}
	}
	return false
}

// strength is the attack strength of the participants (5.8 column).
func (s *State) strength(kind, side, a int, part *unitSet) int {
	sp := 0
	for u := range s.data().Units {
		if part.has(u) && !s.disorg(u) {
			sp += s.sp(u)
		}
	}
	if !s.isSupplied(side, a) {
		sp = (sp + 1) / 2
	}
	if kind == ckMobile {
		sp = (sp + 1) / 2
	}
	return sp
}

func (s *State) startCombat(kind, a, att int, part unitSet) {
	s.ck, s.cArea, s.cAtt, s.cPart = int8(kind), int8(a), int8(att), part
	s.cSP = int8(min(s.strength(kind, att, a, &part), 127))
	s.cDRM = int8(s.modifiers(kind, att, a, &part))
	s.dec, s.roll = decNone, rollCombat
}

// resolveCombat reads the CRT for the die and opens the hit distribution.
func (s *State) resolveCombat(face int) {
	att, def := s.data().CRT(int(s.cSP), face+int(s.cDRM))
	s.hitsAtt = int8(att)
	s.hitsDue, s.hitStage = int8(def), 0
	s.dec, s.decSide = decHits, 1-s.cAtt
	s.checkHits()
}

// beginCounter opens the defender's counter-attack window in the mobile
// combat's target area.
func (s *State) beginCounter() {
	d := s.data()
	s.cArea = s.stack
	for u := range d.Units {
		if int(s.loc[u]) == int(s.stack) && d.Units[u].Side != int(s.side) && d.Units[u].Class == ClassCombat && !s.disorg(u) {
			s.dec, s.decSide, s.sel = decCounter, 1-s.side, unitSet{}
			return
		}
	}
	s.startMobileCombat()
}

// startMobileCombat attacks with the moving units still in Good Order.
func (s *State) startMobileCombat() {
	d := s.data()
	var part unitSet
	go_ := false
	for u := range d.Units {
		if !s.moving.has(u) || s.loc[u] < 0 {
			continue
		}
		switch d.Units[u].Class {
		case ClassCombat:
			if !s.disorg(u) {
				part.add(u)
				go_ = true
			}
		case ClassSupport:
			part.add(u)
		}
	}
	if !go_ {
		s.endActivation()
		return
	}
	s.startCombat(ckMobile, int(s.stack), int(s.side), part)
}

// afterCombat continues the procedure the combat interrupted.
func (s *State) afterCombat() {
	d := s.data()
	for u := range d.Units {
		if s.cPart.has(u) && s.loc[u] >= 0 {
			s.flag[u] |= fDisorg
		}
	}
	// The combat is over: its participants are no longer a combat in
	// progress (they kept every later edit refused, the state never again
	// between activations).
	s.cPart = unitSet{}
	s.cleanupLonely()
	s.dec = decNone
	switch s.ck {
	case ckCounter:
		s.startMobileCombat()
	case ckPursuit:
		// 5.6: movement resumes for the units still in Good Order; the
		// others stay. Supports and transports go on with the combat units.
		goOn := false
		for u := range d.Units {
			if !s.moving.has(u) {
				continue
			}
			if s.loc[u] < 0 || (d.Units[u].Class == ClassCombat && s.disorg(u)) {
				s.moving.del(u)
			} else if d.Units[u].Class == ClassCombat || d.Units[u].Class == ClassTrain {
				goOn = true
			}
		}
		if !goOn {
			s.endActivation()
			return
		}
		if s.pendTo >= 0 && s.moveCost(int(s.pendTo), d.BorderOf(int(s.stack), int(s.pendTo))) < 0 {
			s.endActivation()
			return
		}
		s.doStep(int(s.pendTo))
	default:
		s.endActivation()
	}
}
