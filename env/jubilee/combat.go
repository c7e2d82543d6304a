package jubilee

// CW combat (11): attacks on the CW Attack Results Table (15.2) and tank
// barrages.

// canJoin reports whether unit u may join the attack being declared (11.2,
// 11.4; ruling J12 for tanks).
func (s *State) canJoin(u int) bool {
	d := s.data()
	if s.atk&(1<<u) != 0 || !s.canAct(u) {
		return false
	}
	t := int(d.Positions[s.tgt].Hex)
	h := int(s.cwAt[u])
	if d.Hexes[h].Map != d.Hexes[t].Map {
		return false
	}
	if d.CW[u].Type != Tank {
		dir := d.dirTo(h, t)
		return dir >= 0 && d.side[h][dir]&(sCliff|sRiver) == 0
	}
	if s.adjacentTo(h, t) {
		return true
	}
	if hexDist(&d.Hexes[h], &d.Hexes[t]) > int(d.TankRange) {
		return false
	}
	for v := range d.CW {
		if s.atk&(1<<v) != 0 && d.CW[v].Type != Tank && s.adjacentTo(h, int(s.cwAt[v])) {
			return true
		}
	}
	return false
}

// canBarrage: a tank in range of but not next to an occupied position,
// observed by itself or an infantry unit in the position's printed field
// (11.13, rulings J23, J24).
func (s *State) canBarrage(u, p int) bool {
	d := s.data()
	g := s.posUnit[p]
	if g < 0 || s.gF[g]&gAttacked != 0 {
		return false
	}
	pos := &d.Positions[p]
	h, t := &d.Hexes[s.cwAt[u]], &d.Hexes[pos.Hex]
	if h.Map != t.Map {
		return false
	}
	if dist := hexDist(h, t); dist < 2 || dist > int(d.TankRange) {
		return false
	}
	for v, c := range d.CW {
		if s.onMap(v) && (v == u || c.Type == Infantry) && pos.Field.has(int(s.cwAt[v])) {
			return true
		}
	}
	return false
}

// barrageResult reads the CW Barrage Table (11.13).
func (s *State) barrageResult(face int) {
	d := s.data()
	g := int(s.posUnit[s.aux])
	total := face + s.cwStrength(int(s.aux2))
	if total >= int(d.BarrageDis) {
		s.gF[g] |= gDisrupted
	}
	if total >= int(d.BarrageDep) {
		s.removeDepth(g)
	}
}

// attackOdds computes the attack and defence totals and whether the
// attackers have the tactics required (11.5-11.8, 11.10), counting the
// depth marker when revealed.
func (s *State) attackOdds() (a, def int, met bool) {
	d := s.data()
	p := int(s.tgt)
	g := int(s.posUnit[p])
	t := int(d.Positions[p].Hex)
	gu := &d.German[g]
	def = int(gu.Strength) + int(d.TerrainDef[d.Hexes[t].Terrain])
	needHW, needFL := gu.HW, 0
	if gu.FL {
		needFL++
	}
	if m := s.gDepth[g]; m >= 0 && s.depthRev[m] {
		dm := &d.Depth[m]
		def += int(dm.Strength)
		needHW = needHW || dm.HW
		if dm.FL {
			needFL++
		}
	}
	hw, cdo := false, false
	var from [MaxCW]int16
	nf := 0
	for u := range d.CW {
		if s.atk&(1<<u) == 0 {
			continue
		}
		a += s.cwStrength(u)
		hw = hw || s.cwHW(u)
		cdo = cdo || d.CW[u].Type == Commando
		h := s.cwAt[u]
		if s.adjacentTo(int(h), t) {
			dup := false
			for _, x := range from[:nf] {
				dup = dup || x == h
			}
			if !dup {
				from[nf] = h
				nf++
			}
		}
	}
	flOK := needFL == 0 || (needFL == 1 && nf >= 2)
	if needFL == 2 { // 11.7: two hexes not adjacent to each other
		for i := 0; i < nf && !flOK; i++ {
			for j := i + 1; j < nf; j++ {
				if !s.adjacentTo(int(from[i]), int(from[j])) {
					flOK = true
				}
			}
		}
	}
	hwOK := !needHW || hw
	missing := 0
	if !hwOK {
		missing++
	}
	if !flOK {
		missing++
	}
	met = missing == 0 || (cdo && missing == 1) // 11.8: one wild card
	return a, def, met
}

// attackResult reads the table for the given column.
func (s *State) attackResult(col int) uint8 {
	a, def, met := s.attackOdds()
	row := oddsRow(a, def)
	sec := 0
	if met {
		sec = 1
	}
	return s.data().Attack[sec][row][col]
}

// oddsRow is the row of the CW Attack Results Table (15.2) for attack a
// against defence def: 0 less, 1 equal, 2 more, 3 two to one or more.
func oddsRow(a, def int) int {
	switch {
	case a >= 2*def:
		return 3
	case a > def:
		return 2
	case a == def:
		return 1
	}
	return 0
}

// resolveAttack resolves the declared attack (11.10).
func (s *State) resolveAttack() {
	d := s.data()
	p := int(s.tgt)
	g := int(s.posUnit[p])
	t := int(d.Positions[p].Hex)
	s.gF[g] |= gRevealed | gAttacked
	for u := range d.CW {
		if s.atk&(1<<u) != 0 {
			s.cwF[u] |= fActed
		}
	}
	col := 0
	if m := s.gDepth[g]; m >= 0 {
		col = 1
		if s.depthRev[m] {
			col = 2
		}
	}
	res := s.attackResult(col)
	if res&resRV != 0 { // 11.10.5: reveal and read again
		s.depthRev[s.gDepth[g]] = true
		res = s.attackResult(2)
	}
	if res&resAD != 0 {
		for u := range d.CW {
			if s.atk&(1<<u) != 0 && s.adjacentTo(int(s.cwAt[u]), t) {
				s.cwF[u] |= fAtkDis
			}
		}
	}
	if res&resGD != 0 && s.gDepth[g] < 0 && s.inComm(p, -1) { // 15.2, ruling J26
		s.placeDepth(p)
	}
	if res&resGDs != 0 {
		s.gF[g] |= gDisrupted
	}
	if res&resDE != 0 {
		s.removeDepth(g)
	}
	if res&resGE != 0 {
		s.removeDepth(g)
		s.posUnit[p], s.gPos[g] = -1, -1
	}
	if res&resOA != 0 && s.gDepth[g] >= 0 {
		for u := range d.CW {
			if s.atk&(1<<u) != 0 && s.adjacentTo(int(s.cwAt[u]), t) {
				s.dec = decAttrition
				return
			}
		}
	}
	s.endAttack()
}

func (s *State) endAttack() {
	s.atk, s.tgt, s.sel = 0, -1, -1
}
