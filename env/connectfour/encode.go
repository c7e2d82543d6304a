package connectfour

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"

	"github.com/chariot-ai/chariot/env"
)

// stateJSON is the wire form of a State. The pointer marks a required field.
type stateJSON struct {
	Board *string `json:"board"`
}

// MarshalJSON implements env.State: {"board":"..."}, 42 characters.
func (s *State) MarshalJSON() ([]byte, error) {
	b := s.Board()
	return json.Marshal(stateJSON{Board: &b})
}

// UnmarshalState implements env.Game. It rejects unknown or missing fields,
// trailing data, and boards that play cannot reach.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	var w stateJSON
	if err := env.DecodeStrict(data, &w); err != nil {
		return nil, fmt.Errorf("connectfour: state: %w", err)
	}
	if w.Board == nil {
		return nil, errors.New(`connectfour: state: missing "board"`)
	}
	return g.FromBoard(*w.Board)
}

// FromBoard builds the position with the given board: 42 characters "x",
// "o" or ".", row by row from the bottom, each from column a to g. The
// player to move follows from the count of discs. Boards that play cannot
// reach are errors: a disc above an empty cell, wrong counts, a disc after
// a win, both players with a line.
func (g *Game) FromBoard(board string) (*State, error) {
	s, err := g.fromBoard(board)
	if err != nil {
		return nil, fmt.Errorf("connectfour: board %q: %w", board, err)
	}
	return s, nil
}

func (g *Game) fromBoard(board string) (*State, error) {
	if len(board) != Cells {
		return nil, fmt.Errorf("%d characters, want %d", len(board), Cells)
	}
	s := g.NewState()
	var count [2]int
	var height [Cols]int
	for i := range Cells {
		c, r := i%Cols, i/Cols
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
		if height[c] != r {
			return nil, fmt.Errorf("a disc in column %c, row %d, above an empty cell", 'a'+c, r+1)
		}
		s.discs[p] |= bit(c, r)
		if height[c]++; height[c] == Rows {
			s.open &^= 1 << c
		}
		count[p]++
	}
	s.moves = int8(count[0] + count[1])
	if d := count[0] - count[1]; d != 0 && d != 1 {
		return nil, fmt.Errorf("%d x and %d o; x moves first, so x has as many discs as o or one more", count[0], count[1])
	}
	xLine, oLine := fourInLine(s.discs[0]), fourInLine(s.discs[1])
	switch {
	case xLine && oLine:
		return nil, errors.New("both players have a line")
	case xLine && s.mover() != 1, oLine && s.mover() != 0:
		return nil, errors.New("a disc was dropped after the game was won")
	case xLine:
		s.winner = 0
	case oLine:
		s.winner = 1
	case s.moves == Cells:
		s.winner = draw
	}
	if s.winner == 0 || s.winner == 1 {
		if !s.lastDiscExists(int(s.winner)) {
			return nil, errors.New("no single last disc makes the winning lines")
		}
	}
	return s, nil
}

// lastDiscExists reports whether some disc of seat p on top of its column,
// removed, leaves p without a line: the winning drop play could have made
// last.
func (s *State) lastDiscExists(p int) bool {
	for c := range Cols {
		h := bits.Len64(s.cells(c))
		if h == 0 {
			continue
		}
		if b := bit(c, h-1); s.discs[p]&b != 0 && !fourInLine(s.discs[p]&^b) {
			return true
		}
	}
	return false
}

// Observation implements env.State: the x, o and empty planes, each of 42
// cells in wire order. Both seats see the same.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	if cap(buf) < obsSize {
		buf = make([]float32, obsSize)
	}
	buf = buf[:obsSize]
	clear(buf)
	for r := range Rows {
		for c := range Cols {
			i := r*Cols + c
			switch s.cell(c, r) {
			case 'x':
				buf[i] = 1
			case 'o':
				buf[Cells+i] = 1
			default:
				buf[2*Cells+i] = 1
			}
		}
	}
	return buf
}

// View is the structured observation of Connect Four, the same for both
// seats.
type View struct {
	// Board is 42 characters "x", "o" or ".", in wire order.
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
