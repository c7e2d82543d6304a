package pig

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Board implements env.BoardDrawer: each player's banked score and the
// turn total, as a score pad.
func (g *Game) Board() env.Board {
	return env.Board{Kind: env.BoardTrack, Width: 3, Height: 1, Cells: []env.Cell{
		{ID: "p0", Name: "player 1's score", X: 0.5, Y: 0.5, Kind: "score"},
		{ID: "turn", Name: "turn total", X: 1.5, Y: 0.5, Kind: "turn"},
		{ID: "p1", Name: "player 2's score", X: 2.5, Y: 0.5, Kind: "score"},
	}}
}

// Pieces implements env.PieceLister: the scores and the turn total.
func (s *State) Pieces() []env.Piece {
	return []env.Piece{
		{Side: "player 1", Name: strconv.Itoa(s.scores[0]), Cell: 0, Active: s.player == 0},
		{Side: "turn", Name: strconv.Itoa(s.turn), Label: "player " + strconv.Itoa(s.player+1) + " to play", Cell: 1},
		{Side: "player 2", Name: strconv.Itoa(s.scores[1]), Cell: 2, Active: s.player == 1},
	}
}
