package tictactoe

import "github.com/chariot-ai/chariot/env"

// Board implements env.BoardDrawer: the nine squares in action order,
// each named as its action is ("a1"), so a click on it plays that move.
func (g *Game) Board() env.Board {
	b := env.Board{Kind: env.BoardTrack, Width: 3, Height: 3}
	s := &State{game: g}
	for i := range Cells {
		name := s.ActionString(env.Action(i))
		b.Cells = append(b.Cells, env.Cell{ID: name, Name: "square " + name,
			X: float64(i%3) + 0.5, Y: float64(i/3) + 0.5, Kind: "square"})
	}
	return b
}

// Pieces implements env.PieceLister: the marks on the board.
func (s *State) Pieces() []env.Piece {
	var out []env.Piece
	for i := range Cells {
		switch s.at(i) {
		case markX:
			out = append(out, env.Piece{Side: "x", Name: "X", Cell: i})
		case markO:
			out = append(out, env.Piece{Side: "o", Name: "O", Cell: i})
		}
	}
	return out
}

// ActionCell implements env.BoardActioner: a mark goes on its square.
func (s *State) ActionCell(a env.Action) int { return int(a) }
