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

// inComm reports whether position p can trace communication to a road
// leading off its map (13.3); extra is a hex treated as German-held, the
// destination of a move (13.4), or -1.
func (s *State) inComm(p, extra int) bool {
	d := s.data()
	start := int(d.Positions[p].Hex)
	var blocked, seen hexSet
	for u := range d.CW {
		if !s.onMap(u) {
			continue
		}
		h := int(s.cwAt[u])
		blocked.put(h, true)
		if s.controlsAdjacent(u) {
			for dir, n := range d.nbr[h] {
				if n >= 0 && d.side[h][dir]&(sCliff|sRiver) == 0 {
					blocked.put(int(n), true)
				}
			}
		}
	}
	pass := func(h int) bool {
		t := d.Hexes[h].Terrain
		if t == tSea || t == tBeach {
			return false
		}
		if s.cwInHex(int16(h)) {
			return false
		}
		return !blocked.has(h) || h == extra || h == start || s.germanAt(h) >= 0
	}
	if !pass(start) {
		return false
	}
	var queue [MaxHexes]int16
	qn := 0
	queue[qn] = int16(start)
	qn++
	seen.put(start, true)
	for i := 0; i < qn; i++ {
		h := int(queue[i])
		if d.Hexes[h].RoadExit {
			return true
		}
		for dir, n := range d.nbr[h] {
			if n < 0 || seen.has(int(n)) || d.side[h][dir]&sRiver != 0 || !pass(int(n)) {
				continue
			}
			seen.put(int(n), true)
			queue[qn] = n
			qn++
		}
	}
	return false
}
