package anvil

// The surviving combat rules of Striking the Anvil: the counter-attack's
// tail (5.5), pursuit combat (5.6), combat modifiers (5.7) and taking hits
// (5.8).

// modifiers are 5.7's die roll modifiers for an attack by side att with
// the units of part in area a.
func (s *State) modifiers(kind, att, a int, part *unitSet) int {
	d := s.data()
	m := 0
	var types [16]bool
	landed := false
	for u := range d.Units {
		if !part.has(u) {
			continue
		}
		un := &d.Units[u]
		if un.Class == ClassSupport {
			m += un.Bonus // support bonus
		}
		t := un.Type
		if s.g.opts.CombinedArmsGrouped && t == TypeAntitank {
			t = TypeArtillery
		}
		types[t] = true
		landed = landed || s.flag[u]&fLanded != 0
	}
	// Combined arms: one each for airborne, commando, artillery,
	// anti-tank, armored, never twice for one type.
	for _, t := range []int{TypeAirborne, TypeCommando, TypeArtillery, TypeAntitank, TypeArmored} {
		if types[t] {
			m++
		}
	}
	if att == Allied {
		m += int(s.bombs[a]) // bombing bonus
		if s.ffi[a] == ffiFighters {
			m++ // FFI fighters (1.3.4)
		}
		if ar := &d.Areas[a]; ar.Fortified && s.fort[a] > 0 {
			m += d.Tracks[ar.Track].DRM[s.fort[a]] // fortifications (1.5)
		}
		if landed {
			m -= 2 // landing modifier
		}
	} else {
		for u := range d.Units {
			if int(s.loc[u]) != a || d.Units[u].Side != German {
				continue
			}
			switch d.Units[u].Class {
			case ClassCD:
				m += d.Units[u].Bonus // a CD adds its bonus like a support (1.3.3)
			case ClassTrain:
				if !s.disorg(u) {
					m += d.Units[u].Bonus // the armoured train in Good Order (1.3.3)
				}
			}
		}
	}
	if kind == ckNormal || kind == ckMobile {
		switch d.Areas[a].Terrain {
		case Rough:
			m--
		case Mountain:
			m -= 2
		}
	}
	if kind == ckMobile && s.lastBorder >= 0 {
		b := int(s.lastBorder)
		bridged := s.bridge[b] == bridgeIntact
		switch d.Borders[b].River {
		case MajorRiver:
			m -= 4
			if bridged {
				m += 2
			}
		case MinorRiver:
			m -= 2
			if bridged {
				m++
			}
		}
	}
	return m
}

// pursuitPossible: the moving stack leaves an area holding Good Order enemy
// combat units whose side has more strength there (5.6).
func (s *State) pursuitPossible() bool {
	d := s.data()
	a := int(s.stack)
	var sp [2]int
	goEnemy := false
	for u := range d.Units {
		if int(s.loc[u]) != a {
			continue
		}
		side := d.Units[u].Side
		sp[side] += s.sp(u)
		if side != int(s.side) && d.Units[u].Class == ClassCombat && !s.disorg(u) {
			goEnemy = true
		}
	}
	return goEnemy && sp[1-s.side] > sp[s.side]
}

// interceptable: u may join a counter-attack (in the target area) or a
// pursuit (in the area being left), within the activation limits.
func (s *State) interceptable(u int) bool {
	d := s.data()
	un := &d.Units[u]
	if int(s.loc[u]) != int(s.stack) || un.Side != int(s.decSide) || s.disorg(u) || s.sel.has(u) ||
		(un.Class != ClassCombat && un.Class != ClassSupport) {
		return false
	}
	set := s.withGroup(s.sel, u)
	return s.limitOK(&set)
}

// inHitPool: u may absorb the hits being distributed. The defender of a
// combat or mobile combat takes them on any of its units in the area; in a
// counter-attack or pursuit only the moving units take them; the attacker
// only on the units that attacked (5.5, 5.6, example 3).
func (s *State) inHitPool(u int) bool {
	d := s.data()
	if s.loc[u] < 0 || d.Units[u].Side != int(s.decSide) || d.Units[u].Class == ClassTransport {
		return false
	}
	if s.hitStage == 1 {
		return s.cPart.has(u)
	}
	if s.ck == ckCounter || s.ck == ckPursuit {
		return s.moving.has(u) && int(s.loc[u]) == int(s.cArea)
	}
	return int(s.loc[u]) == int(s.cArea)
}

// Hit absorptions (5.8).
const (
	hitDisorg = iota
	hitReduce
	hitElim
)

// absorbs is how many hits absorption k of unit u takes, or 0 if it is not
// allowed.
func (s *State) absorbs(k, u int) int {
	if !s.inHitPool(u) {
		return 0
	}
	un := &s.data().Units[u]
	switch k {
	case hitDisorg:
		if un.Class == ClassCombat && !s.disorg(u) {
			return 1
		}
	case hitReduce:
		if un.Class == ClassCombat && s.steps[u] == 2 {
			return un.Full - un.Reduced
		}
		if un.Class == ClassCD && s.steps[u] == 2 {
			return 1
		}
	case hitElim:
		switch un.Class {
		case ClassCombat:
			return s.sp(u)
		case ClassCD:
			return int(s.steps[u])
		default:
			return 1
		}
	}
	return 0
}

// fortHit: a fortification level may absorb a hit of this combat.
func (s *State) fortHit() bool {
	a := int(s.cArea)
	return s.hitStage == 0 && s.cAtt == Allied && (s.ck == ckNormal || s.ck == ckMobile) &&
		s.data().Areas[a].Fortified && s.fort[a] > 0
}

func (s *State) absorb(k, u int) {
	s.hitsDue -= int8(s.absorbs(k, u))
	switch k {
	case hitDisorg:
		s.flag[u] |= fDisorg
	case hitReduce:
		s.steps[u] = 1
	case hitElim:
		s.eliminate(u)
	}
	s.checkHits()
}

func (s *State) canAbsorb() bool {
	if s.fortHit() {
		return true
	}
	for u := range s.data().Units {
		if s.absorbs(hitElim, u) > 0 || s.absorbs(hitDisorg, u) > 0 {
			return true
		}
	}
	return false
}

// checkHits ends a side's distribution once it has absorbed at least the
// hits due, or has nothing left to absorb them with (then the rest is lost).
func (s *State) checkHits() {
	for {
		if s.hitsDue > 0 && s.canAbsorb() {
			s.dec = decHits
			return
		}
		if s.hitStage == 1 {
			s.afterCombat()
			return
		}
		s.hitStage, s.hitsDue, s.decSide = 1, s.hitsAtt, s.cAtt
	}
}
