package ahraid

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// missMods says how the attempt's die is modified once the boat hit is
// picked: a natural miss can hit a boat in a beam.
const missMods = "then the boat hit takes -1 each for a beam on its zone, a Fire marker, dead in the water"

// Score sums up the raid: VP against the 70 needed, and the figures the
// two St. Nazaire games are compared on.
func (s *State) Score() env.Score {
	d := s.data()
	var landed, sunk, home, uLanded, lost, saved, exited, destroyed, damaged int
	for b := range d.Boats {
		if s.BFlags[b]&bfLanded != 0 {
			landed++
		}
		switch s.BStat[b] {
		case bSunk:
			sunk++
		case bEngland:
			home++
		}
	}
	for u := range d.Commandos {
		if s.UFlags[u]&ufWet != 0 && s.UStat[u] != uWater {
			uLanded++
		}
		switch s.UStat[u] {
		case uEliminated, uCaptured:
			lost++
		case uSaved:
			saved++
		case uExited:
			exited++
		}
	}
	for o := range d.Objectives {
		switch s.OStat[o] {
		case oDestroyed:
			destroyed++
		case oDamaged:
			damaged++
		}
	}
	caisson := 0.0
	if d.rammed >= 0 {
		caisson = float64(s.OStat[d.rammed]) / 2 // 0 intact, 0.5 damaged, 1 destroyed
	}
	verdict := "raid under way"
	if s.IsTerminal() {
		verdict = "German victory"
		if s.VP2() >= 2*d.File.VictoryVP {
			verdict = "British victory"
		}
	}
	m := func(n string, v float64) env.Metric { return env.Metric{Name: n, Value: v} }
	return env.Score{Value: s.VP(), Verdict: verdict, Metrics: []env.Metric{
		m("vp", s.VP()), m("boats_landed", float64(landed)), m("boats_sunk", float64(sunk)), m("boats_home", float64(home)),
		m("commandos_landed", float64(uLanded)), m("commandos_lost", float64(lost)), m("commandos_saved", float64(saved)),
		m("commandos_exited", float64(exited)), m("objectives_destroyed", float64(destroyed)),
		m("objectives_damaged", float64(damaged)), m("south_caisson", caisson), m("turn", float64(s.Turn)),
	}}
}

// Phase names the turn and the step, "turn N, " then the step, the same
// text each turn as the advisor's forecast compares; the turn's clock
// (0140) is in String and in the account of the new turn.
func (s *State) Phase() string {
	return fmt.Sprintf("turn %d, step %s", s.Turn, stepNames[s.Step])
}

// who names the boat, commando, German unit or gun a step is about.
func (s *State) boatName(b int) string {
	if b >= 0 && b < len(s.data().Boats) {
		return s.data().Boats[b].Name
	}
	return "?"
}

func (s *State) unitName(u int) string {
	if u >= 0 && u < len(s.data().Commandos) {
		return s.data().Commandos[u].Name
	}
	return "?"
}

func (s *State) areaName(a int) string {
	if a >= 0 && a < len(s.data().Areas) {
		return s.data().Areas[a].ID
	}
	return "?"
}

func (s *State) gunName(k int) string {
	if k >= 0 && k < len(s.data().Guns) {
		return s.data().Guns[k].Name
	}
	return "?"
}

// Prompt says in a line what the pending decision or die is about.
func (s *State) Prompt() string {
	d := s.data()
	c := int(s.Cursor)
	switch s.Dec {
	case decCover:
		return fmt.Sprintf("step 4: the flotilla's guns pick a gun or searchlight to attack (attack %d), or stop", s.Aux+1)
	case decBoat:
		return fmt.Sprintf("step 6: %s in %s, %d MF left: sail, ram, pick up, torpedo or end", s.boatName(c), d.Zones[s.BZone[c]].ID, s.BMF[c])
	case decLand:
		return fmt.Sprintf("step 9: %s in %s lands, embarks or ends", s.boatName(c), d.Zones[s.BZone[c]].ID)
	case decCdoMove:
		return fmt.Sprintf("step 11: %s in %s moves (%d MF), exits or stays", s.unitName(c), s.areaName(int(s.UWhere[c])), s.cdoMF(c))
	case decCdoFire:
		return fmt.Sprintf("step 14: %s in %s fires, throws grenades or holds", s.unitName(c), s.areaName(int(s.UWhere[c])))
	case decLongRange:
		return fmt.Sprintf("step 15: %s fires at a tower or holds", s.unitName(c))
	case decDemolish:
		return fmt.Sprintf("step 19: %s in %s demolishes, prepares, fires charges or waits", s.unitName(c), s.areaName(int(s.UWhere[c])))
	case decGerMove:
		return fmt.Sprintf("step 13: German unit G%d in %s moves (box %d); the aid sends it to %s", s.Aux+1, s.areaName(int(s.GArea[s.Aux])), s.Die, s.areaName(int(s.Aux2)))
	case decGerTarget:
		return fmt.Sprintf("step %d: the German piece picks its target; the aid says %s", s.Step, s.unitName(int(s.Aux2)))
	case decConsol:
		return fmt.Sprintf("step 21: merge the German units in %s?", s.areaName(c))
	}
	if s.Roll != rollNone {
		what := map[uint8]string{rollD6: "a die", roll2D6: "two dice", rollPick: fmt.Sprintf("a pick of 1 to %d", s.RollK), rollCup: "a counter from the cup"}[s.Roll]
		if about := s.rollAbout(); about != "" {
			what += ": " + about
		}
		return fmt.Sprintf("step %s: %s", stepNames[s.Step], what)
	}
	return "game over"
}

func (s *State) objName(o int) string {
	if o >= 0 && o < len(s.data().Objectives) {
		return s.data().Objectives[o].Name
	}
	return "?"
}

func (s *State) zoneName(z int) string {
	if z >= 0 && z < len(s.data().Zones) {
		return s.data().Zones[z].ID
	}
	return "?"
}

// rollAbout says what the pending die decides.
func (s *State) rollAbout() string {
	c, x, y := int(s.Cursor), int(s.Aux), int(s.Aux2)
	switch [2]uint8{s.Step, s.Sub} {
	case [2]uint8{1, 0}:
		return "repair of " + s.gunName(c) + " (out of action: 2-3 back, 4-7 broken; broken: 2-7 repaired)"
	case [2]uint8{1, 1}:
		return "relighting the searchlights (7 or less)"
	case [2]uint8{2, 1}:
		return "the zone " + s.gunName(c) + " sweeps"
	case [2]uint8{2, 2}:
		return "the boat that " + s.gunName(c) + " finds in " + s.zoneName(int(s.Beam[c])) + " (above the boats there: none)"
	case [2]uint8{3, 0}:
		return "V-4 for " + s.boatName(c) + ", homeward"
	case [2]uint8{3, 1}, [2]uint8{3, 5}, [2]uint8{5, 4}:
		return "V-1 for " + s.boatName(x)
	case [2]uint8{3, 3}:
		return fmt.Sprintf("attempt %d of 12 (%d or more misses; %s)", s.Attempts+1, s.harbourFail(), missMods)
	case [2]uint8{3, 4}, [2]uint8{5, 3}:
		return fmt.Sprintf("the boat hit (the die %d, less its modifiers: a beam on its zone, a Fire marker, dead in the water, -1 each)", s.Die)
	case [2]uint8{4, 1}:
		return fmt.Sprintf("V-2, attack %d on %s", x+1, s.gunName(y))
	case [2]uint8{4, 2}:
		return "V-3, the red die on " + s.gunName(y)
	case [2]uint8{5, 2}:
		return fmt.Sprintf("attempt %d of 12 on %s, %d guns (above %d misses; %s)", s.Attempts+1, s.zoneName(c), y, y, missMods)
	case [2]uint8{6, 2}:
		return "N-3, torpedo on " + s.objName(x)
	case [2]uint8{7, 1}:
		return "the German ship that withdraws"
	case [2]uint8{7, 2}:
		return "a unit joining the crew at 443"
	case [2]uint8{9, 0}:
		return s.boatName(c) + " lands away from its area at " + s.areaName(x) + " (1-2)"
	case [2]uint8{10, 1}:
		return "N-1, where a German unit appears"
	case [2]uint8{10, 2}:
		return "the German unit for " + s.areaName(x)
	case [2]uint8{11, 1}:
		return "a garrison for the U-boat pens"
	case [2]uint8{13, 1}:
		return "the German movement box"
	case [2]uint8{13, 2}:
		return "which commandos the German unit makes for"
	case [2]uint8{14, 2}:
		return fmt.Sprintf("%s fires at G%d", s.unitName(c), x+1)
	case [2]uint8{14, 3}:
		return fmt.Sprintf("strength lost by G%d", x+1)
	case [2]uint8{14, 4}:
		return s.unitName(c) + " fires at " + s.gunName(x)
	case [2]uint8{14, 5}:
		return s.unitName(c) + "'s grenades (1-3)"
	case [2]uint8{15, 1}:
		return s.unitName(c) + " at " + s.gunName(x) + " (1 hits)"
	case [2]uint8{15, 2}:
		return "V-3 on " + s.gunName(x)
	case [2]uint8{16, 2}, [2]uint8{17, 2}:
		return "the target among equals"
	case [2]uint8{16, 3}:
		return fmt.Sprintf("G%d fires at %s", x+1, s.unitName(y))
	case [2]uint8{17, 3}:
		return s.gunName(x) + " fires at " + s.unitName(y) + " (2 or less)"
	case [2]uint8{16, 4}:
		return "strength lost by " + s.unitName(y)
	case [2]uint8{18, 0}:
		return s.unitName(c) + "'s ammunition (above its strength loses some)"
	case [2]uint8{19, 2}:
		return "N-2 on " + s.gunName(x)
	case [2]uint8{19, 3}:
		return s.unitName(c) + " prepares charges on " + s.objName(x)
	case [2]uint8{19, 4}:
		return s.unitName(c) + " fires the charges on " + s.objName(x)
	case [2]uint8{19, 5}:
		return "N-2 on " + s.objName(x)
	case [2]uint8{23, 1}:
		return "N-2, Campbeltown explodes"
	}
	return ""
}

// String draws the position as text.
func (s *State) String() string {
	d := s.data()
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s), VP %.1f; %s\n", s.Phase(), d.Clock(int(s.Turn)), s.VP(), s.Prompt())
	for i := range d.Boats {
		fmt.Fprintf(&b, "  %-16s %-7s %-3s aboard %d%s\n", d.Boats[i].Name, boatStatNames[s.BStat[i]], d.Zones[s.BZone[i]].ID, s.aboard(i), boatFlags(s.BFlags[i]))
	}
	for u := range d.Commandos {
		fmt.Fprintf(&b, "  %-13s %-10s %-4s str %d\n", d.Commandos[u].Name, unitStatNames[s.UStat[u]], s.placeOf(u), s.UStr[u])
	}
	for g := range s.GArea {
		if s.GArea[g] >= 0 {
			fmt.Fprintf(&b, "  G%-2d %s str %d\n", g+1, d.Areas[s.GArea[g]].ID, s.GStr[g])
		}
	}
	for k := range d.Guns {
		if s.KStat[k] != kOK {
			fmt.Fprintf(&b, "  %s %s\n", d.Guns[k].Name, gunStatNames[s.KStat[k]])
		}
	}
	for o := range d.Objectives {
		if s.OStat[o] != oIntact || s.OCharge[o] >= 0 {
			fmt.Fprintf(&b, "  %s %s charges %v\n", d.Objectives[o].Name, objStatNames[s.OStat[o]], s.OCharge[o] >= 0)
		}
	}
	return b.String()
}

func boatFlags(f uint16) string {
	var parts []string
	for i, n := range []string{"fire", "burning", "dead in the water", "evading", "turned away", "homeward", "landed", "rammed"} {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// placeOf names where commando u is: an area, a boat or a zone's water.
func (s *State) placeOf(u int) string {
	d := s.data()
	switch s.UStat[u] {
	case uAboard:
		return d.Boats[s.UWhere[u]].Name
	case uAshore:
		return d.Areas[s.UWhere[u]].ID
	case uWater:
		return "water of " + d.Zones[s.UWhere[u]].ID
	}
	return "-"
}

// unitPlace says where commando u now is, as a phrase.
func (s *State) unitPlace(u int) string {
	switch s.UStat[u] {
	case uAboard:
		return "is aboard " + s.placeOf(u)
	case uAshore:
		return "is in area " + s.placeOf(u)
	case uWater:
		return "is in the " + s.placeOf(u)
	case uEliminated:
		return "is eliminated"
	case uExited:
		return "leaves the map"
	case uSaved:
		return "is home, saved"
	case uHome:
		return "is home without landing"
	}
	return "is captured"
}

// Narrate says what an action did, by comparing the position before and
// after it, in the game's words.
func (s *State) Narrate(before env.State, a env.Action) string {
	p, ok := before.(*State)
	if !ok {
		return ""
	}
	d := s.data()
	var lines []string
	add := func(f string, args ...any) { lines = append(lines, fmt.Sprintf(f, args...)) }
	if p.Roll != rollNone {
		// ActionString names the outcome: "roll 3", "roll 3 (ML 192)".
		what := "step " + stepNames[p.Step]
		if about := p.rollAbout(); about != "" {
			what += ", " + about
		}
		add("%s: %s", what, p.ActionString(a))
	} else {
		add("%s: %s", p.Prompt(), p.ActionString(a))
	}
	for b := range d.Boats {
		n := d.Boats[b].Name
		if p.BZone[b] != s.BZone[b] && s.BStat[b] == bAfloat {
			add("%s sails to %s", n, d.Zones[s.BZone[b]].Name)
		}
		if p.BStat[b] != s.BStat[b] {
			add("%s is %s", n, map[uint8]string{bSunk: "sunk", bEngland: "safe in England"}[s.BStat[b]])
		}
		if added := s.BFlags[b] &^ p.BFlags[b] &^ (bfHomeward | bfLanded); added != 0 {
			add("%s:%s", n, boatFlags(added))
		}
		if gone := p.BFlags[b] &^ s.BFlags[b] &^ (bfHomeward | bfLanded); gone != 0 && s.BStat[b] == bAfloat {
			add("%s: markers off%s", n, boatFlags(gone))
		}
	}
	for u := range d.Commandos {
		n := d.Commandos[u].Name
		if p.UStat[u] != s.UStat[u] || p.UWhere[u] != s.UWhere[u] {
			add("%s %s", n, s.unitPlace(u))
		}
		if p.UStr[u] != s.UStr[u] {
			add("%s loses %d strength (now %d)", n, p.UStr[u]-s.UStr[u], s.UStr[u])
		}
		if p.UGren[u]+p.UChg[u] > s.UGren[u]+s.UChg[u] && s.Step == stepLosses {
			add("%s loses ammunition", n)
		}
	}
	for g := range s.GArea {
		switch {
		case p.GArea[g] < 0 && s.GArea[g] >= 0:
			add("German unit G%d (strength %d) appears in %s", g+1, s.GStr[g], d.Areas[s.GArea[g]].ID)
		case p.GArea[g] >= 0 && s.GArea[g] < 0:
			if h := mergedInto(p, s, g); h >= 0 {
				add("German unit G%d merges into G%d in %s", g+1, h+1, d.Areas[s.GArea[h]].ID)
			} else {
				add("German unit G%d in %s is eliminated", g+1, d.Areas[p.GArea[g]].ID)
			}
		default:
			if p.GArea[g] != s.GArea[g] {
				add("German unit G%d moves to %s", g+1, d.Areas[s.GArea[g]].ID)
			}
			if p.GStr[g] != s.GStr[g] && s.GArea[g] >= 0 {
				add("German unit G%d now strength %d", g+1, s.GStr[g])
			}
		}
	}
	for k := range d.Guns {
		if p.KStat[k] != s.KStat[k] {
			add("%s: %s", d.Guns[k].Name, gunStatNames[s.KStat[k]])
		}
		// Between the zone's die and the boat's, BeamOn is still the boat
		// the beam lost: the beam is only on the zone yet.
		picking := s.Roll != rollNone && s.Step == stepSearchlight && s.Sub == 2 && int(s.Cursor) == k
		wasPicking := p.Roll != rollNone && p.Step == stepSearchlight && p.Sub == 2 && int(p.Cursor) == k
		switch {
		case s.Beam[k] < 0 || picking == wasPicking && p.Beam[k] == s.Beam[k] && p.BeamOn[k] == s.BeamOn[k]:
		case picking:
			add("%s's beam sweeps %s", d.Guns[k].Name, d.Zones[s.Beam[k]].ID)
		case s.BeamOn[k] >= 0:
			add("%s's beam finds %s in %s", d.Guns[k].Name, d.Boats[s.BeamOn[k]].Name, d.Zones[s.Beam[k]].ID)
		default:
			add("%s's beam finds nothing in %s", d.Guns[k].Name, d.Zones[s.Beam[k]].ID)
		}
	}
	for o := range d.Objectives {
		if p.OStat[o] != s.OStat[o] {
			add("%s: %s", d.Objectives[o].Name, objStatNames[s.OStat[o]])
		}
		if p.OCharge[o] < 0 && s.OCharge[o] >= 0 {
			add("charges set on %s", d.Objectives[o].Name)
		}
		if p.OCharge[o] >= 0 && s.OCharge[o] < 0 && s.OStat[o] == p.OStat[o] {
			add("the Germans find the charges on %s", d.Objectives[o].Name)
		}
	}
	if p.Lights != s.Lights {
		add("searchlights %s", map[bool]string{true: "relit", false: "go dark"}[s.Lights])
	}
	if v := s.VP2(); v != p.VP2() {
		add("VP now %g", float64(v)/2)
	}
	if s.Turn != p.Turn && !s.IsTerminal() {
		add("turn %d begins, %s", s.Turn, d.Clock(int(s.Turn)))
	}
	if s.IsTerminal() && !p.IsTerminal() {
		add("game over: %s", s.Score().Verdict)
	}
	return strings.Join(lines, "\n")
}

// mergedInto is the German unit that German unit g, gone from the map
// between p and s, merged into (step 21), or -1 if it was destroyed. Only
// a merge adds strength, so it is a unit on the map that gained some, in
// g's area if one did.
func mergedInto(p, s *State, g int) int {
	h := -1
	for x := range s.GArea {
		if x == g || s.GArea[x] < 0 || p.GArea[x] < 0 || s.GStr[x] <= p.GStr[x] {
			continue
		}
		if s.GArea[x] == p.GArea[g] || h < 0 {
			h = x
		}
	}
	return h
}

// Board draws the land areas and the sea zones as points joined by their
// lines: areas first, then zones (cell len(Areas)+z).
func (g *Game) Board() env.Board {
	d := g.data
	bd := env.Board{Kind: env.BoardPoints, Width: 1, Height: 1, Legend: map[string]string{
		"land": "#d8cfb8", "cover": "#b8a888", "pen": "#888888", "landing": "#c0d8f0", "exit": "#d0e8c0",
		"sea": "#6090c0", "move": "#444444", "fire": "#c04040", "sea lane": "#3060a0",
	}}
	for a, ar := range d.Areas {
		kind := "land"
		switch {
		case ar.Shape == shHexagon:
			kind = "pen"
		case ar.Zone == 5 || ar.Zone == 6:
			kind = "exit"
		case ar.Shape != shCircle:
			kind = "cover"
		}
		for _, z := range d.Zones {
			if int(z.Area) == a {
				kind = "landing"
			}
		}
		label := ""
		for _, o := range d.Objectives {
			if int(o.Area) == a {
				label = fmt.Sprintf("%d VP", o.VP)
			}
		}
		bd.Cells = append(bd.Cells, env.Cell{ID: ar.ID, Name: ar.Name, X: d.File.Areas[a].X, Y: d.File.Areas[a].Y, Kind: kind, Label: label})
	}
	for z, zd := range d.Zones {
		bd.Cells = append(bd.Cells, env.Cell{ID: zd.ID, Name: zd.Name, X: d.File.Zones[z].X, Y: d.File.Zones[z].Y, Kind: "sea"})
	}
	nA := len(d.Areas)
	for a := range nA {
		for b := a + 1; b < nA; b++ {
			switch {
			case d.move[a][b] > 0:
				bd.Links = append(bd.Links, env.Link{A: a, B: b, Kind: "move"})
			case d.fire[a][b]:
				bd.Links = append(bd.Links, env.Link{A: a, B: b, Kind: "fire"})
			}
		}
	}
	for a := range d.Zones {
		for b := a + 1; b < len(d.Zones); b++ {
			if d.zAdj[a][b] > 0 {
				bd.Links = append(bd.Links, env.Link{A: nA + a, B: nA + b, Kind: "sea lane"})
			}
		}
	}
	return bd
}

// Pieces lists the counters on the board: boats on their zones, commandos
// in their areas (or aboard, on the boat's zone), German units, guns.
func (s *State) Pieces() []env.Piece {
	d := s.data()
	nA := len(d.Areas)
	var ps []env.Piece
	for b := range d.Boats {
		if s.BStat[b] == bAfloat {
			ps = append(ps, env.Piece{Side: "British", Name: d.Boats[b].Name, Label: strings.TrimPrefix(boatFlags(s.BFlags[b]), " "),
				Cell: nA + int(s.BZone[b]), Active: s.Dec != decNone && s.Step <= stepLanding && int(s.Cursor) == b})
		}
	}
	for u := range d.Commandos {
		cell := s.commandoCell(u)
		if cell < 0 {
			continue
		}
		ps = append(ps, env.Piece{Side: "British", Name: d.Commandos[u].Name, Label: fmt.Sprint(s.UStr[u]), Cell: cell,
			Active: s.Dec >= decCdoMove && s.Dec <= decDemolish && int(s.Cursor) == u})
	}
	for g := range s.GArea {
		if a := s.GArea[g]; a >= 0 {
			ps = append(ps, env.Piece{Side: "German", Name: fmt.Sprintf("G%d", g+1), Label: fmt.Sprint(s.GStr[g]), Cell: int(a)})
		}
	}
	for k, gd := range d.Guns {
		if s.KStat[k] != kDestroyed {
			ps = append(ps, env.Piece{Side: "German", Name: gd.Name, Label: gunStatNames[s.KStat[k]], Cell: int(gd.Area)})
		}
	}
	return ps
}

// commandoCell is the board cell commando u stands on: its area ashore,
// its boat's zone aboard, the zone whose water it is in; -1 off the map.
func (s *State) commandoCell(u int) int {
	nA := len(s.data().Areas)
	switch s.UStat[u] {
	case uAshore:
		return int(s.UWhere[u])
	case uAboard:
		return nA + int(s.BZone[s.UWhere[u]])
	case uWater:
		return nA + int(s.UWhere[u])
	}
	return -1
}

// ActionCell implements env.BoardActioner: the cell a click plays action a
// by. A boat sails to its zone; a commando or a German unit moves to its
// area ("to"), a boat lands its party at its area; a demolition, its
// charges or a torpedo point at the objective's area; an attack on a gun,
// searchlight or tower at the gun's area (its counter stands there), one
// across the river at none; a shot at a German unit at its area; taking a
// commando aboard and a German shot at a commando at the commando's place.
// Pass, yes, ram, pick up, grenade, exit and the dice point at none: their
// texts name no place.
func (s *State) ActionCell(a env.Action) int {
	d := s.data()
	switch word, i := DecodeAction(a); word {
	case "sail":
		if i < len(d.Zones) {
			return len(d.Areas) + i
		}
	case "to", "land":
		if i < len(d.Areas) {
			return i
		}
	case "prepare", "detonate", "torpedo":
		if i < len(d.Objectives) {
			return int(d.Objectives[i].Area)
		}
	case "gun":
		if i < len(d.Guns) && d.Guns[i].Area >= 0 {
			return int(d.Guns[i].Area)
		}
	case "fire":
		if i < len(s.GArea) && s.GArea[i] >= 0 {
			return int(s.GArea[i])
		}
	case "embark", "at":
		if i < len(d.Commandos) {
			return s.commandoCell(i)
		}
	}
	return -1
}
