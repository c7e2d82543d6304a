package skirmish

// Exact plane geometry in integers: segments, convex polygons, distances.
// Every test is closed (touching counts), so a figure can never stand on a
// wall or slip along one.

// box is an axis-aligned bounding box, for a cheap first test.
type box struct{ x0, y0, x1, y1 int64 }

func boxOf(ps []pt) box {
	b := box{ps[0].x, ps[0].y, ps[0].x, ps[0].y}
	for _, p := range ps[1:] {
		b.x0, b.y0 = min(b.x0, p.x), min(b.y0, p.y)
		b.x1, b.y1 = max(b.x1, p.x), max(b.y1, p.y)
	}
	return b
}

// grow widens b by r on every side.
func (b box) grow(r int64) box { return box{b.x0 - r, b.y0 - r, b.x1 + r, b.y1 + r} }

// meetsSeg reports whether the bounding boxes of b and segment ab overlap.
func (b box) meetsSeg(a, c pt) bool {
	return max(a.x, c.x) >= b.x0 && min(a.x, c.x) <= b.x1 && max(a.y, c.y) >= b.y0 && min(a.y, c.y) <= b.y1
}

func sign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// onSeg reports whether p, collinear with ab, lies within the segment.
func onSeg(a, b, p pt) bool {
	return min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
}

// segsMeet reports whether the closed segments ab and cd share a point.
func segsMeet(a, b, c, d pt) bool {
	d1 := sign(b.sub(a).cross(c.sub(a)))
	d2 := sign(b.sub(a).cross(d.sub(a)))
	d3 := sign(d.sub(c).cross(a.sub(c)))
	d4 := sign(d.sub(c).cross(b.sub(c)))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onSeg(a, b, c)) || (d2 == 0 && onSeg(a, b, d)) ||
		(d3 == 0 && onSeg(c, d, a)) || (d4 == 0 && onSeg(c, d, b))
}

// inConvex reports whether p is inside or on the convex polygon poly
// (vertices in either winding order).
func inConvex(p pt, poly []pt) bool {
	s := 0
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		c := sign(b.sub(a).cross(p.sub(a)))
		if c == 0 {
			continue
		}
		if s == 0 {
			s = c
		} else if c != s {
			return false
		}
	}
	return true
}

// segMeetsConvex reports whether the closed segment ab meets the closed
// convex polygon poly.
func segMeetsConvex(a, b pt, poly []pt) bool {
	if inConvex(a, poly) || inConvex(b, poly) {
		return true
	}
	for i, c := range poly {
		if segsMeet(a, b, c, poly[(i+1)%len(poly)]) {
			return true
		}
	}
	return false
}

// segWithin reports whether point p is within r of the closed segment ab.
func segWithin(a, b, p pt, r int64) bool {
	d, w := b.sub(a), p.sub(a)
	t := w.dot(d)
	if t <= 0 {
		return w.norm2() <= r*r
	}
	if l := d.norm2(); t >= l {
		return dist2(p, b) <= r*r
	} else {
		c := d.cross(w)
		return c*c <= r*r*l
	}
}

// segCloser reports whether p comes strictly closer than r to segment ab.
func segCloser(a, b, p pt, r int64) bool { return segWithin(a, b, p, r-1) }

// polyWithin reports whether p is within r of the convex polygon (inside
// counts).
func polyWithin(p pt, poly []pt, r int64) bool {
	if inConvex(p, poly) {
		return true
	}
	for i, a := range poly {
		if segWithin(a, poly[(i+1)%len(poly)], p, r) {
			return true
		}
	}
	return false
}

// isConvex reports whether poly (at least 3 vertices) is strictly convex.
func isConvex(poly []pt) bool {
	if len(poly) < 3 {
		return false
	}
	s := 0
	for i, a := range poly {
		b, c := poly[(i+1)%len(poly)], poly[(i+2)%len(poly)]
		k := sign(b.sub(a).cross(c.sub(b)))
		if k == 0 || (s != 0 && k != s) {
			return false
		}
		s = k
	}
	return true
}

// centroid is the mean of the vertices, rounded down.
func centroid(poly []pt) pt {
	var c pt
	for _, p := range poly {
		c = c.add(p)
	}
	n := int64(len(poly))
	return pt{c.x / n, c.y / n}
}

// toward is the point reached from a by going at most l toward b: b itself
// if it is within l, else the point l along the exact vector, rounded
// toward a.
func toward(a, b pt, l int64) pt {
	v := b.sub(a)
	n := length(v)
	if n <= l {
		return b
	}
	return pt{a.x + v.x*l/n, a.y + v.y*l/n}
}

// firstWithin finds where a leg from a to b first comes within r of e,
// given that a is farther than r from e. It returns the first point of the
// leg (to the hundredth, at or just past the crossing) that is within r,
// and false if the leg never comes within r.
func firstWithin(a, b, e pt, r int64) (pt, bool) {
	d, f := b.sub(a), a.sub(e)
	qa, qb, qc := d.norm2(), f.dot(d), f.norm2()-r*r
	if qa == 0 || qb >= 0 {
		return pt{}, false // standing still or moving away
	}
	disc := qb*qb - qa*qc
	if disc < 0 {
		return pt{}, false
	}
	num := -qb - isqrt(disc) // t = num/qa, at or just after the crossing
	if num > qa {
		return pt{}, false
	}
	// Round away from a, then step on a hundredth at a time until inside:
	// the rounding may land a hair outside the circle.
	for k := int64(0); k < 8; k++ {
		n := min(num+k*max(1, qa/max(1, length(d))), qa)
		p := pt{a.x + divAway(d.x*n, qa), a.y + divAway(d.y*n, qa)}
		if within(p, e, r) {
			return p, true
		}
		if n == qa {
			break
		}
	}
	return pt{}, false // only grazes the circle
}

// divAway divides rounding away from zero.
func divAway(n, d int64) int64 {
	q := n / d
	if n%d != 0 {
		if n > 0 {
			q++
		} else {
			q--
		}
	}
	return q
}
