package jubilee

import (
	"math/bits"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// Phases of a turn (4.1), with set-up first.
const (
	phSetup     uint8 = iota
	phTransport       // I
	phOps             // II
	phBonus           // II, a Commando chit's special action phase (10.19)
	phAction          // III
	phEnd             // IV
	phOver
)

var phaseNames = [...]string{"set-up", "I amphibious transport", "II operations", "II commando actions", "III CW actions", "IV end of turn", "game over"}

// CW unit status.
const (
	cwTrack uint8 = iota
	cwBox
	cwMap
	cwElim
	cwEvac
)

var cwStNames = [...]string{"track", "box", "map", "eliminated", "evacuated"}

// CW unit flags.
const (
	fDisrupted uint16 = 1 << iota
	fAtkDis           // Attacker Disrupted marker (10.18)
	fActed            // acted in this action phase
	fStepLost         // lost a step to the chit being resolved (6.11)
	fHitPos           // hit by the position firing now
	fRepl             // on a one-step replacement counter (6.9)
	fNew              // placed in a box this turn (5.5)
	fPicked           // selected for the raid (3.4)
	fChanged          // its original counter boarded by making change (10.9)
)

// German unit flags.
const (
	gRevealed uint8 = 1 << iota
	gDisrupted
	gAttacked // attacked in this action phase (11.11)
	gBarraged // barraged in this action phase (11.15)
	gMoved    // moved on the chit being resolved
)

// Depth marker locations.
const (
	dBox uint8 = iota
	dMap
	dGone
)

// Chit locations.
const (
	chCup uint8 = iota
	chAside
	chGone
)

// Pending decisions.
const (
	decNone      uint8 = iota
	decRemove          // 16.3: a Dieppe-town coastal unit to remove
	decBox             // 5.2: the box for an arriving unit
	decDelay           // 5.7: a delayed unit to the Evacuated box?
	decFireTie         // 15.1: which of the tied units is hit
	decRetreat         // 6.18: the hex assaulted units retreat to
	decAir             // 8.3: the VP position the air strike hits
	decRecall          // 8.4: the tied Dieppe-map track that loses a TP
	decSelect          // 10.1: which unit acts next, or end the phase
	decVerb            // 10.1: the selected unit's action
	decJoin            // 11.2: further attackers, or resolve
	decAttrition       // 15.2: optional attrition
	decInfil           // 10.5: complete the infiltration after a loss?
	decStack           // 10.16: which overstacked unit to eliminate
	decDrift           // 5.6 with drift=choice: the box a drifting unit moves to
	decGFire           // German seat: the unit a firing position hits
	decGMove           // German seat: where a checked unit moves
	decGDepth          // German seat: which unit receives a depth marker
)

var decNames = [...]string{"", "remove", "box", "delay", "fire_tie", "retreat", "air_strike", "recall", "select", "verb", "join", "attrition", "infiltrate", "stack", "drift", "german_fire", "german_move", "german_depth"}

// Pending chance nodes.
const (
	rollNone      uint8 = iota
	rollDisp            // 3.4 commando disposition
	rollPick            // 3.4 which commandos are selected
	rollLanding         // 5.5
	rollChit            // 4.1 II op chit draw
	rollInfilChit       // 10.5 special draw
	rollAssault         // 6.18
	rollEvent           // 8.1
	rollWall            // 8.2 second die
	rollBarrage         // 11.13
)

var rollNames = [...]string{"", "disposition", "pick", "landing", "chit", "infiltration", "assault", "event", "wall", "barrage"}

// Steps of the operations phase.
const (
	opDraw uint8 = iota
	opFire
	opMove
	opRecover
	opDepth
)

// State is one position of the game: flat arrays and small ints, so Clone
// is a copy and the hot paths do not allocate.
type State struct {
	g *Game

	turn  int8
	phase uint8
	step  uint8
	draws int8 // chits drawn this turn (4.1 II)

	dec, roll uint8
	cursor    int16
	aux, aux2 int16
	chit      int8   // chit being resolved, or -1
	sel       int8   // selected CW unit, or -1
	tgt       int8   // position attacked, or -1
	hits      int8   // hits left to the firing position; -1 before it fires
	atk       uint64 // CW units in the attack being declared
	cand      uint64 // the tied units of 15.1

	cwSt    [MaxCW]uint8
	cwAt    [MaxCW]int16 // hex on the map, or box
	cwTurn  [MaxCW]int8  // turn of entry while on the track
	cwSteps [MaxCW]int8
	cwF     [MaxCW]uint16

	gPos    [MaxGerman]int8 // position, or -1 once eliminated
	gF      [MaxGerman]uint8
	gDepth  [MaxGerman]int8 // depth marker, or -1
	posUnit [MaxPositions]int8

	depthSt  [MaxDepth]uint8
	depthRev [MaxDepth]bool
	chitSt   [MaxChits]uint8

	tp        [numTracks]int8
	boarded   [numTracks]int8 // steps boarded this action phase (10.9)
	evac      [3]bool         // evacuation mode per map (12.1)
	boardHex  [3]int16        // the one beach hex of Yellow, Orange (10.13)
	destroyed uint64          // positions with an Objective Destroyed marker
	wallDown  bool
	repl      [3]int8
	elim3     int8 // three-step infantry counters in the Eliminated box (12.2)
	vp        int16
	evacSteps int16
	elimSteps int16
	boxLoose  [MaxBoxes]int8 // steps boarded by making change (10.9)
	replOut   [3]int8        // replacements that boarded by making change
	looseEvac int16          // loose steps evacuated (part of evacSteps)
	wire      [8]int16       // wire hexsides crossed this phase (10.6): hex*6+dir
	nWire     int8

	hidden rand.PCG // face-down placements and depth draws; never dice
}

var _ env.State = (*State)(nil)

func (s *State) data() *Data { return s.g.data }
func (s *State) opts() *Options {
	return &s.g.opts
}

// Game returns the game.
func (s *State) Game() env.Game { return s.g }

// Clone returns an independent copy.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// CurrentPlayer is the seat to decide, Chance, or Terminal.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.phase == phOver:
		return env.Terminal
	case s.roll != rollNone:
		return env.Chance
	case s.dec >= decGFire:
		return 1
	}
	return 0
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.phase == phOver }

// Turn is the current game turn.
func (s *State) Turn() int { return int(s.turn) }

// VP is the objective VP destroyed so far (10.7).
func (s *State) VP() int { return int(s.vp) }

// EvacuatedSteps counts the steps in the Evacuated Units box.
func (s *State) EvacuatedSteps() int { return int(s.evacSteps) }

// strength of a CW unit now.
func (s *State) cwStrength(u int) int {
	return int(s.data().strength[s.data().CW[u].Type][s.cwSteps[u]])
}

func (s *State) cwHW(u int) bool { return s.data().hw[s.data().CW[u].Type][s.cwSteps[u]] }

func (s *State) onMap(u int) bool { return s.cwSt[u] == cwMap }

// mapOfUnit is the map a CW unit is on, in a box of, or bound for.
func (s *State) mapOfUnit(u int) int8 {
	d := s.data()
	switch s.cwSt[u] {
	case cwMap:
		return d.Hexes[s.cwAt[u]].Map
	case cwBox:
		return d.Boxes[s.cwAt[u]].Map
	}
	c := &d.CW[u]
	if c.Box >= 0 {
		return d.Boxes[c.Box].Map
	}
	for _, b := range d.Boxes {
		if c.Letter != 0 && b.Letter == c.Letter {
			return b.Map
		}
	}
	return s.dieppeMap()
}

// dieppeMap is the map of the Dieppe track.
func (s *State) dieppeMap() int8 { return s.data().Tracks[3].Map }

// hexUnits counts CW units in a hex and their steps.
func (s *State) hexUnits(h int16) (n, steps int) {
	for u := range s.data().CW {
		if s.cwSt[u] == cwMap && s.cwAt[u] == h {
			n++
			steps += int(s.cwSteps[u])
		}
	}
	return
}

func (s *State) boxUnits(b int) int {
	n := 0
	for u := range s.data().CW {
		if s.cwSt[u] == cwBox && int(s.cwAt[u]) == b {
			n++
		}
	}
	return n
}

// germanAt is the German unit in a hex, or -1.
func (s *State) germanAt(h int) int {
	if p := s.data().Hexes[h].Pos; p >= 0 {
		return int(s.posUnit[p])
	}
	return -1
}

// cwInField reports whether CW units are in position p's field of fire,
// on the map or in its boxes (6.3).
func (s *State) cwInField(p int) bool {
	d := s.data()
	for u := range d.CW {
		switch s.cwSt[u] {
		case cwMap:
			if d.fieldsOver[s.cwAt[u]]&(1<<p) != 0 {
				return true
			}
		case cwBox:
			if d.boxFields[s.cwAt[u]]&(1<<p) != 0 {
				return true
			}
		}
	}
	return false
}

// cwOcc is the set of hexes and the boxes CW units occupy.
func (s *State) cwOcc() (occ hexSet, boxes uint32) {
	for u := range s.data().CW {
		switch s.cwSt[u] {
		case cwMap:
			occ.put(int(s.cwAt[u]), true)
		case cwBox:
			boxes |= 1 << s.cwAt[u]
		}
	}
	return
}

// fieldHolds reports whether position p's field holds an occupied hex or box.
func (s *State) fieldHolds(p int, occ *hexSet, boxes uint32) bool {
	pos := &s.data().Positions[p]
	if pos.Boxes&boxes != 0 {
		return true
	}
	for i := range occ {
		if pos.Field[i]&occ[i] != 0 {
			return true
		}
	}
	return false
}

// liveFields is the union of the fields projected by occupied, undisrupted
// positions (6.22, ruling J25).
func (s *State) liveFields() hexSet {
	var f hexSet
	d := s.data()
	for p := range d.Positions {
		if g := s.posUnit[p]; g >= 0 && s.gF[g]&gDisrupted == 0 {
			for i := range f {
				f[i] |= d.Positions[p].Field[i]
			}
		}
	}
	return f
}

// liveMask is the set of positions whose fields are live: occupied by an
// undisrupted unit. A hex h lies in a live field when
// data().fieldsOver[h]&liveMask() != 0.
func (s *State) liveMask() uint64 {
	var m uint64
	for p := range s.data().Positions {
		if g := s.posUnit[p]; g >= 0 && s.gF[g]&gDisrupted == 0 {
			m |= 1 << p
		}
	}
	return m
}

func (s *State) isDestroyed(p int) bool { return s.destroyed&(1<<p) != 0 }

func popcount(x uint64) int { return bits.OnesCount64(x) }
