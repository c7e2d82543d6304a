package skirmish

// Movement: straight legs, the 6" stop, passing through friends, and what
// blocks a leg (Movement; Barbed Wire; RULINGS S1-S3).

// closeMask marks the enemies of figure i within 6" of it: from there it
// may only move directly away or make an assault move (S3).
func (s *State) closeMask(i int) uint32 {
	var m uint32
	p := s.f[i].pos()
	for j := range s.nf() {
		if s.on(j) && s.side(j) != s.side(i) && within(p, s.f[j].pos(), StopRange) {
			m |= 1 << j
		}
	}
	return m
}

// nearestIn is the figure of mask nearest to p, lowest index on ties.
func (s *State) nearestIn(p pt, mask uint32) int {
	best, bd := -1, int64(0)
	for j := range s.nf() {
		if mask&(1<<j) != 0 {
			if d := dist2(p, s.f[j].pos()); best < 0 || d < bd {
				best, bd = j, d
			}
		}
	}
	return best
}

// charges reports whether a move of figure i toward figure j is an assault
// move (Hand to Hand: commando assault units, not against pillboxes).
func (s *State) charges(i, j int) bool {
	return s.def(i).Kind == Assault && s.def(j).Kind != Pillbox
}

// leg works out where figure i ends if it makes move action a (aMove, aTo,
// aToward or aAway), given close = s.closeMask(i). ok is false when the
// move is not legal; stopped when the 6" stop cut it short.
func (s *State) leg(i, a int, close uint32) (end pt, stopped, ok bool) {
	d := s.data()
	from := s.f[i].pos()
	full := s.moveLen(i)
	charge := false
	var to pt
	switch {
	case a >= aMove && a < aTo:
		k, l := (a-aMove)/nLens, (a-aMove)%nLens
		ln := s.legLen(i, l)
		to = pt{from.x + dirs[k].x*ln/10000, from.y + dirs[k].y*ln/10000}
	case a >= aTo && a < aToward:
		f := a - aTo
		if f >= len(d.Features) || (d.Features[f].Kind == FExit && s.side(i) != British) {
			return pt{}, false, false
		}
		to = toward(from, d.Features[f].At, full)
	case a >= aToward && a < aAway:
		j := a - aToward
		if j >= s.nf() || !s.on(j) || s.side(j) == s.side(i) {
			return pt{}, false, false
		}
		e := s.f[j].pos()
		if s.charges(i, j) {
			if within(from, e, Contact) {
				return pt{}, false, false
			}
			v := from.sub(e)
			n := length(v)
			contact := pt{e.x + v.x*(Base+2)/n, e.y + v.y*(Base+2)/n}
			to, charge = toward(from, contact, full), true
		} else {
			to = toward(from, e, full)
		}
	case a == aAway:
		j := s.nearestIn(from, close)
		if j < 0 {
			return pt{}, false, false
		}
		v := from.sub(s.f[j].pos())
		n := length(v)
		if n == 0 {
			return pt{}, false, false
		}
		to = pt{from.x + v.x*full/n, from.y + v.y*full/n}
	default:
		return pt{}, false, false
	}
	if close != 0 && !charge && a != aAway {
		return pt{}, false, false // S3: only away or an assault move
	}
	if to == from {
		return pt{}, false, false
	}
	if !charge {
		// The 6" stop: the leg ends where it first comes within 6" of an
		// enemy it was not already within 6" of.
		best := int64(-1)
		reach := length(to.sub(from)) + StopRange + 1
		for j := range s.nf() {
			if !s.on(j) || s.side(j) == s.side(i) || close&(1<<j) != 0 || !within(from, s.f[j].pos(), reach) {
				continue
			}
			if p, hit := firstWithin(from, to, s.f[j].pos(), StopRange); hit {
				if dd := dist2(from, p); best < 0 || dd < best {
					best, end = dd, p
				}
			}
		}
		if best >= 0 {
			to, stopped = end, true
		}
	}
	if to == from || !s.pathClear(i, from, to) {
		return pt{}, false, false
	}
	return to, stopped, true
}

// pathClear reports whether figure i may go straight from a to b: on the
// table, not through buildings, water, uncut wire or enemy bases, and not
// ending on another figure's base. Friendly bases may be passed through.
func (s *State) pathClear(i int, a, b pt) bool {
	d := s.data()
	if b.x < 0 || b.y < 0 || b.x > d.W || b.y > d.H {
		return false
	}
	if !d.legOpen(a, b, s.gone) {
		return false
	}
	reach := length(b.sub(a)) + Base
	for j := range s.nf() {
		if j == i || !s.on(j) {
			continue
		}
		p := s.f[j].pos()
		if !within(a, p, reach) {
			continue
		}
		if dist2(b, p) < Base*Base {
			return false
		}
		if s.side(j) != s.side(i) && segCloser(a, b, p, Base) && !(dist2(a, p) < Base*Base && dist2(b, p) > dist2(a, p)) {
			return false
		}
	}
	return true
}

// stepAway moves figure i up to 3" directly away from point c, as far as
// is legal in whole inches (Demolition; S12: the 6" stop does not apply).
func (s *State) stepAway(i int, c pt) {
	from := s.f[i].pos()
	v := from.sub(c)
	n := length(v)
	if n == 0 {
		return
	}
	for l := int64(DemoStep); l > 0; l -= Inch {
		to := pt{from.x + v.x*l/n, from.y + v.y*l/n}
		if to != from && s.pathClear(i, from, to) {
			s.f[i].x, s.f[i].y = int32(to.x), int32(to.y)
			return
		}
	}
}
