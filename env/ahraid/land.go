package ahraid

import "github.com/chariot-ai/chariot/env"

// Steps 10 to 22: the fight ashore.

// ---- step 10 ----

func (s *State) activations() int {
	d := s.data()
	return int(d.actPerTurn[min(int(s.Turn)-1, len(d.actPerTurn)-1)])
}

// activationArea reads table N-1: the 2d6 roll, +1 from the modifier turn.
func (s *State) activationArea(roll int) int {
	d := s.data()
	if d.actModFrom > 0 && int(s.Turn) >= d.actModFrom {
		roll++
	}
	return int(d.actAreas[min(roll, 13)])
}

// blockedArea: no unit is placed where commandos stand or by a ship that
// was destroyed or withdrew; it goes back to the cup.
func (s *State) blockedArea(a int) bool {
	if n, _ := s.cdoIn(a); n > 0 {
		return true
	}
	for _, sh := range s.data().Ships {
		if int(sh.Area) == a && (s.OStat[sh.Objective] == oDestroyed || s.OStat[sh.Objective] == oGone) {
			return true
		}
	}
	return false
}

// damagedGunIn: a broken or out-of-action gun or searchlight in area a.
func (s *State) damagedGunIn(a int) bool {
	for k, gd := range s.data().Guns {
		if int(gd.Area) == a && (s.KStat[k] == kBroken || s.KStat[k] == kOut) {
			return true
		}
	}
	return false
}

func (s *State) stepActivation() {
	if int(s.Cursor) >= s.activations() {
		s.nextStep()
		return
	}
	s.Sub = 1
	s.ask(roll2D6, 0)
}

func (s *State) rollActivation(v int) {
	if s.Sub == 1 {
		a := s.activationArea(v)
		s.Last[3] = int8(a)
		if s.blockedArea(a) || s.freeGerman() < 0 || !s.refillCup() {
			s.Cursor++
			s.Sub = 0
			return
		}
		s.Aux, s.Sub = int16(a), 2
		s.ask(rollCup, 0)
		return
	}
	a := int(s.Aux)
	s.CupCnt[v]--
	g := s.placeGerman(a, v)
	if g >= 0 && s.damagedGunIn(a) {
		s.GStr[g], s.GReduced[g] = int8((v+1)/2), true
	}
	s.Cursor++
	s.Sub = 0
}

// ---- steps 11 and 12 ----

// cdoMF is step 11: strength 4 or more moves 3, else 2; 1 less on the turn
// the unit landed.
func (s *State) cdoMF(u int) int {
	mf := 2
	if s.UStr[u] >= 4 {
		mf = 3
	}
	if s.UFlags[u]&ufLandedNow != 0 {
		mf--
	}
	return mf
}

// reach fills cost with the cheapest step-12 cost from area a to every
// area within mf (-1 beyond): the line's cost, 1 more to enter an area the
// enemy holds, 1 more to leave one for commandos only ("solo comandos y
// blindados", ruling A31; Germans too with german_exit_cost). Germans
// (german true) may not enter a hexagonal area unless commandos are in it
// or next to it.
func (s *State) reach(a, mf int, german bool, cost *[MaxAreas]int8) {
	d := s.data()
	n := len(d.Areas)
	leaveCost := !german || s.g.opts.GermanExitCost
	// enemy: the other side holds the area (one pass over the pieces, not
	// a count per area); closed: a hexagonal area Germans may not enter.
	var enemy, closed [MaxAreas]bool
	if german {
		for u := range d.Commandos {
			if s.UStat[u] == uAshore {
				enemy[s.UWhere[u]] = true
			}
		}
		for b := range n {
			if d.Areas[b].Shape != shHexagon || enemy[b] {
				continue
			}
			closed[b] = true
			for _, c := range d.nbr[b] {
				if enemy[c] {
					closed[b] = false
					break
				}
			}
		}
	} else {
		for _, g := range s.GArea {
			if g >= 0 {
				enemy[g] = true
			}
		}
	}
	for b := range n {
		cost[b] = -1
	}
	cost[a] = 0
	// Every step costs 1 or more, so the areas at cost k are settled once
	// those below k have been stepped from: step from them level by level.
	var seen [MaxAreas]int8 // the areas reached, in the order reached
	seen[0] = int8(a)
	ns := 1
	for k := 0; k < mf; k++ {
		for i := 0; i < ns; i++ {
			b := int(seen[i])
			if int(cost[b]) != k {
				continue
			}
			leave := 0
			if enemy[b] && leaveCost {
				leave = 1
			}
			for _, c := range d.nbr[b] {
				if closed[c] {
					continue
				}
				t := k + int(d.move[b][c]) + leave
				if enemy[c] {
					t++
				}
				if t <= mf && (cost[c] < 0 || t < int(cost[c])) {
					if cost[c] < 0 {
						seen[ns] = c
						ns++
					}
					cost[c] = int8(t)
				}
			}
		}
	}
}

// canStep reports whether commando u, ashore, has an area in reach
// (reach finds one): some neighbouring area within its MF at the first
// line's cost, as every walk in reach starts with such a step and no step
// is free.
func (s *State) canStep(u int) bool {
	d := s.data()
	var enemy [MaxAreas]bool
	for _, g := range s.GArea {
		if g >= 0 {
			enemy[g] = true
		}
	}
	a, mf := int(s.UWhere[u]), s.cdoMF(u)
	leave := 0
	if enemy[a] {
		leave = 1
	}
	for _, c := range d.nbr[a] {
		t := int(d.move[a][c]) + leave
		if enemy[c] {
			t++
		}
		if t <= mf {
			return true
		}
	}
	return false
}

func (s *State) stepCdoMove() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Commandos); s.Cursor++ {
		if s.UStat[s.Cursor] == uAshore && s.offer(decCdoMove) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideCdoMove(word string, arg int) {
	d := s.data()
	u := int(s.Cursor)
	switch word {
	case "exit":
		s.UStat[u] = uExited
	case "to":
		s.UWhere[u] = int8(arg)
		s.UFlags[u] |= ufEntered
		if !s.PensDone && len(d.pens) > 0 && s.nearPens(arg) {
			// The U-boat pens: two units from the cup into each, once a game.
			s.PensDone, s.Sub, s.Aux = true, 1, 0
			s.askPen()
			return
		}
	}
	s.Sub = 0
	s.Cursor++
}

// nearPens: area a is a pen or next to one.
func (s *State) nearPens(a int) bool {
	d := s.data()
	if d.Areas[a].Shape == shHexagon {
		return true
	}
	for _, b := range d.nbr[a] {
		if d.Areas[b].Shape == shHexagon {
			return true
		}
	}
	return false
}

func (s *State) askPen() bool {
	if int(s.Aux) < 2*len(s.data().pens) && s.freeGerman() >= 0 && s.refillCup() {
		s.ask(rollCup, 0)
		return true
	}
	s.Sub = 0
	s.Cursor++
	return false
}

func (s *State) rollPens(v int) {
	d := s.data()
	s.CupCnt[v]--
	if g := s.placeGerman(int(d.pens[int(s.Aux)/2]), v); g >= 0 {
		s.GPen[g] = true
	}
	s.Aux++
	s.askPen()
}

// ---- step 13 ----

// germanMF is step 13: a German unit weaker than the box does not move,
// equal moves 1, stronger 2, two or more stronger 3.
func germanMF(str, box int) int {
	switch {
	case str < box:
		return 0
	case str == box:
		return 1
	case str == box+1:
		return 2
	}
	return 3
}

// sortGermans fills Order with the German units by area number, then the
// strongest first.
func (s *State) sortGermans() {
	d := s.data()
	n := 0
	for g := range s.GArea {
		if s.GArea[g] >= 0 {
			s.Order[n] = int8(g)
			n++
		}
	}
	key := func(g int8) int { return d.Areas[s.GArea[g]].Num*10 - int(s.GStr[g]) }
	for i := 1; i < n; i++ {
		for j := i; j > 0 && key(s.Order[j]) < key(s.Order[j-1]); j-- {
			s.Order[j], s.Order[j-1] = s.Order[j-1], s.Order[j]
		}
	}
	s.NOrder = int8(n)
}

// canFireFrom: commandos stand in area a or across a dashed line from it.
func (s *State) canFireFrom(a int) bool {
	d := s.data()
	for u := range d.Commandos {
		if s.UStat[u] == uAshore && d.fire[a][s.UWhere[u]] {
			return true
		}
	}
	return false
}

// germanGoals fills Opts with the commando areas nearest to area a, kept
// to those with the most commando strength.
func (s *State) germanGoals(a int) {
	d := s.data()
	best, bestStr := 99, -1
	s.NOpts = 0
	var n, str [MaxAreas]int // cdoIn of every area, in one pass
	for u := range d.Commandos {
		if s.UStat[u] == uAshore {
			n[s.UWhere[u]]++
			str[s.UWhere[u]] += int(s.UStr[u])
		}
	}
	for b := range d.Areas {
		n, str := n[b], str[b]
		if n == 0 {
			continue
		}
		dd := int(d.dist[a][b])
		if dd >= 99 {
			continue
		}
		if dd < best || (dd == best && str > bestStr) {
			best, bestStr, s.NOpts = dd, str, 0
		}
		if dd == best && str == bestStr {
			s.push(b)
		}
	}
}

// germanDest is where step 13 sends German unit g heading for area t: t if
// it can get there; nowhere if it can already fire; else next to t if it
// can reach that, else an area it can fire from, else as near t as it can;
// the lower area number on a tie.
func (s *State) germanDest(g, t, mf int) int {
	d := s.data()
	a := int(s.GArea[g])
	var cost [MaxAreas]int8
	s.reach(a, mf, true, &cost)
	if cost[t] >= 0 {
		return t
	}
	if s.canFireFrom(a) {
		return a
	}
	pick := func(ok func(b int) bool) int {
		best := -1
		for b := range d.Areas {
			if cost[b] < 0 || !ok(b) {
				continue
			}
			if best < 0 || d.dist[b][t] < d.dist[best][t] || (d.dist[b][t] == d.dist[best][t] && d.Areas[b].Num < d.Areas[best].Num) {
				best = b
			}
		}
		return best
	}
	if b := pick(func(b int) bool { return d.move[b][t] > 0 }); b >= 0 {
		return b
	}
	if b := pick(s.canFireFrom); b >= 0 {
		return b
	}
	return pick(func(int) bool { return true })
}

func (s *State) stepGerMove() {
	switch s.Sub {
	case 0:
		s.Sub = 1
		s.ask(rollD6, 0) // the movement box
		return
	case 9:
		s.Sub = 1
		s.Cursor++
	}
	for ; s.Cursor < int16(s.NOrder); s.Cursor++ {
		g := int(s.Order[s.Cursor])
		if s.GArea[g] < 0 || s.GPen[g] || germanMF(int(s.GStr[g]), int(s.Die)) == 0 {
			continue
		}
		s.germanGoals(int(s.GArea[g]))
		switch {
		case s.NOpts == 0:
			continue
		case s.NOpts > 1:
			s.Sub = 2
			s.ask(rollPick, int(s.NOpts)) // "at random"
			return
		}
		s.moveGerman(int(s.Opts[0]))
		return
	}
	s.nextStep()
}

func (s *State) rollGerMove(v int) {
	if s.Sub == 1 {
		s.Die = int8(v)
		s.sortGermans()
		s.Cursor = 0
		return
	}
	s.moveGerman(int(s.Opts[v-1]))
}

// moveGerman moves the unit at Cursor towards area t, or offers the move
// to seat 1 with the rule's destination as its RuleAction.
func (s *State) moveGerman(t int) {
	g := int(s.Order[s.Cursor])
	dest := s.germanDest(g, t, germanMF(int(s.GStr[g]), int(s.Die)))
	s.Sub = 9
	if s.g.opts.OpponentSeat {
		s.Aux, s.Aux2 = int16(g), int16(dest)
		s.Dec = decGerMove
		return
	}
	s.GArea[g] = int8(dest)
}

func (s *State) decideGerMove(word string, arg int) {
	if word == "to" {
		s.GArea[s.Aux] = int8(arg)
	}
}

// ---- step 14 ----

// canFireAt: commando u may fire at German unit g (same area or a dashed line).
func (s *State) canFireAt(u, g int) bool {
	return s.GArea[g] >= 0 && s.data().fire[s.UWhere[u]][s.GArea[g]]
}

func (s *State) canShootGun(u, k int) bool {
	a := s.data().Guns[k].Area
	return a >= 0 && s.KStat[k] != kDestroyed && s.data().fire[s.UWhere[u]][a]
}

func (s *State) gunsIn(a int) int {
	n := 0
	for k, gd := range s.data().Guns {
		if int(gd.Area) == a && s.KStat[k] != kDestroyed {
			n++
		}
	}
	return n
}

func (s *State) fireActions(u int, buf []env.Action) []env.Action {
	d := s.data()
	buf = append(buf, ActPass)
	a := int(s.UWhere[u])
	if d.Commandos[u].Assault && s.UGren[u] > 0 && (s.germansIn(a) > 0 || s.gunsIn(a) > 0) {
		buf = append(buf, ActGrenade)
	}
	for g := range s.GArea {
		if s.canFireAt(u, g) {
			buf = append(buf, FireAction(g))
		}
	}
	for k := range d.Guns {
		if s.canShootGun(u, k) {
			buf = append(buf, GunAction(k))
		}
	}
	return buf
}

// fireNeeds is step 14's hit test: the die plus modifiers at most the
// firer's strength. Modifiers: -1 assault unit, -1 same area, +1 target in
// a square, triangular or hexagonal area, +1 demolition unit.
func (s *State) cdoFireMod(u, target int) int {
	d := s.data()
	m := 1
	if d.Commandos[u].Assault {
		m = -1
	}
	if int(s.UWhere[u]) == target {
		m--
	}
	if d.Areas[target].Shape != shCircle {
		m++
	}
	return m
}

// gunFireResult is step 14 against a gun or searchlight: a die equal to
// its strength breaks it, above puts it out of action.
func gunFireResult(roll, strength int) uint8 {
	switch {
	case roll == strength:
		return effBroken
	case roll > strength:
		return effOut
	}
	return effNone
}

// grenadeKills is step 14's grenade roll: 1-3 destroys.
func grenadeKills(roll int) bool { return roll <= 3 }

func (s *State) stepCdoFire() {
	d := s.data()
	if s.Sub == 0 {
		s.AreaFire = [MaxAreas]int8{}
		s.Sub = 1
	}
	for ; int(s.Cursor) < len(d.Commandos); s.Cursor++ {
		u := int(s.Cursor)
		if s.UStat[u] == uAshore && s.AreaFire[s.UWhere[u]] < 2 && s.offer(decCdoFire) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideCdoFire(word string, arg int) {
	d := s.data()
	u := int(s.Cursor)
	if word == "pass" {
		s.Cursor++
		return
	}
	a := int(s.UWhere[u])
	s.UFlags[u] |= ufFired
	s.AreaFire[a]++
	switch word {
	case "fire":
		s.Aux, s.Sub = int16(arg), 2
		s.ask(rollD6, 0)
	case "gun":
		s.Aux, s.Sub = int16(arg), 4
		s.ask(rollD6, 0)
	case "grenade":
		s.UGren[u]--
		for k, gd := range d.Guns {
			if int(gd.Area) == a && (s.KStat[k] == kBroken || s.KStat[k] == kOut) {
				s.KStat[k] = kDestroyed // a damaged gun falls to grenades outright
				s.Cursor++
				return
			}
		}
		s.Sub = 5
		s.ask(rollD6, 0)
	}
}

func (s *State) rollCdoFire(v int) {
	d := s.data()
	u := int(s.Cursor)
	switch s.Sub {
	case 2: // to hit a German unit
		g := int(s.Aux)
		if v+s.cdoFireMod(u, int(s.GArea[g])) <= int(s.UStr[u]) {
			s.Sub = 3
			s.ask(rollD6, 0)
			return
		}
	case 3: // strength points lost
		s.hurtGerman(int(s.Aux), v)
	case 4:
		k := int(s.Aux)
		s.damageGun(k, gunFireResult(v, int(d.Guns[k].Strength)))
	case 5:
		if grenadeKills(v) {
			s.grenade(int(s.UWhere[u]))
		}
	}
	s.Sub = 1
	s.Cursor++
}

// grenade destroys every German unit in area a (one only in a U-boat pen)
// and its gun (one of them if there are two or more).
func (s *State) grenade(a int) {
	d := s.data()
	for g := range s.GArea {
		if int(s.GArea[g]) == a {
			s.GArea[g] = -1
			if d.Areas[a].Shape == shHexagon {
				break
			}
		}
	}
	for k, gd := range d.Guns {
		if int(gd.Area) == a && s.KStat[k] != kDestroyed {
			s.KStat[k] = kDestroyed
			break
		}
	}
}

func (s *State) hurtGerman(g, n int) {
	s.GStr[g] -= int8(n)
	s.GReduced[g] = true
	if s.GStr[g] <= 0 {
		s.GArea[g], s.GStr[g] = -1, 0
	}
}

// ---- step 15 ----

func (s *State) canLongRange(u, k int) bool {
	d := s.data()
	if d.Guns[k].Kind != kTower || !s.gunWorks(k) {
		return false
	}
	for _, a := range d.Guns[k].Covers {
		if a == s.UWhere[u] {
			return true
		}
	}
	return false
}

func (s *State) stepLongRange() {
	d := s.data()
	if s.Sub == 9 {
		s.Sub = 0
		s.Cursor++
	}
	for ; int(s.Cursor) < len(d.Commandos); s.Cursor++ {
		u := int(s.Cursor)
		if s.UStat[u] == uAshore && d.Commandos[u].Assault && s.UFlags[u]&ufFired == 0 && s.offer(decLongRange) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideLongRange(word string, arg int) {
	if word == "pass" {
		s.Cursor++
		return
	}
	s.UFlags[s.Cursor] |= ufFired
	s.Aux, s.Aux2, s.Sub = int16(arg), 2, 1
	s.ask(rollD6, 0)
}

// longRangeHits: each of the two chances hits on a 1.
func longRangeHits(roll int) bool { return roll == 1 }

func (s *State) rollLongRange(v int) {
	if s.Sub == 2 {
		s.applyV3(int(s.Aux), v)
		s.Sub = 9
		return
	}
	if longRangeHits(v) {
		s.Sub = 2
		s.ask(rollD6, 0)
		return
	}
	if s.Aux2--; s.Aux2 > 0 {
		s.ask(rollD6, 0)
		return
	}
	s.Sub = 9
}

// ---- steps 16 and 17 ----

// targetKey ranks a commando as a German target: in a lit area, then in a
// circular area, then an assault unit, then the strongest.
func (s *State) targetKey(u int) int {
	d := s.data()
	a := int(s.UWhere[u])
	k := int(s.UStr[u])
	if s.areaLit(a) {
		k += 1 << 10
	}
	if d.Areas[a].Shape == shCircle {
		k += 1 << 9
	}
	if d.Commandos[u].Assault {
		k += 1 << 8
	}
	return k
}

// germanTargets fills Opts with the commandos a German piece may fire at
// (ok), keeping only the best by the aid's priority if best is set.
func (s *State) germanTargets(ok func(u int) bool, best bool) {
	top := -1
	s.NOpts = 0
	for u := range s.data().Commandos {
		if s.UStat[u] != uAshore || !ok(u) {
			continue
		}
		if best {
			k := s.targetKey(u)
			if k < top {
				continue
			}
			if k > top {
				top, s.NOpts = k, 0
			}
		}
		s.push(u)
	}
}

// shooterOK says whom the piece at Cursor may fire at.
func (s *State) shooterOK(u int) bool {
	d := s.data()
	if s.Step == stepTowers {
		for _, a := range d.Guns[s.Aux].Covers {
			if a == s.UWhere[u] {
				return true
			}
		}
		return false
	}
	return d.fire[s.GArea[s.Aux]][s.UWhere[u]]
}

func (s *State) stepGerFire() {
	if s.Sub == 0 {
		s.sortGermans()
		s.AreaFire = [MaxAreas]int8{}
		s.Sub = 1
	}
	for ; s.Cursor < int16(s.NOrder); s.Cursor++ {
		g := int(s.Order[s.Cursor])
		if s.GArea[g] < 0 || s.AreaFire[s.GArea[g]] >= 2 {
			continue
		}
		s.Aux = int16(g)
		s.germanTargets(s.shooterOK, true)
		if s.NOpts == 0 {
			continue
		}
		s.AreaFire[s.GArea[g]]++
		s.chooseTarget()
		return
	}
	s.nextStep()
}

func (s *State) stepTowers() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Guns); s.Cursor++ {
		k := int(s.Cursor)
		if d.Guns[k].Kind != kTower || !s.gunWorks(k) {
			continue
		}
		s.Aux = int16(k)
		s.germanTargets(s.shooterOK, true)
		if s.NOpts == 0 {
			continue
		}
		s.chooseTarget()
		return
	}
	s.nextStep()
}

// chooseTarget settles a tie at random (a pick), then fires, or offers the
// choice to seat 1 with the rule's pick as its RuleAction.
func (s *State) chooseTarget() {
	if s.NOpts > 1 {
		s.Sub = 2
		s.ask(rollPick, int(s.NOpts))
		return
	}
	s.targetChosen(int(s.Opts[0]))
}

func (s *State) targetChosen(u int) {
	s.Aux2 = int16(u)
	if s.g.opts.OpponentSeat {
		s.germanTargets(s.shooterOK, false)
		s.Dec = decGerTarget
		return
	}
	s.Sub = 3
	s.ask(rollD6, 0)
}

func (s *State) decideGerTarget(u int) {
	s.Aux2, s.Sub = int16(u), 3
	s.ask(rollD6, 0)
}

// germanHits is step 16's test: the die, -1 from a hexagonal area, -1 on a
// lit target, at most the unit's strength. Towers (step 17) hit on 2 or
// less, the beam's -1 applying too.
func (s *State) germanHits(roll int) bool {
	d := s.data()
	u := int(s.Aux2)
	if s.areaLit(int(s.UWhere[u])) {
		roll--
	}
	if s.Step == stepTowers {
		return roll <= 2
	}
	g := int(s.Aux)
	if d.Areas[s.GArea[g]].Shape == shHexagon {
		roll--
	}
	return roll <= int(s.GStr[g])
}

func (s *State) rollGerFire(v int) {
	switch s.Sub {
	case 2:
		s.targetChosen(int(s.Opts[v-1]))
		return
	case 3:
		u := int(s.Aux2)
		s.UFlags[u] |= ufAttacked
		if s.germanHits(v) {
			if s.Step == stepTowers {
				s.loseStrength(u, 1)
			} else {
				s.Sub = 4
				s.ask(rollD6, 0)
				return
			}
		} else if s.Step == stepGerFire && s.g.opts.FightFailElim && s.GReduced[s.Aux] {
			s.GArea[s.Aux] = -1
		}
	case 4:
		s.loseStrength(int(s.Aux2), v)
	}
	s.Sub = 1
	s.Cursor++
}

// ---- step 18 ----

func (s *State) stepLosses() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Commandos); s.Cursor++ {
		u := int(s.Cursor)
		if s.UFlags[u]&ufLost != 0 {
			s.UFlags[u] &^= ufLost
			if st := s.UStat[u]; st == uAshore || st == uAboard || st == uWater {
				s.ask(rollD6, 0)
				return
			}
		}
	}
	s.nextStep()
}

// losesAmmo is step 18: after losing strength, a die above the strength
// left costs a grenade or a charge.
func losesAmmo(roll, strength int) bool { return roll > strength }

func (s *State) rollLosses(v int) {
	u := int(s.Cursor)
	if losesAmmo(v, int(s.UStr[u])) {
		if s.UGren[u] > 0 {
			s.UGren[u]--
		} else if s.UChg[u] > 0 {
			s.UChg[u]--
		}
	}
	s.Cursor++
}

// ---- steps 19 and 20 ----

// refreshRisk: charges whose setter is gone or has left are at risk.
func (s *State) refreshRisk() {
	d := s.data()
	for o := range d.Objectives {
		if u := s.OCharge[o]; u >= 0 && (s.UStat[u] != uAshore || s.UWhere[u] != d.Objectives[o].Area) {
			s.ORisk[o] = true
		}
	}
}

func (s *State) objOpen(o int) bool { return s.OStat[o] == oIntact || s.OStat[o] == oDamaged }

func (s *State) demolishActions(u int, buf []env.Action) []env.Action {
	d := s.data()
	buf = append(buf, ActPass)
	a := s.UWhere[u]
	demo := !d.Commandos[u].Assault && s.UChg[u] > 0
	if demo {
		for k, gd := range d.Guns {
			if gd.Area == a && gd.VP > 0 && s.KStat[k] != kDestroyed {
				buf = append(buf, GunAction(k))
			}
		}
		for o, od := range d.Objectives {
			if od.Area == a && s.objOpen(o) && s.OCharge[o] < 0 {
				buf = append(buf, PrepareAction(o))
			}
		}
	}
	for o, od := range d.Objectives {
		if od.Area == a && s.objOpen(o) && s.OCharge[o] >= 0 && s.OSetTurn[o] < s.Turn {
			buf = append(buf, DetonateAction(o))
		}
	}
	return buf
}

func (s *State) stepDemolition() {
	d := s.data()
	if s.Sub == 0 {
		s.refreshRisk()
		s.Sub = 1
	}
	for ; int(s.Cursor) < len(d.Commandos); s.Cursor++ {
		if s.UStat[s.Cursor] == uAshore && s.offer(decDemolish) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideDemolish(word string, arg int) {
	if word == "pass" {
		s.Cursor++
		return
	}
	s.Aux = int16(arg)
	s.UFlags[s.Cursor] |= ufActed
	switch word {
	case "gun":
		s.Sub = 2
	case "prepare":
		s.Sub = 3
	case "detonate":
		s.Sub = 4
	}
	s.ask(rollD6, 0)
}

// prepMod sums step 19's preparation modifiers for unit u on objective o:
// +2 entered the area this turn, +1 fired upon, +1 fired, -1 its primary
// target, +1 Germans in the area.
func (s *State) prepMod(u, o int) int {
	d := s.data()
	m := 0
	f := s.UFlags[u]
	if f&ufEntered != 0 {
		m += 2
	}
	if f&ufAttacked != 0 {
		m++
	}
	if f&ufFired != 0 {
		m++
	}
	if int(d.Commandos[u].Primary) == o {
		m--
	}
	if s.germansIn(int(d.Objectives[o].Area)) > 0 {
		m++
	}
	return m
}

// n2Mod sums the N-2 modifiers: -1 already damaged, +1 a caisson, +1
// charges at risk, +1 fired by an assault unit.
func (s *State) n2Mod(u, o int) int {
	d := s.data()
	m := 0
	if s.OStat[o] == oDamaged {
		m--
	}
	if d.Objectives[o].Caisson {
		m++
	}
	if s.ORisk[o] {
		m++
	}
	if d.Commandos[u].Assault {
		m++
	}
	return m
}

// n2 reads table N-2 for a modified die.
func (d *Data) n2(r int) uint8 { return d.N2[min(max(r, 0), 8)] }

func (s *State) rollDemolition(v int) {
	d := s.data()
	u, x := int(s.Cursor), int(s.Aux)
	switch s.Sub {
	case 2: // a gun or searchlight on N-2; no effect keeps the charge
		switch d.n2(v) {
		case effDestroyed:
			s.KStat[x] = kDestroyed
			s.UChg[u]--
		case effDamaged:
			s.damageGun(x, effOut)
			s.UChg[u]--
		}
	case 3: // preparation: at most the strength sets the charges
		if v+s.prepMod(u, x) <= int(s.UStr[u]) {
			s.OCharge[x], s.OSetTurn[x], s.ORisk[x] = int8(u), s.Turn, false
			s.UChg[u]--
		}
	case 4: // firing: at or above the strength, not this time
		if v < int(s.UStr[u]) {
			s.Sub = 5
			s.ask(rollD6, 0)
			return
		}
	case 5:
		eff := d.n2(v + s.n2Mod(u, x))
		if eff == effNone {
			s.ORisk[x] = true
		}
		s.hitObjective(x, eff)
	}
	s.Sub = 1
	s.Cursor++
}

func (s *State) stepCharges() {
	s.refreshRisk()
	for o, od := range s.data().Objectives {
		if s.OCharge[o] >= 0 && s.ORisk[o] && s.germansIn(int(od.Area)) > 0 {
			s.OCharge[o], s.ORisk[o] = -1, false
		}
	}
	s.nextStep()
}

// ---- step 21 ----

// weakestPair is the two weakest German units in area a, or -1.
func (s *State) weakestPair(a int) (int, int) {
	x, y := -1, -1
	for g := range s.GArea {
		if int(s.GArea[g]) != a {
			continue
		}
		switch {
		case x < 0 || s.GStr[g] < s.GStr[x]:
			x, y = g, x
		case y < 0 || s.GStr[g] < s.GStr[y]:
			y = g
		}
	}
	return x, y
}

// canMerge: an area without commandos holding two German units whose sum
// is at most 6.
func (s *State) canMerge(a int) bool {
	if n, _ := s.cdoIn(a); n > 0 {
		return false
	}
	x, y := s.weakestPair(a)
	return y >= 0 && s.GStr[x]+s.GStr[y] <= 6
}

func (s *State) merge(a int) {
	for s.canMerge(a) {
		x, y := s.weakestPair(a)
		s.GStr[x] += s.GStr[y]
		s.GReduced[x] = false
		s.GPen[x] = s.GPen[x] || s.GPen[y]
		s.GArea[y], s.GStr[y], s.GPen[y], s.GReduced[y] = -1, 0, false, false
	}
}

func (s *State) stepConsolidate() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Areas); s.Cursor++ {
		a := int(s.Cursor)
		if !s.canMerge(a) {
			continue
		}
		if s.g.opts.OpponentSeat {
			s.Dec = decConsol
			return
		}
		s.merge(a)
	}
	s.nextStep()
}

func (s *State) decideConsol(word string) {
	if word == "yes" {
		s.merge(int(s.Cursor))
	}
	s.Cursor++
}

// ---- step 22 and the end ----

func (s *State) stepTurn() {
	for u := range s.UFlags {
		s.UFlags[u] &= ufWet
	}
	if int(s.Turn) >= s.g.turns || !s.inPlay() {
		s.Step, s.Sub, s.Cursor, s.NOpts = stepEnd, 0, 0, 0
		return
	}
	s.Turn++
	s.Step, s.Sub, s.Cursor, s.Aux, s.Aux2, s.NOpts = stepRepair, 0, 0, 0, 0, 0
}

// explosionMod is the end-of-game N-2 modifier of the destroyer: -2
// afloat, -1 rammed at top speed, +2 sunk in the dock.
func (s *State) explosionMod() int {
	m := 0
	if s.afloat(0) {
		m -= 2
	}
	if s.BFlags[0]&bfFast != 0 {
		m--
	}
	if s.BFlags[0]&bfSunkInDock != 0 {
		m += 2
	}
	return m
}

func (s *State) stepEnd() {
	d := s.data()
	if s.Sub == 0 && s.BFlags[0]&bfRammed != 0 && d.rammed >= 0 && s.objOpen(int(d.rammed)) {
		s.Sub = 1
		s.ask(rollD6, 0)
		return
	}
	for u := range d.Commandos {
		if st := s.UStat[u]; st == uAshore || st == uWater {
			s.UStat[u] = uCaptured
		}
	}
	s.Step = stepOver
}

func (s *State) rollEnd(v int) {
	d := s.data()
	s.hitObjective(int(d.rammed), d.n2(v+s.explosionMod()))
	s.Sub = 2
}
