package stnazaire

import (
	"math/bits"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// Phases of a turn (4), with the landing pre-phase first and the end last.
const (
	phLanding uint8 = iota
	phCohesion
	phMove
	phCombatC
	phDemolition
	phGerman
	phCombatF
	phAdvance
	phOver
)

var phaseNames = [...]string{"0 landing", "A cohesion", "B British movement", "C combat", "D demolitions", "E German reinforcements and movement", "F combat", "G advance turn", "game over"}

// British unit status.
const (
	bAboard uint8 = iota // waiting on the play aid to land
	bOnMap
	bEliminated // removed by combat or stacking: counts as lost (-2 VP)
	bNotLanded  // boat destroyed or withdrew (5.2.1): not counted (13 erratum)
	bExited     // left by an exit (13)
	bCaptured   // still on the map after the last turn (13)
)

var bStatusNames = [...]string{"aboard", "map", "eliminated", "not_landed", "exited", "captured"}

// German counter location.
const (
	gPoolA uint8 = iota
	gPoolB
	gOnMap
	gRemoved // an eliminated FlaK counter, kept for VP (1.1)
)

var gLocNames = [...]string{"pool_a", "pool_b", "map", "removed"}

// Where a German counter on the map came from, so Resample redraws it from
// the right set of counters.
const (
	originFixed uint8 = iota // FlaK set up face up
	originSetup              // drawn at set-up for an area (class known)
	originPoolA
	originPoolB
)

// Pending decisions of the British player.
const (
	decNone     uint8 = iota
	decSelect         // pick a unit to move, or pass to end the phase (6.1)
	decMoveDest       // pick the selected unit's destination, or pass to stay
	decAssist         // 5.2.3: attack FlaK #12 or not
	decFire           // pick a target for a unit, or pass to hold fire (9.1)
	decOccupy         // move into a vacated space or stay (9.1)
	decDemolish       // demolish or not (11.1)
	decDisplace       // free move after a demolition, or stay (11.1)
	// Decisions of the German seat (opponent=seat); decUnit is a German
	// counter.
	decGermanMove // the counter's next space, or pass to stop (8.1)
	decGermanFire // the commando the counter attacks (9.1.1, 9.2.1)
)

// germanDecision reports whether a pending decision is the German seat's.
func germanDecision(dec uint8) bool { return dec == decGermanMove || dec == decGermanFire }

// Pending chance nodes: each is a D10, or a die read as 1..k to pick among k.
const (
	rollNone        uint8 = iota
	rollLanding           // 5.2.1
	rollFightB            // 5.2.2 Birney's (or an assistant's) shot at FlaK #12
	rollFightG            // 5.2.2 FlaK #12's shot back
	rollCohesion          // 10
	rollZoC               // 6.2 leave a ZoC on >= 5
	rollStack             // 7 pick the unit eliminated from an overstack
	rollAttackB           // 9.1 a British shot
	rollAttackG           // 9.1.1 a German shot
	rollQuad              // 9.2.1 the coloured die for the Quad FlaK
	rollDemolition        // 11.1
	rollReinfBlack        // 12 black die: how many
	rollReinfColour       // 12 coloured die: where
	rollGermanTie         // 8.1 variant: D10 between equal spaces
)

// hit accumulates the combat results a unit receives in one combat phase;
// they take effect together at the end of the exchange of fire (9.1). Bits
// 0-1 count step losses (at most 3), then pinned, then eliminated outright.
type hit uint8

const (
	hitPin hit = 4
	hitDE  hit = 8
)

func (h hit) steps() int { return int(h & 3) }
func (h hit) pin() bool  { return h&hitPin != 0 }
func (h hit) de() bool   { return h&hitDE != 0 }
func (h hit) any() bool  { return h != 0 }

// State is one position of the game. It is plain data in fixed arrays so
// that Clone is a copy and the hot paths do not allocate.
type State struct {
	g *Game

	turn  int8
	phase uint8
	step  uint8
	// cursor walks the units or slots of the current step; aux and aux2 hold
	// the step's context (landing zone, space, die).
	cursor int16
	aux    int16
	aux2   int16

	dec     uint8
	decUnit int8
	roll    uint8
	rollK   int8 // outcomes 1..rollK
	rollU   int16
	rollT   int16

	bf      flags // fReduced, fPinned, fMoved, fFiredC, fTried
	bSpace  [MaxBritish]int16
	bStatus [MaxBritish]uint8
	bTarget [MaxBritish]int8  // target declared in this combat phase, or -1
	bAimed  [MaxBritish]int16 // the target's space when declared
	bHit    [MaxBritish]hit

	gf         flags // fConcealed, fPinned
	gLoc       [MaxGerman]uint8
	gSpace     [MaxGerman]int16
	gOrigin    [MaxGerman]uint8
	gMovesLeft [MaxGerman]int8
	gTarget    [MaxGerman]int16 // space a German fired at this phase, or -1
	gHit       [MaxGerman]hit
	gOrder     [MaxGerman]int8 // German attack order of the phase (9.1.1.3)
	nOrder     int8

	destroyed  spaceSet
	startHeldB spaceSet // held by each side when the exchange of fire began
	startHeldG spaceSet

	birneyDone bool // Birney's landing is resolved (5.2.2), so 5.2.3 may apply
	vp         int16
	lost       int8 // commandos lost (14): eliminated, later captured too

	hidden rand.PCG // draws of hidden counters (3, 12); never dice

	// cntB and cntG count the units on the map per space, and occB and
	// occG are the spaces where those counts are above zero (derived: kept
	// up to date by putB and putG, rebuilt by recount).
	cntB, cntG [MaxSpaces]int8
	occB, occG spaceSet
	// cntZ counts per space the Germans on the map that exert a zone of
	// control (unpinned, not FlaK: 6.1), and occZ is where it is above
	// zero (derived like cntG: kept by putG and pinG, rebuilt by recount).
	cntZ [MaxSpaces]int8
	occZ spaceSet
	// dests holds the destinations of the commando choosing one
	// (decMoveDest): reachable, worked out once when the decision is set
	// (derived: recount works it out again).
	dests spaceSet
	// missionHere holds the objectives (bit n for objective n) whose
	// assigned commandos are not all gone, and missionGone, by commando
	// type, those with one of that type gone (11.2, 11.3; see
	// DemolishableObjectives). Derived from the statuses: kept by putB,
	// rebuilt by recount.
	missionHere uint32
	missionGone [3]uint32
	// onMapG holds the German counters on the map (bit g: counter g),
	// derived like cntG.
	onMapG uint64
	// onMapB holds the commandos on the map (bit u: commando u), derived
	// like cntB.
	onMapB uint32
	// intactObj holds the objective numbers with a space not destroyed
	// (bit n: objective n), derived from destroyed: kept by demolitions,
	// rebuilt by recount.
	intactObj uint32
}

// footField is the distance field of the Germans on foot in phase E: each
// space's distance to the German target stack (1 next to it) and that
// stack. It keeps the spaces at each distance and those of each target as
// sets, so that a German's next steps are one intersection; the distance
// and target are written out only for the spaces Germans stand in when it
// is worked out, and for the steps footCandidates offers.
type footField struct {
	layer  [MaxSpaces]spaceSet  // layer[k]: the spaces at distance k
	zone   [MaxBritish]spaceSet // zone[i]: the spaces whose target is stack[i]
	stack  [MaxBritish]int8     // the target stacks' spaces
	dist   [MaxSpaces]int8      // 127: unreached, or not written out
	target [MaxSpaces]int8      // an index into stack, or -1
	valid  bool
}

// Per-unit flags, packed a byte a unit to keep the state small.
const (
	fPinned    uint8 = 1 << iota // both sides (10)
	fReduced                     // commando on its reduced side (2.1)
	fMoved                       // commando moved in this movement phase (6.1)
	fFiredC                      // commando fired in phase C: no demolition this turn (11.1)
	fTried                       // commando tried a demolition this turn (11.1)
	fConcealed                   // German counter face down (8.2)
)

// flags holds a byte of flags for each unit of one side.
type flags [MaxGerman]uint8

func (f *flags) has(i int, bit uint8) bool { return f[i]&bit != 0 }

func (f *flags) put(i int, bits uint8, on bool) {
	if on {
		f[i] |= bits
	} else {
		f[i] &^= bits
	}
}

// spaceSet is a set of spaces as a bitset, to keep the state small.
type spaceSet [MaxSpaces / 64]uint64

func (b *spaceSet) has(sp int) bool { return b[sp>>6]&(1<<(sp&63)) != 0 }

func (b *spaceSet) put(sp int, on bool) {
	if on {
		b[sp>>6] |= 1 << (sp & 63)
	} else {
		b[sp>>6] &^= 1 << (sp & 63)
	}
}

var _ env.State = (*State)(nil)

func (s *State) data() *Data    { return s.g.data }
func (s *State) opts() *Options { return &s.g.opts }

// Game returns the game.
func (s *State) Game() env.Game { return s.g }

// Clone returns an independent copy: one allocation.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// CurrentPlayer is 0 (the British) at a decision, 1 at a decision of the
// German seat (opponent=seat), Chance at a die roll.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.phase == phOver:
		return env.Terminal
	case s.roll != rollNone:
		return env.Chance
	case germanDecision(s.dec):
		return 1
	}
	return 0
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.phase == phOver }

// Turn is the current game turn, 1 to Options.Turns.
func (s *State) Turn() int { return int(s.turn) }

// VP is the running victory-point total (13).
func (s *State) VP() int { return int(s.vp) }

// Lost counts commandos lost under rule 14.
func (s *State) Lost() int { return int(s.lost) }

// Returns gives the British score: the running VP, final at the end. Under
// opponent=seat the German seat's return is its negation: the game is
// zero-sum, every VP the British score the Germans deny.
func (s *State) Returns() []float64 { return s.WriteReturns(nil) }

// strength of a British unit now.
func (s *State) bStrength(u int) int {
	b := &s.data().British[u]
	if s.bf.has(u, fReduced) {
		return int(b.Reduced)
	}
	return int(b.Full)
}

// putB sets a commando's status and space, keeping the counts per space.
func (s *State) putB(u int, status uint8, sp int16) {
	old := s.bStatus[u]
	if old == bOnMap {
		was := s.bSpace[u]
		s.cntB[was]--
		s.occB.put(int(was), s.cntB[was] > 0)
	}
	s.bStatus[u], s.bSpace[u] = status, sp
	s.onMapB &^= 1 << u
	if status == bOnMap {
		s.cntB[sp]++
		s.occB.put(int(sp), true)
		s.onMapB |= 1 << u
	}
	if holdsMission(old) != holdsMission(status) && s.data().British[u].Objective > 0 {
		s.recountMissions()
	}
}

// holdsMission reports whether a commando of this status could still hold
// its mission whatever the options (see recountMissions): only then may a
// change of status change the missions.
func holdsMission(status uint8) bool { return status == bOnMap || status == bAboard }

// recountGerman rebuilds what is derived from the German counters'
// identities, for Resample, which redraws them in the same spaces: the
// counters on the map, the zones of control and so the pending commando's
// destinations. The per-space counts stay as they were.
func (s *State) recountGerman() {
	s.cntZ, s.occZ, s.onMapG = [MaxSpaces]int8{}, spaceSet{}, 0
	for g := range s.data().German {
		if s.gLoc[g] == gOnMap {
			s.onMapG |= 1 << g
		}
		s.zocOn(g)
	}
	if s.dec == decMoveDest {
		s.dests = s.reachable(int(s.decUnit))
	}
}

// recountIntact rebuilds intactObj from the destroyed objectives.
func (s *State) recountIntact() {
	d := s.data()
	s.intactObj = 0
	for sp := range d.Spaces {
		if obj := d.Spaces[sp].Objective; obj > 0 && !s.destroyed.has(sp) {
			s.intactObj |= 1 << obj
		}
	}
}

// nextOnMapB is the first commando on the map at or after u, or -1.
func (s *State) nextOnMapB(u int) int {
	if u >= MaxBritish {
		return -1
	}
	rest := s.onMapB &^ (1<<u - 1)
	if rest == 0 {
		return -1
	}
	return bits.TrailingZeros32(rest)
}

// recountMissions rebuilds missionHere and missionGone from the commandos'
// statuses.
func (s *State) recountMissions() {
	d := s.data()
	var here uint32
	var gone [3]uint32
	for v := range d.British {
		obj := d.British[v].Objective
		switch {
		case obj == 0:
		case s.bStatus[v] == bOnMap || s.bStatus[v] == bAboard || (s.opts().EliminatedOnly && s.bStatus[v] != bEliminated):
			here |= 1 << obj // still holds its mission
		case s.opts().AnyCommando:
			gone[Assault] |= 1 << obj
			gone[Demolition] |= 1 << obj
			gone[HQ] |= 1 << obj
		default:
			gone[d.British[v].Type] |= 1 << obj
		}
	}
	s.missionHere, s.missionGone = here, gone
}

// putG sets a German counter's location and space, keeping the counts.
func (s *State) putG(g int, loc uint8, sp int16) {
	if s.gLoc[g] == gOnMap {
		was := s.gSpace[g]
		s.cntG[was]--
		s.occG.put(int(was), s.cntG[was] > 0)
		s.zocOff(g)
	}
	s.gLoc[g], s.gSpace[g] = loc, sp
	s.onMapG &^= 1 << g
	if loc == gOnMap {
		s.cntG[sp]++
		s.occG.put(int(sp), true)
		s.zocOn(g)
		s.onMapG |= 1 << g
	}
}

// pinG pins or unpins German counter g, keeping the zones of control.
func (s *State) pinG(g int, on bool) {
	s.zocOff(g)
	s.gf.put(g, fPinned, on)
	s.zocOn(g)
}

// exertsZoC reports whether German counter g has a zone of control: on
// the map, unpinned, not FlaK (6.1).
func (s *State) exertsZoC(g int) bool {
	return s.gLoc[g] == gOnMap && !s.gf.has(g, fPinned) && s.data().flak&(1<<g) == 0
}

// zocOff and zocOn take g's zone of control out of cntZ and occZ and put
// it back, around a change of its location or pin.
func (s *State) zocOff(g int) {
	if s.exertsZoC(g) {
		sp := s.gSpace[g]
		s.cntZ[sp]--
		s.occZ.put(int(sp), s.cntZ[sp] > 0)
	}
}

func (s *State) zocOn(g int) {
	if s.exertsZoC(g) {
		sp := s.gSpace[g]
		s.cntZ[sp]++
		s.occZ.put(int(sp), true)
	}
}

// recount rebuilds the counts per space from the units.
func (s *State) recount() {
	s.cntB, s.cntG, s.cntZ = [MaxSpaces]int8{}, [MaxSpaces]int8{}, [MaxSpaces]int8{}
	s.occB, s.occG, s.occZ = spaceSet{}, spaceSet{}, spaceSet{}
	s.onMapB = 0
	for u := range s.data().British {
		if s.bStatus[u] == bOnMap {
			s.cntB[s.bSpace[u]]++
			s.occB.put(int(s.bSpace[u]), true)
			s.onMapB |= 1 << u
		}
	}
	s.onMapG = 0
	for g := range s.data().German {
		if s.gLoc[g] == gOnMap {
			s.cntG[s.gSpace[g]]++
			s.occG.put(int(s.gSpace[g]), true)
			s.onMapG |= 1 << g
		}
		s.zocOn(g)
	}
	s.recountMissions()
	s.recountIntact()
	if s.dec == decMoveDest {
		s.dests = s.reachable(int(s.decUnit))
	}
}

// counts of units on the map in a space.
func (s *State) nBritishAt(sp int16) int { return int(s.cntB[sp]) }
func (s *State) nGermanAt(sp int16) int  { return int(s.cntG[sp]) }

// occupancy copies the per-space counts of units on the map.
func (s *State) occupancy(nb, ng *[MaxSpaces]int8) {
	*nb, *ng = s.cntB, s.cntG
}

// germanZoCAt reports whether a space is in a German zone of control: next
// (by a solid line) to a German unit that is neither pinned nor FlaK (6.1).
func (s *State) germanZoCAt(sp int16) bool {
	return s.data().moveSet[sp].meets(&s.occZ)
}

// britishZoC is the set of spaces holding an unpinned commando: a space
// next to one is in a British zone of control (see britishZoCAt).
func (s *State) britishZoC() spaceSet {
	var z spaceSet
	for m := s.onMapB; m != 0; m &= m - 1 {
		if u := bits.TrailingZeros32(m); !s.bf.has(u, fPinned) {
			z.put(int(s.bSpace[u]), true)
		}
	}
	return z
}

// britishZoCAt reports whether a space is next to an unpinned commando.
func (s *State) britishZoCAt(sp int16) bool {
	d := s.data()
	near := d.moveSet[sp].and(&s.occB)
	if near.empty() {
		return false
	}
	for m := s.onMapB; m != 0; m &= m - 1 {
		if u := bits.TrailingZeros32(m); !s.bf.has(u, fPinned) && near.has(int(s.bSpace[u])) {
			return true
		}
	}
	return false
}

func isFlak(c uint8) bool { return c == ClassFlak || c == ClassQuadFlak }

// immobile German counters: FlaK, and Kriegsmarine set up on ships (8.3).
func (s *State) gImmobile(g int) bool {
	d := s.data()
	c := d.German[g].Class
	return isFlak(c) || (c == ClassKriegsmarine && d.Spaces[s.gSpace[g]].Ship && s.gOrigin[g] == originSetup)
}

// reveal flips every concealed German linked to a commando (8.2).
func (s *State) reveal() {
	d := s.data()
	// near: the spaces linked to a commando's (links go both ways).
	var near spaceSet
	for sp := s.occB.next(0); sp >= 0; sp = s.occB.next(sp + 1) {
		near.or(&d.linkSet[sp])
	}
	s.revealIn(&near)
}

// revealIn flips the face-down Germans in the spaces of near.
func (s *State) revealIn(near *spaceSet) {
	if !near.meets(&s.occG) {
		return
	}
	for m := s.onMapG; m != 0; m &= m - 1 {
		if g := bits.TrailingZeros64(m); s.gf.has(g, fConcealed) && near.has(int(s.gSpace[g])) {
			s.gf.put(g, fConcealed, false)
		}
	}
}

// germansIn counts the German counters on the map in the spaces of set.
func (s *State) germansIn(set *spaceSet) int {
	held := set.and(&s.occG)
	n := 0
	for sp := held.next(0); sp >= 0; sp = held.next(sp + 1) {
		n += int(s.cntG[sp])
	}
	return n
}

// revealGerman flips g if it is face down and linked to a commando.
func (s *State) revealGerman(g int) {
	if s.gLoc[g] == gOnMap && s.gf.has(g, fConcealed) && s.data().linkSet[s.gSpace[g]].meets(&s.occB) {
		s.gf.put(g, fConcealed, false)
	}
}

// revealAround flips the face-down Germans linked to space sp, where a
// commando has just arrived.
func (s *State) revealAround(sp int16) {
	s.revealIn(&s.data().linkSet[sp])
}

// anyBritishLeft reports whether a commando is on the map or still to land.
func (s *State) anyBritishLeft() bool {
	for u := range s.data().British {
		if st := s.bStatus[u]; st == bOnMap || st == bAboard {
			return true
		}
	}
	return false
}
