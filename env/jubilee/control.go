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
	// The hexes a trace may pass: neither sea nor beach, nor occupied, nor
	// controlled by CW units unless a German unit stands there.
	var open hexSet
	for i := range open {
		open[i] = d.landHexes[i] &^ occ[i] &^ (blocked[i] &^ held[i])
	}
	var seen hexSet
	var queue [MaxHexes]int16
	qn := 0
	for _, h := range d.roadExits[m] {
		if open.has(int(h)) {
			queue[qn] = h
			qn++
			seen.put(int(h), true)
			open.put(int(h), false)
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
		}
	}
	return seen
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
