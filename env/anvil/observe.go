package anvil

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Observation channels, one value per area (the game is open: both seats
// see everything; the last channels say who is deciding and when).
const (
	chClear = iota
	chRough
	chMountain
	chControl // 1 Allied, 0 German
	chFort    // level / 8
	chBombs
	chFFIFighters
	chSupplyAllied
	chSupplyGerman
	chAlliedGO // Good Order combat SP / 20
	chAlliedDis
	chAlliedSupport
	chGermanGO
	chGermanDis
	chGermanSupport
	chActive // the activated area or moving stack
	chTurn   // turn / turns, broadcast
	chMe     // 1 if the observing seat is the one to decide, broadcast
	numChannels
)

// ObservationSize is channels × areas.
func (g *Game) ObservationSize() int { return numChannels * len(g.data.Areas) }

// ObservationShape implements env.Shaper: channels × 1 × areas.
func (g *Game) ObservationShape() []int { return []int{numChannels, 1, len(g.data.Areas)} }

// Observation writes seat p's view.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	d := s.data()
	n := len(d.Areas)
	size := numChannels * n
	if cap(buf) < size {
		buf = make([]float32, size)
	}
	buf = buf[:size]
	clear(buf)
	at := func(ch, a int) *float32 { return &buf[ch*n+a] }
	for a := range d.Areas {
		*at(d.Areas[a].Terrain, a) = 1
		if s.controller(a) == Allied {
			*at(chControl, a) = 1
		}
		*at(chFort, a) = float32(s.fort[a]) / 8
		*at(chBombs, a) = float32(s.bombs[a])
		if s.ffi[a] == ffiFighters {
			*at(chFFIFighters, a) = 1
		}
		if s.isSupplied(Allied, a) {
			*at(chSupplyAllied, a) = 1
		}
		if s.isSupplied(German, a) {
			*at(chSupplyGerman, a) = 1
		}
		*at(chTurn, a) = float32(s.turn) / float32(s.g.turns)
		if s.phase != phOver && s.roll == rollNone && env.Player(s.decSide) == p {
			*at(chMe, a) = 1
		}
	}
	if s.dec == decSelect || s.dec == decMove || s.dec == decCounter || s.dec == decPursuit {
		*at(chActive, int(s.stack)) = 1
		*at(chActive, int(s.actArea)) = 1
	}
	for u := range d.Units {
		a := int(s.loc[u])
		if a < 0 {
			continue
		}
		un := &d.Units[u]
		base := chAlliedGO
		if un.Side == German {
			base = chGermanGO
		}
		switch {
		case un.Class == ClassCombat && !s.disorg(u):
			*at(base, a) += float32(s.sp(u)) / 20
		case un.Class == ClassCombat:
			*at(base+1, a) += float32(s.sp(u)) / 20
		default:
			*at(base+2, a) += float32(un.Bonus) / 4
		}
	}
	return buf
}

// UnitView is one counter in Observe.
type UnitView struct {
	Name   string `json:"name"`
	Side   string `json:"side"`
	Area   string `json:"area"`
	SP     int    `json:"sp,omitempty"`
	Steps  int    `json:"steps"`
	Status string `json:"status"`
}

// AreaView is one area in Observe.
type AreaView struct {
	ID          string   `json:"id"`
	Control     string   `json:"control"`
	FFI         string   `json:"ffi,omitempty"`
	Fort        int      `json:"fortification,omitempty"`
	Bombs       int      `json:"bombs,omitempty"`
	OutOfSupply []string `json:"out_of_supply,omitempty"`
}

// View is the structured observation.
type View struct {
	Turn   int        `json:"turn"`
	Phase  string     `json:"phase"`
	Prompt string     `json:"prompt"`
	Units  []UnitView `json:"units"`
	Areas  []AreaView `json:"areas"`
	Allied int        `json:"allied_vp"`
	German int        `json:"german_vp"`
}

// Observe returns the open view of the game (no hidden information).
func (s *State) Observe(p env.Player) any {
	d := s.data()
	v := View{Turn: int(s.turn), Phase: s.Phase(), Prompt: s.Prompt()}
	v.Allied, v.German = s.VP()
	for u := range d.Units {
		if s.loc[u] < 0 {
			continue
		}
		st := "good order"
		if s.disorg(u) {
			st = "disorganized"
		}
		v.Units = append(v.Units, UnitView{Name: d.Units[u].Name, Side: sideNames[d.Units[u].Side], Area: d.Areas[s.loc[u]].ID,
			SP: s.sp(u), Steps: int(s.steps[u]), Status: st})
	}
	for a := range d.Areas {
		av := AreaView{ID: d.Areas[a].ID, Control: sideNames[s.controller(a)], Fort: int(s.fort[a]), Bombs: int(s.bombs[a])}
		switch s.ffi[a] {
		case ffiControl:
			av.FFI = "control"
		case ffiFighters:
			av.FFI = "fighters"
		}
		for side := range 2 {
			if !s.isSupplied(side, a) && s.hasUnits(side, a) {
				av.OutOfSupply = append(av.OutOfSupply, sideNames[side])
			}
		}
		v.Areas = append(v.Areas, av)
	}
	return v
}

// Board implements env.BoardDrawer: the areas as polygons, the borders as
// links styled by river.
func (g *Game) Board() env.Board {
	d := g.data
	b := env.Board{Kind: env.BoardAreas, Width: d.File.Width, Height: d.File.Height,
		Legend: map[string]string{"clear": "#e8e0c0", "rough": "#c8b88a", "mountain": "#a89070", "fortified": "#b0a0a0",
			"landing": "#c0d8e8", "border": "#888888", "minor": "#6090d0", "major": "#2050b0"}}
	for _, a := range d.Areas {
		kind := a.AreaDef.Terrain
		switch {
		case a.Fortified:
			kind = "fortified"
		case a.Landing:
			kind = "landing"
		}
		b.Cells = append(b.Cells, env.Cell{ID: a.ID, Name: a.Name, X: a.X, Y: a.Y, Kind: kind, Label: a.ID, Polygon: a.Polygon})
	}
	for _, br := range d.Borders {
		kind := "border"
		if br.River != NoRiver {
			kind = riverNames[br.River]
		}
		b.Links = append(b.Links, env.Link{A: br.A, B: br.B, Kind: kind})
	}
	return b
}

// Pieces implements env.PieceLister.
func (s *State) Pieces() []env.Piece {
	d := s.data()
	var out []env.Piece
	for u := range d.Units {
		if s.loc[u] < 0 {
			continue
		}
		un := &d.Units[u]
		label := ""
		switch un.Class {
		case ClassCombat:
			label = strconv.Itoa(s.sp(u))
			if s.steps[u] == 1 {
				label += " reduced"
			}
		case ClassSupport, ClassCD, ClassTrain:
			label = "+" + strconv.Itoa(un.Bonus)
		}
		if s.disorg(u) {
			label += ", disorganized"
		}
		out = append(out, env.Piece{Side: sideNames[un.Side], Name: un.Name, Label: label, Cell: int(s.loc[u]),
			Active: s.act.has(u) || s.sel.has(u)})
	}
	return out
}

// ActionCell implements env.BoardActioner: an area action (activate, move
// to, bomb, FFI, surrender) points at its area, which its name gives; a
// unit's selection or hit points at the area its counter stands in.
// Verbs, bridges, exits and dice point nowhere (-1).
func (s *State) ActionCell(act env.Action) int {
	a, d := int(act), s.data()
	switch {
	case a >= aArea && a < aArea+len(d.Areas):
		return a - aArea
	case a >= aUnit && a < aDestroy:
		if u := (a - aUnit) % MaxUnits; u < len(d.Units) && s.loc[u] >= 0 {
			return int(s.loc[u])
		}
	}
	return -1
}

// Caveats implements env.Caveats.
func (g *Game) Caveats() []string {
	return []string{
		"Sections 2 to 5.5 of the rules (sequence of play, activation, movement, core of combat) are missing from the text and authored here; see RULINGS.md.",
		"The map is reconstructed: area numbers other than 01, 02, 06, 07, 09 and 10 and every border and river may differ from the printed map.",
		"Counter values are reconstructed except those the text names (180IR 8/4, TF Butler 6, 33 PzR 5, 326 GR 4/2, the +1 supports of the examples).",
		"The combat results table is reconstructed through the two cells example 3 fixes; the terrain chart, bombing table, fortification tracks, scenarios and victory conditions are authored.",
	}
}
