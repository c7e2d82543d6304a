package skirmish

// Shooting, the 2" mortar, hand to hand, demolition and barbed wire.

// los reports whether the line between two points is clear of buildings
// (RULINGS S5: figures and water do not block it).
func (s *State) los(a, b pt) bool {
	d := s.data()
	for k := range d.sights {
		if w := &d.sights[k]; w.bb.meetsSeg(a, b) && segMeetsConvex(a, b, w.poly) {
			return false
		}
	}
	return true
}

// inCover reports whether figure j stands in a cover area.
func (s *State) inCover(j int) bool {
	d := s.data()
	p := s.f[j].pos()
	for t := range d.Terrain {
		if tr := &d.Terrain[t]; tr.Kind == TCover && inConvex(p, tr.Poly) {
			return true
		}
	}
	return false
}

// canShoot reports whether figure i may shoot (or fire the mortar) at
// figure j: an enemy on the table, within 12" (3" for a pillbox), in line
// of sight, and in a pillbox's 180-degree arc. Searchlights do not shoot.
func (s *State) canShoot(i, j int) bool {
	if j >= s.nf() || !s.on(j) || s.side(j) == s.side(i) {
		return false
	}
	di, dj := s.def(i), s.def(j)
	if di.Kind == Searchlight {
		return false
	}
	r := int64(Range)
	if dj.Kind == Pillbox {
		r = PillboxRange
	}
	a, e := s.f[i].pos(), s.f[j].pos()
	if !within(a, e, r) {
		return false
	}
	if di.Kind == Pillbox && e.sub(a).dot(di.Facing) < 0 {
		return false
	}
	if s.side(i) == German && !s.alarm && !within(a, e, s.g.react.SentryRange) {
		return false // G3, G4.1: a quiet garrison only sees what is close
	}
	return s.los(a, e)
}

// hitMod is the modifier of a shot by i at j (Shooting): -1 if the target
// is in cover, armoured or a pillbox (once, S6); -1 beyond 6".
func (s *State) hitMod(i, j int) int {
	m := 0
	if k := s.def(j).Kind; s.inCover(j) || k.armoured() || k == Pillbox {
		m--
	}
	if !within(s.f[i].pos(), s.f[j].pos(), ShortRange) {
		m--
	}
	return m
}

// activationActions maps an adjusted activation score to actions
// (Activation Roll).
func activationActions(score int) int8 {
	switch {
	case score < 1:
		return 0
	case score <= 2:
		return 1
	case score <= 4:
		return 2
	}
	return 3
}

// activationMod is the modifier of figure i's activation roll: -1 for
// Germans, +1 if an officer directs it, -2 if a searchlight picks it out.
func (s *State) activationMod(i int) int {
	m := 0
	if s.side(i) == German {
		m--
	}
	if s.f[i].fl&flBoosted != 0 {
		m++
	}
	if s.side(i) == British && s.litOn(i) {
		m -= 2
	}
	return m
}

// litOn reports whether commando i is the closest commando within 12" of
// an active searchlight (Searchlights; S11: ties to the lower figure, not
// cumulative).
func (s *State) litOn(i int) bool {
	for _, l := range s.data().searchlights {
		if s.lightActive(l) && s.closestTo(l, LightRange) == i {
			return true
		}
	}
	return false
}

// lightActive: lit, not eliminated, and the power station stands.
func (s *State) lightActive(l int) bool {
	d := s.data()
	return s.on(l) && s.f[l].fl&flLit != 0 && (d.power < 0 || !s.isGone(d.power))
}

// closestTo is the commando closest to figure l within r, or -1.
func (s *State) closestTo(l int, r int64) int {
	best, bd := -1, int64(0)
	p := s.f[l].pos()
	for j := range s.nf() {
		if s.side(j) == British && s.on(j) {
			if dd := dist2(p, s.f[j].pos()); dd <= r*r && (best < 0 || dd < bd) {
				best, bd = j, dd
			}
		}
	}
	return best
}

// canAssault: a commando assault unit in contact with an enemy that is not
// a pillbox (Hand to Hand).
func (s *State) canAssault(i, j int) bool {
	return j < s.nf() && s.on(j) && s.side(i) == British && s.side(j) == German &&
		s.charges(i, j) && within(s.f[i].pos(), s.f[j].pos(), Contact)
}

// touchesTarget: figure i is in contact with intact target f.
func (s *State) touchesTarget(i, f int) bool {
	d := s.data()
	if f >= len(d.Features) || d.Features[f].Kind != FTarget || s.isGone(f) {
		return false
	}
	return polyWithin(s.f[i].pos(), d.Terrain[d.Features[f].Terrain].Poly, Touch)
}

// touchesWire: figure i touches the uncut wire section f.
func (s *State) touchesWire(i, f int) bool {
	d := s.data()
	if f >= len(d.Features) || d.Features[f].Kind != FWire || s.isGone(f) {
		return false
	}
	return segWithin(d.Features[f].A, d.Features[f].B, s.f[i].pos(), Touch)
}

// atExit: figure i touches an exit edge.
func (s *State) atExit(i int) bool {
	for _, ft := range s.data().Features {
		if ft.Kind == FExit && segWithin(ft.A, ft.B, s.f[i].pos(), Touch) {
			return true
		}
	}
	return false
}

// eliminate removes figure j from play.
func (s *State) eliminate(j int) {
	s.f[j].st = stDead
	s.f[j].fl &^= flLit
	if s.side(j) == British {
		s.lost++
	} else {
		s.kills++
	}
}
