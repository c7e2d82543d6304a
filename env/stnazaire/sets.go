package stnazaire

import "math/bits"

// Sets of spaces for the rule engine's hot paths: the links of each space
// and the spaces each side occupies, as bitsets, so that "is a commando
// next to this space" is two AND operations rather than a loop over the
// counters.

// computeSets derives linkSet, moveSet and attackOrder from the compiled
// links and counters.
func (d *Data) computeSets() {
	n := len(d.Spaces)
	d.linkSet = make([]spaceSet, n)
	d.moveSet = make([]spaceSet, n)
	for a := range n {
		for b := range n {
			d.linkSet[a].put(b, d.linked[a][b])
			d.moveSet[a].put(b, d.moveLinked[a][b])
		}
	}
	for sp := range d.Spaces {
		d.exits.put(sp, d.Spaces[sp].Exit >= 0)
		d.landings.put(sp, d.Spaces[sp].Landing >= 0)
		// Vehicles never enter spaces 6 and 15, nor 8, 9, 14 and 17 once
		// destroyed (8.1 clarification): the objective numbers printed on
		// the spaces.
		switch d.Spaces[sp].Objective {
		case 6, 15:
			d.vehicleNever.put(sp, true)
		case 8, 9, 14, 17:
			d.vehicleIfDestroyed.put(sp, true)
		}
	}
	d.attackOrder = d.attackOrder[:0]
	for str := int8(9); str >= 1; str-- {
		for g := range d.German {
			if d.German[g].Strength == str {
				d.attackOrder = append(d.attackOrder, int8(g))
			}
		}
	}
}

// and returns the intersection of two sets.
func (b *spaceSet) and(c *spaceSet) spaceSet {
	var r spaceSet
	for i := range b {
		r[i] = b[i] & c[i]
	}
	return r
}

// or adds the members of c to b.
func (b *spaceSet) or(c *spaceSet) {
	for i := range b {
		b[i] |= c[i]
	}
}

// andNot removes the members of c from b.
func (b *spaceSet) andNot(c *spaceSet) {
	for i := range b {
		b[i] &^= c[i]
	}
}

// meets reports whether b and c share a member.
func (b *spaceSet) meets(c *spaceSet) bool {
	for i := range b {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}

// empty reports whether b has no member.
func (b *spaceSet) empty() bool {
	for i := range b {
		if b[i] != 0 {
			return false
		}
	}
	return true
}

// next returns the lowest member of b at or above sp, or -1.
func (b *spaceSet) next(sp int) int {
	for i := sp >> 6; i < len(b); i++ {
		w := b[i]
		if i == sp>>6 {
			w &^= 1<<(sp&63) - 1
		}
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}
