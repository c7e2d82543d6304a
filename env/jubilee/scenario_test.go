package jubilee

import "testing"

// Scenario helpers: an empty board at the CW action phase, on which a
// test places the counters it needs.

func empty(t *testing.T, o Options) *State {
	t.Helper()
	g := mustGame(o)
	s := g.newState(1)
	d := g.data
	for u := range d.CW {
		s.cwSt[u], s.cwTurn[u], s.cwAt[u], s.cwF[u] = cwTrack, 30, -1, 0
		s.cwSteps[u] = d.CW[u].MaxSteps
	}
	for p := range s.posUnit {
		s.posUnit[p] = -1
	}
	for gi := range d.German {
		s.gPos[gi], s.gF[gi], s.gDepth[gi] = -1, 0, -1
	}
	for m := range d.Depth {
		s.depthSt[m], s.depthRev[m] = dBox, false
	}
	for c := range d.Chits {
		s.chitSt[c] = chCup
	}
	for t := range d.Tracks {
		s.tp[t] = d.Tracks[t].Max
	}
	s.turn, s.phase, s.step, s.dec, s.roll = 5, phAction, 1, decSelect, rollNone
	s.evac, s.evacSteps, s.elimSteps, s.elim3, s.vp, s.destroyed = [3]bool{}, 0, 0, 0, 0, 0
	return s
}

func hexID(t *testing.T, s *State, id string) int {
	t.Helper()
	h, ok := s.data().hexIdx[id]
	if !ok {
		t.Fatalf("no hex %s", id)
	}
	return h
}

func posAt(t *testing.T, s *State, id string) int {
	t.Helper()
	p := s.data().Hexes[hexID(t, s, id)].Pos
	if p < 0 {
		t.Fatalf("no position in %s", id)
	}
	return int(p)
}

func cwNamed(t *testing.T, s *State, name string) int {
	t.Helper()
	for u, c := range s.data().CW {
		if c.Name == name {
			return u
		}
	}
	t.Fatalf("no CW unit %s", name)
	return -1
}

func germanNamed(t *testing.T, s *State, name string) int {
	t.Helper()
	for g, c := range s.data().German {
		if c.Name == name {
			return g
		}
	}
	t.Fatalf("no German unit %s", name)
	return -1
}

func chitNamed(t *testing.T, s *State, name string) int {
	t.Helper()
	for c, x := range s.data().Chits {
		if x.Name == name {
			return c
		}
	}
	t.Fatalf("no chit %s", name)
	return -1
}

// putCW places a CW unit on a hex.
func putCW(t *testing.T, s *State, name, hex string) int {
	u := cwNamed(t, s, name)
	s.cwSt[u], s.cwAt[u] = cwMap, int16(hexID(t, s, hex))
	return u
}

// putG places a German unit in the position of a hex.
func putG(t *testing.T, s *State, name, hex string) int {
	g := germanNamed(t, s, name)
	p := posAt(t, s, hex)
	s.gPos[g], s.posUnit[p] = int8(p), int8(g)
	return g
}

// giveDepth puts depth marker m under German unit g.
func giveDepth(s *State, g, m int, revealed bool) {
	s.gDepth[g], s.depthSt[m], s.depthRev[m] = int8(m), dMap, revealed
}

// atChit makes chit c the one being resolved, its colour slot k, at
// position p.
func atChit(s *State, c, k, p int) {
	s.chit, s.cursor = int8(c), int16(k*MaxPositions+p)
}
