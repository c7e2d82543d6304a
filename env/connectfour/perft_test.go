package connectfour_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/connectfour"
)

// Perft counts the move sequences of each length from the empty board, a
// game that ends earlier counting for no longer length. They are computed
// two independent ways, on the engine's bit boards and on the plain grid
// below, and checked against each other and against the published counts
// of Connect Four (the sequences of 7 moves are 7^7 less the 7 that would
// drop a seventh disc into one column).
var perftCounts = []int{1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234}

func TestPerftBitBoardAndGridAgree(t *testing.T) {
	g := mustGame(t)
	for depth, want := range perftCounts {
		bits := perftEngine(*g.NewState(), depth)
		var grid grid
		plain := grid.perft(depth)
		if bits != want || plain != want {
			t.Errorf("depth %d: %d on bit boards, %d on the grid, want %d", depth, bits, plain, want)
		}
	}
}

// perftEngine counts on the engine, copying the state by value.
func perftEngine(s connectfour.State, depth int) int {
	if depth == 0 {
		return 1
	}
	if s.IsTerminal() {
		return 0
	}
	n := 0
	for c := range connectfour.Cols {
		next := s
		if next.Apply(env.Action(c)) == nil {
			n += perftEngine(next, depth-1)
		}
	}
	return n
}

// grid is Connect Four played on a plain array of cells, with the four-in-
// a-line test done by walking out from the last disc: the second, naive
// implementation the engine is checked against.
type grid struct {
	cell  [connectfour.Rows][connectfour.Cols]byte // 0 empty, 1 x, 2 o
	moves int
}

func (g *grid) perft(depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for c := range connectfour.Cols {
		r := g.drop(c)
		if r < 0 {
			continue
		}
		if g.wins(r, c) || g.moves == connectfour.Cells {
			if depth == 1 {
				n++
			}
		} else {
			n += g.perft(depth - 1)
		}
		g.cell[r][c] = 0
		g.moves--
	}
	return n
}

// drop puts the mover's disc in column c and returns its row, or -1 if the
// column is full.
func (g *grid) drop(c int) int {
	for r := range connectfour.Rows {
		if g.cell[r][c] == 0 {
			g.cell[r][c] = byte(1 + g.moves%2)
			g.moves++
			return r
		}
	}
	return -1
}

// wins reports whether the disc at row r, column c is in a line of four.
func (g *grid) wins(r, c int) bool {
	m := g.cell[r][c]
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		run := 1
		for _, sign := range []int{1, -1} {
			for k := 1; ; k++ {
				rr, cc := r+sign*k*d[0], c+sign*k*d[1]
				if rr < 0 || rr >= connectfour.Rows || cc < 0 || cc >= connectfour.Cols || g.cell[rr][cc] != m {
					break
				}
				run++
			}
		}
		if run >= 4 {
			return true
		}
	}
	return false
}
