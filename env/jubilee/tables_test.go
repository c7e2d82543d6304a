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
		want := s.refCommSet(m)
		if got := s.commSet(m); got != want {
			t.Fatalf("%s: commSet(%d) %v, the rules' %v", s.Phase(), m, got, want)
		}
		// A trace stopped at targets answers as the whole one: pairs of
		// the positions' hexes as targets, each also as if held.
		for p := 0; p+1 < len(d.Positions); p++ {
			h0, h1 := int(d.Positions[p].Hex), int(d.Positions[p+1].Hex)
			always, t1 := s.commTarget(h1)
			var t0 hexSet
			t0.put(h0, true)
			var reached [2]bool
			open := s.commOpen()
			s.commTrace(m, &open, []hexSet{t0, t1}, reached[:])
			if reached[0] != want.has(h0) {
				t.Fatalf("%s: trace of map %d reaches %d: %v", s.Phase(), m, h0, reached[0])
			}
			if s.data().Hexes[h1].Map == m && (always || reached[1]) != s.commAt(&want, h1, true) {
				t.Fatalf("%s: trace of map %d puts %d in communication as if held: %v %v", s.Phase(), m, h1, always, reached[1])
			}
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
	if s.chit >= 0 && d.Chits[s.chit].Kind == chitAction {
		for p := range d.Positions {
			var got, want moveCheck
			if a, b := s.checkMove(p, &got), s.refCheckMove(p, &want); a != b || got != want {
				t.Fatalf("%s: checkMove(%d) %v %+v, the rules' %v %+v", s.Phase(), p, a, got, b, want)
			}
		}
	}
	for area := range d.AreaNames {
		if got, want := s.depthEligible(area), s.refDepthEligible(area); got != want {
			t.Fatalf("%s: depthEligible(%d) %b, the rules' %b", s.Phase(), area, got, want)
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

func (s *State) refCheckMove(p int, m *moveCheck) bool {
	d := s.data()
	*m = moveCheck{rule: aPass}
	g := int(s.posUnit[p])
	pos := &d.Positions[p]
	if g < 0 || s.gF[g]&(gDisrupted|gMoved) != 0 || d.German[g].Type == gCoastal {
		return false
	}
	occ, boxes := s.cwOcc()
	if s.fieldHolds(p, &occ, boxes) {
		return false
	}
	if pos.Battery != "" && !s.isDestroyed(p) { // 6.20
		return false
	}
	if pos.VP > 0 { // 6.19
		for u := range d.CW {
			if s.onMap(u) && d.Hexes[s.cwAt[u]].Map == d.Hexes[pos.Hex].Map && hexDist(&d.Hexes[s.cwAt[u]], &d.Hexes[pos.Hex]) <= 2 {
				return false
			}
		}
	}
	if len(pos.Arrows) == 0 {
		return true // A
	}
	amc := d.Chits[s.chit].Assault[s.curSlot()] && s.gF[g]&gRevealed == 0 && s.gDepth[g] >= 0 // 6.18
	var comm hexSet
	haveComm := false
	for _, q := range pos.Arrows {
		qh := d.Positions[q].Hex
		switch {
		case s.posUnit[q] >= 0:
		case occ.has(int(qh)):
			if amc {
				m.assault[m.nAssault] = q
				m.nAssault++
			}
		default:
			if !amc && !haveComm {
				comm, haveComm = s.refCommSet(d.Hexes[pos.Hex].Map), true
			}
			if amc || s.commAt(&comm, int(qh), true) { // 6.16, ruling J18
				m.dests[m.nDest] = q
				m.nDest++
			}
		}
	}
	switch {
	case m.nDest == 1:
		m.rule = aMove + int(d.Positions[m.dests[0]].Hex) // B, F
	case m.nDest == 2: // G
		q := pos.Arrows[0]
		f0, f1 := s.fieldHolds(int(pos.Arrows[0]), &occ, boxes), s.fieldHolds(int(pos.Arrows[1]), &occ, boxes)
		if f1 && !f0 {
			q = pos.Arrows[1]
		}
		m.rule = aMove + int(d.Positions[q].Hex)
	case m.nAssault > 0: // D, E under an assault move (ruling J17: primary first)
		m.rule = aAttack + int(d.Positions[m.assault[0]].Hex)
	}
	return true
}

func (s *State) refDepthEligible(area int) uint64 {
	d := s.data()
	var out uint64
	var comm hexSet
	haveComm := false
	for p := range d.Positions {
		g := s.posUnit[p]
		h := &d.Hexes[d.Positions[p].Hex]
		if g < 0 || s.gDepth[g] >= 0 || int(h.Area) != area {
			continue
		}
		if !haveComm {
			comm, haveComm = s.refCommSet(h.Map), true
		}
		if comm.has(int(d.Positions[p].Hex)) {
			out |= 1 << p
		}
	}
	if out == 0 {
		switch d.AreaNames[area] {
		case "Blue", "Green", "Rear":
			return s.refDepthEligible(indexOf(d.AreaNames, "Dieppe"))
		}
	}
	return out
}
