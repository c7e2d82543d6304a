package stnazaire

import (
	"fmt"
	"math/bits"
)

// Read-only queries for agents and evaluators that know this game: what
// is pending, where units stand, what is destroyed. They show only what the
// British player can see, except where the name says otherwise.

// Decision kinds returned by Pending.
const (
	PendNone     = "none"
	PendSelect   = "select"   // pick a commando to move (UnitAction) or pass
	PendMove     = "move"     // the unit's destination (ToAction) or pass
	PendAssist   = "assist"   // 5.2.3: FireAction on FlaK #12 or pass
	PendFire     = "fire"     // the unit's target (FireAction) or pass
	PendOccupy   = "occupy"   // ToAction into the vacated space or pass
	PendDemolish = "demolish" // ActDemolish or pass
	PendDisplace = "displace" // ToAction to an adjacent space or pass
	// The German seat's (opponent=seat); Pending's unit is -1 and
	// GermanDeciding names the German counter.
	PendGermanMove = "german_move" // the counter's next space (ToAction) or pass to stop
	PendGermanFire = "german_fire" // the commando it attacks (AttackAction)
	PendRoll       = "roll"        // a die: chance node
	PendOver       = "over"
)

var pendNames = [...]string{PendNone, PendSelect, PendMove, PendAssist, PendFire, PendOccupy, PendDemolish, PendDisplace, PendGermanMove, PendGermanFire}

// Pending says what the next action is about and which commando decides
// (-1 when none does, as at a decision of the German seat).
func (s *State) Pending() (kind string, unit int) {
	switch {
	case s.phase == phOver:
		return PendOver, -1
	case s.roll != rollNone:
		return PendRoll, -1
	}
	if germanDecision(s.dec) {
		return pendNames[s.dec], -1 // no commando decides: see GermanDeciding
	}
	return pendNames[s.dec], int(s.decUnit)
}

// GermanDeciding is the German counter whose move or fire the German seat
// decides now (opponent=seat), or -1.
func (s *State) GermanDeciding() int {
	if germanDecision(s.dec) && s.roll == rollNone && s.phase != phOver {
		return int(s.decUnit)
	}
	return -1
}

// Phase names the turn and phase, e.g. "turn 2, phase B British movement".
func (s *State) Phase() string {
	return fmt.Sprintf("turn %d, phase %s", s.turn, phaseNames[s.phase])
}

// PhaseLetter is the current phase: "0" for landing, "A".."G", or "end".
func (s *State) PhaseLetter() string {
	return [...]string{"0", "A", "B", "C", "D", "E", "F", "G", "end"}[s.phase]
}

// OnMap reports whether commando u is on the map.
func (s *State) OnMap(u int) bool { return s.bStatus[u] == bOnMap }

// Aboard reports whether commando u is still to land.
func (s *State) Aboard(u int) bool { return s.bStatus[u] == bAboard }

// UnitSpace is commando u's space, or -1 off the map.
func (s *State) UnitSpace(u int) int { return int(s.bSpace[u]) }

// Pinned reports whether commando u is pinned.
func (s *State) Pinned(u int) bool { return s.bf.has(u, fPinned) }

// Strength is commando u's current strength.
func (s *State) Strength(u int) int { return s.bStrength(u) }

// FiredInC reports whether u fired in phase C this turn (no demolition).
func (s *State) FiredInC(u int) bool { return s.bf.has(u, fFiredC) }

// IntactObjectives is the set of objective numbers (bit n: objective n)
// with a space whose objective is not destroyed.
func (s *State) IntactObjectives() uint32 { return s.intactObj }

// Destroyed reports whether the objective in space sp is destroyed.
func (s *State) Destroyed(sp int) bool { return s.destroyed.has(sp) }

// CommandosAt counts commandos on the map in sp.
func (s *State) CommandosAt(sp int) int { return int(s.cntB[sp]) }

// GermansAt counts German counters, face up or down, in sp.
func (s *State) GermansAt(sp int) int { return int(s.cntG[sp]) }

// GermanHeldNeighbours counts the spaces next to sp (by a solid line)
// that hold German counters, face up or down.
func (s *State) GermanHeldNeighbours(sp int) int {
	held := s.data().moveSet[sp].and(&s.occG)
	return held.count()
}

// GermanZoC reports whether sp is in a German zone of control (6.1).
func (s *State) GermanZoC(sp int) bool { return s.germanZoCAt(int16(sp)) }

// GermanOnMap reports whether German counter g is on the map, face up.
// A face-down counter's identity is hidden, so it reports false for it.
func (s *State) GermanOnMap(g int) bool { return s.gLoc[g] == gOnMap && !s.gf.has(g, fConcealed) }

// GermanSpace is the space of a face-up German counter, or -1.
func (s *State) GermanSpace(g int) int {
	if !s.GermanOnMap(g) {
		return -1
	}
	return int(s.gSpace[g])
}

// GermanPinned reports whether a face-up German counter is pinned.
func (s *State) GermanPinned(g int) bool { return s.GermanOnMap(g) && s.gf.has(g, fPinned) }

// MayDemolish reports whether commando u may demolish the objective in
// space sp under rules 11.1 to 11.3, pins and phase aside.
func (s *State) MayDemolish(u, sp int) bool {
	obj := s.data().Spaces[sp].Objective
	return obj > 0 && !s.destroyed.has(sp) && s.mayDemolish(u, obj)
}

// Selectable is the set of commandos that may be chosen to move now (bit
// u: commando u): at the choice of a commando to move, UnitAction(u) is
// legal exactly for these.
func (s *State) Selectable() uint32 {
	var set uint32
	for m := s.onMapB; m != 0; m &= m - 1 {
		// canSelect for a commando known to be on the map.
		if u := bits.TrailingZeros32(m); s.bf[u]&(fPinned|fMoved) == 0 && s.hasExit(u) {
			set |= 1 << u
		}
	}
	return set
}

// NextDestination is the lowest space at or above sp that the commando
// deciding its move may enter, or -1: the "to" actions LegalActions lists
// at a move decision, in the same order, without listing them.
func (s *State) NextDestination(sp int) int {
	if s.dec != decMoveDest || s.roll != rollNone || sp < 0 {
		return -1
	}
	return s.dests.next(sp)
}

// FireTargets is the set of German counters the commando deciding its fire
// may fire at (bit g: counter g): the "fire" actions LegalActions lists at
// a fire decision, without listing them; 0 at any other node.
func (s *State) FireTargets() uint64 {
	if s.dec != decFire || s.roll != rollNone {
		return 0
	}
	return s.fireTargets(int(s.decUnit))
}

// TurnsLeft counts the game turns after the current one.
func (s *State) TurnsLeft() int { return s.opts().Turns - int(s.turn) }

// What the German seat knows (opponent=seat): its own counters, face down
// or not. British agents must not use these.

// GermanCounterSpace is the space of German counter g on the map, face up
// or face down, or -1 off the map.
func (s *State) GermanCounterSpace(g int) int {
	if s.gLoc[g] != gOnMap {
		return -1
	}
	return int(s.gSpace[g])
}

// GermanSeat reports whether the Germans are a seat (opponent=seat).
func (g *Game) GermanSeat() bool { return g.opts.GermanSeat }

// HasResult reports whether commando u has received a combat result in the
// exchange of fire under way (9.1: noted at once, applied at its end).
func (s *State) HasResult(u int) bool { return s.bHit[u].any() }

// DecisionKinds lists the kinds of decision Pending names (env.DecisionKinds):
// the British player's, then the German seat's.
func (g *Game) DecisionKinds() []string { return pendNames[1:] }

// DecisionKind is Pending's kind at a decision, "" at a die or the end
// (env.DecisionKinder).
func (s *State) DecisionKind() string {
	if s.phase == phOver || s.roll != rollNone {
		return ""
	}
	return pendNames[s.dec]
}
