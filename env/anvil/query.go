package anvil

import "github.com/chariot-ai/chariot/env"

// Queries and action constructors for agents outside the package: what a
// player at the table sees, by index into Data().Areas and Data().Units.

// Decision kinds, as Pending reports them.
const (
	PendingNone      = "none"
	PendingGroups    = "groups"
	PendingFFI       = "ffi"
	PendingBombing   = "bombing"
	PendingImpulse   = "impulse"
	PendingSelect    = "select"
	PendingMove      = "move"
	PendingCounter   = "counter-attack"
	PendingPursuit   = "pursuit"
	PendingHits      = "hits"
	PendingSurrender = "surrender"
)

var pendingNames = []string{PendingNone, PendingGroups, PendingFFI, PendingBombing, PendingImpulse, PendingSelect,
	PendingMove, PendingCounter, PendingPursuit, PendingHits, PendingSurrender}

// Pending names the decision awaited (PendingNone at a die or the end).
func (s *State) Pending() string {
	if s.roll != rollNone || s.phase == phOver {
		return PendingNone
	}
	return pendingNames[s.dec]
}

// Deciding is the side to decide.
func (s *State) Deciding() int { return int(s.decSide) }

// Turn is the game turn.
func (s *State) Turn() int { return int(s.turn) }

// UnitArea is the unit's area, or -1 when it is not on the map.
func (s *State) UnitArea(u int) int { return max(int(s.loc[u]), -1) }

// UnitSP is a combat unit's current strength (0 for other classes).
func (s *State) UnitSP(u int) int { return s.sp(u) }

// UnitFull reports whether a unit is on its full side.
func (s *State) UnitFull(u int) bool { return int(s.steps[u]) == s.data().Units[u].Steps }

// GoodOrder reports whether a unit is in Good Order.
func (s *State) GoodOrder(u int) bool { return !s.disorg(u) }

// Selected reports whether a unit is chosen in the pending selection.
func (s *State) Selected(u int) bool { return s.sel.has(u) }

// Controller is the side controlling an area.
func (s *State) Controller(a int) int { return s.controller(a) }

// Fortification is an area's fortification level.
func (s *State) Fortification(a int) int { return int(s.fort[a]) }

// Supplied reports whether side's units in a are in supply.
func (s *State) Supplied(side, a int) bool { return s.isSupplied(side, a) }

// Attackable reports whether side has something to attack in a.
func (s *State) Attackable(side, a int) bool { return s.attackable(side, a) }

// ActivatedArea is the area of the current activation.
func (s *State) ActivatedArea() int { return int(s.actArea) }

// StackArea is where the moving stack (or the combat) is.
func (s *State) StackArea() int { return int(s.stack) }

// MovementLeft is the moving stack's MP left.
func (s *State) MovementLeft() int { return int(s.mp) }

// MobileCombat reports whether the moving stack declared mobile combat.
func (s *State) MobileCombat() bool { return s.verb == verbMobile }

// HitsDue is the number of hits still to absorb.
func (s *State) HitsDue() int { return int(s.hitsDue) }

// AttackableSet is the set of areas where side has something to attack:
// bit a is Attackable(side, a).
func (s *State) AttackableSet(side int) uint64 {
	d := s.data()
	var set uint64
	if side != Allied && side != German {
		for a := range d.Areas {
			if s.attackable(side, a) {
				set |= 1 << a
			}
		}
		return set
	}
	if side == Allied {
		for a := range d.Areas {
			if d.Areas[a].Fortified && s.fort[a] > 0 {
				set |= 1 << a
			}
		}
	}
	for _, u := range d.armed[1-side] {
		if a := s.loc[u]; a >= 0 {
			set |= 1 << a
		}
	}
	return set
}

// SPByArea is SideSP for every side and area in one pass:
// good[side][a] = SideSP(side, a, true), all[side][a] = SideSP(side, a, false).
func (s *State) SPByArea(good, all *[2][MaxAreas]int) {
	*good, *all = [2][MaxAreas]int{}, [2][MaxAreas]int{}
	d := s.data()
	for u := range d.Units {
		a, side := int(s.loc[u]), d.Units[u].Side
		if a < 0 || (side != Allied && side != German) {
			continue
		}
		sp := s.sp(u)
		all[side][a] += sp
		if !s.disorg(u) {
			good[side][a] += sp
		}
	}
}

// SideSP is side's combat SP in area a, Good Order only if goodOnly.
func (s *State) SideSP(side, a int, goodOnly bool) int {
	n := 0
	for u := range s.data().Units {
		if int(s.loc[u]) == a && s.data().Units[u].Side == side && (!goodOnly || !s.disorg(u)) {
			n += s.sp(u)
		}
	}
	return n
}

// Action constructors.
func ActPass() env.Action        { return aPass }
func ActDone() env.Action        { return aDone }
func ActMove() env.Action        { return aMove }
func ActMobile() env.Action      { return aMobile }
func ActAttack() env.Action      { return aAttack }
func ActCounter() env.Action     { return aCounter }
func ActPursue() env.Action      { return aPursue }
func ActFortHit() env.Action     { return aFortHit }
func ActExitNorth() env.Action   { return aExitNorth }
func ActExitItaly() env.Action   { return aExitItaly }
func ActArea(a int) env.Action   { return env.Action(aArea + a) }
func ActUnit(u int) env.Action   { return env.Action(aUnit + u) }
func ActDisorg(u int) env.Action { return env.Action(aDisorg + u) }
func ActReduce(u int) env.Action { return env.Action(aReduce + u) }
func ActElim(u int) env.Action   { return env.Action(aElim + u) }

// HitValue is how many hits an absorption action takes (0 if it is not a
// legal absorption now).
func (s *State) HitValue(a env.Action) int {
	if !s.isLegal(int(a)) || s.dec != decHits {
		return 0
	}
	switch k := int(a); {
	case k == aFortHit:
		return 1
	case k >= aElim:
		return s.absorbs(hitElim, k-aElim)
	case k >= aReduce:
		return s.absorbs(hitReduce, k-aReduce)
	case k >= aDisorg:
		return s.absorbs(hitDisorg, k-aDisorg)
	}
	return 0
}

var (
	_ env.DecisionKinds  = (*Game)(nil)
	_ env.DecisionKinder = (*State)(nil)
)

// DecisionKinds lists the decisions Pending names (env.DecisionKinds),
// either side's.
func (g *Game) DecisionKinds() []string { return pendingNames[1:] }

// DecisionKind is Pending's decision, "" at a die or the end
// (env.DecisionKinder).
func (s *State) DecisionKind() string {
	if k := s.Pending(); k != PendingNone {
		return k
	}
	return ""
}
