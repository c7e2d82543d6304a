package ahraid

import "github.com/chariot-ai/chariot/env"

// Steps 1 to 9: the guns and searchlights, the fire on the river and the
// boats' movement and landings.

// repairResult is step 1: 2d6 for a gun or searchlight out of action (2-3
// back in action, 4-7 broken, else no change) or broken (2-7 repaired).
func repairResult(st uint8, roll int) uint8 {
	switch {
	case st == kOut && roll <= 3:
		return kOK
	case st == kOut && roll <= 7:
		return kBroken
	case st == kBroken && roll <= 7:
		return kOK
	}
	return st
}

// powerRestored is step 1's roll for the searchlights after the power
// station was hit: 7 or less relights them.
func powerRestored(roll int) bool { return roll <= 7 }

func (s *State) stepRepair() {
	d := s.data()
	if s.Sub == 0 {
		for ; int(s.Cursor) < len(d.Guns); s.Cursor++ {
			if st := s.KStat[s.Cursor]; st == kBroken || st == kOut {
				s.ask(roll2D6, 0)
				return
			}
		}
		s.Sub = 1
		if !s.Lights && s.PowerAt > 0 && s.Turn >= s.PowerAt+2 {
			s.ask(roll2D6, 0)
			return
		}
	}
	s.nextStep()
}

func (s *State) rollRepair(v int) {
	if s.Sub == 0 {
		s.KStat[s.Cursor] = repairResult(s.KStat[s.Cursor], v)
		s.Cursor++
		return
	}
	if powerRestored(v) {
		s.Lights = true
	}
}

// stepSearchlight is step 2. On turn 1 only searchlight 412 shines, on the
// Approach Zone. Later each working searchlight whose target has left rolls
// for a zone, then for a target: above the number of boats there, none.
func (s *State) stepSearchlight() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Guns); s.Cursor++ {
		k := int(s.Cursor)
		if d.Guns[k].Kind != kSearchlight {
			continue
		}
		if !s.Lights || !s.gunWorks(k) {
			s.Beam[k], s.BeamOn[k] = -1, -1
			continue
		}
		if s.Turn == 1 {
			if k == int(d.searchlight412) {
				s.Beam[k], s.Sub = d.approach, 2
				s.ask(rollD6, 0)
				return
			}
			continue
		}
		if t := int(s.BeamOn[k]); t >= 0 && s.afloat(t) && s.seaOf(int(s.BZone[t])) == int(s.Beam[k]) {
			continue
		}
		s.Sub = 1
		s.ask(rollD6, 0)
		return
	}
	s.nextStep()
}

func (s *State) rollSearchlight(v int) {
	k := int(s.Cursor)
	if s.Sub == 1 {
		s.Beam[k], s.Sub = s.data().Guns[k].Beam[v], 2
		s.ask(rollD6, 0)
		return
	}
	s.BeamOn[k] = int8(s.kthBoat(int(s.Beam[k]), v))
	s.Sub = 0
	s.Cursor++
}

// kthBoat is the k-th afloat boat, by number, in sea zone z; -1 if fewer.
func (s *State) kthBoat(z, k int) int {
	for b := range s.data().Boats {
		if s.afloat(b) && s.seaOf(int(s.BZone[b])) == z {
			if k--; k == 0 {
				return b
			}
		}
	}
	return -1
}

// harbourFail is the lowest die that misses in step 3: 6, or 5 from 0146.
func (s *State) harbourFail() int {
	if int(s.Turn) >= s.g.turnHarbour5 {
		return 5
	}
	return 6
}

// maxAttempts is the limit of steps 3 and 5.
const maxAttempts = 12

// harbourTarget: the harbour defence fires at every zone but the Avant-Port.
func (s *State) harbourTarget(b int) bool {
	d := s.data()
	if !s.afloat(b) || s.BZone[b] == d.england {
		return false
	}
	return d.Zones[s.seaOf(int(s.BZone[b]))].Kind != zHarbour
}

// hitMods are the modifiers of steps 3 and 5 against boat b: a beam on its
// zone, a Fire marker, dead in the water, each -1 (returned positive).
func (s *State) hitMods(b int) int {
	m := 0
	if s.zoneLit(s.seaOf(int(s.BZone[b]))) {
		m++
	}
	if s.BFlags[b]&(bfFire|bfBurning) != 0 {
		m++
	}
	if s.BFlags[b]&bfDead != 0 {
		m++
	}
	return m
}

// stepHarbour is step 3: V-4 for boats homeward in the Open Sea, the
// automatic hits, then up to 12 attempts until a miss.
func (s *State) stepHarbour() {
	d := s.data()
	switch s.Sub {
	case 0:
		for ; int(s.Cursor) < len(d.Boats); s.Cursor++ {
			b := int(s.Cursor)
			if s.afloat(b) && s.BZone[b] == d.open && s.BFlags[b]&bfHomeward != 0 {
				s.ask(rollD6, 0)
				return
			}
		}
		s.Sub, s.Cursor, s.NOpts, s.Attempts = 1, 0, 0, 0
		// The destroyer's compulsory hit (two if burning), then one on
		// every burning boat, each of those counting among the 12.
		if s.harbourTarget(0) && s.BFlags[0]&bfRammed == 0 {
			s.push(0)
			if s.BFlags[0]&bfBurning != 0 {
				s.push(0)
				s.Attempts++
			}
		}
		for b := 1; b < len(d.Boats); b++ {
			if s.harbourTarget(b) && s.BFlags[b]&bfBurning != 0 && s.Attempts < maxAttempts {
				s.push(b)
				s.Attempts++
			}
		}
		fallthrough
	case 1:
		for ; s.Cursor < int16(s.NOpts); s.Cursor++ {
			if b := int(s.Opts[s.Cursor]); s.afloat(b) {
				s.Aux = int16(b)
				s.ask(rollD6, 0)
				return
			}
		}
		s.Sub = 2
		fallthrough
	case 2:
		if s.Attempts >= maxAttempts || !s.anyTarget(s.harbourTarget) {
			s.nextStep()
			return
		}
		s.Sub = 3
		s.ask(rollD6, 0)
	default:
		s.nextStep()
	}
}

func (s *State) push(v int) {
	if int(s.NOpts) < MaxPick {
		s.Opts[s.NOpts] = int8(v)
		s.NOpts++
	}
}

func (s *State) anyTarget(ok func(int) bool) bool {
	for b := range s.data().Boats {
		if ok(b) {
			return true
		}
	}
	return false
}

func (s *State) rollHarbour(v int) {
	d := s.data()
	switch s.Sub {
	case 0: // V-4
		b := int(s.Cursor)
		switch d.V4[v] {
		case effEngland:
			s.reachEngland(b)
		case effSunk:
			s.sink(b)
		}
		s.Cursor++
	case 1: // an automatic hit
		s.resolveV1(int(s.Aux), v)
		s.Cursor++
	case 3: // the attempt's die
		s.Die, s.Attempts = int8(v), s.Attempts+1
		s.Sub = 4
		s.pickBoat(s.harbourTarget)
	case 4: // the target
		s.onTarget(s.boatPicked(v), s.harbourFail(), 5)
	case 5: // V-1
		s.resolveV1(int(s.Aux), v)
		s.Sub = 2
		if s.Flag {
			s.Sub = 9
		}
	}
}

// pickBoat lists the boats in reach and asks which one is hit: a uniform
// pick, or by option a die read as a boat number. A lone boat needs no die.
func (s *State) pickBoat(ok func(int) bool) {
	s.NOpts = 0
	for b := range s.data().Boats {
		if ok(b) {
			s.push(b)
		}
	}
	switch {
	case s.g.opts.TargetByNumber:
		s.ask(rollPick, len(s.data().Boats))
	case s.NOpts == 1:
		s.onRoll(1)
	default:
		s.ask(rollPick, int(s.NOpts))
	}
}

// boatPicked reads the pick: the v-th boat in reach, or by number the
// boat in reach nearest to number v, the lower on a tie.
func (s *State) boatPicked(v int) int {
	if !s.g.opts.TargetByNumber {
		return int(s.Opts[v-1])
	}
	best, bd := int(s.Opts[0]), 99
	for i := range int(s.NOpts) {
		b := int(s.Opts[i])
		if dd := abs(b + 1 - v); dd < bd {
			best, bd = b, dd
		}
	}
	return best
}

// onTarget applies the hit die to boat b: a natural die at or above fail
// misses, unless the target's modifiers make it good, in which case the
// hit is resolved and the phase ends (Flag). next is the V-1 sub-step.
func (s *State) onTarget(b, fail int, next uint8) {
	natMiss := int(s.Die) >= fail
	if int(s.Die)-s.hitMods(b) >= fail {
		s.Sub = 9 // a miss ends the phase
		s.Last[3] = -1
		return
	}
	s.Aux, s.Flag, s.Sub = int16(b), natMiss, next
	s.Last[3] = int8(b + 1)
	s.ask(rollD6, 0)
}

// resolveV1 reads table V-1 for a hit on boat b.
func (s *State) resolveV1(b, v int) {
	d := s.data()
	if !s.afloat(b) {
		return
	}
	r := v + int(d.v1Mods[d.Boats[b].Kind])
	if s.BFlags[b]&bfFire != 0 {
		r++
	}
	if s.BFlags[b]&bfBurning != 0 {
		r += 2
	}
	r = min(max(r, 1), 8)
	f := &s.BFlags[b]
	switch d.V1[r] {
	case v1TurnAway:
		*f |= bfTurnAway
	case v1Evade:
		*f |= bfEvade
	case v1Casualty:
		for u := range d.Commandos {
			if s.UStat[u] == uAboard && int(s.UWhere[u]) == b {
				s.loseStrength(u, 1)
				break
			}
		}
	case v1Fire:
		if *f&bfFire != 0 {
			*f = *f&^bfFire | bfBurning
		} else if *f&bfBurning == 0 {
			*f |= bfFire
		}
	case v1Dead:
		if *f&bfDead != 0 {
			*f = *f&^bfFire | bfBurning
		}
		*f |= bfDead
	case v1Burning:
		if *f&bfBurning != 0 {
			s.sink(b)
			return
		}
		*f = *f&^bfFire | bfBurning
	case v1Sunk:
		s.sink(b)
	}
}

// sink sends boat b down: its passengers go into the water of its zone.
func (s *State) sink(b int) {
	d := s.data()
	s.BStat[b] = bSunk
	if s.BFlags[b]&bfRammed != 0 {
		s.BFlags[b] |= bfSunkInDock
	}
	for u := range d.Commandos {
		if s.UStat[u] == uAboard && int(s.UWhere[u]) == b {
			s.UStat[u], s.UWhere[u] = uWater, s.BZone[b]
			s.UFlags[u] |= ufWet
		}
	}
	for k := range s.BeamOn {
		if int(s.BeamOn[k]) == b {
			s.BeamOn[k] = -1
		}
	}
}

// reachEngland brings boat b home; passengers who had been ashore or in
// the water are saved.
func (s *State) reachEngland(b int) {
	d := s.data()
	s.BZone[b] = d.england
	s.BStat[b] = bEngland
	for u := range d.Commandos {
		if s.UStat[u] == uAboard && int(s.UWhere[u]) == b {
			if s.UFlags[u]&ufWet != 0 {
				s.UStat[u] = uSaved
			} else {
				s.UStat[u] = uHome
			}
		}
	}
}

// loseStrength takes n strength points from commando u.
func (s *State) loseStrength(u, n int) {
	s.UStr[u] -= int8(min(n, int(s.UStr[u])))
	s.UFlags[u] |= ufLost
	if s.UStr[u] <= 0 {
		s.UStat[u] = uEliminated
	}
}

// ---- step 4 ----

// canCover: gun or searchlight k may be attacked by the flotilla's guns.
func (s *State) canCover(k int) bool {
	d := s.data()
	gd := &d.Guns[k]
	if !s.gunWorks(k) {
		return false
	}
	switch gd.Kind {
	case kSearchlight:
		return s.Lights && s.Beam[k] >= 0
	case kGun:
		if s.Turn == 1 {
			return gd.Range[0] == d.riverA || gd.Range[1] == d.riverA
		}
		for _, z := range gd.Range {
			if z >= 0 && s.boatsIn(int(z)) > 0 {
				return true
			}
		}
	}
	return false
}

// coverHits is step 4's V-2 test: 2d6 plus one per earlier attack plus the
// flotilla modifier, at most the table's figure.
func (s *State) coverHits(roll, attacks int) bool {
	return roll+attacks+s.flotillaMod() <= s.data().v2Hit
}

func (s *State) flotillaPresent() bool {
	d := s.data()
	for b := range d.Boats {
		if s.afloat(b) && s.BZone[b] != d.england {
			return true
		}
	}
	return false
}

func (s *State) stepCover() {
	d := s.data()
	if s.Sub != 0 || !s.flotillaPresent() {
		s.nextStep()
		return
	}
	if s.Turn == 1 {
		// Against every gun with zone A in its range, in order, until a miss.
		for ; int(s.Cursor) < len(d.Guns); s.Cursor++ {
			if d.Guns[s.Cursor].Kind == kGun && s.canCover(int(s.Cursor)) {
				s.Aux2, s.Sub = s.Cursor, 1
				s.ask(roll2D6, 0)
				return
			}
		}
		s.nextStep()
		return
	}
	if !s.offer(decCover) {
		s.nextStep()
	}
}

func (s *State) decideCover(word string, k int) {
	if word == "pass" {
		s.Sub = 9
		return
	}
	s.Aux2, s.Sub = int16(k), 1
	s.ask(roll2D6, 0)
}

func (s *State) rollCover(v int) {
	if s.Sub == 1 {
		hit := s.coverHits(v, int(s.Aux))
		s.Aux++
		if !hit {
			s.Sub = 9
			return
		}
		s.Sub = 2
		s.ask(rollD6, 0) // the red die, on V-3
		return
	}
	s.applyV3(int(s.Aux2), v)
	s.Sub = 0
	s.Cursor++
}

// applyV3 reads V-3 against gun k, keeping the worse of old and new.
func (s *State) applyV3(k, v int) {
	s.damageGun(k, s.data().V3[v])
}

func (s *State) damageGun(k int, eff uint8) {
	st := s.KStat[k]
	switch {
	case eff == effDestroyed:
		st = kDestroyed
	case eff == effOut && st != kDestroyed:
		st = kOut
	case eff == effBroken && st == kOK:
		st = kBroken
	}
	s.KStat[k] = st
	if st != kOK && s.data().Guns[k].Kind == kSearchlight {
		s.Beam[k], s.BeamOn[k] = -1, -1
	}
}

// ---- step 5 ----

// quayGuns lists in Order the guns that fire at sea zone z: working, not
// yet fired, z in range, not in or next to an area with commandos (on turn
// 1, those with zone A in range), at most 5, the lowest area number first
// (guns across the river first), then the strongest.
func (s *State) quayGuns(z int) int {
	d := s.data()
	n := 0
	for k, gd := range d.Guns {
		if gd.Kind != kGun || !s.gunWorks(k) || s.KFired[k] || (int(gd.Range[0]) != z && int(gd.Range[1]) != z) {
			continue
		}
		if s.Turn > 1 && s.cdoNear(int(gd.Area)) {
			continue
		}
		s.Order[n] = int8(k)
		n++
	}
	key := func(k int8) int {
		a := 0
		if gd := d.Guns[k]; gd.Area >= 0 {
			a = d.Areas[gd.Area].Num
		}
		return a*100 - int(d.Guns[k].Strength)*10
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && key(s.Order[j]) < key(s.Order[j-1]); j-- {
			s.Order[j], s.Order[j-1] = s.Order[j-1], s.Order[j]
		}
	}
	return min(n, 5)
}

func (s *State) quayTarget(b int) bool {
	return s.afloat(b) && s.BZone[b] != s.data().england && s.seaOf(int(s.BZone[b])) == int(s.Cursor)
}

func (s *State) stepQuay() {
	d := s.data()
	if s.Sub == 0 {
		for ; int(s.Cursor) < len(d.Zones); s.Cursor++ {
			z := int(s.Cursor)
			k := d.Zones[z].Kind
			if k != zOpen && k != zRiver && k != zHarbour {
				continue
			}
			if (s.Turn == 1 && z != int(d.riverA)) || s.boatsIn(z) == 0 {
				continue
			}
			n := s.quayGuns(z)
			if n == 0 {
				continue
			}
			for i := range n {
				s.KFired[s.Order[i]] = true
			}
			s.Aux2, s.Attempts, s.Sub = int16(n), 0, 1
			break
		}
		if int(s.Cursor) >= len(d.Zones) {
			s.nextStep()
			return
		}
	}
	if s.Sub == 9 {
		s.Sub = 0
		s.Cursor++
		return
	}
	if s.Attempts >= maxAttempts || s.boatsIn(int(s.Cursor)) == 0 {
		s.Sub = 0
		s.Cursor++
		return
	}
	s.Sub = 2
	s.ask(rollD6, 0)
}

func (s *State) rollQuay(v int) {
	switch s.Sub {
	case 2:
		s.Die, s.Attempts, s.Sub = int8(v), s.Attempts+1, 3
		s.pickBoat(s.quayTarget)
	case 3:
		// above the number of guns firing is a miss
		s.onTarget(s.boatPicked(v), int(s.Aux2)+1, 4)
	case 4:
		s.resolveV1(int(s.Aux), v)
		s.Sub = 1
		if s.Flag {
			s.Sub, s.Flag = 9, false
		}
	}
}

// ---- step 6 ----

// boatMF is a boat's movement this turn: at most 2 on the first two turns,
// none when dead in the water or evading.
func (s *State) boatMF(b int) int {
	mf := int(s.data().Boats[b].MF)
	if s.Turn <= 2 {
		mf = min(mf, 2)
	}
	if s.BFlags[b]&(bfDead|bfEvade) != 0 {
		mf = 0
	}
	return mf
}

// canSail: boat b may move to zone z now.
func (s *State) canSail(b, z int) bool {
	d := s.data()
	from := int(s.BZone[b])
	cost := int(d.zAdj[from][z])
	if cost == 0 || cost > int(s.BMF[b]) {
		return false
	}
	if k := d.Zones[z].Kind; (k == zApproach || k == zNear) && d.Zones[from].Kind != zApproach {
		return false
	}
	if s.BFlags[b]&bfTurnAway != 0 && d.zDepth[z] >= d.zDepth[from] {
		return false
	}
	return true
}

func (s *State) aboard(b int) int {
	n := 0
	for u := range s.data().Commandos {
		if s.UStat[u] == uAboard && int(s.UWhere[u]) == b {
			n++
		}
	}
	return n
}

func (s *State) survivorsIn(z int) int {
	n := 0
	for u := range s.data().Commandos {
		if s.UStat[u] == uWater && int(s.UWhere[u]) == z {
			n++
		}
	}
	return n
}

// boatActions lists what boat b may do in step 6.
func (s *State) boatActions(b int, buf []env.Action) []env.Action {
	d := s.data()
	buf = append(buf, ActPass)
	if s.BMF[b] <= 0 {
		return buf
	}
	z := int(s.BZone[b])
	if b == 0 && s.BFlags[0]&bfRammed == 0 && d.ramZone >= 0 && z == int(d.Zones[d.ramZone].Parent) {
		buf = append(buf, ActRam)
	}
	if s.survivorsIn(z) > 0 && s.aboard(b) < int(d.Boats[b].Capacity) {
		buf = append(buf, ActPickUp)
	}
	for zz := range d.Zones {
		if s.canSail(b, zz) {
			buf = append(buf, SailAction(zz))
		}
	}
	if s.BTorp[b] > 0 {
		for o, od := range d.Objectives {
			if int(od.TorpedoZone) == s.seaOf(z) && s.OStat[o] != oDestroyed && s.OStat[o] != oGone {
				buf = append(buf, TorpedoAction(o))
			}
		}
	}
	return buf
}

func (s *State) stepBoatMove() {
	d := s.data()
	if s.Sub == 0 {
		for b := range d.Boats {
			s.BMF[b], s.BSpent[b] = int8(s.boatMF(b)), 0
		}
		s.Sub = 1
	}
	for ; int(s.Cursor) < len(d.Boats); s.Cursor++ {
		b := int(s.Cursor)
		if !s.afloat(b) || s.BFlags[b]&bfRammed != 0 {
			continue
		}
		if s.offer(decBoat) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideBoat(word string, arg int) {
	d := s.data()
	b := int(s.Cursor)
	switch word {
	case "pass":
		s.Cursor++
	case "sail":
		from := int(s.BZone[b])
		s.spend(b, int(d.zAdj[from][arg]))
		s.BZone[b] = int8(arg)
		switch {
		case d.zDepth[arg] < d.zDepth[from] && arg == int(d.open):
			s.BFlags[b] |= bfHomeward
		case d.zDepth[arg] > d.zDepth[from]:
			s.BFlags[b] &^= bfHomeward
		}
	case "pick up":
		s.spend(b, 1)
		z := s.BZone[b]
		for u := range d.Commandos {
			if s.UStat[u] == uWater && s.UWhere[u] == z && s.aboard(b) < int(d.Boats[b].Capacity) {
				s.UStat[u], s.UWhere[u] = uAboard, int8(b)
			}
		}
	case "ram":
		s.spend(b, 1)
		s.BZone[b] = d.ramZone
		s.BFlags[b] |= bfRammed
		if int(s.BSpent[b]) >= int(d.Boats[b].MF) {
			s.BFlags[b] |= bfFast
		}
	case "torpedo":
		s.spend(b, 1)
		s.BTorp[b]--
		s.Aux, s.Sub = int16(arg), 2
		s.ask(rollD6, 0)
	}
}

func (s *State) spend(b, n int) {
	s.BMF[b] -= int8(n)
	s.BSpent[b] += int8(n)
}

// rollTorpedo reads table N-3 for a torpedo on objective Aux.
func (s *State) rollTorpedo(v int) {
	s.hitObjective(int(s.Aux), s.data().N3[v])
	s.Sub = 1
}

// hitObjective applies destroyed or damaged to an objective; the power
// station's loss darkens the searchlights (step 1).
func (s *State) hitObjective(o int, eff uint8) {
	d := s.data()
	switch eff {
	case effDestroyed:
		s.OStat[o] = oDestroyed
	case effDamaged:
		if s.OStat[o] == oIntact {
			s.OStat[o] = oDamaged
		}
	default:
		return
	}
	s.OCharge[o], s.ORisk[o] = -1, false
	if o == int(d.power) {
		s.Lights, s.PowerAt = false, s.Turn
		for k := range s.Beam {
			s.Beam[k], s.BeamOn[k] = -1, -1
		}
	}
}

// ---- steps 7 and 8 ----

func (s *State) stepWithdraw() {
	if s.Sub == 0 && int(s.Turn) >= s.g.turnWithdraw && len(s.data().Ships) > 0 {
		s.Sub = 1
		s.ask(rollD6, 0)
		return
	}
	s.nextStep()
}

// rollWithdraw: the die names the German ship that leaves; its crew lands
// at area 443 with one more unit from the cup, and commandos in its area
// move to the nearest area free of Germans.
func (s *State) rollWithdraw(v int) {
	d := s.data()
	if s.Sub == 2 {
		s.placeGerman(int(d.crewArea), v)
		s.Sub = 9
		return
	}
	s.Sub = 9
	for i, sh := range d.Ships {
		o := int(sh.Objective)
		if int(sh.Number) != v || !sh.Withdraws || s.OStat[o] == oDestroyed || s.OStat[o] == oGone {
			continue
		}
		s.OStat[o], s.OCharge[o], s.ORisk[o] = oGone, -1, false
		s.Last[3] = int8(i + 1)
		for u := range d.Commandos {
			if s.UStat[u] == uAshore && s.UWhere[u] == sh.Area {
				s.UWhere[u] = int8(s.nearestFree(int(sh.Area)))
				s.UFlags[u] |= ufEntered
			}
		}
		if d.crewArea >= 0 {
			s.placeGerman(int(d.crewArea), int(sh.Crew))
			if s.refillCup() && s.freeGerman() >= 0 {
				s.Sub = 2
				s.ask(rollCup, 0)
			}
		}
	}
}

// nearestFree is the nearest other area without Germans, the lower number
// on a tie (a itself if there is none).
func (s *State) nearestFree(a int) int {
	d := s.data()
	best, bd := a, 99
	for b := range d.Areas {
		if b != a && s.germansIn(b) == 0 && int(d.dist[a][b]) < bd {
			best, bd = b, int(d.dist[a][b])
		}
	}
	return best
}

// placeGerman puts a unit of strength st in area a if a slot is free; a
// counter drawn from the cup leaves it.
func (s *State) placeGerman(a, st int) int {
	g := s.freeGerman()
	if g < 0 || a < 0 {
		return -1
	}
	s.GArea[g], s.GStr[g], s.GReduced[g], s.GPen[g] = int8(a), int8(st), false, false
	return g
}

func (s *State) stepClear() {
	for b := range s.BFlags {
		s.BFlags[b] &^= bfEvade | bfTurnAway
	}
	for k := range s.KFired {
		s.KFired[k] = false
	}
	s.nextStep()
}

// ---- step 9 ----

// landOptions: may boat b land its party at area a now, and does it need
// the 1-2 roll of an unassigned landing?
func (s *State) landOption(b, a int) (ok, roll bool) {
	d := s.data()
	z := &d.Zones[s.BZone[b]]
	bd := &d.Boats[b]
	if int(z.Area) == a && a == int(bd.LandsAt) {
		return true, false
	}
	if int(s.Turn) < s.g.turnLandAny || s.BSpent[b] != 0 || s.BFlags[b]&bfDead != 0 || s.BFlags[b]&bfRammed != 0 {
		return false, false
	}
	if int(z.Area) == a {
		return true, true
	}
	for _, sa := range z.Shore {
		if int(sa) == a {
			return true, true
		}
	}
	return false, false
}

func (s *State) landActions(b int, buf []env.Action) []env.Action {
	d := s.data()
	buf = append(buf, ActPass)
	if s.aboard(b) > 0 {
		for a := range d.Areas {
			if ok, _ := s.landOption(b, a); ok {
				buf = append(buf, LandAction(a))
			}
		}
	}
	z := &d.Zones[s.BZone[b]]
	if z.Kind == zLanding && b != 0 && s.aboard(b) < int(d.Boats[b].Capacity) {
		for u := range d.Commandos {
			if s.UStat[u] == uAshore && s.UWhere[u] == z.Area {
				buf = append(buf, EmbarkAction(u))
			}
		}
	}
	return buf
}

func (s *State) stepLanding() {
	d := s.data()
	for ; int(s.Cursor) < len(d.Boats); s.Cursor++ {
		if b := int(s.Cursor); s.afloat(b) && s.BZone[b] != d.england && s.offer(decLand) {
			return
		}
	}
	s.nextStep()
}

func (s *State) decideLand(word string, arg int) {
	b := int(s.Cursor)
	switch word {
	case "pass":
		s.Cursor++
	case "embark":
		s.UStat[arg], s.UWhere[arg] = uAboard, int8(b)
	case "land":
		if _, roll := s.landOption(b, arg); roll {
			s.BSpent[b] = -1 // one try a turn
			s.Aux = int16(arg)
			s.ask(rollD6, 0)
			return
		}
		s.land(b, arg)
	}
}

// unassignedLands is step 9's roll for a landing away from the boat's
// designated area: 1-2 succeeds.
func unassignedLands(roll int) bool { return roll <= 2 }

func (s *State) rollLanding(v int) {
	b := int(s.Cursor)
	if unassignedLands(v) {
		s.land(b, int(s.Aux))
		s.BMF[b] = 0
	}
}

// land puts boat b's party ashore at area a.
func (s *State) land(b, a int) {
	for u := range s.data().Commandos {
		if s.UStat[u] == uAboard && int(s.UWhere[u]) == b {
			s.UStat[u], s.UWhere[u] = uAshore, int8(a)
			s.UFlags[u] |= ufLandedNow | ufEntered | ufWet
		}
	}
	s.BFlags[b] |= bfLanded
}
