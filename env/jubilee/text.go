package jubilee

import (
	"fmt"
	"math"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Phase names the turn and phase (env.Phaser).
func (s *State) Phase() string {
	if s.phase == phOver {
		return "game over"
	}
	if s.phase == phSetup {
		return "set-up"
	}
	return fmt.Sprintf("turn %d, %s", s.turn, phaseNames[s.phase])
}

// Prompt says in a line what the pending decision or die is about
// (env.Prompter).
func (s *State) Prompt() string {
	d := s.data()
	unit := func() string {
		if s.sel >= 0 {
			return d.CW[s.sel].Name
		}
		return "?"
	}
	pos := func() string { return d.Hexes[d.Positions[s.curPos()].Hex].ID }
	switch s.roll {
	case rollDisp:
		return "roll for the commando disposition (3.4)"
	case rollPick:
		return fmt.Sprintf("pick a commando at random for the %s map (3.4)", d.MapNames[s.aux2])
	case rollLanding:
		return "landing check for " + unit() + " (5.5)"
	case rollChit:
		return fmt.Sprintf("draw op chit %d of %d (4.1 II)", s.draws+1, s.nDraws())
	case rollInfilChit:
		return "special op chit draw for " + unit() + "'s infiltration (10.5)"
	case rollAssault:
		return "assault movement check against " + d.Hexes[d.Positions[s.aux].Hex].ID + " (6.18)"
	case rollEvent:
		return "roll on the Random Events table (8.1)"
	case rollWall:
		return "roll for the tank wall: 1 destroys it (8.2)"
	case rollBarrage:
		return "barrage die against " + d.Hexes[d.Positions[s.aux].Hex].ID + " (11.13)"
	}
	switch s.dec {
	case decRemove:
		return "remove a Dieppe-town coastal unit (16.3)"
	case decBox:
		return "choose a Beach Landing box for " + unit() + " (5.2)"
	case decDrift:
		return unit() + " drifts: choose the box east or west (5.6)"
	case decDelay:
		return unit() + " is delayed: send it to the Evacuated box? (5.7)"
	case decFireTie:
		return "the German position in " + pos() + " hits one of the tied units: you choose (15.1)"
	case decRetreat:
		return "choose the hex the assaulted units retreat to (6.18)"
	case decAir:
		return "choose the VP position the RAF strafes (8.3)"
	case decRecall:
		return "choose the Dieppe-map transport track that loses a point (8.4)"
	case decSelect:
		return "choose a unit to act, or pass to end the phase (10.1)"
	case decVerb:
		return "choose " + unit() + "'s action (10.1)"
	case decJoin:
		return "add units to the attack on " + d.Hexes[d.Positions[s.tgt].Hex].ID + ", or pass to resolve (11.2)"
	case decAttrition:
		return "optional attrition: a step from an adjacent attacker to eliminate the depth marker, or pass (15.2)"
	case decInfil:
		return unit() + " lost a step infiltrating: complete the move? (10.5)"
	case decStack:
		return "eliminate a unit from the over-stacked hex " + d.Hexes[s.aux].ID + " (10.16)"
	case decGFire:
		return "German position " + pos() + ": choose the unit it hits (6.8)"
	case decGMove:
		return "German position " + pos() + ": movement check (6.15)"
	case decGDepth:
		return "choose the German unit that receives a depth marker (9.2)"
	}
	return ""
}

// String draws the state as text.
func (s *State) String() string {
	d := s.data()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: objective VP %d, evacuated steps %d, points %d (%s)\n", s.Phase(), s.vp, s.evacSteps, s.Points(), s.Level())
	fmt.Fprintf(&b, "transport:")
	for t := range numTracks {
		fmt.Fprintf(&b, " %s %d", d.Tracks[t].Name, s.tp[t])
	}
	for m, on := range s.evac {
		if on {
			fmt.Fprintf(&b, "; %s evacuating", d.MapNames[m])
		}
	}
	b.WriteString("\n")
	for _, p := range s.pieces(false) {
		fmt.Fprintf(&b, "  %s %s %s", p.Side, p.Name, p.Label)
		if p.Cell >= 0 {
			fmt.Fprintf(&b, " @%s", d.Hexes[p.Cell].ID)
		}
		b.WriteString("\n")
	}
	if pr := s.Prompt(); pr != "" {
		b.WriteString(pr + "\n")
	}
	return b.String()
}

// pieces lists the counters on the map and in the boxes; face-down German
// units and markers are "?" unless all is set.
func (s *State) pieces(all bool) []env.Piece {
	d := s.data()
	var out []env.Piece
	for u, c := range d.CW {
		var cell int
		switch s.cwSt[u] {
		case cwMap:
			cell = int(s.cwAt[u])
		case cwBox:
			cell = -1
		default:
			continue
		}
		label := fmt.Sprintf("%d steps", s.cwSteps[u])
		if s.cwSt[u] == cwBox {
			label += ", box " + d.Boxes[s.cwAt[u]].ID
		}
		if s.cwF[u]&(fDisrupted|fAtkDis) != 0 {
			label += ", disrupted"
		}
		out = append(out, env.Piece{Side: "Commonwealth", Name: c.Name, Label: label, Cell: cell, Active: int(s.sel) == u})
	}
	for g, gu := range d.German {
		if s.gPos[g] < 0 {
			continue
		}
		name, label := "?", string(gu.Letter)
		if all || s.gF[g]&gRevealed != 0 {
			name, label = gu.Name, fmt.Sprintf("%d", gu.Strength)
		}
		if m := s.gDepth[g]; m >= 0 {
			if all || s.depthRev[m] {
				label += fmt.Sprintf(" + depth %d", d.Depth[m].Strength)
			} else {
				label += " + depth ?"
			}
		}
		if s.gF[g]&gDisrupted != 0 {
			label += ", disrupted"
		}
		out = append(out, env.Piece{Side: "German", Name: name, Label: label, Cell: int(d.Positions[s.gPos[g]].Hex)})
	}
	return out
}

// Pieces lists the counters as a person at the table sees them.
func (s *State) Pieces() []env.Piece { return s.pieces(false) }

// Board draws the three maps as one hex grid (env.BoardDrawer), sea to the
// north at the top, east to the left as the raiders saw it.
func (g *Game) Board() env.Board {
	d := g.data
	const size = 1.0
	w := math.Sqrt(3) * size
	b := env.Board{Kind: env.BoardHexes, HexSize: size, Width: w*float64(d.Width+1) + w, Height: 1.5*float64(d.Height) + 2*size,
		Legend: map[string]string{"sea": "#9cc3e6", "beach": "#f2e2a6", "clear": "#d8e8b0", "town": "#c8b8a8", "woods": "#7fae6a",
			"wire": "#555555", "cliff": "#7a4b2a", "river": "#3060c0", "wall": "#aa0000", "road": "#8a6a3a",
			"position red": "#d04040", "position blue": "#4060d0", "position green": "#30a040", "position purple": "#8040a0",
			"position brown": "#8a5a2a", "position orange": "#e08020"}}
	for h, x := range d.Hexes {
		r, c := x.Row-d.MinRow, x.Col-d.MinCol
		cx := w*float64(c) + w/2 + w
		if x.Row&1 == 1 {
			cx += w / 2
		}
		cell := env.Cell{ID: x.ID, Name: d.hexNames[h], X: cx, Y: 1.5*float64(r) + size, Kind: terrainNames[x.Terrain]}
		if p := x.Pos; p >= 0 {
			pos := &d.Positions[p]
			cell.Kind = "position " + colourNames[pos.Colour]
			if pos.VP > 0 {
				cell.Label = fmt.Sprintf("%d VP", pos.VP)
			}
		}
		if x.Box >= 0 {
			cell.Label = d.Boxes[x.Box].ID
		}
		b.Cells = append(b.Cells, cell)
		for dir, n := range d.nbr[h] {
			if int(n) <= h {
				continue
			}
			side := d.side[h][dir]
			for _, k := range []struct {
				bit  uint8
				name string
			}{{sWire, "wire"}, {sCliff, "cliff"}, {sRiver, "river"}, {sWall, "wall"}, {sRoad, "road"}} {
				if side&k.bit != 0 {
					b.Links = append(b.Links, env.Link{A: h, B: int(n), Kind: k.name})
				}
			}
		}
	}
	// Each printed map's outline, named, so that the page can show one map
	// at a time at a size where its hex numbers can be read.
	for m, name := range d.MapNames {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for h, x := range d.Hexes {
			if int(x.Map) == m {
				c := b.Cells[h]
				x0, y0, x1, y1 = min(x0, c.X-w/2), min(y0, c.Y-size), max(x1, c.X+w/2), max(y1, c.Y+size)
			}
		}
		if x0 <= x1 {
			b.Shapes = append(b.Shapes, env.Shape{Kind: "map", Name: name + " map", Polygon: [][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}})
		}
	}
	return b
}

// Caveats lists what may differ from the printed game (env.Caveats).
func (g *Game) Caveats() []string {
	return []string{
		"The three hex maps (terrain, positions, colours, fields of fire, arrows, wire, cliffs, river, tank wall, roads) are reconstructed from the hexes the rules name and the history of the raid.",
		"German unit and depth-marker values, CW counter strengths and symbols, and the arrival schedule are reconstructed.",
		"The op chit mix (20 action, 6 depth, 3 battery, 5 commando, 3 event) and the pool refill turns (6, 12, 18) are reconstructed.",
		"The Commando Disposition (3.4), CW Landing (5.5), CW Attack Results (15.2), CW Barrage (11.13) and Terrain Effects tables are reconstructed.",
		"Transport track maxima for Blue, Dieppe and Green are reconstructed; Yellow and Orange follow 16.2.",
	}
}

// Narrate says what the action just played did (env.Narrator).
func (s *State) Narrate(before env.State, a env.Action) string {
	b, ok := before.(*State)
	if !ok {
		return ""
	}
	d := s.data()
	var lines []string
	add := func(f string, args ...any) { lines = append(lines, fmt.Sprintf(f, args...)) }
	for u, c := range d.CW {
		where := func(x *State) string {
			switch x.cwSt[u] {
			case cwMap:
				return d.Hexes[x.cwAt[u]].ID
			case cwBox:
				return "box " + d.Boxes[x.cwAt[u]].ID
			}
			return cwStNames[x.cwSt[u]]
		}
		if w0, w1 := where(b), where(s); w0 != w1 {
			add("%s: %s to %s", c.Name, w0, w1)
		}
		bx := -1
		if b.cwSt[u] == cwMap {
			bx = int(d.Hexes[b.cwAt[u]].Box)
		}
		switch {
		case s.cwSteps[u] >= b.cwSteps[u] || s.cwSt[u] == cwElim:
		case bx >= 0 && s.boxLoose[bx] > b.boxLoose[bx]:
			// Making change (10.9) boards steps rather than losing them.
			add("%s makes change: %d steps board box %s, %d stay", c.Name, b.cwSteps[u]-s.cwSteps[u], d.Boxes[bx].ID, s.cwSteps[u])
		default:
			add("%s loses a step (%d left)", c.Name, s.cwSteps[u])
		}
		// Evacuated and eliminated units shed the marker without recovering.
		switch d0, d1 := b.cwF[u]&(fDisrupted|fAtkDis) != 0, s.cwF[u]&(fDisrupted|fAtkDis) != 0; {
		case d1 && !d0:
			add("%s disrupted", c.Name)
		case d0 && !d1 && b.cwSt[u] == s.cwSt[u]:
			add("%s recovers from disruption", c.Name)
		}
	}
	for bx := range s.boxLoose {
		if s.boxLoose[bx] < b.boxLoose[bx] {
			add("%d loose steps in box %s evacuated", b.boxLoose[bx]-s.boxLoose[bx], d.Boxes[bx].ID)
		}
	}
	for g, gu := range d.German {
		if s.gF[g]&gRevealed != 0 && b.gF[g]&gRevealed == 0 {
			add("revealed: %s (%d) in %s", gu.Name, gu.Strength, d.Hexes[d.Positions[b.gPos[g]].Hex].ID)
		}
		// A revealed unit goes by its name, a hidden one by where it stands.
		who := func(x *State) string {
			h := d.Hexes[d.Positions[x.gPos[g]].Hex].ID
			if s.gF[g]&gRevealed != 0 {
				return gu.Name + " in " + h
			}
			return "German unit in " + h
		}
		if b.gPos[g] >= 0 && s.gPos[g] < 0 {
			add("%s eliminated", who(b))
		} else if b.gPos[g] >= 0 && s.gPos[g] != b.gPos[g] && s.gPos[g] >= 0 {
			add("%s moves to %s", who(b), d.Hexes[d.Positions[s.gPos[g]].Hex].ID)
		}
		if s.gPos[g] >= 0 {
			if s.gDepth[g] >= 0 && b.gDepth[g] < 0 {
				add("%s gains a depth marker", who(s))
			}
			if s.gDepth[g] < 0 && b.gDepth[g] >= 0 && b.gPos[g] == s.gPos[g] {
				add("%s loses its depth marker", who(s))
			}
			if m := s.gDepth[g]; m >= 0 && m == b.gDepth[g] && s.depthRev[m] && !b.depthRev[m] {
				add("%s: its depth marker revealed, %d", who(s), d.Depth[m].Strength)
			}
			switch d0, d1 := b.gF[g]&gDisrupted != 0, s.gF[g]&gDisrupted != 0; {
			case d1 && !d0:
				add("%s disrupted", who(s))
			case d0 && !d1 && b.gPos[g] == s.gPos[g]:
				add("%s recovers from disruption", who(s))
			}
		}
	}
	for t := range numTracks {
		if s.tp[t] != b.tp[t] {
			add("%s transport track %d to %d", d.Tracks[t].Name, b.tp[t], s.tp[t])
		}
	}
	if s.vp != b.vp {
		add("objective destroyed: %d VP in all", s.vp)
	}
	for m := range s.evac {
		if s.evac[m] && !b.evac[m] {
			add("the %s map goes into evacuation mode", d.MapNames[m])
		}
	}
	if s.wallDown && !b.wallDown {
		add("the Dieppe tank wall is destroyed")
	}
	if s.phase == phOver && b.phase != phOver {
		add("game over: %d points, %s", s.Points(), s.Level())
	}
	// The first line says what was done or drawn, the others what changed
	// on the table; a decision that changed nothing says nothing.
	var head string
	switch {
	case b.roll == rollChit || b.roll == rollInfilChit:
		head = b.Prompt() + ": " + chitText(d, &d.Chits[int(a)-aChit])
	case b.roll != rollNone:
		head = b.Prompt() + ", " + b.ActionString(a)
	case len(lines) == 0:
		return ""
	default:
		head = b.ActionString(a)
		if b.sel >= 0 && (b.dec == decVerb || b.dec == decBox) {
			head = d.CW[b.sel].Name + ": " + head
		}
	}
	if h, n := s.overStacked(b); n > 0 {
		head += fmt.Sprintf("; %s now holds %d units, over the limit of 2: at the end of the phase all but 2 are eliminated (10.14-10.16)", d.Hexes[h].ID, n)
	}
	return strings.Join(append([]string{head}, lines...), "\n")
}

// overStacked is a hex that holds more Commonwealth units in s than 2,
// the stacking limit, and more than in b (a step just over-stacked it),
// with its count; n is 0 where there is none.
func (s *State) overStacked(b *State) (hex, n int) {
	count := func(x *State, h int) int {
		k := 0
		for u := range x.data().CW {
			if x.onMap(u) && int(x.cwAt[u]) == h {
				k++
			}
		}
		return k
	}
	for u := range s.data().CW {
		if !s.onMap(u) {
			continue
		}
		h := int(s.cwAt[u])
		if k := count(s, h); k > 2 && k > count(b, h) {
			return h, k
		}
	}
	return 0, 0
}

func chitText(d *Data, c *Chit) string {
	if c.Kind != chitAction {
		return c.Name
	}
	var cols []string
	for k := range c.NCol {
		t := colourNames[c.Colours[k]]
		if c.Armor[k] {
			t += " (armor bonus)"
		}
		if c.Assault[k] {
			t += " (A)"
		}
		cols = append(cols, t)
	}
	return fmt.Sprintf("%s: %s, %s", c.Name, strings.Join(cols, ", "), symbolNames[c.Symbol])
}
