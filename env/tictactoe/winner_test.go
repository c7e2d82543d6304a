package tictactoe_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/tictactoe"
)

// TestLastMoveWinCheckMatchesWholeBoard: Apply reads a win from a table by
// the mover's marks. Over every game that play can reach, the result it
// finds equals the one read from the whole board by FromBoard and the one
// read here from the board's text line by line, and the count of positions
// is the known 5,478.
func TestLastMoveWinCheckMatchesWholeBoard(t *testing.T) {
	g := mustGame(t)
	seen := map[string]bool{}
	var walk func(s *tictactoe.State)
	walk = func(s *tictactoe.State) {
		if seen[s.Board()] {
			return
		}
		seen[s.Board()] = true
		whole, err := g.FromBoard(s.Board())
		if err != nil {
			t.Fatalf("%s: %v", s.Board(), err)
		}
		if s.Score().Verdict != whole.Score().Verdict || s.CurrentPlayer() != whole.CurrentPlayer() {
			t.Fatalf("%s: after Apply %q to move %d, from the board %q to move %d",
				s.Board(), s.Score().Verdict, s.CurrentPlayer(), whole.Score().Verdict, whole.CurrentPlayer())
		}
		if want := verdictOf(s.Board()); s.Score().Verdict != want {
			t.Fatalf("%s: verdict %q, want %q", s.Board(), s.Score().Verdict, want)
		}
		for _, a := range s.LegalActions(nil) {
			c := s.Clone().(*tictactoe.State)
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			walk(c)
		}
	}
	walk(g.NewState())
	if len(seen) != 5478 {
		t.Fatalf("%d positions, want 5,478", len(seen))
	}
}

// TestCopyFromAndWriteReturns: the in-place copy equals a clone and shares
// nothing with its source; WriteReturns writes what Returns gives, into
// the caller's buffer.
func TestCopyFromAndWriteReturns(t *testing.T) {
	src := play(t, "a1 b2 a2 c2 a3")
	dst := mustGame(t).NewState()
	dst.CopyFrom(src)
	if dst.Board() != src.Board() || dst.Score().Verdict != src.Score().Verdict {
		t.Fatalf("copy %s %s, source %s %s", dst.Board(), dst.Score().Verdict, src.Board(), src.Score().Verdict)
	}
	other := play(t, "b2")
	dst.CopyFrom(other)
	if err := dst.Apply(0); err != nil || other.Board() != "....x...." {
		t.Fatalf("Apply on the copy changed the source to %s (%v)", other.Board(), err)
	}
	buf := make([]float64, 0, 2)
	got := src.WriteReturns(buf)
	if !slices.Equal(got, src.Returns()) || &got[0] != &buf[:1][0] {
		t.Fatalf("WriteReturns = %v, Returns = %v, or not written into the buffer", got, src.Returns())
	}
	var _ env.Copier = src
	var _ env.ReturnsWriter = src
}

// verdictOf reads the outcome from a board's text, by the eight lines.
func verdictOf(b string) string {
	for _, l := range [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if c := b[l[0]]; c != '.' && b[l[1]] == c && b[l[2]] == c {
			return string(c) + " wins"
		}
	}
	if !strings.Contains(b, ".") {
		return "draw"
	}
	return "in play"
}
