package tictactoe

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// stateJSON is the wire form of a State. The pointer marks a required field.
type stateJSON struct {
	Board *string `json:"board"`
}

// MarshalJSON implements env.State: {"board":"x...o...."}.
func (s *State) MarshalJSON() ([]byte, error) {
	b := s.Board()
	return json.Marshal(stateJSON{Board: &b})
}

// UnmarshalState implements env.Game. It rejects unknown or missing fields,
// trailing data, and boards that play cannot reach.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	var w stateJSON
	if err := env.DecodeStrict(data, &w); err != nil {
		return nil, fmt.Errorf("tictactoe: state: %w", err)
	}
	if w.Board == nil {
		return nil, errors.New(`tictactoe: state: missing "board"`)
	}
	return g.FromBoard(*w.Board)
}

// FromBoard builds the position with the given board: nine characters "x",
// "o" or "." in action order (a1, b1, c1, a2, ..., c3). The player to move
// follows from the count of marks. Boards that play cannot reach are errors:
// wrong counts, a mark after a win, both players with a line.
func (g *Game) FromBoard(board string) (*State, error) {
	s, err := g.fromBoard(board)
	if err != nil {
		return nil, fmt.Errorf("tictactoe: board %q: %w", board, err)
	}
	return s, nil
}

func (g *Game) fromBoard(board string) (*State, error) {
	if len(board) != Cells {
		return nil, fmt.Errorf("%d characters, want %d", len(board), Cells)
	}
	s := &State{game: g}
	var count [2]int
	for i := range Cells {
		var p int
		switch board[i] {
		case '.':
			continue
		case 'x', 'X':
			p = 0
		case 'o', 'O':
			p = 1
		default:
			return nil, fmt.Errorf("character %q at %d, want x, o or .", board[i], i)
		}
		s.masks[p] |= 1 << i
		count[p]++
	}
	s.marks = int8(count[0] + count[1])
	if d := count[0] - count[1]; d != 0 && d != 1 {
		return nil, fmt.Errorf("%d x and %d o; x moves first, so x has as many marks as o or one more", count[0], count[1])
	}
	xLine, oLine := s.lineOf(0), s.lineOf(1)
	switch {
	case xLine && oLine:
		return nil, errors.New("both players have a line")
	case xLine && s.mover() != 1, oLine && s.mover() != 0:
		return nil, errors.New("a mark was made after the game was won")
	case xLine || oLine:
		// The winner's last mark must be one whose removal leaves no line.
		p := 0
		if oLine {
			p = 1
		}
		if !s.lastMarkExists(p) {
			return nil, errors.New("no single last mark makes the winning lines")
		}
	}
	s.winner = s.result()
	return s, nil
}

// lastMarkExists reports whether some mark of seat p, removed, leaves p
// without a line: the winning move that play could have made last.
func (s *State) lastMarkExists(p int) bool {
	m := s.masks[p]
	for r := m; r != 0; r &= r - 1 {
		if !wins[(m&^(r&-r))&full] {
			return true
		}
	}
	return false
}

// Observation implements env.State: the x, o and empty planes of nine
// cells each in action order, then 1 when o is to move. Both seats see the
// same.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	if cap(buf) < obsSize {
		buf = make([]float32, obsSize)
	}
	buf = buf[:obsSize]
	clear(buf)
	for i := range Cells {
		switch s.at(i) {
		case markX:
			buf[i] = 1
		case markO:
			buf[Cells+i] = 1
		default:
			buf[2*Cells+i] = 1
		}
	}
	if s.winner == inPlay && s.mover() == 1 {
		buf[3*Cells] = 1
	}
	return buf
}

// View is the structured observation of tic-tac-toe, the same for both
// seats.
type View struct {
	// Board is nine characters "x", "o" or ".", in action order.
	Board string `json:"board"`
	// Mover is the seat to move, or -1 when the game is over.
	Mover int `json:"mover"`
	// Result is "in play", "x wins", "o wins" or "draw".
	Result string `json:"result"`
}

// Observe implements env.State; it returns a View.
func (s *State) Observe(p env.Player) any {
	mover := -1
	if s.winner == inPlay {
		mover = s.mover()
	}
	return View{Board: s.Board(), Mover: mover, Result: s.verdict()}
}
