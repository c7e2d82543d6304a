package anvil

// The surviving rules of Striking the Anvil outside combat: units (1.3),
// FFI (1.3.4), fortifications (1.5), control (1.6), supply (1.8),
// bombings (6), paradrops (8), bridges (9) and combat groups (10).

// hasUnits: side has a unit on area a.
func (s *State) hasUnits(side, a int) bool {
	for u := range s.data().Units {
		if int(s.loc[u]) == a && s.data().Units[u].Side == side {
			return true
		}
	}
	return false
}

// enemyHolds: the enemy of side has what keeps control from changing hands
// in a: combat or special units, or fortification levels (1.5, 1.6).
func (s *State) enemyHolds(side, a int) bool {
	d := s.data()
	if d.Areas[a].Fortified && s.fort[a] > 0 {
		return true // German while levels remain, "even if there are no German units"
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

// enterArea: side's units cross or stop in a (1.6); the Allies mark their
// control with an FFI control marker, a German entry removes the marker
// (1.3.4).
func (s *State) enterArea(side, a int) {
	if s.controller(a) == side || s.enemyHolds(side, a) {
		return
	}
	s.setControl(side, a)
}

func (s *State) setControl(side, a int) {
	if side == Allied {
		if s.ffi[a] == ffiNone {
			s.ffi[a] = ffiControl
		}
	} else {
		s.ffi[a] = ffiNone
	}
}

// controlCheck is 1.6's check after every activation: an area held by one
// side's units alone passes to that side.
func (s *State) controlCheck() {
	d := s.data()
	var present [MaxAreas][2]bool
	for u := range d.Units {
		if a := s.loc[u]; a >= 0 {
			if c := d.Units[u].Class; c == ClassCombat || c == ClassCD || c == ClassTrain {
				present[a][d.Units[u].Side] = true
			}
		}
	}
	for a := range d.Areas {
		for side := range 2 {
			if present[a][side] && !present[a][1-side] && s.controller(a) != side && !s.enemyHolds(side, a) {
				s.setControl(side, a)
			}
		}
	}
}

// eliminate removes a unit from play.
func (s *State) eliminate(u int) {
	s.loc[u], s.steps[u], s.flag[u] = locElim, 0, 0
}

// cleanupLonely applies 1.3.2 (a support unit alone without combat units of
// its side is eliminated) and 1.3.3 (transports alone with the enemy are).
func (s *State) cleanupLonely() {
	d := s.data()
	var combat, others, any [MaxAreas][2]bool
	for u := range d.Units {
		a := s.loc[u]
		if a < 0 {
			continue
		}
		side := d.Units[u].Side
		any[a][side] = true
		switch d.Units[u].Class {
		case ClassCombat:
			combat[a][side], others[a][side] = true, true
		case ClassTransport:
		default:
			others[a][side] = true
		}
	}
	for u := range d.Units {
		a := s.loc[u]
		if a < 0 {
			continue
		}
		side := d.Units[u].Side
		switch d.Units[u].Class {
		case ClassSupport:
			if !combat[a][side] {
				s.eliminate(u)
			}
		case ClassTransport:
			if !others[a][side] && any[a][1-side] {
				s.eliminate(u)
			}
		}
	}
}

// postActivation runs after every activation.
func (s *State) postActivation() {
	s.cleanupLonely()
	s.controlCheck()
	d := s.data()
	for b := range d.Borders {
		if s.bridge[b] > bridgeIntact {
			s.bridge[b]--
		}
	}
	s.updateSupply()
}

// updateSupply traces supply lines (1.8): from a source through friendly
// areas. The Allied sources are the landing areas 01 and 02, and Toulon and
// Marseille when Allied; the German ones the north edge and Italy (reached
// through the areas on them) and Toulon and Marseille when German. An area
// next to a supplied friendly area is supplied.
func (s *State) updateSupply() {
	d := s.data()
	for side := range 2 {
		var set, open uint64
		for a := range d.Areas {
			ar := &d.Areas[a]
			src := false
			if side == Allied {
				src = ar.Landing || (ar.Fortified && s.controller(a) == Allied)
			} else {
				src = ar.NorthEdge || ar.Italy || (ar.Fortified && s.controller(a) == German)
			}
			if src {
				set |= 1 << a
				if (side == Allied && ar.Landing) || s.controller(a) == side {
					open |= 1 << a
				}
			}
		}
		for open != 0 {
			a := trailing(open)
			open &^= 1 << a
			for _, nb := range d.Areas[a].Nbr {
				if set&(1<<nb.Area) != 0 {
					continue
				}
				set |= 1 << nb.Area
				if s.controller(nb.Area) == side {
					open |= 1 << nb.Area
				}
			}
		}
		s.supplied[side] = set
	}
}

func trailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// ffiTarget: an FFI placement may be tried in a (1.3.4): an enemy area
// without German units or fortifications, next to a friendly area.
func (s *State) ffiTarget(a int) bool {
	d := s.data()
	if s.controller(a) == Allied || s.hasUnits(German, a) || (d.Areas[a].Fortified && s.fort[a] > 0) {
		return false
	}
	for _, nb := range d.Areas[a].Nbr {
		if s.controller(nb.Area) == Allied {
			return true
		}
	}
	return false
}

func (s *State) anyFFITarget() bool {
	for a := range s.data().Areas {
		if s.ffiTarget(a) {
			return true
		}
	}
	return false
}

// resolveFFI: 1-2 fighters, 3-4 control, 5-6 nothing (1.3.4).
func (s *State) resolveFFI(face int) {
	switch {
	case face <= 2:
		s.ffi[s.pendArea] = ffiFighters
	case face <= 4:
		s.ffi[s.pendArea] = ffiControl
	}
	s.updateSupply()
	s.ffiTries++
	if s.ffiTries < 2 && s.anyFFITarget() {
		s.dec, s.decSide = decFFI, Allied
		return
	}
	s.beginBombing()
}

// bomb places the current bombing marker (6).
func (s *State) bomb(a int) {
	d := s.data()
	if d.Areas[a].Fortified && s.fort[a] > 0 {
		s.pendArea, s.roll, s.dec = int8(a), rollBombing, decNone
		return
	}
	s.bombs[a]++
	s.nextBombMarker()
}

// resolveBombing reads the bombing table for Toulon or Marseille.
func (s *State) resolveBombing(face int) {
	row := s.data().File.Bombing[face-1]
	a := s.pendArea
	s.fort[a] = int8(max(0, int(s.fort[a])-row.Levels))
	if !row.Spent {
		s.bombs[a]++
	}
	s.nextBombMarker()
}

// surrenderTarget: 1.5's surrender may be sought in a.
func (s *State) surrenderTarget(a int) bool {
	d := s.data()
	if !d.Areas[a].Fortified || s.fort[a] <= 0 || s.fort[a] >= 6 || s.surrTried&(1<<a) != 0 {
		return false
	}
	for u := range d.Units {
		if int(s.loc[u]) == a && d.Units[u].Side == Allied && d.Units[u].Class == ClassCombat {
			return true
		}
	}
	return false
}

func (s *State) beginSurrender() {
	for a := range s.data().Areas {
		if s.surrenderTarget(a) {
			s.dec, s.decSide = decSurrender, Allied
			return
		}
	}
	s.endTurn()
}

// resolveSurrender: a roll at least the level takes the place (1.5);
// otherwise the level goes up one.
func (s *State) resolveSurrender(face int) {
	d := s.data()
	a := int(s.pendArea)
	if face >= int(s.fort[a]) {
		for u := range d.Units {
			if int(s.loc[u]) == a && d.Units[u].Side == German {
				s.eliminate(u)
			}
		}
		s.fort[a] = 0
		s.enterArea(Allied, a)
		s.updateSupply()
	} else {
		top := len(d.Tracks[d.Areas[a].Track].DRM) - 1
		s.fort[a] = int8(min(top, int(s.fort[a])+1))
	}
	s.beginSurrender()
}

// resolveParadrop: 1-4 Good Order, 5+ Disorganized; +1 in an enemy area,
// +1 with enemy units there (8).
func (s *State) resolveParadrop(face int) {
	ar := s.g.sc.Arrivals[s.pendArea]
	side := s.data().Units[ar.Units[0]].Side
	r := face
	if s.controller(ar.Area) != side {
		r++
	}
	if s.hasUnits(1-side, ar.Area) {
		r++
	}
	if r >= 5 {
		for _, u := range ar.Units {
			s.flag[u] |= fDisorg
		}
	}
	s.beginOperations()
}

// bridgeOp: the bridge on border b may be destroyed (intact) or repaired
// (destroyed) by the current side's unit (9).
func (s *State) bridgeOp(b, verb int) bool {
	if s.data().Borders[b].River == NoRiver {
		return false
	}
	if verb == verbDestroy {
		return s.bridge[b] == bridgeIntact
	}
	return s.bridge[b] == bridgeDestroyed
}

// farSide is the area across border b from a.
func (s *State) farSide(b, a int) int {
	br := &s.data().Borders[b]
	if br.A == a {
		return br.B
	}
	return br.A
}

// doBridge starts a bridge operation: automatic with a friendly far side,
// a die (1-2 fails) with an enemy one; a repair then waits d6 activations.
func (s *State) doBridge(verb, b int) {
	s.verb, s.bridgeB, s.act, s.dec = int8(verb), int8(b), s.sel, decNone
	friendly := s.controller(s.farSide(b, int(s.actArea))) == int(s.side)
	switch {
	case !friendly:
		s.roll = rollBridge
	case verb == verbDestroy:
		s.bridge[b] = bridgeDestroyed
		s.endActivation()
	default:
		s.roll = rollRepairDelay
	}
}

func (s *State) resolveBridge(face int) {
	if face <= 2 {
		s.endActivation()
		return
	}
	if s.verb == verbDestroy {
		s.bridge[s.bridgeB] = bridgeDestroyed
		s.endActivation()
		return
	}
	s.roll = rollRepairDelay
}

func (s *State) resolveRepairDelay(face int) {
	s.bridge[s.bridgeB] = int8(bridgeIntact + face)
	s.endActivation()
}

// groupable: u may join the combat group being formed (10).
func (s *State) groupable(u int) bool {
	d := s.data()
	un := &d.Units[u]
	if un.Side != int(s.decSide) || s.loc[u] < 0 || s.group[u] >= 0 || s.sel.has(u) ||
		(un.Class != ClassCombat && un.Class != ClassSupport) {
		return false
	}
	if !s.sel.empty() && s.loc[u] != s.groupArea {
		return false
	}
	set := s.sel
	set.add(u)
	return s.limitOK(&set)
}

func (s *State) closeGroup() {
	for u := range s.data().Units {
		if s.sel.has(u) {
			s.group[u] = s.nextGroup
		}
	}
	s.nextGroup++
	s.sel = unitSet{}
}

func (s *State) groupsDone() {
	if !s.sel.empty() {
		s.closeGroup()
	}
	if s.decSide == Allied {
		s.decSide = German
		return
	}
	s.dec = decNone
	s.beginFFI()
}
