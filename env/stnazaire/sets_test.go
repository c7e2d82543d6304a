package stnazaire

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestSetsMatchTheRules plays random games under several option sets and
// checks, after every step, the engine's sets of spaces against the plain
// reading they replace: the occupied spaces against the per-space counts,
// each commando's reachable spaces (6.1, 6.2, 5.2.4) against a 0-1
// breadth-first search over costs, and each vehicle's next steps (8.1)
// against a search that labels every space with its distance.
func TestSetsMatchTheRules(t *testing.T) {
	for _, spec := range []string{Name, Name + ":dashed_fire_all=true,german_variant=true", Name + ":opponent=seat,mortar=false", Name + ":any_commando=true", Name + ":mission_passes=eliminated"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 7))
		var buf []env.Action
		for i := range 60 {
			s := g.NewInitialState(uint64(i)).(*State)
			for !s.IsTerminal() {
				checkSets(t, spec, s)
				buf = s.LegalActions(buf)
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkSets(t *testing.T, spec string, s *State) {
	t.Helper()
	d := s.data()
	for sp := range d.Spaces {
		if s.occB.has(sp) != (s.cntB[sp] > 0) || s.occG.has(sp) != (s.cntG[sp] > 0) || s.occZ.has(sp) != (s.cntZ[sp] > 0) {
			t.Fatalf("%s: occupied spaces out of date at %s", spec, d.Spaces[sp].ID)
		}
	}
	// Each vehicle's next steps, and those from every space on the ways
	// worked out so far, shared as in phase E, against a search from there.
	var way vehicleWays
	for g := range d.German {
		if s.gLoc[g] != gOnMap || !d.German[g].Vehicle {
			continue
		}
		for _, here := range append([]int16{s.gSpace[g]}, way.spaces()...) {
			var got, want [MaxSpaces]int16
			n, m := s.vehicleCandidates(here, &got, &way), s.vehicleCandidatesByDistance(here, &want)
			if got != want || n != m {
				t.Fatalf("%s: from %s a vehicle steps to %v, the distance search says %v", spec, d.Spaces[here].ID, got[:n], want[:m])
			}
		}
	}
	for u := range d.British {
		if s.bStatus[u] != bOnMap {
			continue
		}
		var want [MaxSpaces]bool
		s.reachableByCost(u, &want)
		got := s.reachable(u)
		for sp := range d.Spaces {
			if got.has(sp) != want[sp] {
				t.Fatalf("%s: %s reaching %s: got %v, the 0-1 search says %v", spec, d.British[u].Name, d.Spaces[sp].ID, got.has(sp), want[sp])
			}
		}
		if s.dec == decMoveDest && int(s.decUnit) == u && s.dests != got {
			t.Fatalf("%s: %s's destinations out of date", spec, d.British[u].Name)
		}
	}
	if (s.phase == phCombatC || s.phase == phCombatF) && s.step == cGermanRolls {
		// The order of fire: the Germans on the map and unpinned,
		// strongest first, then in counter order (9.1.1.3).
		var want []int8
		for str := int8(9); str >= 1; str-- {
			for g := range d.German {
				if d.German[g].Strength == str && s.gLoc[g] == gOnMap && !s.gf.has(g, fPinned) {
					want = append(want, int8(g))
				}
			}
		}
		if got := s.gOrder[:s.nOrder]; !slices.Equal(got, want) {
			t.Fatalf("%s: the Germans fire in the order %v, by strength %v", spec, got, want)
		}
	}
	var prio [MaxSpaces]int16
	s.stackPriorities(&prio)
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		if p, want := s.stackPriority(int16(sp)), s.stackPriorityByType(int16(sp)); p != want || int(prio[sp]) != want {
			t.Fatalf("%s: the stack in %s ranks %d alone, %d among all, %d by its commandos' types", spec, d.Spaces[sp].ID, p, prio[sp], want)
		}
	}
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		if got, want := s.germanTargetUnit(int16(sp)), s.germanTargetUnitByType(int16(sp)); got != want {
			t.Fatalf("%s: the Germans pick commando %d in %s by key, %d type by type", spec, got, d.Spaces[sp].ID, want)
		}
	}
	for loc := range gRemoved + 1 {
		var want uint64
		for g := range d.German {
			if s.gLoc[g] == loc {
				want |= 1 << g
			}
		}
		if got := s.inLoc(loc); got != want {
			t.Fatalf("%s: the counters at %s: %b, by a scan %b", spec, gLocNames[loc], got, want)
		}
	}
	checkGermanMoves(t, spec, s)
	byWalk, byCounter := *s, *s
	byWalk.reveal()
	byCounter.revealByCounter(func(sp int) bool {
		for v := s.occB.next(0); v >= 0; v = s.occB.next(v + 1) {
			if d.linkSet[v].has(sp) {
				return true
			}
		}
		return false
	})
	if byWalk != byCounter {
		t.Fatalf("%s: the Germans revealed next to the commandos differ from a walk over every counter", spec)
	}
	for sp := range d.Spaces {
		byWalk, byCounter = *s, *s
		byWalk.revealAround(int16(sp))
		byCounter.revealByCounter(func(x int) bool { return d.linkSet[sp].has(x) })
		if byWalk != byCounter {
			t.Fatalf("%s: the Germans revealed around %s differ from a walk over every counter", spec, d.Spaces[sp].ID)
		}
	}
	byWalk, byCounter = *s, *s
	byWalk.applyHits()
	byCounter.applyHitsByCounter()
	if byWalk != byCounter {
		t.Fatalf("%s: the results taken by the units on the map differ from those taken counter by counter", spec)
	}
	var foot footField
	var dist, target [MaxSpaces]int8
	s.computeFootField(&foot)
	s.footFieldByQueue(&dist, &target)
	for sp := range d.Spaces {
		// The distance and target by the sets, and where a German stands
		// as written out.
		k, i := foot.lookup(sp)
		kk, ii := foot.dist[sp], foot.target[sp]
		if !s.occG.has(sp) {
			kk, ii = k, i
		}
		if k != dist[sp] || kk != dist[sp] || foot.targetSpace(i) != target[sp] || foot.targetSpace(ii) != target[sp] {
			t.Fatalf("%s: %s is %d (%d) from the stack in %d (%d) by the sets of the foot field, %d from %d by the queue's",
				spec, d.Spaces[sp].ID, k, kk, foot.targetSpace(i), foot.targetSpace(ii), dist[sp], target[sp])
		}
	}
	// The next steps of a German on foot, as the sets give them and as
	// the neighbours one nearer the same target in the queue's field.
	for here := s.occG.next(0); here >= 0; here = s.occG.next(here + 1) {
		var got, want [MaxSpaces]int16
		n, m := s.footCandidates(int16(here), &got, &foot), 0
		for _, a := range d.Move[here] {
			if dh := dist[here]; dh > 1 && dh < 127 && dist[a] == dh-1 && target[a] == target[here] && s.cntB[a] == 0 && !d.exits.has(int(a)) {
				want[m] = a
				m++
			}
		}
		if got != want || n != m {
			t.Fatalf("%s: from %s a German on foot steps to %v, the queue's field says %v", spec, d.Spaces[here].ID, got[:n], want[:m])
		}
	}
	for u := range d.British {
		if got, want := s.DemolishableObjectives(u), s.demolishableByScan(u); got != want {
			t.Fatalf("%s: %s: DemolishableObjectives %b, the scan of the commandos says %b", spec, d.British[u].Name, got, want)
		}
	}
}

// demolishableByScan is DemolishableObjectives read off every commando's
// status (11.2, 11.3), the reference for the missions the state keeps.
func (s *State) demolishableByScan(u int) uint32 {
	d := s.data()
	var gone, here uint32 // objectives with an assigned commando of u's type gone; with one still holding it
	for v := range d.British {
		obj := d.British[v].Objective
		switch {
		case obj == 0:
		case s.bStatus[v] == bOnMap || s.bStatus[v] == bAboard || (s.opts().EliminatedOnly && s.bStatus[v] != bEliminated):
			here |= 1 << obj // still holds its mission
		case d.British[v].Type == d.British[u].Type || s.opts().AnyCommando:
			gone |= 1 << obj
		}
	}
	may := gone &^ here
	if obj := d.British[u].Objective; obj > 0 {
		may |= 1 << obj
	}
	return may
}

// reachableByCost is the rule as a 0-1 breadth-first search over the
// spaces, kept as the reference reachable is tested against.
func (s *State) reachableByCost(u int, reach *[MaxSpaces]bool) {
	d := s.data()
	var ger, zoc [MaxSpaces]bool
	var nb [MaxSpaces]int8
	for g := range d.German {
		if s.gLoc[g] != gOnMap {
			continue
		}
		sp := s.gSpace[g]
		ger[sp] = true
		if !s.gf.has(g, fPinned) && !isFlak(d.German[g].Class) {
			for _, n := range d.Move[sp] {
				zoc[n] = true
			}
		}
	}
	for v := range d.British {
		if v != u && s.bStatus[v] == bOnMap {
			nb[s.bSpace[v]]++
		}
	}
	var cost [MaxSpaces]int8
	for i := range d.Spaces {
		cost[i] = 127
	}
	start := s.bSpace[u]
	cost[start] = 0
	// A 0-1 breadth-first search: landing spaces cost 0, others 1.
	// Each space is queued at most once per cost 0..3, and only the three
	// landing spaces go to the front.
	var dq [5 * MaxSpaces]int16
	head, tail := MaxSpaces/2, MaxSpaces/2
	dq[tail] = start
	tail++
	for head < tail {
		sp := dq[head]
		head++
		if sp != start && (d.Spaces[sp].Exit >= 0 || (zoc[sp] && nb[sp] == 0)) {
			continue // the move ends here
		}
		for _, n := range d.Move[sp] {
			if ger[n] {
				continue
			}
			step := int8(1)
			if d.Spaces[n].Landing >= 0 {
				step = 0
			}
			c := cost[sp] + step
			if c > movementAllowance || c >= cost[n] {
				continue
			}
			cost[n] = c
			if step == 0 {
				head--
				dq[head] = n
			} else {
				dq[tail] = n
				tail++
			}
		}
	}
	for i := range d.Spaces {
		reach[i] = cost[i] <= movementAllowance && int16(i) != start
	}
}

// vehicleCandidatesByDistance is vehicleCandidates as one breadth-first
// search over the spaces that finds the distance to every space and, for
// each, which first steps begin a shortest path to it: the reference the
// search on sets is tested against.
func (s *State) vehicleCandidatesByDistance(here int16, cand *[MaxSpaces]int16) int {
	d := s.data()
	if d.moveSet[here].meets(&s.occB) {
		return 0 // already next to a commando: it stays to fight
	}
	var dist [MaxSpaces]int8
	var first [MaxSpaces]uint32 // bit i: via the i-th neighbour of here
	for i := range d.Spaces {
		dist[i] = 127
	}
	var q [MaxSpaces]int16
	head, tail := 0, 0
	dist[here] = 0
	blocked := s.vehicleBarredSet() // see germanPassable
	blocked.or(&s.occB)
	blocked.or(&d.exits)
	for i, n := range d.Move[here] {
		if i < 32 && !blocked.has(int(n)) {
			dist[n], first[n] = 1, 1<<i
			q[tail] = n
			tail++
		}
	}
	for head < tail {
		sp := q[head]
		head++
		for _, n := range d.Move[sp] {
			switch {
			case dist[n] == 127 && !blocked.has(int(n)):
				dist[n], first[n] = dist[sp]+1, first[sp]
				q[tail] = n
				tail++
			case dist[n] == dist[sp]+1:
				first[n] |= first[sp]
			}
		}
	}
	// The target: the nearest commando stack, then the most demolition
	// strength, then the lowest space.
	best, bestP, bestT := 127, -1, int16(-1)
	var mask uint32
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		dd, m := 127, uint32(0)
		for _, a := range d.Move[sp] {
			switch da := int(dist[a]) + 1; {
			case da < dd:
				dd, m = da, first[a]
			case da == dd:
				m |= first[a]
			}
		}
		if dd >= 127 {
			continue
		}
		p := s.stackPriority(int16(sp))
		if dd < best || (dd == best && p > bestP) {
			best, bestP, bestT, mask = dd, p, int16(sp), m
		}
	}
	if bestT < 0 {
		return 0
	}
	n := 0
	for i, a := range d.Move[here] {
		if i < 32 && mask&(1<<i) != 0 {
			cand[n] = a
			n++
		}
	}
	return n
}

// lookup reads sp's distance and target (an index into stack) off the
// sets of the field: 127 and -1 when unreached.
func (f *footField) lookup(sp int) (dist, target int8) {
	dist, target = 127, -1
	for k := range f.layer {
		if f.layer[k].has(sp) {
			dist = int8(k)
		}
	}
	for i := range f.zone {
		if f.zone[i].has(sp) {
			target = int8(i)
		}
	}
	return dist, target
}

// targetSpace is the space of stack i, or -1 for none.
func (f *footField) targetSpace(i int8) int8 {
	if i < 0 {
		return -1
	}
	return f.stack[i]
}

// footFieldByQueue is computeFootField as a breadth-first search with a
// queue that keeps the better target (a space) on every tie, the
// reference the search by layers of sets is tested against.
func (s *State) footFieldByQueue(dist, target *[MaxSpaces]int8) {
	d := s.data()
	var prio [MaxSpaces]int16
	foot := struct{ dist, target *[MaxSpaces]int8 }{dist, target}
	for sp := range foot.dist {
		foot.dist[sp], foot.target[sp] = 127, -1
	}
	s.stackPriorities(&prio)
	better := func(a, b int8) bool { return b < 0 || prio[a] > prio[b] || (prio[a] == prio[b] && a < b) }
	blocked := s.occB
	blocked.or(&d.exits)
	var q [MaxSpaces]int16
	head, tail := 0, 0
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		t := int8(sp)
		for _, a := range d.Move[sp] {
			if blocked.has(int(a)) {
				continue
			}
			if foot.dist[a] == 127 {
				foot.dist[a] = 1
				q[tail] = a
				tail++
			}
			if better(t, foot.target[a]) {
				foot.target[a] = t
			}
		}
	}
	for head < tail {
		sp := q[head]
		head++
		for _, n := range d.Move[sp] {
			if blocked.has(int(n)) {
				continue
			}
			switch {
			case foot.dist[n] == 127:
				foot.dist[n], foot.target[n] = foot.dist[sp]+1, foot.target[sp]
				q[tail] = n
				tail++
			case foot.dist[n] == foot.dist[sp]+1 && better(foot.target[sp], foot.target[n]):
				foot.target[n] = foot.target[sp]
			}
		}
	}
}

// checkGermanMoves moves every German that may move from s with a full
// allowance, as a whole by germanMove and step by step by germanEnter,
// and checks that both leave the same state.
func checkGermanMoves(t *testing.T, spec string, s *State) {
	t.Helper()
	var foot footField
	var way vehicleWays
	var cand [MaxSpaces]int16
	zocB := s.britishZoC()
	for m := s.onMapG; m != 0; m &= m - 1 {
		g := bits.TrailingZeros64(m)
		if s.gf.has(g, fPinned) || s.gImmobile(g) {
			continue
		}
		whole, byStep := *s, *s
		whole.gMovesLeft[g], byStep.gMovesLeft[g] = movementAllowance, movementAllowance
		whole.germanMove(g, &foot, &way, &cand, &zocB)
		byStep.germanMoveByStep(g)
		if whole != byStep {
			t.Fatalf("%s: %s moved as a whole to %d (%d left), step by step to %d (%d left)", spec, s.data().German[g].Name,
				whole.gSpace[g], whole.gMovesLeft[g], byStep.gSpace[g], byStep.gMovesLeft[g])
		}
	}
}

// spaces lists the spaces on the ways short of their depth.
func (w *vehicleWays) spaces() []int16 {
	var on []int16
	for j := 0; j < w.depth; j++ {
		for sp := w.set[j].next(0); sp >= 0; sp = w.set[j].next(sp + 1) {
			on = append(on, int16(sp))
		}
	}
	return on
}

// germanMoveByStep is germanMove one germanEnter at a time, each step
// asked afresh of the state: the reference the whole move is tested
// against.
func (s *State) germanMoveByStep(g int) {
	var cand [MaxSpaces]int16
	var foot footField
	for s.gMovesLeft[g] > 0 && !s.gImmobile(g) {
		var way vehicleWays
		n := s.germanCandidates(g, s.gSpace[g], &cand, &foot, &way)
		switch {
		case n == 0:
			s.gMovesLeft[g] = 0
		case n == 1 || !s.opts().GermanVariant:
			s.germanEnter(g, cand[0])
		default:
			s.setRoll(rollGermanTie, n, g, -1)
			return
		}
	}
}

// stackPriorityByType is stackPriority summed type by type (9.1.1.1), the
// reference for the packed sums.
func (s *State) stackPriorityByType(sp int16) int {
	var dem, asl, hq int
	for u := range s.data().British {
		if s.bStatus[u] != bOnMap || s.bSpace[u] != sp {
			continue
		}
		switch s.data().British[u].Type {
		case Demolition:
			dem += s.bStrength(u)
		case Assault:
			asl += s.bStrength(u)
		case HQ:
			hq++
		}
	}
	switch {
	case dem > 0:
		return 2000 + dem
	case asl > 0:
		return 1000 + asl
	case hq > 0:
		return 1
	}
	return 0
}

// germanTargetUnitByType is germanTargetUnit type by type, the reference
// for the keys.
func (s *State) germanTargetUnitByType(t int16) int {
	if u := s.strongestInStack(t, true); u >= 0 {
		return u
	}
	return s.strongestInStack(t, false)
}

// typeOrder is the attack preference within a stack (9.1.1.2).
var typeOrder = [3]uint8{Assault, Demolition, HQ}

// strongestInStack returns the strongest commando in t of the first type in
// typeOrder present (only among those without a result, if fresh), or -1.
func (s *State) strongestInStack(t int16, fresh bool) int {
	d := s.data()
	// The strongest of each type in the stack, the first in counter order
	// among equals.
	best, bestStr := [3]int{-1, -1, -1}, [3]int{-1, -1, -1}
	for m, left := s.onMapB, s.cntB[t]; left > 0 && m != 0; m &= m - 1 {
		u := bits.TrailingZeros32(m)
		if s.bSpace[u] != t {
			continue
		}
		left--
		if fresh && s.bHit[u].any() {
			continue
		}
		typ := d.British[u].Type % 3
		if str := s.bStrength(u); str > bestStr[typ] {
			best[typ], bestStr[typ] = u, str
		}
	}
	for _, typ := range typeOrder {
		if best[typ%3] >= 0 {
			return best[typ%3]
		}
	}
	return -1
}

// applyHitsByCounter is applyHits over every counter, the reference for
// the walk over the units on the map.
func (s *State) applyHitsByCounter() {
	d := s.data()
	for u := range d.British {
		h := s.bHit[u]
		s.bHit[u] = 0
		if !h.any() || s.bStatus[u] != bOnMap {
			continue
		}
		if s.doomed(u, h) {
			s.eliminateBritish(u)
			continue
		}
		if h.steps() > 0 {
			s.bf.put(u, fReduced, true)
		}
		s.bf.put(u, fPinned, true)
	}
	for g := range d.German {
		h := s.gHit[g]
		s.gHit[g] = 0
		if !h.any() || s.gLoc[g] != gOnMap {
			continue
		}
		if h.de() || h.steps() > 0 {
			s.eliminateGerman(g)
			continue
		}
		s.pinG(g, true)
	}
}

// revealByCounter flips every face-down German on the map in a space near
// says, walking every counter: the reference for reveal and revealAround.
func (s *State) revealByCounter(near func(sp int) bool) {
	for g := range s.data().German {
		if s.gLoc[g] == gOnMap && s.gf.has(g, fConcealed) && near(int(s.gSpace[g])) {
			s.gf.put(g, fConcealed, false)
		}
	}
}

// stackPriorities fills prio with every occupied space's stackPriority, in
// one pass over the commandos: the sums stacksByPriority sorts, read out
// for the tests.
func (s *State) stackPriorities(prio *[MaxSpaces]int16) {
	var sums [MaxSpaces]stackSum
	s.stackSums(&sums)
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		prio[sp] = int16(sums[sp].priority()) // at most 2000 + 9 x 32
	}
}
