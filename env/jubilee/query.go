package jubilee

import (
	"math/bits"

	"github.com/chariot-ai/chariot/env"
)

// Queries for agents and tools outside the package: they read the state
// without changing it.

// Action kinds, as DecodeAction names them.
const (
	KindControl = "control" // pass, yes, no, destroy, board: Arg is the action itself
	KindRoll    = "roll"
	KindChit    = "chit"
	KindUnit    = "unit"
	KindBox     = "box"
	KindTrack   = "track"
	KindHex     = "hex"
	KindMove    = "move"
	KindAttack  = "attack"
	KindBarrage = "barrage"
)

// Action numbers of the control words.
const (
	ActPass    = env.Action(aPass)
	ActYes     = env.Action(aYes)
	ActNo      = env.Action(aNo)
	ActDestroy = env.Action(aDestroy)
	ActBoard   = env.Action(aBoard)
	// ActBoard1 and ActBoard2 board one or two steps by making change (10.9).
	ActBoard1 = env.Action(aChange)
	ActBoard2 = env.Action(aChange + 1)
)

// DecodeAction splits an action into its kind and argument (a unit, box,
// track or hex index, a die face, a chit).
func DecodeAction(a env.Action) (string, int) {
	i := int(a)
	switch {
	case i < aRoll:
		return KindControl, i
	case i < aChit:
		return KindRoll, i - aRoll + 1
	case i < aUnit:
		return KindChit, i - aChit
	case i < aBox:
		return KindUnit, i - aUnit
	case i < aTrack:
		return KindBox, i - aBox
	case i < aHex:
		return KindTrack, i - aTrack
	case i < aMove:
		return KindHex, i - aHex
	case i < aAttack:
		return KindMove, i - aMove
	case i < aBarrage:
		return KindAttack, i - aAttack
	}
	return KindBarrage, i - aBarrage
}

// Decision names the pending decision ("select", "verb", "join", ...), or
// "" at a chance node or the end.
func (s *State) Decision() string { return decNames[s.dec] }

// Selected is the unit chosen to act, or -1.
func (s *State) Selected() int { return int(s.sel) }

// UnitHex is the hex of a CW unit on the map, or -1.
func (s *State) UnitHex(u int) int {
	if s.cwSt[u] == cwMap {
		return int(s.cwAt[u])
	}
	return -1
}

// UnitSteps and UnitStrength read a CW unit's current counter.
func (s *State) UnitSteps(u int) int    { return int(s.cwSteps[u]) }
func (s *State) UnitStrength(u int) int { return s.cwStrength(u) }

// Distance is the distance in hexes, or 1000 across maps.
func (s *State) Distance(a, b int) int {
	return s.data().Distance(a, b)
}

// Distance is the distance in hexes, or 1000 across maps.
func (d *Data) Distance(a, b int) int {
	if d.Hexes[a].Map != d.Hexes[b].Map {
		return 1000
	}
	return d.dist(a, b)
}

// KnownDefence is what the CW player knows of the defence of a German-held
// hex: the revealed unit and depth marker with terrain, or guess for an
// unrevealed unit, plus guess/2 for a face-down depth marker; ok is false
// where no German unit stands.
func (s *State) KnownDefence(h int, guess int) (def int, ok bool) {
	d := s.data()
	g := s.germanAt(h)
	if g < 0 {
		return 0, false
	}
	def = guess
	if s.gF[g]&gRevealed != 0 {
		def = int(d.German[g].Strength)
	}
	def += int(d.TerrainDef[d.Hexes[h].Terrain])
	if m := s.gDepth[g]; m >= 0 {
		if s.depthRev[m] {
			def += int(d.Depth[m].Strength)
		} else {
			def += guess / 2
		}
	}
	return def, true
}

// Objectives appends the hexes of undestroyed objectives.
func (s *State) Objectives(buf []int) []int {
	d := s.data()
	for m := d.objPos &^ s.destroyed; m != 0; m &= m - 1 {
		buf = append(buf, int(d.Positions[bits.TrailingZeros64(m)].Hex))
	}
	return buf
}

// GermanHexes appends the hexes held by German units.
func (s *State) GermanHexes(buf []int) []int {
	d := s.data()
	for p := range d.Positions {
		if s.posUnit[p] >= 0 {
			buf = append(buf, int(d.Positions[p].Hex))
		}
	}
	return buf
}

// BoardingHexes appends the beach hexes with a box to board from (10.8).
func (s *State) BoardingHexes(buf []int) []int {
	for h, x := range s.data().Hexes {
		if x.Box >= 0 {
			buf = append(buf, h)
		}
	}
	return buf
}

// Evacuating reports whether the map of hex h is in evacuation mode.
func (s *State) Evacuating(h int) bool { return s.evac[s.data().Hexes[h].Map] }

// DangerAt counts the live German fields of fire over hex h.
func (s *State) DangerAt(h int) int {
	return bits.OnesCount64(s.data().fieldsOver[h] & s.liveMask())
}

// Danger is DangerAt for one state, read once: Danger().At(h) ==
// DangerAt(h), without a pass over the positions each time.
type Danger struct {
	over []uint64
	live uint64
}

// Danger reads the live fields of fire of the state as it stands.
func (s *State) Danger() Danger { return Danger{s.data().fieldsOver, s.liveMask()} }

// At counts the live German fields of fire over hex h.
func (z Danger) At(h int) int { return bits.OnesCount64(z.over[h] & z.live) }

// NumUnits is the number of CW units (UnitHex, UnitsAt and the unit
// actions number them from 0).
func (s *State) NumUnits() int { return len(s.data().CW) }

// UnitsAt counts the CW units in hex h.
func (s *State) UnitsAt(h int) int {
	n, _ := s.hexUnits(int16(h))
	return n
}

var (
	_ env.DecisionKinds  = (*Game)(nil)
	_ env.DecisionKinder = (*State)(nil)
)

// DecisionKinds lists the decisions Decision names (env.DecisionKinds):
// the Commonwealth player's ("box" is the landing box of 5.2), then the
// German seat's.
func (g *Game) DecisionKinds() []string { return decNames[1:] }

// DecisionKind is Decision: "" at a die or the end (env.DecisionKinder).
func (s *State) DecisionKind() string { return decNames[s.dec] }
