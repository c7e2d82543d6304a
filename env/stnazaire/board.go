package stnazaire

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Board implements env.BoardDrawer: the port as the data draws it, spaces
// at their coordinates, movement links solid and fire-only links dashed.
func (g *Game) Board() env.Board {
	d := g.data
	b := env.Board{Kind: env.BoardPoints, Legend: map[string]string{
		"square": "square space: cover (1.1)", "circle": "round space", "objective": "objective (numbered)",
		"exit": "exit box", "entry": "German entry area", "landing": "landing space", "ship": "Campbeltown",
		"move": "movement link", "fire": "fire-only link (dashed)",
	}}
	for _, sp := range d.Spaces {
		c := env.Cell{ID: sp.ID, Name: sp.Name, X: sp.X, Y: sp.Y, Kind: spaceKind(sp)}
		if sp.Objective > 0 {
			c.Label = strconv.Itoa(int(sp.Objective))
			c.Name += " (objective " + c.Label + ", " + d.ObjName[sp.Objective] + ")"
		}
		b.Cells = append(b.Cells, c)
		b.Width, b.Height = max(b.Width, sp.X), max(b.Height, sp.Y)
	}
	for a := range d.Spaces {
		for _, x := range d.Move[a] {
			if int(x) > a {
				b.Links = append(b.Links, env.Link{A: a, B: int(x), Kind: "move"})
			}
		}
		for _, x := range d.Fire[a] {
			if int(x) > a {
				b.Links = append(b.Links, env.Link{A: a, B: int(x), Kind: "fire"})
			}
		}
	}
	return b
}

// spaceKind styles a space: the first of ship, exit, entry, landing,
// objective that applies, else its shape.
func spaceKind(sp Space) string {
	switch {
	case sp.Ship:
		return "ship"
	case sp.Exit >= 0:
		return "exit"
	case sp.Entry >= 0:
		return "entry"
	case sp.Landing >= 0:
		return "landing"
	case sp.Objective > 0:
		return "objective"
	case sp.Square:
		return "square"
	}
	return "circle"
}

// Pieces implements env.PieceLister: the commandos and German counters on
// the map as the British player sees them (face-down counters as "?"),
// and a "destroyed" marker on each demolished objective.
func (s *State) Pieces() []env.Piece {
	d := s.data()
	var out []env.Piece
	_, deciding := s.Pending()
	for u, b := range d.British {
		if s.bStatus[u] != bOnMap {
			continue
		}
		out = append(out, env.Piece{Side: "British", Name: b.Name, Label: s.unitLabel(u), Cell: int(s.bSpace[u]), Active: u == deciding})
	}
	for g, gu := range d.German {
		if s.gLoc[g] != gOnMap {
			continue
		}
		p := env.Piece{Side: "German", Name: "?", Label: "face down", Cell: int(s.gSpace[g])}
		if !s.gf.has(g, fConcealed) {
			p.Name, p.Label = gu.Name, "strength "+strconv.Itoa(int(gu.Strength))
			if s.gf.has(g, fPinned) {
				p.Label += ", pinned"
			}
		}
		out = append(out, p)
	}
	for sp := range d.Spaces {
		if s.destroyed.has(sp) {
			out = append(out, env.Piece{Side: "marker", Name: "destroyed", Cell: sp})
		}
	}
	return out
}

// unitLabel is a commando's strength and state as a player reads the
// counter: "strength 3", "strength 2, reduced, pinned".
func (s *State) unitLabel(u int) string {
	l := "strength " + strconv.Itoa(s.bStrength(u))
	if s.bf.has(u, fReduced) {
		l += ", reduced"
	}
	if s.bf.has(u, fPinned) {
		l += ", pinned"
	}
	return l
}

// ActionCell implements env.BoardActioner: a move points at its space, a
// shot at its target's space, a commando's selection at the commando.
func (s *State) ActionCell(a env.Action) int {
	switch kind, arg := DecodeAction(a); kind {
	case "to":
		return arg
	case "fire":
		if s.gLoc[arg] == gOnMap {
			return int(s.gSpace[arg])
		}
	case "unit":
		if s.bStatus[arg] == bOnMap {
			return int(s.bSpace[arg])
		}
	}
	return -1
}
