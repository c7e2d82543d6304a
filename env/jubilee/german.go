package jubilee

import "math/bits"

// Phase II, operations (4.1 II): op chits drawn one at a time; German
// fire and movement (6), coastal batteries (7), random events (8), depth
// markers (9).

func (s *State) runOps() {
	d := s.data()
	switch s.step {
	case opDraw:
		if int(s.draws) >= s.nDraws() {
			s.phase, s.step, s.cursor = phAction, 0, 0
			return
		}
		if !s.cupHasChit() { // ruling J8: refill an empty cup
			for c := range d.Chits {
				if s.chitSt[c] == chAside {
					s.chitSt[c] = chCup
				}
			}
		}
		if !s.cupHasChit() {
			s.phase, s.step, s.cursor = phAction, 0, 0
			return
		}
		s.roll = rollChit
	case opFire:
		s.runFire()
	case opMove:
		s.runMove()
	case opRecover:
		// 6.22: after all fire and movement, the chit's colours recover.
		c := &d.Chits[s.chit]
		for p := range d.Positions {
			for k := range c.NCol {
				if d.Positions[p].Colour == c.Colours[k] && s.posUnit[p] >= 0 {
					s.gF[s.posUnit[p]] &^= gDisrupted
				}
			}
		}
		for g := range d.German {
			s.gF[g] &^= gMoved
		}
		s.chit, s.step = -1, opDraw
	case opDepth:
		s.runDepth()
	}
}

func (s *State) cupHasChit() bool {
	for c := range s.data().Chits {
		if s.chitSt[c] == chCup {
			return true
		}
	}
	return false
}

// drawn resolves the chit just drawn.
func (s *State) drawn(c int) {
	d := s.data()
	s.chitSt[c] = chAside
	s.draws++
	s.chit = int8(c)
	ch := &d.Chits[c]
	switch ch.Kind {
	case chitAction:
		s.step, s.cursor, s.hits = opFire, 0, -1
		for u := range d.CW {
			s.cwF[u] &^= fStepLost
		}
	case chitDepth:
		s.step, s.cursor = opDepth, 0
	case chitCommando:
		s.phase, s.step, s.cursor = phBonus, 0, 0
	case chitBattery:
		s.chit = -1
		if ch.BatPos < 0 || (!s.isDestroyed(int(ch.BatPos)) && !s.cwInHex(d.Positions[ch.BatPos].Hex)) { // 7.3
			s.loseTP(int(ch.Track))
		}
	case chitEvent:
		s.chit = -1
		if s.turn >= 4 { // 8.1
			s.roll = rollEvent
		}
	}
}

func (s *State) cwInHex(h int16) bool {
	n, _ := s.hexUnits(h)
	return n > 0
}

// seekPos moves the cursor to the next position whose colour is on the
// chit, in the chit's colour order (6.17), and reports whether one is left.
func (s *State) seekPos() bool {
	d := s.data()
	c := &d.Chits[s.chit]
	for {
		k, p := int(s.cursor)/MaxPositions, int(s.cursor)%MaxPositions
		if k >= int(c.NCol) {
			return false
		}
		if m := d.colourPos[c.Colours[k]] >> p; m != 0 {
			s.cursor += int16(bits.TrailingZeros64(m))
			return true
		}
		s.cursor = int16((k + 1) * MaxPositions)
	}
}

func (s *State) curPos() int  { return int(s.cursor) % MaxPositions }
func (s *State) curSlot() int { return int(s.cursor) / MaxPositions }

// runFire resolves the fire of the current position (6.5-6.14, 15.1).
func (s *State) runFire() {
	d := s.data()
	if !s.seekPos() {
		s.step, s.cursor, s.hits = opMove, 0, -1
		return
	}
	p := s.curPos()
	if s.hits < 0 {
		g := s.posUnit[p]
		if g < 0 || s.gF[g]&gDisrupted != 0 || !s.cwInField(p) {
			s.cursor++
			return
		}
		s.hits = 1 // 6.7
		if s.gDepth[g] >= 0 {
			s.hits = 2
		}
		for u := range d.CW {
			s.cwF[u] &^= fHitPos
		}
	}
	if s.hits == 0 {
		s.hits = -1
		s.cursor++
		return
	}
	best, group := s.fireGroup(p)
	switch {
	case best == 0:
		s.hits = 0
	case s.opts().OpponentSeat:
		s.dec = decGFire
	case popcount(group) == 1:
		s.applyHit(p, lowest(group))
		s.hits--
	default:
		s.cand, s.dec = group, decFireTie // "among units with the most steps, you choose"
	}
}

func lowest(x uint64) int {
	for i := range 64 {
		if x&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// hitLevel is the best fire priority of 15.1 at which position p, firing
// now, may hit unit u, or 0 if it may not.
func (s *State) hitLevel(p, u int) int {
	if s.cwF[u]&fHitPos != 0 {
		return 0
	}
	return s.levelAt(p, s.curSlot(), u)
}

// levelAt is hitLevel for position p firing in colour slot k of the chit,
// whether or not it has hit u already.
func (s *State) levelAt(p, k, u int) int {
	d := s.data()
	pos := &d.Positions[p]
	c := &d.Chits[s.chit]
	g := s.posUnit[p]
	armor := c.Armor[k] || d.German[g].Type == gAntiTank // 6.13
	sym := d.CW[u].Symbol == c.Symbol
	lost := s.cwF[u]&fStepLost != 0 // 6.11
	tank := d.CW[u].Type == Tank
	switch s.cwSt[u] {
	case cwBox:
		if pos.Boxes&(1<<s.cwAt[u]) != 0 && sym && !lost {
			return 1
		}
	case cwMap:
		h := int(s.cwAt[u])
		if !pos.Field.has(h) {
			return 0
		}
		adj := s.adjacentTo(h, int(pos.Hex))
		if !sym {
			_, steps := s.hexUnits(int16(h))
			sym = steps >= 6 // 6.12 concentrated target
		}
		if sym && !lost && (!tank || armor) {
			t := d.Hexes[h].Terrain
			switch {
			case adj && (t == tClear || t == tBeach):
				return 2
			case adj:
				return 3
			}
			return 4
		}
		if s.cwF[u]&(fDisrupted|fAtkDis) == 0 { // ruling J10
			if adj {
				return 5
			}
			return 6
		}
	}
	return 0
}

// fireGroup is the best priority position p can apply and the units at
// it with the most steps (15.1 additional selection priorities), among the
// units whose hit lets the chit's fire hit the most CW units possible
// (6.11; all eligible units with fire_assign=greedy).
func (s *State) fireGroup(p int) (int, uint64) {
	var elig uint64
	var level [MaxCW]int8 // mostHit reads the state, changes nothing
	for u := range s.data().CW {
		if l := s.hitLevel(p, u); l > 0 {
			elig |= 1 << u
			level[u] = int8(l)
		}
	}
	if !s.opts().GreedyFire {
		elig = s.mostHit(p, elig)
	}
	best, most := 7, 0
	var group uint64
	for u := range s.data().CW {
		if elig&(1<<u) == 0 {
			continue
		}
		l := int(level[u])
		st := int(s.cwSteps[u])
		switch {
		case l < best || (l == best && st > most):
			best, most, group = l, st, 1<<u
		case l == best && st == most:
			group |= 1 << u
		}
	}
	if group == 0 {
		return 0, 0
	}
	return best, group
}

// mostHit narrows elig, the units position p may hit with its next hit,
// to those whose hit lets the rest of the chit's fire (p's other hits and
// the positions after it) hit the most CW units possible (6.11, ruling
// J39): its example has position A, with two hits and three eligible units,
// leave the one that position B can also hit to B. Each remaining hit is a
// slot that may take any unit its position may hit as the state stands;
// the count is a maximum matching of slots to units, a unit counted once.
func (s *State) mostHit(p int, elig uint64) uint64 {
	if popcount(elig) < 2 || !s.laterFire(elig, nil) {
		return elig // no later position competes for p's units
	}
	var m hitMatch
	for range s.hits - 1 {
		m.add(elig)
	}
	s.laterFire(^uint64(0), &m)
	best, keep := -1, uint64(0)
	for x := elig; x != 0; x &= x - 1 {
		u := bits.TrailingZeros64(x)
		switch n := m.max(1 << u); {
		case n > best:
			best, keep = n, 1<<u
		case n == best:
			keep |= 1 << u
		}
	}
	return keep
}

// laterFire reports whether a position firing after the current one on
// this chit may hit one of units; with m set, it adds each such position's
// hits (two with a depth marker, 6.7) to m as slots, with all the units
// among units each may hit.
func (s *State) laterFire(units uint64, m *hitMatch) bool {
	d := s.data()
	c := &d.Chits[s.chit]
	found := false
	for cur := int(s.cursor) + 1; cur < int(c.NCol)*MaxPositions; cur++ {
		k, q := cur/MaxPositions, cur%MaxPositions
		if q >= len(d.Positions) {
			cur = (k+1)*MaxPositions - 1
			continue
		}
		g := s.posUnit[q]
		if d.Positions[q].Colour != c.Colours[k] || g < 0 || s.gF[g]&gDisrupted != 0 {
			continue
		}
		var can uint64
		for x := units; x != 0; x &= x - 1 {
			if u := bits.TrailingZeros64(x); u < len(d.CW) && (s.cwSt[u] == cwMap || s.cwSt[u] == cwBox) && s.levelAt(q, k, u) > 0 {
				can |= 1 << u
			}
		}
		if can == 0 {
			continue
		}
		if m == nil {
			return true
		}
		found = true
		m.add(can)
		if s.gDepth[g] >= 0 {
			m.add(can)
		}
	}
	return found
}

// hitMatch counts how many distinct units the remaining hits of a chit
// can reach: each slot (one hit) may take the units of its mask.
type hitMatch struct {
	slots [2 * MaxPositions]uint64
	n     int
}

func (m *hitMatch) add(units uint64) {
	if m.n < len(m.slots) {
		m.slots[m.n] = units
		m.n++
	}
}

// max is the size of a maximum matching of slots to units not in taken,
// by augmenting paths (Kuhn's algorithm).
func (m *hitMatch) max(taken uint64) int {
	var owner [MaxCW]int16 // the slot holding each unit, -1 for none
	for i := range owner {
		owner[i] = -1
	}
	n := 0
	for sl := range m.n {
		var seen uint64
		if m.augment(sl, taken, &seen, &owner) {
			n++
		}
	}
	return n
}

func (m *hitMatch) augment(sl int, taken uint64, seen *uint64, owner *[MaxCW]int16) bool {
	for x := m.slots[sl] &^ taken; x != 0; x &= x - 1 {
		u := bits.TrailingZeros64(x)
		if *seen&(1<<u) != 0 {
			continue
		}
		*seen |= 1 << u
		if owner[u] < 0 || m.augment(int(owner[u]), taken, seen, owner) {
			owner[u] = int16(sl)
			return true
		}
	}
	return false
}

// applyHit applies position p's hit on unit u at its priority (15.1).
func (s *State) applyHit(p, u int) {
	d := s.data()
	l := s.hitLevel(p, u)
	s.cwF[u] |= fHitPos
	switch {
	case l == 1:
		t := int(d.Boxes[s.cwAt[u]].Track)
		s.cwF[u] |= fStepLost
		s.loseStep(u)
		s.loseTP(t)
	case l >= 2 && l <= 4:
		s.cwF[u] |= fStepLost | fDisrupted
		s.loseStep(u)
	case l >= 5:
		s.cwF[u] |= fDisrupted
	}
}

// moveCheck is what a German movement check (6.15-6.21) allows: free
// destinations, CW-held arrow targets an assault may hit, and the rules'
// own choice (an action: pass, move or attack a hex).
type moveCheck struct {
	dests    [2]int8
	nDest    int8
	assault  [2]int8
	nAssault int8
	rule     int
}

// checkMove fills m for position p and reports whether its unit makes a
// movement check at all.
func (s *State) checkMove(p int, m *moveCheck) bool {
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
	// 6.16, ruling J18: a free arrow target is a destination if in
	// communication as if held; one trace answers for both arrows.
	var inComm [2]bool
	if !amc {
		var tg [2]hexSet
		var of [2]int
		nt := 0
		for k, q := range pos.Arrows {
			if qh := int(d.Positions[q].Hex); s.posUnit[q] < 0 && !occ.has(qh) {
				if always, t := s.commTarget(qh); always {
					inComm[k] = true
				} else {
					tg[nt], of[nt] = t, k
					nt++
				}
			}
		}
		if nt > 0 {
			var reached [2]bool
			open := s.commOpen()
			s.commTrace(d.Hexes[pos.Hex].Map, &open, tg[:nt], reached[:nt])
			for j := range nt {
				inComm[of[j]] = reached[j]
			}
		}
	}
	for k, q := range pos.Arrows {
		qh := d.Positions[q].Hex
		switch {
		case s.posUnit[q] >= 0:
		case occ.has(int(qh)):
			if amc {
				m.assault[m.nAssault] = q
				m.nAssault++
			}
		default:
			if amc || inComm[k] {
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

// runMove conducts the movement checks of the chit's positions in order.
func (s *State) runMove() {
	if !s.seekPos() {
		s.step, s.cursor = opRecover, 0
		return
	}
	p := s.curPos()
	var m moveCheck
	if !s.checkMove(p, &m) {
		s.cursor++
		return
	}
	if s.opts().OpponentSeat && m.nDest+m.nAssault > 0 {
		s.dec = decGMove
		return
	}
	s.cursor++
	s.doMove(p, m.rule)
}

// doMove carries out a movement check's outcome for position p.
func (s *State) doMove(p, a int) {
	d := s.data()
	switch {
	case a >= aMove && a < aAttack:
		q := d.Hexes[a-aMove].Pos
		g := s.posUnit[p]
		s.posUnit[p], s.posUnit[q], s.gPos[g] = -1, g, q
		s.gF[g] |= gMoved
	case a >= aAttack && a < aBarrage:
		s.aux, s.aux2 = int16(d.Hexes[a-aAttack].Pos), int16(p)
		s.gF[s.posUnit[p]] |= gMoved
		s.roll = rollAssault
	}
}

// assaultResult resolves an assault move (6.18): a die above the CW
// strength in the hex disrupts them and pushes them back.
func (s *State) assaultResult(face int) {
	d := s.data()
	h := d.Positions[s.aux].Hex
	str := 0
	for u := range d.CW {
		if s.onMap(u) && s.cwAt[u] == h {
			str += s.cwStrength(u)
		}
	}
	if face <= str {
		return
	}
	for u := range d.CW {
		if s.onMap(u) && s.cwAt[u] == h {
			s.cwF[u] |= fDisrupted
		}
	}
	var buf [6]int16
	hs := s.retreatHexes(buf[:0])
	switch len(hs) {
	case 0: // ruling J17: nowhere to go, each loses a step
		for u := range d.CW {
			if s.onMap(u) && s.cwAt[u] == h {
				s.loseStep(u)
			}
		}
	case 1:
		s.retreatTo(hs[0])
	default:
		s.dec = decRetreat
	}
}

// retreatHexes lists the hexes next to the assaulted position that are
// farther from the assaulting unit's start (6.18).
func (s *State) retreatHexes(buf []int16) []int16 {
	d := s.data()
	h := d.Positions[s.aux].Hex
	from := &d.Hexes[d.Positions[s.aux2].Hex]
	base := hexDist(&d.Hexes[h], from)
	for dir, n := range d.nbr[h] {
		if n < 0 || d.Hexes[n].Terrain == tSea || s.germanAt(int(n)) >= 0 || d.side[h][dir]&(sCliff|sRiver) != 0 {
			continue
		}
		if hexDist(&d.Hexes[n], from) > base {
			buf = append(buf, n)
		}
	}
	return buf
}

func (s *State) retreatTo(to int16) {
	h := s.data().Positions[s.aux].Hex
	for u := range s.data().CW {
		if s.onMap(u) && s.cwAt[u] == h {
			s.cwAt[u] = to
		}
	}
}

// runDepth places the depth markers of a Depth Placement chit (9.2-9.5).
func (s *State) runDepth() {
	d := s.data()
	c := &d.Chits[s.chit]
	left := s.depthInBox()
	if s.cursor >= 2 || left == 0 {
		s.chit, s.step = -1, opDraw
		return
	}
	var cands uint64
	if left == 1 && s.cursor == 0 { // 9.5: one marker for two areas
		cands = s.depthEligible(int(c.Areas[0])) | s.depthEligible(int(c.Areas[1]))
		s.cursor = 2
	} else {
		cands = s.depthEligible(int(c.Areas[s.cursor]))
		s.cursor++
	}
	switch {
	case cands == 0:
	case s.opts().OpponentSeat && popcount(cands) > 1:
		s.cand, s.dec = cands, decGDepth
	default:
		s.placeDepth(s.depthChoice(cands))
	}
}

func (s *State) depthInBox() int {
	n := 0
	for m := range s.data().Depth {
		if s.depthSt[m] == dBox {
			n++
		}
	}
	return n
}

// depthEligible lists the positions of an area whose unit may receive a
// depth marker (9.2, 9.3), with 9.5's fallback to the Dieppe area.
func (s *State) depthEligible(area int) uint64 {
	d := s.data()
	var out uint64
	// The candidates, and whether the trace of the first one's map reaches
	// each: one trace, stopped once all are reached.
	var cand [8]int8
	var tg [8]hexSet
	n, m := 0, int8(-1)
	for p := range d.Positions {
		g := s.posUnit[p]
		h := &d.Hexes[d.Positions[p].Hex]
		if g < 0 || s.gDepth[g] >= 0 || int(h.Area) != area {
			continue
		}
		if n == 0 {
			m = h.Map
		}
		if n == len(cand) { // more than the trace stops for: read it whole
			n = -1
			break
		}
		cand[n] = int8(p)
		tg[n].put(int(d.Positions[p].Hex), true)
		n++
	}
	switch {
	case n > 0:
		var reached [len(cand)]bool
		open := s.commOpen()
		s.commTrace(m, &open, tg[:n], reached[:n])
		for i := range n {
			if reached[i] {
				out |= 1 << cand[i]
			}
		}
	case n < 0:
		comm := s.commSet(m)
		for p := range d.Positions {
			g := s.posUnit[p]
			h := &d.Hexes[d.Positions[p].Hex]
			if g >= 0 && s.gDepth[g] < 0 && int(h.Area) == area && comm.has(int(d.Positions[p].Hex)) {
				out |= 1 << p
			}
		}
	}
	if out == 0 {
		switch d.AreaNames[area] {
		case "Blue", "Green", "Rear":
			return s.depthEligible(indexOf(d.AreaNames, "Dieppe"))
		}
	}
	return out
}

// depthChoice applies the priorities of 9.2: nearest a CW unit, then most
// CW units in the field, then the lowest-numbered hex.
func (s *State) depthChoice(cands uint64) int {
	d := s.data()
	best, bd, bn := -1, 0, 0
	for p := range d.Positions {
		if cands&(1<<p) == 0 {
			continue
		}
		ph := &d.Hexes[d.Positions[p].Hex]
		dist, n := 1000, 0 // ruling J21: boxes do not count
		for u := range d.CW {
			if !s.onMap(u) {
				continue
			}
			x := &d.Hexes[s.cwAt[u]]
			if x.Map == ph.Map {
				dist = min(dist, hexDist(x, ph))
			}
			if d.Positions[p].Field.has(int(s.cwAt[u])) {
				n++
			}
		}
		if best < 0 || dist < bd || (dist == bd && (n > bn || (n == bn && ph.ID < d.Hexes[d.Positions[best].Hex].ID))) {
			best, bd, bn = p, dist, n
		}
	}
	return best
}

// placeDepth draws a marker face down from the Depth box for position p.
func (s *State) placeDepth(p int) {
	n := s.depthInBox()
	if n == 0 {
		return
	}
	k := int(s.hidden.Uint64() % uint64(n))
	for m := range s.data().Depth {
		if s.depthSt[m] == dBox {
			if k == 0 {
				s.depthSt[m], s.depthRev[m] = dMap, false
				s.gDepth[s.posUnit[p]] = int8(m)
				return
			}
			k--
		}
	}
}

// removeDepth takes a unit's marker out of play (15.2).
func (s *State) removeDepth(g int) {
	if g < 0 || s.gDepth[g] < 0 {
		return
	}
	s.depthSt[s.gDepth[g]] = dGone
	s.gDepth[g] = -1
}

// event resolves the Random Events table (8.2-8.5).
func (s *State) event(face int) {
	d := s.data()
	switch face {
	case 1, 2:
		if s.wallDown {
			return
		}
		for u, c := range d.CW {
			if c.Engineers && s.cwSteps[u] == c.MaxSteps && s.onMap(u) && d.wall.has(int(s.cwAt[u])) {
				s.wallDown = true
				return
			}
		}
		s.roll = rollWall
	case 3:
		var cands uint64
		for p, pos := range d.Positions {
			if pos.VP > 0 && s.posUnit[p] >= 0 {
				cands |= 1 << p
			}
		}
		switch popcount(cands) {
		case 0:
		case 1:
			s.airStrike(lowest(cands))
		default:
			s.cand, s.dec = cands, decAir
		}
	case 4, 5:
		most := int8(0)
		var tie uint64
		for _, t := range d.trackOfMap[s.dieppeMap()] {
			switch {
			case s.tp[t] > most:
				most, tie = s.tp[t], 1<<t
			case s.tp[t] == most && most > 0:
				tie |= 1 << t
			}
		}
		switch popcount(tie) {
		case 0:
		case 1:
			s.loseTP(lowest(tie))
		default:
			s.cand, s.dec = tie, decRecall
		}
	case 6:
		for p := range d.Positions {
			g := s.posUnit[p]
			if g >= 0 && d.German[g].Type == gCoastal && s.gDepth[g] >= 0 && !s.cwInField(p) {
				s.depthSt[s.gDepth[g]], s.depthRev[s.gDepth[g]] = dBox, false
				s.gDepth[g] = -1
			}
		}
	}
}

// airStrike disrupts the unit in position p and removes its depth (8.3).
func (s *State) airStrike(p int) {
	g := int(s.posUnit[p])
	s.gF[g] |= gDisrupted
	s.removeDepth(g)
}
