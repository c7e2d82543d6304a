package tictactoe

import (
	"fmt"
	"math/bits"
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

// full is the mask of all nine cells: bit i is cell (action) i.
const full = 1<<Cells - 1

// wins tells, for each of the 512 sets of one player's marks, whether it
// holds a line, so that the win check after a mark is one load. It is
// filled once and never written again.
var wins = func() (t [1 << Cells]bool) {
	for m := range t {
		for _, l := range lines {
			if l := 1<<l[0] | 1<<l[1] | 1<<l[2]; m&l == l {
				t[m] = true
			}
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
	masks  [2]uint16 // each seat's marks, bit i for cell i; x is seat 0
	marks  int8      // marks on the board; x is to move when even
	winner int8      // inPlay, seat 0 or 1, or draw
}

var _ env.State = (*State)(nil)

// Game implements env.State.
func (s *State) Game() env.Game { return s.game }

// Board is the board as nine characters "x", "o" or ".", in action order
// (a1, b1, c1, a2, ..., c3).
func (s *State) Board() string {
	var b [Cells]byte
	for i := range Cells {
		b[i] = ".xo"[s.at(i)]
	}
	return string(b[:])
}

// at is what stands on cell i: empty, markX or markO.
func (s *State) at(i int) byte {
	return byte(s.masks[0]>>i&1 | s.masks[1]>>i&1<<1)
}

// Winner is the winning seat, -1 while in play or after a draw.
func (s *State) Winner() int {
	if s.winner == draw {
		return -1
	}
	return int(s.winner)
}

// mover is the seat whose turn it is by the count of marks.
func (s *State) mover() int { return int(s.marks) & 1 }

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
	for e := full &^ (s.masks[0] | s.masks[1]); e != 0; e &= e - 1 {
		buf = append(buf, env.Action(bits.TrailingZeros16(e)))
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
	case (s.masks[0]|s.masks[1])>>uint(a)&1 != 0:
		return fmt.Errorf("tictactoe: cell %s is taken: %w", s.ActionString(a), env.ErrIllegal)
	}
	p := s.mover()
	s.masks[p] |= 1 << uint(a)
	s.marks++
	switch {
	case wins[s.masks[p]&full]:
		s.winner = int8(p)
	case s.marks == Cells:
		s.winner = draw
	}
	return nil
}

// lineOf reports whether seat p holds a line.
func (s *State) lineOf(p int) bool { return wins[s.masks[p]&full] }

// result computes winner from the board. If both hold a line, x is named;
// FromBoard rejects such boards.
func (s *State) result() int8 {
	switch {
	case s.lineOf(0):
		return 0
	case s.lineOf(1):
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
			b.WriteByte(".xo"[s.at(3*r+c)])
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
