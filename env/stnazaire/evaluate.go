package stnazaire

// Value is a quick estimate of the final VP for a search that stops
// early: the running VP (13), less 2 for every commando on the map that can
// no longer reach an exit box by the end at three spaces a turn, since it
// will be captured.
func (s *State) Value() float64 {
	d := s.data()
	v := float64(s.vp)
	if s.phase == phOver {
		return v
	}
	reach := 3 * (s.opts().Turns - int(s.turn) + 1)
	for u := range d.British {
		if s.bStatus[u] != bOnMap {
			continue
		}
		near := 127
		for sp := range d.Spaces {
			if d.Spaces[sp].Exit >= 0 {
				near = min(near, int(d.dist[s.bSpace[u]][sp]))
			}
		}
		if near > reach {
			v -= 2
		}
	}
	return v
}
