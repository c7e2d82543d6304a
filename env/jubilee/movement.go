package jubilee

import (
	"math/bits"

	"github.com/chariot-ai/chariot/env"
)

// Phase III, CW actions (10), and the special commando phase (10.19).

func (s *State) runAction() {
	d := s.data()
	switch s.step {
	case 0:
		if s.phase == phAction { // 5.8 landing, 12.6 evacuation
			for u := range d.CW {
				if s.cwSt[u] != cwBox {
					continue
				}
				b := s.cwAt[u]
				if s.evac[d.Boxes[b].Map] {
					s.evacuate(u)
				} else {
					s.cwSt[u], s.cwAt[u] = cwMap, d.Boxes[b].Beach
				}
			}
			s.evacuateLoose() // only boxes of evacuating maps hold loose steps
		}
		for u := range d.CW {
			s.cwF[u] &^= fActed
		}
		for g := range d.German {
			s.gF[g] &^= gAttacked | gBarraged
		}
		s.boarded, s.nWire = [numTracks]int8{}, 0
		s.step = 1
	case 1:
		for u := range d.CW {
			if s.canAct(u) {
				s.dec = decSelect
				return
			}
		}
		s.step = 2
	case 2: // 10.14-10.16: over-stacked hexes lose units of the player's choice
		var n [MaxHexes]int8
		for u := range d.CW {
			if s.onMap(u) {
				n[s.cwAt[u]]++
			}
		}
		for u := range d.CW {
			if s.onMap(u) && n[s.cwAt[u]] > 2 {
				s.aux, s.dec = s.cwAt[u], decStack
				return
			}
		}
		s.step = 3
	case 3: // recovery (4.1 III.3, 10.17, 10.18; ruling J5 for commandos)
		for u, c := range d.CW {
			if s.phase == phBonus && c.Type != Commando {
				continue
			}
			atk := s.cwF[u]&fAtkDis != 0
			s.cwF[u] &^= fDisrupted | fAtkDis
			if atk {
				s.cwF[u] |= fDisrupted
			}
		}
		if s.phase == phBonus {
			if d.Chits[s.chit].Remove {
				s.chitSt[s.chit] = chGone
			}
			s.phase, s.step, s.chit = phOps, opDraw, -1
			return
		}
		s.phase, s.step = phEnd, 0
	}
}

// canAct reports whether unit u may still act in this phase (10.1, 10.19).
func (s *State) canAct(u int) bool {
	if !s.onMap(u) || s.cwF[u]&(fDisrupted|fAtkDis|fActed) != 0 {
		return false
	}
	return s.phase != phBonus || s.data().CW[u].Type == Commando
}

// verbActions lists the selected unit's actions.
func (s *State) verbActions(buf []env.Action) []env.Action {
	d := s.data()
	u := int(s.sel)
	buf = append(buf, aPass)
	if s.canDestroy(u) {
		buf = append(buf, aDestroy)
	}
	if s.canBoard(u) {
		buf = append(buf, aBoard)
	}
	for k := 1; k <= 2; k++ {
		if s.canMakeChange(u, k) {
			buf = append(buf, env.Action(aChange+k-1))
		}
	}
	dests := s.moveDests(u)
	for w, x := range dests { // in hex order
		for ; x != 0; x &= x - 1 {
			buf = append(buf, env.Action(aMove+(w<<6|bits.TrailingZeros64(x))))
		}
	}
	h := int(s.cwAt[u])
	if d.CW[u].Type != Tank {
		for dir, n := range d.nbr[h] {
			if n >= 0 && d.side[h][dir]&(sCliff|sRiver) == 0 && s.attackable(int(n)) {
				buf = append(buf, env.Action(aAttack+int(n)))
			}
		}
		sortTail(buf, aAttack)
	} else if s.phase == phAction {
		for p := range d.Positions {
			if t := int(d.Positions[p].Hex); s.canBarrage(u, p) {
				buf = append(buf, env.Action(aBarrage+t))
			}
		}
		sortTail(buf, aBarrage)
	}
	return buf
}

// sortTail sorts the actions from base on (a handful) by insertion.
func sortTail(buf []env.Action, base int) {
	i := len(buf)
	for i > 0 && int(buf[i-1]) >= base {
		i--
	}
	for j := i + 1; j < len(buf); j++ {
		for k := j; k > i && buf[k] < buf[k-1]; k-- {
			buf[k], buf[k-1] = buf[k-1], buf[k]
		}
	}
}

// attackable: a German-held hex not yet attacked or barraged this phase
// (11.11, 11.15).
func (s *State) attackable(h int) bool {
	g := s.germanAt(h)
	return g >= 0 && s.gF[g]&(gAttacked|gBarraged) == 0
}

func (s *State) canDestroy(u int) bool {
	p := s.data().Hexes[s.cwAt[u]].Pos
	return p >= 0 && s.data().Positions[p].VP > 0 && !s.isDestroyed(int(p))
}

func wireKey(d *Data, a, dir int) int16 {
	n := int(d.nbr[a][dir])
	if n < a {
		return int16(n*6 + d.dirTo(n, a))
	}
	return int16(a*6 + dir)
}

func (s *State) wireUsed(a, dir int) bool {
	k := wireKey(s.data(), a, dir)
	for _, w := range s.wire[:s.nWire] {
		if w == k {
			return true
		}
	}
	return false
}

// moveDests lists where unit u may move (10.2): one hex always; two if it
// enters no live field of fire; three along a road; a wire hexside only
// in a one-hex move.
func (s *State) moveDests(u int) hexSet {
	d := s.data()
	var out hexSet
	h := int(s.cwAt[u])
	// canEnter by table: the hexes no move enters (sea, German-held, woods
	// for a tank) and the hexsides none crosses; wire is crossed only in
	// a one-hex move, so only the first step asks whether it is used.
	stop := d.seaHexes
	var live uint64 // positions whose fields are live (liveMask)
	for p := range d.Positions {
		if g := s.posUnit[p]; g >= 0 {
			stop.put(int(d.Positions[p].Hex), true)
			if s.gF[g]&gDisrupted == 0 {
				live |= 1 << p
			}
		}
	}
	noSide := sCliff | sRiver
	if d.CW[u].Type == Tank {
		for i := range stop {
			stop[i] |= d.woodsHexes[i]
		}
		if !s.wallDown {
			noSide |= sWall
		}
	}
	over := d.fieldsOver // in a live field: over[h]&live != 0
	road := d.Hexes[h].Road
	for dir, n1 := range d.nbr[h] {
		if n1 < 0 || stop.has(int(n1)) || d.side[h][dir]&noSide != 0 || (d.side[h][dir]&sWire != 0 && s.wireUsed(h, dir)) {
			continue
		}
		out.put(int(n1), true)
		if over[n1]&live != 0 || d.side[h][dir]&sWire != 0 {
			continue
		}
		r1 := road && d.side[h][dir]&sRoad != 0
		for dir2, n2 := range d.nbr[n1] {
			if n2 < 0 || int(n2) == h || stop.has(int(n2)) || d.side[n1][dir2]&(noSide|sWire) != 0 || over[n2]&live != 0 {
				continue
			}
			out.put(int(n2), true)
			if !r1 || d.side[n1][dir2]&sRoad == 0 {
				continue
			}
			for dir3, n3 := range d.nbr[n2] {
				if n3 < 0 || int(n3) == h || n3 == n1 || stop.has(int(n3)) || d.side[n2][dir3]&(noSide|sWire) != 0 || d.side[n2][dir3]&sRoad == 0 || over[n3]&live != 0 {
					continue
				}
				out.put(int(n3), true)
			}
		}
	}
	out.put(h, false)
	return out
}

// doVerb carries out the selected unit's action.
func (s *State) doVerb(a int) {
	d := s.data()
	u := int(s.sel)
	switch {
	case a == aPass:
		s.cwF[u] |= fActed
		s.sel = -1
	case a == aDestroy: // 10.7
		p := int(d.Hexes[s.cwAt[u]].Pos)
		s.destroyObjective(p)
		s.cwF[u] |= fActed
		s.sel = -1
	case a == aBoard:
		s.board(u)
		s.cwF[u] |= fActed
		s.sel = -1
	case a == aChange || a == aChange+1:
		s.makeChange(u, a-aChange+1)
		s.cwF[u] |= fActed
		s.sel = -1
	case a >= aMove && a < aAttack:
		s.cwF[u] |= fActed
		s.moveUnit(u, a-aMove)
	case a >= aAttack && a < aBarrage:
		s.tgt = d.Hexes[a-aAttack].Pos
		s.atk = 1 << u
		s.dec = decJoin
	default:
		s.cwF[u] |= fActed
		s.sel = -1
		s.aux = int16(d.Hexes[a-aBarrage].Pos)
		s.gF[s.posUnit[s.aux]] |= gBarraged
		s.aux2 = int16(u)
		s.roll = rollBarrage
	}
}

// destroyObjective places an Objective Destroyed marker (10.7) and checks
// the evacuation triggers of 12.2 and 12.3.
func (s *State) destroyObjective(p int) {
	d := s.data()
	pos := &d.Positions[p]
	s.destroyed |= 1 << p
	s.vp += int16(pos.VP)
	m := d.Hexes[pos.Hex].Map
	if pos.Battery != "" && len(d.trackOfMap[m]) == 1 {
		s.setEvac(m)
	}
	if m == s.dieppeMap() && s.mapVP(m) >= 12 {
		s.setEvac(m)
	}
}

func (s *State) mapVP(m int8) int {
	d := s.data()
	v := 0
	for p, pos := range d.Positions {
		if s.isDestroyed(p) && d.Hexes[pos.Hex].Map == m {
			v += int(pos.VP)
		}
	}
	return v
}

// moveUnit moves u to hex to; a one-hex move crossing wire uses the
// hexside (10.6), and one past a German position may be an infiltration
// (10.5), resolved by a special chit draw.
func (s *State) moveUnit(u, to int) {
	d := s.data()
	h := int(s.cwAt[u])
	if dir := d.dirTo(h, to); dir >= 0 {
		if d.side[h][dir]&sWire != 0 && int(s.nWire) < len(s.wire) {
			s.wire[s.nWire] = wireKey(d, h, dir)
			s.nWire++
		}
		if d.CW[u].Type != Tank {
			if p := s.infiltrated(h, to); p >= 0 {
				s.aux, s.aux2 = int16(to), int16(p)
				s.roll = rollInfilChit
				return
			}
		}
	}
	s.cwAt[u] = int16(to)
	s.sel = -1
}

// infiltrated is the occupied, undisrupted position both hexes are next to
// and in the field of (10.5), or -1.
func (s *State) infiltrated(a, b int) int {
	d := s.data()
	for m := d.fieldsOver[a] & d.fieldsOver[b] & s.liveMask(); m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		ph := int(d.Positions[p].Hex)
		if s.adjacentTo(a, ph) && s.adjacentTo(b, ph) {
			return p
		}
	}
	return -1
}

// infiltrationResult reads the special draw (10.5); the chit goes back to
// the cup (ruling J7).
func (s *State) infiltrationResult(c int) {
	d := s.data()
	u := int(s.sel)
	ch := &d.Chits[c]
	col := d.Positions[s.aux2].Colour
	if s.opts().InfiltrationKeeps { // ruling J7, the other reading
		s.chitSt[c] = chAside
	}
	hit := false
	if ch.Kind == chitAction {
		for k := range ch.NCol {
			hit = hit || ch.Colours[k] == col
		}
	}
	if !hit {
		s.cwAt[u] = s.aux
		s.sel = -1
		return
	}
	s.loseStep(u)
	if s.onMap(u) {
		s.dec = decInfil
		return
	}
	s.sel = -1
}
