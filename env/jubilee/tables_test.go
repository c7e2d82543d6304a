package jubilee

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// The hot paths read tables derived from the data at compile (fields by
// hex, colours, boxes, terrain, neighbours). TestDerivedTablesAgree plays
// random games and holds each against the direct reading of the rules it
// replaced, at every state met.
func TestDerivedTablesAgree(t *testing.T) {
	for _, g := range actionGames(t) {
		jg := g.(*Game)
		for seed := range uint64(12) {
			s := jg.newState(seed)
			r := rand.New(rand.NewPCG(seed, 99))
			var buf []env.Action
			for step := 0; !s.IsTerminal(); step++ {
				checkDerived(t, s)
				buf = s.LegalActions(buf)
				if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkDerived(t *testing.T, s *State) {
	t.Helper()
	d := s.data()
	if s.dec == decVerb {
		if got, want := s.moveDests(int(s.sel)), s.refMoveDests(int(s.sel)); got != want {
			t.Fatalf("%s: moveDests %v, the rules' %v", s.Phase(), got, want)
		}
		listed := map[env.Action]bool{}
		for _, a := range s.verbActions(nil) {
			listed[a] = true
		}
		for a := range numActions {
			if got := s.verbLegal(a); got != listed[env.Action(a)] {
				t.Fatalf("%s: verbLegal(%s) %v, verbActions lists it: %v", s.Phase(), s.actionName(env.Action(a)), got, listed[env.Action(a)])
			}
		}
	}
	for m := range int8(len(d.MapNames)) {
		if got, want := s.commSet(m), s.refCommSet(m); got != want {
			t.Fatalf("%s: commSet(%d) %v, the rules' %v", s.Phase(), m, got, want)
		}
	}
	occ, boxes := s.cwOcc()
	for p := range d.Positions {
		if got, want := s.cwInField(p), s.fieldHolds(p, &occ, boxes); got != want {
			t.Fatalf("%s: cwInField(%d) %v, the rules' %v", s.Phase(), p, got, want)
		}
	}
	f, live := s.liveFields(), s.liveMask()
	for h := range d.Hexes {
		if got, want := d.fieldsOver[h]&live != 0, f.has(h); got != want {
			t.Fatalf("%s: hex %d in a live field %v, the rules' %v", s.Phase(), h, got, want)
		}
		n := 0
		for p := range d.Positions {
			if g := s.posUnit[p]; g >= 0 && s.gF[g]&gDisrupted == 0 && d.Positions[p].Field.has(h) {
				n++
			}
		}
		if got := s.DangerAt(h); got != n {
			t.Fatalf("%s: DangerAt(%d) %d, want %d", s.Phase(), h, got, n)
		}
	}
	if s.chit >= 0 && s.phase == phOps && (s.step == opFire || s.step == opMove) {
		a, b := *s, *s
		if got, want := a.seekPos(), b.refSeekPos(); got != want || a.cursor != b.cursor {
			t.Fatalf("%s: seekPos %v at %d, the rules' %v at %d", s.Phase(), got, a.cursor, want, b.cursor)
		}
	}
}

func (s *State) refSeekPos() bool {
	d := s.data()
	c := &d.Chits[s.chit]
	for {
		k, p := int(s.cursor)/MaxPositions, int(s.cursor)%MaxPositions
		if k >= int(c.NCol) {
			return false
		}
		if p >= len(d.Positions) {
			s.cursor = int16((k + 1) * MaxPositions)
			continue
		}
		if d.Positions[p].Colour == c.Colours[k] {
			return true
		}
		s.cursor++
	}
}

// canEnter reports whether unit u may cross from hex a into neighbour n
// (10.2-10.4, 10.6, Terrain Effects Chart as reconstructed).
func (s *State) canEnter(u, a, dir int) bool {
	d := s.data()
	n := int(d.nbr[a][dir])
	if n < 0 {
		return false
	}
	t := d.Hexes[n].Terrain
	side := d.side[a][dir]
	if t == tSea || side&(sCliff|sRiver) != 0 || s.germanAt(n) >= 0 {
		return false
	}
	if d.CW[u].Type == Tank && (t == tWoods || (side&sWall != 0 && !s.wallDown)) {
		return false
	}
	if side&sWire != 0 && s.wireUsed(a, dir) {
		return false
	}
	return true
}

func (s *State) refMoveDests(u int) hexSet {
	d := s.data()
	var out hexSet
	h := int(s.cwAt[u])
	fields := s.liveFields()
	road := d.Hexes[h].Road
	for dir, n1 := range d.nbr[h] {
		if !s.canEnter(u, h, dir) {
			continue
		}
		out.put(int(n1), true)
		if fields.has(int(n1)) || d.side[h][dir]&sWire != 0 {
			continue
		}
		r1 := road && d.side[h][dir]&sRoad != 0
		for dir2, n2 := range d.nbr[n1] {
			if int(n2) == h || !s.canEnter(u, int(n1), dir2) || fields.has(int(n2)) || d.side[n1][dir2]&sWire != 0 {
				continue
			}
			out.put(int(n2), true)
			if !r1 || d.side[n1][dir2]&sRoad == 0 {
				continue
			}
			for dir3, n3 := range d.nbr[n2] {
				if int(n3) == h || int(n3) == int(n1) || !s.canEnter(u, int(n2), dir3) || fields.has(int(n3)) || d.side[n2][dir3]&(sWire) != 0 || d.side[n2][dir3]&sRoad == 0 {
					continue
				}
				out.put(int(n3), true)
			}
		}
	}
	out.put(h, false)
	return out
}

func (s *State) refCommSet(m int8) hexSet {
	d := s.data()
	var blocked, occ, seen hexSet
	for u := range d.CW {
		if !s.onMap(u) {
			continue
		}
		h := int(s.cwAt[u])
		occ.put(h, true)
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
		return t != tSea && t != tBeach && !occ.has(h) && (!blocked.has(h) || s.germanAt(h) >= 0)
	}
	var queue [MaxHexes]int16
	qn := 0
	for h := range d.Hexes {
		if d.Hexes[h].RoadExit && d.Hexes[h].Map == m && pass(h) {
			queue[qn] = int16(h)
			qn++
			seen.put(h, true)
		}
	}
	for i := 0; i < qn; i++ {
		h := int(queue[i])
		for dir, n := range d.nbr[h] {
			if n < 0 || seen.has(int(n)) || d.side[h][dir]&sRiver != 0 || !pass(int(n)) {
				continue
			}
			seen.put(int(n), true)
			queue[qn] = n
			qn++
		}
	}
	return seen
}
