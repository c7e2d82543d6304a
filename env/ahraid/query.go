package ahraid

import "github.com/chariot-ai/chariot/env"

// Read-only queries for agents and tools outside the package.

var decNames = [...]string{decNone: "", decCover: "cover", decBoat: "boat", decLand: "land", decCdoMove: "move",
	decCdoFire: "fire", decLongRange: "long_range", decDemolish: "demolish", decGerMove: "german_move",
	decGerTarget: "german_target", decConsol: "consolidate"}

// Pending names the pending decision ("boat", "move", ...; "" at a die or
// the end) and the boat or commando it is about.
func (s *State) Pending() (dec string, who int) {
	return decNames[s.Dec], int(s.Cursor)
}

// BoatZone is boat b's sea zone; BoatAfloat whether it still floats (not
// sunk, not home).
func (s *State) BoatZone(b int) int    { return int(s.BZone[b]) }
func (s *State) BoatAfloat(b int) bool { return s.BStat[b] == bAfloat }
func (s *State) BoatAboard(b int) int  { return s.aboard(b) }
func (s *State) BoatMF(b int) int      { return int(s.BMF[b]) }
func (s *State) BoatRammed(b int) bool { return s.BFlags[b]&bfRammed != 0 }
func (s *State) BoatLanded(b int) bool { return s.BFlags[b]&bfLanded != 0 }

// UnitArea is commando u's area, or -1 if it is not ashore.
func (s *State) UnitArea(u int) int {
	if s.UStat[u] != uAshore {
		return -1
	}
	return int(s.UWhere[u])
}

// UnitStrength is commando u's strength now.
func (s *State) UnitStrength(u int) int { return int(s.UStr[u]) }

// UnitCharges and UnitGrenades are what commando u has left.
func (s *State) UnitCharges(u int) int  { return int(s.UChg[u]) }
func (s *State) UnitGrenades(u int) int { return int(s.UGren[u]) }

// ObjectiveOpen: objective o may still be destroyed or damaged further.
func (s *State) ObjectiveOpen(o int) bool { return s.objOpen(o) }

// ChargesSet: charges are set on objective o.
func (s *State) ChargesSet(o int) bool { return s.OCharge[o] >= 0 }

// GunWorks: gun, searchlight or tower k is in action.
func (s *State) GunWorks(k int) bool { return s.gunWorks(k) }

// GermansIn counts the German units in area a; GermanStrength sums them.
func (s *State) GermansIn(a int) int { return s.germansIn(a) }
func (s *State) GermanStrength(g int) (area, strength int) {
	return int(s.GArea[g]), int(s.GStr[g])
}

// SurvivorsIn counts commandos in the water of zone z.
func (s *State) SurvivorsIn(z int) int { return s.survivorsIn(z) }

// LandingZone is the sea zone off area a, or -1.
func (d *Data) LandingZone(a int) int {
	for z, zd := range d.Zones {
		if a >= 0 && int(zd.Area) == a {
			return z
		}
	}
	return -1
}

// ZoneDist is the number of moves between two sea zones (99 if none).
func (d *Data) ZoneDist(a, b int) int { return int(d.zDist[a][b]) }

// Open, England and the ram zone, for planners.
func (d *Data) OpenSea() int             { return int(d.open) }
func (d *Data) England() int             { return int(d.england) }
func (d *Data) RamZone() int             { return int(d.ramZone) }
func (d *Data) IsPen(a int) bool         { return d.Areas[a].Shape == shHexagon }
func (d *Data) MoveLinked(a, b int) bool { return d.move[a][b] > 0 }
func (d *Data) FireLinked(a, b int) bool { return d.fire[a][b] }

// BoatTorpedoes is what boat b has left to fire.
func (s *State) BoatTorpedoes(b int) int { return int(s.BTorp[b]) }

// ZoneDepth counts the moves from the Approach Zone to sea zone z.
func (d *Data) ZoneDepth(z int) int { return int(d.zDepth[z]) }

var (
	_ env.DecisionKinds  = (*Game)(nil)
	_ env.DecisionKinder = (*State)(nil)
)

// kindNames are Pending's decisions and "exit": a commando's move (11)
// where it may also leave the map by the boats, the decision that times
// the withdrawal.
var kindNames = append(decNames[1:len(decNames):len(decNames)], "exit")

// DecisionKinds lists the British player's decisions, then the German
// seat's (env.DecisionKinds).
func (g *Game) DecisionKinds() []string { return kindNames }

// DecisionKind is Pending's decision, or "exit" for a move from where the
// commando may leave; "" at a die or the end (env.DecisionKinder).
func (s *State) DecisionKind() string {
	if s.Dec == decCdoMove && s.mayExit(int(s.Cursor)) {
		return "exit"
	}
	return decNames[s.Dec]
}
