package anvil

import (
	"math/bits"

	"github.com/chariot-ai/chariot/env"
)

// Unit locations other than an area index.
const (
	locOff    = -1 // not yet arrived
	locElim   = -2 // eliminated
	locExited = -3 // exited by the north edge or into Italy (1.1)
)

// Unit flags.
const (
	fDisorg = 1 << iota // Disorganized (1.3)
	fFresh              // arrived this turn and not yet moved: entry MP spent (7)
	fLanded             // landed this turn under the landing modifier (5.7)
)

// FFI markers (1.3.4); an area holding one is Allied-controlled.
const (
	ffiNone = iota
	ffiControl
	ffiFighters
)

// Bridge states on a river border (9): destroyed, intact, or a bridging
// marker with n activations to wait, stored as bridgeIntact+n.
const (
	bridgeDestroyed = 0
	bridgeIntact    = 1
)

// Phases of a turn (authored 2).
const (
	phGroups = iota
	phFFI
	phBombing
	phOperations
	phEnd
	phOver
)

var phaseNames = []string{"combat groups", "FFI", "bombing", "operations", "end", "game over"}

// Decisions.
const (
	decNone = iota
	decGroup
	decFFI
	decBomb
	decImpulse
	decSelect
	decMove
	decCounter
	decPursuit
	decHits
	decSurrender
)

// Dice.
const (
	rollNone = iota
	rollFFI
	rollBombing
	rollSurrender
	rollParadrop
	rollCombat
	rollBridge
	rollRepairDelay
)

// Activation verbs (authored 3).
const (
	verbNone = iota
	verbMove
	verbMobile
	verbAttack
	verbDestroy
	verbRepair
	verbTrain
)

// Combat kinds.
const (
	ckNormal = iota
	ckMobile
	ckCounter
	ckPursuit
)

var combatNames = []string{"combat", "mobile combat", "counter-attack", "pursuit combat"}

// Pending destinations that are not areas.
const (
	toNorth = -2
	toItaly = -3
)

// unitSet is a bitset of units.
type unitSet [MaxUnits / 64]uint64

func (s *unitSet) has(u int) bool { return s[u>>6]&(1<<(u&63)) != 0 }
func (s *unitSet) add(u int)      { s[u>>6] |= 1 << (u & 63) }
func (s *unitSet) del(u int)      { s[u>>6] &^= 1 << (u & 63) }
func (s *unitSet) empty() bool    { return s[0]|s[1] == 0 }
func (s *unitSet) count() int     { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// State is one position of Striking the Anvil: flat arrays of small ints,
// so Clone is a copy.
type State struct {
	env.PerfectInformation
	g *Game

	turn, phase   int8
	dec, decSide  int8
	roll          int8
	side, passes  int8 // whose impulse it is; passes in a row (authored 2)
	loc, steps    [MaxUnits]int8
	flag          [MaxUnits]uint8
	group         [MaxUnits]int8
	ffi, bombs    [MaxAreas]int8
	fort          [MaxAreas]int8
	bridge        [MaxBorders]int8
	supplied      [2]uint64
	surrTried     uint64
	portVP        int8
	ffiTries      int8
	bombMarker    int8
	pendArea      int8 // area of a pending die (FFI, bombing, surrender) or paradrop arrival
	groupArea     int8
	nextGroup     int8
	actArea, verb int8
	stack, mp     int8
	lastBorder    int8
	pendTo        int8
	motor         bool
	bridgeB       int8
	sel           unitSet // units chosen in the current selection
	act           unitSet // units of the current activation
	moving        unitSet // activated units still moving
	ck, cArea     int8
	cAtt          int8
	cPart         unitSet
	cSP, cDRM     int8
	hitsAtt       int8
	hitsDue       int8
	hitStage      int8 // 0 defender absorbs, 1 attacker absorbs
}

var (
	_ env.State      = (*State)(nil)
	_ env.Prompter   = (*State)(nil)
	_ env.Phaser     = (*State)(nil)
	_ env.Narrator   = (*State)(nil)
	_ env.LeafValuer = (*State)(nil)
)

func (s *State) data() *Data      { return s.g.data }
func (s *State) Game() env.Game   { return s.g }
func (s *State) IsTerminal() bool { return s.phase == phOver }

// CurrentPlayer is the seat to decide, Chance, or Terminal.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.phase == phOver:
		return env.Terminal
	case s.roll != rollNone:
		return env.Chance
	}
	return env.Player(s.decSide)
}

// Clone copies the state; the data is shared.
func (s *State) Clone() env.State { c := *s; return &c }

// controller is the side controlling area a (1.6): Allied when it holds an
// FFI marker, German otherwise.
func (s *State) controller(a int) int {
	if s.ffi[a] != ffiNone {
		return Allied
	}
	return German
}

func (s *State) isSupplied(side, a int) bool { return s.supplied[side]&(1<<a) != 0 }
func (s *State) disorg(u int) bool           { return s.flag[u]&fDisorg != 0 }

// sp is a combat unit's current strength.
func (s *State) sp(u int) int {
	un := &s.data().Units[u]
	switch {
	case un.Class != ClassCombat || s.steps[u] <= 0:
		return 0
	case s.steps[u] == 2:
		return un.Full
	}
	return un.Reduced
}

// VP is the authored victory schedule: each side's points so far.
func (s *State) VP() (allied, german int) {
	d := s.data()
	v := &d.File.VP
	exitSP := 0
	for u := range d.Units {
		un := &d.Units[u]
		if un.Class != ClassCombat || s.loc[u] == locOff {
			continue
		}
		lost := (un.Steps - int(s.steps[u])) * v.PerStep
		if un.Side == German {
			allied += lost
			if s.loc[u] == locExited {
				exitSP += s.sp(u)
			}
		} else {
			german += lost
		}
	}
	for a := range d.Areas {
		if s.controller(a) != Allied {
			continue
		}
		if d.Areas[a].Fortified {
			allied += v.Port
		}
		allied += v.Towns[d.Areas[a].ID]
	}
	german += exitSP/v.ExitSPPerVP + int(s.portVP)
	return allied, german
}

// Margin is Allied VP less German VP.
func (s *State) Margin() int { a, g := s.VP(); return a - g }

// Returns is the margin for the Allies and its negative for the Germans.
func (s *State) Returns() []float64 {
	m := float64(s.Margin())
	return []float64{m, -m}
}

// Verdict names the victory level of a margin (authored: levels at 5 and 10).
func Verdict(m int) string {
	switch {
	case m >= 10:
		return "Allied decisive victory"
	case m >= 5:
		return "Allied victory"
	case m > -5:
		return "draw"
	case m > -10:
		return "German victory"
	}
	return "German decisive victory"
}

// Score summarises the game for reports.
func (s *State) Score() env.Score {
	a, g := s.VP()
	stepsLost := [2]int{}
	exit := 0
	d := s.data()
	for u := range d.Units {
		un := &d.Units[u]
		if un.Class == ClassCombat && s.loc[u] != locOff {
			stepsLost[un.Side] += un.Steps - int(s.steps[u])
			if s.loc[u] == locExited {
				exit += s.sp(u)
			}
		}
	}
	ports := 0
	for a := range d.Areas {
		if d.Areas[a].Fortified && s.controller(a) == Allied {
			ports++
		}
	}
	return env.Score{Value: float64(a - g), Verdict: Verdict(a - g), Metrics: []env.Metric{
		{Name: "allied_vp", Value: float64(a)}, {Name: "german_vp", Value: float64(g)},
		{Name: "ports_taken", Value: float64(ports)},
		{Name: "allied_steps_lost", Value: float64(stepsLost[Allied])},
		{Name: "german_steps_lost", Value: float64(stepsLost[German])},
		{Name: "german_sp_exited", Value: float64(exit)},
		{Name: "turn", Value: float64(s.turn)},
	}}
}

// LeafValue estimates the final margin: the score so far plus a twentieth
// of the balance of combat strength on the map, a cheap guess for a search
// cut off early.
func (s *State) LeafValue() []float64 {
	m := float64(s.Margin())
	bal := 0
	for u := range s.data().Units {
		if s.loc[u] >= 0 {
			if s.data().Units[u].Side == Allied {
				bal += s.sp(u)
			} else {
				bal -= s.sp(u)
			}
		}
	}
	v := m + 0.05*float64(bal)
	return []float64{v, -v}
}
