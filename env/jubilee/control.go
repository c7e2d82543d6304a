package jubilee

// Control and communication (13).

// dirTo is the direction from hex a to its neighbour b, or -1.
func (d *Data) dirTo(a, b int) int {
	for dir, n := range d.nbr[a] {
		if int(n) == b {
			return dir
		}
	}
	return -1
}

func (s *State) adjacentTo(a, b int) bool { return s.data().dirTo(a, b) >= 0 }

// controlsAdjacent reports whether a CW unit controls the hexes around it
// (13.2).
func (s *State) controlsAdjacent(u int) bool {
	switch s.data().CW[u].Type {
	case Infantry:
		return s.cwSteps[u] >= 2
	case Commando:
		return s.cwSteps[u] >= 2
	}
	return true
}

// commSet is the set of hexes that can trace communication to a road
// leading off their map (13.3): a search from the road exits through hexes
// that are neither sea nor beach, nor occupied or controlled by CW units,
// and not across an unbridged river. A German unit negates CW control of
// its own hex (13.4). Only map m is searched: units never change maps.
func (s *State) commSet(m int8) hexSet {
	open := s.commOpen()
	return s.commTrace(m, &open, nil, nil)
}

// commOpen is the set of hexes a trace may pass: neither sea nor beach,
// nor occupied, nor controlled by CW units unless a German unit stands
// there.
func (s *State) commOpen() hexSet {
	d := s.data()
	var blocked, occ, held hexSet
	for u := range d.CW {
		if !s.onMap(u) {
			continue
		}
		h := int(s.cwAt[u])
		occ.put(h, true)
		if s.controlsAdjacent(u) {
			for _, n := range d.ctrlNbr[h] {
				if n >= 0 {
					blocked.put(int(n), true)
				}
			}
		}
	}
	for p := range d.Positions {
		if s.posUnit[p] >= 0 {
			held.put(int(d.Positions[p].Hex), true)
		}
	}
	var open hexSet
	for i := range open {
		open[i] = d.landHexes[i] &^ occ[i] &^ (blocked[i] &^ held[i])
	}
	return open
}

// commTrace floods map m from its road exits through open, which it uses
// up, and returns the hexes reached. Given targets, it stops as soon as
// each target set holds a hex reached, and reached[i] reports whether
// targets[i] does (the set returned is then partial): the same answer as
// the whole trace's, since the hexes reached only grow.
func (s *State) commTrace(m int8, open *hexSet, targets []hexSet, reached []bool) hexSet {
	d := s.data()
	left := len(targets)
	for i := range reached {
		reached[i] = false
	}
	var seen hexSet
	var queue [MaxHexes]int16
	qn := 0
	for _, h := range d.roadExits[m] {
		if !open.has(int(h)) {
			continue
		}
		queue[qn] = h
		qn++
		seen.put(int(h), true)
		open.put(int(h), false)
		if left > 0 && settle(int(h), targets, reached, &left) {
			return seen
		}
	}
	for i := 0; i < qn; i++ {
		for _, n := range d.traceNbr[queue[i]] {
			if n < 0 || !open.has(int(n)) {
				continue
			}
			open.put(int(n), false)
			seen.put(int(n), true)
			queue[qn] = n
			qn++
			if left > 0 && settle(int(n), targets, reached, &left) {
				return seen
			}
		}
	}
	return seen
}

// settle marks the targets hex h reaches and reports whether none is left.
func settle(h int, targets []hexSet, reached []bool, left *int) bool {
	for i := range targets {
		if !reached[i] && targets[i].has(h) {
			reached[i] = true
			*left--
		}
	}
	return *left == 0
}

// commTarget is commAt(set, h, true) as a question about the trace: h is
// in communication as if held whenever the trace reaches a hex of target,
// or always.
func (s *State) commTarget(h int) (always bool, target hexSet) {
	d := s.data()
	target.put(h, true)
	if t := d.Hexes[h].Terrain; t == tSea || t == tBeach || s.cwInHex(int16(h)) {
		return false, target
	}
	if d.Hexes[h].RoadExit {
		return true, target
	}
	for _, n := range d.traceNbr[h] {
		if n >= 0 {
			target.put(int(n), true)
		}
	}
	return false, target
}

// commAt reports whether hex h is in communication in set; asIfHeld traces
// as if a German unit already stood there (13.4: a move's destination).
func (s *State) commAt(set *hexSet, h int, asIfHeld bool) bool {
	if set.has(h) {
		return true
	}
	d := s.data()
	t := d.Hexes[h].Terrain
	if !asIfHeld || t == tSea || t == tBeach || s.cwInHex(int16(h)) {
		return false
	}
	if d.Hexes[h].RoadExit {
		return true
	}
	for dir, n := range d.nbr[h] {
		if n >= 0 && d.side[h][dir]&sRiver == 0 && set.has(int(n)) {
			return true
		}
	}
	return false
}

// inComm reports whether position p is in communication; extra >= 0
// traces as if its unit stood in hex extra (13.4).
func (s *State) inComm(p, extra int) bool {
	h := int(s.data().Positions[p].Hex)
	set := s.commSet(s.data().Hexes[h].Map)
	return s.commAt(&set, h, extra == h)
}
