package connectfour

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/rng"
)

// Values of State.winner besides a seat.
const (
	inPlay = -1
	draw   = 2
)

// colBits is the bits a column takes on a bit board: six cells and a guard
// bit that keeps lines from wrapping into the next column.
const colBits = Rows + 1

// bit is the bit of the cell at column c and row r (0 at the bottom).
func bit(c, r int) uint64 { return 1 << (c*colBits + r) }

// Masks of the bit board: the bottom row, the top row, and column a's cells.
const (
	bottomRow = 0x40810204081 // bit(c, 0) for every column c
	topRow    = bottomRow << (Rows - 1)
	column    = 1<<Rows - 1
	allOpen   = 1<<Cols - 1 // State.open with no column full
)

// cells is the discs in column c, as the low bits of a word.
func (s *State) cells(c int) uint64 { return ((s.discs[0] | s.discs[1]) >> (c * colBits)) & column }

// State is one position of Connect Four. Its zero value is not usable; get
// one from Game.NewState, Game.NewInitialState or Game.FromBoard. Clone is
// a struct copy.
type State struct {
	env.PerfectInformation
	game   *Game
	discs  [2]uint64 // each seat's discs, a bit per cell (see bit)
	open   uint8     // a bit for each column that is not full
	moves  int8      // discs on the board; x is to move when even
	winner int8      // inPlay, seat 0 or 1, or draw
}

var _ env.State = (*State)(nil)

// Game implements env.State.
func (s *State) Game() env.Game { return s.game }

// mover is the seat whose turn it is by the count of discs.
func (s *State) mover() int { return int(s.moves) & 1 }

// CurrentPlayer implements env.State.
func (s *State) CurrentPlayer() env.Player {
	if s.winner != inPlay {
		return env.Terminal
	}
	return env.Player(s.mover())
}

// IsTerminal implements env.State.
func (s *State) IsTerminal() bool { return s.winner != inPlay }

// Winner is the winning seat, -1 while in play or after a draw.
func (s *State) Winner() int {
	if s.winner == draw {
		return -1
	}
	return int(s.winner)
}

// LegalActions implements env.State: the columns that are not full, while
// in play.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.winner != inPlay {
		return buf
	}
	for m := s.open; m != 0; m &= m - 1 {
		buf = append(buf, env.Action(bits.TrailingZeros8(m)))
	}
	return buf
}

// ChanceOutcomes implements env.State: the game has no chance nodes.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome { return buf[:0] }

// Apply implements env.State.
func (s *State) Apply(a env.Action) error {
	switch {
	case s.winner != inPlay:
		return fmt.Errorf("connectfour: column %s in a finished game: %w", s.ActionString(a), env.ErrIllegal)
	case a < 0 || a >= Cols:
		return fmt.Errorf("connectfour: action %d out of range 0 to %d: %w", int(a), Cols-1, env.ErrIllegal)
	case s.open>>a&1 == 0:
		return fmt.Errorf("connectfour: column %s is full: %w", s.ActionString(a), env.ErrIllegal)
	}
	p := s.mover()
	d := landing(s.discs[0]|s.discs[1], int(a))
	s.discs[p] |= d
	if d&topRow != 0 {
		s.open &^= 1 << a
	}
	s.moves++
	switch {
	case fourInLine(s.discs[p]):
		s.winner = int8(p)
	case s.moves == Cells:
		s.winner = draw
	}
	return nil
}

// landing is the cell a disc dropped in open column c of the board lands
// on: adding the bottom row carries into each column's lowest empty cell.
func landing(board uint64, c int) uint64 {
	return (board + bottomRow) & (column << (c * colBits))
}

// PlayRandom plays uniform random moves to the end of the game: the
// search calls it for its random rollouts, the hot loop of a plain search.
// The moves are drawn from a Wyrand stream seeded by one draw of r, so the
// game is fixed by r's state, which advances by one output: a tenth of the
// cost of drawing every move from r (see rng.Wyrand). It is Apply's work on
// local copies of the boards and the stream, which stay in registers: a
// move is a draw, a table look-up, a few shifts and no call.
func (s *State) PlayRandom(r *rng.PCG) {
	if s.winner != inPlay {
		return
	}
	me, you := s.discs[s.mover()], s.discs[1-s.mover()]
	open, moves, gen := s.open, s.moves, rng.Wyrand(r.Uint64())
	winner := int8(inPlay)
	for winner == inPlay {
		n := uint64(bits.OnesCount8(open))
		i, lo := bits.Mul64(gen.Uint64(), n)
		if lo < n { // rare: a copy takes the address, so gen stays in a register
			g := gen
			i = g.Unbias(n, i, lo)
			gen = g
		}
		c := int(nthOpen[open][i])
		d := landing(me|you, c)
		me |= d
		if d&topRow != 0 {
			open &^= 1 << c
		}
		moves++
		switch {
		case fourInLine(me):
			winner = moves&1 ^ 1 // the mover, whose discs are me
		case moves == Cells:
			winner = draw
		}
		me, you = you, me
	}
	// The boards were swapped after the last move: you is the last mover's.
	p := int(moves-1) & 1
	s.discs[p], s.discs[1-p] = you, me
	s.open, s.moves, s.winner = open, moves, winner
}

// nthOpen[m][i] is the i-th column (from a) of the set m of open columns.
var nthOpen = func() (t [allOpen + 1][Cols]uint8) {
	for m := range t {
		i := 0
		for c := range Cols {
			if m>>c&1 != 0 {
				t[m][i] = uint8(c)
				i++
			}
		}
	}
	return t
}()

// fourInLine reports whether a bit board holds four in a line: for each
// direction (up a column, along a row, and the two diagonals) it pairs each
// disc with its neighbour, then each pair with the pair two steps on. The
// four directions are unrolled with constant shifts and joined with one
// test, so the check has no loop and no branch but the last.
func fourInLine(b uint64) bool {
	const up, across, fall, rise = 1, colBits, colBits - 1, colBits + 1
	v := b & (b >> up)
	h := b & (b >> across)
	d := b & (b >> fall)
	e := b & (b >> rise)
	return v&(v>>(2*up))|h&(h>>(2*across))|d&(d>>(2*fall))|e&(e>>(2*rise)) != 0
}

// ActionString implements env.State: a column "a" to "g", or "#n" for a
// number outside the action space.
func (s *State) ActionString(a env.Action) string {
	if a < 0 || a >= Cols {
		return "#" + strconv.Itoa(int(a))
	}
	return string(rune('a' + a))
}

// ParseAction implements env.State. It reads a column "a" to "g" (either
// case), or an action number, bare or as "#n".
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if len(t) == 1 && t[0] >= 'a' && t[0] < 'a'+Cols {
		return env.Action(t[0] - 'a'), nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t, "#"))
	if err != nil {
		return 0, fmt.Errorf("connectfour: unknown action %q (want a column a to g, or a number 0 to 6)", text)
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

// cell is what stands at column c, row r: 'x', 'o' or '.'.
func (s *State) cell(c, r int) byte {
	switch b := bit(c, r); {
	case s.discs[0]&b != 0:
		return 'x'
	case s.discs[1]&b != 0:
		return 'o'
	}
	return '.'
}

// Board is the board as 42 characters "x", "o" or ".", row by row from
// the bottom, each from column a to g.
func (s *State) Board() string {
	var b [Cells]byte
	for r := range Rows {
		for c := range Cols {
			b[r*Cols+c] = s.cell(c, r)
		}
	}
	return string(b[:])
}

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
// the number of discs on the board.
func (s *State) Score() env.Score {
	return env.Score{
		Value:   s.WriteReturns(nil)[0],
		Verdict: s.verdict(),
		Metrics: []env.Metric{{Name: "discs", Value: float64(s.moves)}},
	}
}

// String implements env.State: the board with row 6 on top, then who is to
// move or the result, e.g.
//
//	6 . . . . . . .
//	5 . . . . . . .
//	4 . . . . . . .
//	3 . . . . . . .
//	2 . . . o . . .
//	1 . . x x . . .
//	  a b c d e f g
//	o to move
func (s *State) String() string {
	var b strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		b.WriteByte('1' + byte(r))
		for c := range Cols {
			b.WriteByte(' ')
			b.WriteByte(s.cell(c, r))
		}
		b.WriteByte('\n')
	}
	b.WriteString("  a b c d e f g\n")
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
	return "xo"[s.mover():s.mover()+1] + " to drop a disc in a column"
}
