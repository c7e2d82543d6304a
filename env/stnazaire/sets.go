package stnazaire

import "math/bits"

// Sets of spaces for the rule engine's hot paths: the links of each space
// and the spaces each side occupies, as bitsets, so that "is a commando
// next to this space" is two AND operations rather than a loop over the
// counters.

// computeSets derives linkSet, moveSet, stackParts, pickKeys and
// strengthSets from the compiled links and counters.
func (d *Data) computeSets() {
	n := len(d.Spaces)
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
	d.nearLandings = d.neighbours(&d.landings)
	for g := range d.German {
		d.classSets[d.German[g].Class] |= 1 << g
		if d.German[g].Vehicle {
			d.vehicles |= 1 << g
		}
		if isFlak(d.German[g].Class) {
			d.flak |= 1 << g
		}
	}
	for u, b := range d.British {
		d.stackParts[u] = [2]stackSum{packStack(b.Type, b.Full), packStack(b.Type, b.Reduced)}
		d.pickKeys[u] = [2]uint8{pickKey(b.Type, b.Full), pickKey(b.Type, b.Reduced)}
	}
	for g := range d.German {
		d.strengthSets[d.German[g].Strength] |= 1 << g // 1 to 9 (compileGerman)
	}
}

// neighbours returns the spaces linked by a solid line to a member of set.
func (d *Data) neighbours(set *spaceSet) spaceSet {
	var lo, hi uint64
	for w := set[0]; w != 0; w &= w - 1 {
		m := &d.moveSet[bits.TrailingZeros64(w)&(MaxSpaces-1)]
		lo, hi = lo|m[0], hi|m[1]
	}
	for w := set[1]; w != 0; w &= w - 1 {
		m := &d.moveSet[(64+bits.TrailingZeros64(w))&(MaxSpaces-1)]
		lo, hi = lo|m[0], hi|m[1]
	}
	return spaceSet{lo, hi}
}

// spaceSet has two words: the methods below are written out for them.
const _ = uint(MaxSpaces-128) + uint(128-MaxSpaces)

// and returns the intersection of two sets.
func (b *spaceSet) and(c *spaceSet) spaceSet { return spaceSet{b[0] & c[0], b[1] & c[1]} }

// or adds the members of c to b.
func (b *spaceSet) or(c *spaceSet) { b[0], b[1] = b[0]|c[0], b[1]|c[1] }

// andNot removes the members of c from b.
func (b *spaceSet) andNot(c *spaceSet) { b[0], b[1] = b[0]&^c[0], b[1]&^c[1] }

// meets reports whether b and c share a member.
func (b *spaceSet) meets(c *spaceSet) bool { return b[0]&c[0]|b[1]&c[1] != 0 }

// count is the number of members of b.
func (b *spaceSet) count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// empty reports whether b has no member.
func (b *spaceSet) empty() bool { return b[0]|b[1] == 0 }

// next returns the lowest member of b at or above sp, or -1.
func (b *spaceSet) next(sp int) int {
	if sp < 64 {
		if w := b[0] &^ (1<<sp - 1); w != 0 {
			return bits.TrailingZeros64(w)
		}
		sp = 64
	}
	if sp < 128 {
		if w := b[1] &^ (1<<(sp-64) - 1); w != 0 {
			return 64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}
