package tictactoe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Cell contents.
const (
	empty byte = iota
	markX
	markO
)

// Values of State.winner besides a seat.
const (
	inPlay = -1
	draw   = 2
)

// lines are the eight winning lines, as cell indices.
var lines = [8][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, // rows 1 to 3
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, // columns a to c
	{0, 4, 8}, {2, 4, 6}, // diagonals
}

// linesThrough lists, for each cell, the lines that pass through it: after
// a mark only these can have been completed.
var linesThrough = func() (t [Cells][][3]int) {
	for _, l := range lines {
		for _, c := range l {
			t[c] = append(t[c], l)
		}
	}
	return t
}()

// State is one position of tic-tac-toe. Its zero value is not usable; get
// one from Game.NewState, Game.NewInitialState or Game.FromBoard. Clone is a
// struct copy.
type State struct {
	env.PerfectInformation
	game   *Game
	board  [Cells]byte // empty, markX or markO, in action order
	marks  int         // marks on the board; x is to move when even
	winner int         // inPlay, seat 0 or 1, or draw
}

var _ env.State = (*State)(nil)

// Game implements env.State.
func (s *State) Game() env.Game { return s.game }

// Board is the board as nine characters "x", "o" or ".", in action order
// (a1, b1, c1, a2, ..., c3).
func (s *State) Board() string {
	var b [Cells]byte
	for i, c := range s.board {
		b[i] = ".xo"[c]
	}
	return string(b[:])
}

// Winner is the winning seat, -1 while in play or after a draw.
func (s *State) Winner() int {
	if s.winner == draw {
		return -1
	}
	return s.winner
}

// mover is the seat whose turn it is by the count of marks.
func (s *State) mover() int { return s.marks % 2 }

// CurrentPlayer implements env.State.
func (s *State) CurrentPlayer() env.Player {
	if s.winner != inPlay {
		return env.Terminal
	}
	return env.Player(s.mover())
}

// IsTerminal implements env.State.
func (s *State) IsTerminal() bool { return s.winner != inPlay }

// LegalActions implements env.State: the empty cells while in play.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.winner != inPlay {
		return buf
	}
	for i, c := range s.board {
		if c == empty {
			buf = append(buf, env.Action(i))
		}
	}
	return buf
}

// ChanceOutcomes implements env.State: the game has no chance nodes.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome { return buf[:0] }

// Apply implements env.State.
func (s *State) Apply(a env.Action) error {
	switch {
	case s.winner != inPlay:
		return fmt.Errorf("tictactoe: action %s in a finished game: %w", s.ActionString(a), env.ErrIllegal)
	case a < 0 || a >= Cells:
		return fmt.Errorf("tictactoe: action %d out of range 0 to %d: %w", int(a), Cells-1, env.ErrIllegal)
	case s.board[a] != empty:
		return fmt.Errorf("tictactoe: cell %s is taken: %w", s.ActionString(a), env.ErrIllegal)
	}
	p := s.mover()
	m := markX + byte(p)
	s.board[a] = m
	s.marks++
	// The game was in play, so a new line must pass through this mark.
	for _, l := range linesThrough[a] {
		if s.board[l[0]] == m && s.board[l[1]] == m && s.board[l[2]] == m {
			s.winner = p
			return nil
		}
	}
	if s.marks == Cells {
		s.winner = draw
	}
	return nil
}

// lineOf reports whether the player with mark m holds a line.
func (s *State) lineOf(m byte) bool {
	for _, l := range lines {
		if s.board[l[0]] == m && s.board[l[1]] == m && s.board[l[2]] == m {
			return true
		}
	}
	return false
}

// result computes winner from the board. If both hold a line, x is named;
// FromBoard rejects such boards.
func (s *State) result() int {
	switch {
	case s.lineOf(markX):
		return 0
	case s.lineOf(markO):
		return 1
	case s.marks == Cells:
		return draw
	default:
		return inPlay
	}
}

// ActionString implements env.State: a cell "a1" to "c3", or "#n" for a
// number outside the action space.
func (s *State) ActionString(a env.Action) string {
	if a < 0 || a >= Cells {
		return "#" + strconv.Itoa(int(a))
	}
	return string([]byte{'a' + byte(a%3), '1' + byte(a/3)})
}

// ParseAction implements env.State. It reads a cell "a1" to "c3" (either
// case), or an action number, bare or as "#n".
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'c' && t[1] >= '1' && t[1] <= '3' {
		return env.Action(3*int(t[1]-'1') + int(t[0]-'a')), nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t, "#"))
	if err != nil {
		return 0, fmt.Errorf("tictactoe: unknown action %q (want a cell a1 to c3, or a number)", text)
	}
	return env.Action(n), nil
}

// Clone implements env.State.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// CopyFrom implements env.Copier.
func (s *State) CopyFrom(src env.State) { *s = *src.(*State) }

// Returns implements env.State: +1 for the winner and -1 for the loser at
// the end, 0 for both in a draw or before the end.
func (s *State) Returns() []float64 { return s.WriteReturns(make([]float64, 0, 2)) }

// WriteReturns implements env.ReturnsWriter.
func (s *State) WriteReturns(buf []float64) []float64 { return env.WinLossReturns(buf, int(s.winner)) }

// verdict names the outcome.
func (s *State) verdict() string {
	switch s.winner {
	case 0:
		return "x wins"
	case 1:
		return "o wins"
	case draw:
		return "draw"
	default:
		return "in play"
	}
}

// Score implements env.State. Value is seat 0's return; the one metric is
// the number of marks on the board.
func (s *State) Score() env.Score {
	return env.Score{
		Value:   s.Returns()[0],
		Verdict: s.verdict(),
		Metrics: []env.Metric{{Name: "marks", Value: float64(s.marks)}},
	}
}

// String implements env.State: the board with row 3 on top, then who is to
// move or the result, e.g.
//
//	3 . . o
//	2 . x .
//	1 x . .
//	  a b c
//	x to move
func (s *State) String() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		b.WriteByte('1' + byte(r))
		for c := range 3 {
			b.WriteByte(' ')
			b.WriteByte(".xo"[s.board[3*r+c]])
		}
		b.WriteByte('\n')
	}
	b.WriteString("  a b c\n")
	if s.winner == inPlay {
		b.WriteString("xo"[s.mover():s.mover()+1] + " to move")
	} else {
		b.WriteString(s.verdict())
	}
	return b.String()
}

// Prompt implements env.Prompter.
func (s *State) Prompt() string {
	if s.winner != inPlay {
		return s.verdict()
	}
	return "xo"[s.mover():s.mover()+1] + " to mark a cell"
}
