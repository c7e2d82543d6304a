package connectfour_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/connectfour"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/internal/rng"
)

func mustGame(t testing.TB) *connectfour.Game {
	t.Helper()
	g, err := env.NewGame("connectfour")
	if err != nil {
		t.Fatal(err)
	}
	return g.(*connectfour.Game)
}

func TestConformance(t *testing.T) {
	envtest.Check(t, mustGame(t), envtest.Config{Games: 300, Seed: 1, Invariant: invariant})
}

// invariant checks what the rules promise at every position: the counts,
// the mover, and that the board read back from its wire form is the same
// position.
func invariant(s env.State) error {
	cs := s.(*connectfour.State)
	b := cs.Board()
	nx, no := strings.Count(b, "x"), strings.Count(b, "o")
	if nx != no && nx != no+1 {
		return errors.New("bad disc counts: " + b)
	}
	if !cs.IsTerminal() && cs.CurrentPlayer() != env.Player(nx-no) {
		return errors.New("wrong mover: " + b)
	}
	back, err := cs.Game().(*connectfour.Game).FromBoard(b)
	if err != nil {
		return err
	}
	if back.Score().Verdict != cs.Score().Verdict {
		return errors.New("the board read back gives " + back.Score().Verdict + ", play gave " + cs.Score().Verdict)
	}
	return nil
}

func TestOptions(t *testing.T) {
	if g := mustGame(t); g.Options() != "" || !slices.Equal(env.ObservationShape(g), []int{3, 6, 7}) {
		t.Errorf("Options() = %q, shape %v", g.Options(), env.ObservationShape(g))
	}
	if _, err := env.NewGame("connectfour:rows=7"); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("error %v, want one saying the game takes no options", err)
	}
}

// play drops discs in the named columns and returns the state.
func play(t *testing.T, moves string) *connectfour.State {
	t.Helper()
	s := mustGame(t).NewState()
	for _, m := range strings.Fields(moves) {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q after %s: %v", m, s.Board(), err)
		}
	}
	return s
}

func TestRules(t *testing.T) {
	tests := []struct {
		name, moves string
		player      env.Player
		legal       string
		returns     [2]float64
		verdict     string
	}{
		{"opening", "", 0, "a b c d e f g", [2]float64{}, "in play"},
		{"column", "d e d e d e d", env.Terminal, "", [2]float64{1, -1}, "x wins"},
		{"row", "a a b b c c d", env.Terminal, "", [2]float64{1, -1}, "x wins"},
		{"o's row", "a e a f a g b d", env.Terminal, "", [2]float64{-1, 1}, "o wins"},
		{"rising diagonal", "a b b c c d c d d g d", env.Terminal, "", [2]float64{1, -1}, "x wins"},
		{"falling diagonal", "g f f e e d e d d a d", env.Terminal, "", [2]float64{1, -1}, "x wins"},
		{"no wrap between columns", "a a a b a b b c b c c d c", 1, "a b c d e f g", [2]float64{}, "in play"},
		{"three only", "a a b b c c", 0, "a b c d e f g", [2]float64{}, "in play"},
		{"full column", "a a a a a a", 0, "b c d e f g", [2]float64{}, "in play"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := play(t, tt.moves)
			if got := s.CurrentPlayer(); got != tt.player {
				t.Errorf("CurrentPlayer() = %d, want %d\n%s", got, tt.player, s)
			}
			var names []string
			for _, a := range s.LegalActions(nil) {
				names = append(names, s.ActionString(a))
			}
			if got := strings.Join(names, " "); got != tt.legal {
				t.Errorf("legal %q, want %q", got, tt.legal)
			}
			if r := s.Returns(); r[0] != tt.returns[0] || r[1] != tt.returns[1] {
				t.Errorf("Returns() = %v, want %v", r, tt.returns)
			}
			if got := s.Score().Verdict; got != tt.verdict {
				t.Errorf("verdict %q, want %q\n%s", got, tt.verdict, s)
			}
		})
	}
}

// TestDraw: a full board without a line is a draw. Rows alternate
// xoxoxox and oxoxoxo in the order AABBAB, so no column, row or diagonal
// holds more than two alike in a row.
func TestDraw(t *testing.T) {
	const a, b = "xoxoxox", "oxoxoxo"
	s, err := mustGame(t).FromBoard(a + a + b + b + a + b)
	if err != nil {
		t.Fatal(err)
	}
	if s.Score().Verdict != "draw" || !s.IsTerminal() || s.Winner() != -1 {
		t.Fatalf("verdict %q, terminal %v\n%s", s.Score().Verdict, s.IsTerminal(), s)
	}
}

func TestIllegal(t *testing.T) {
	for _, tt := range []struct {
		moves string
		bad   env.Action
	}{
		{"", -1},
		{"", connectfour.Cols},
		{"a a a a a a", 0},   // full
		{"d e d e d e d", 3}, // game over
		{"d e d e d e d", 0}, // game over, column free
	} {
		s := play(t, tt.moves)
		before := s.Board()
		if err := s.Apply(tt.bad); !errors.Is(err, env.ErrIllegal) {
			t.Errorf("after %q, Apply(%d) = %v, want ErrIllegal", tt.moves, tt.bad, err)
		}
		if s.Board() != before {
			t.Errorf("after %q, an illegal Apply changed the board", tt.moves)
		}
	}
}

func TestParseAction(t *testing.T) {
	s := mustGame(t).NewState()
	for _, tt := range []struct {
		in      string
		want    env.Action
		wantErr bool
	}{
		{"a", 0, false}, {" D ", 3, false}, {"g", 6, false}, {"3", 3, false}, {"#6", 6, false},
		{"#7", 7, false}, // a number is read even out of range; Apply checks it
		{"h", 0, true}, {"", 0, true}, {"centre", 0, true}, {"#", 0, true},
	} {
		got, err := s.ParseAction(tt.in)
		if (err != nil) != tt.wantErr || (err == nil && got != tt.want) {
			t.Errorf("ParseAction(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	for a := range env.Action(connectfour.Cols) {
		if back, err := s.ParseAction(s.ActionString(a)); err != nil || back != a {
			t.Errorf("ParseAction(ActionString(%d)) = %d, %v", a, back, err)
		}
	}
	if got := s.ActionString(9); got != "#9" {
		t.Errorf("ActionString(9) = %q", got)
	}
}

func TestStringAndObservation(t *testing.T) {
	s := play(t, "c d d")
	const want = "6 . . . . . . .\n5 . . . . . . .\n4 . . . . . . .\n3 . . . . . . .\n2 . . . x . . .\n1 . . x o . . .\n  a b c d e f g\no to move"
	if got := s.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if got := s.Prompt(); got != "o to drop a disc in a column" {
		t.Errorf("Prompt() = %q", got)
	}
	obs := s.Observation(0, nil)
	wantObs := make([]float32, 126)
	wantObs[2], wantObs[7+3] = 1, 1 // x at c1, d2
	wantObs[42+3] = 1               // o at d1
	for i := range 42 {
		if i != 2 && i != 3 && i != 10 {
			wantObs[84+i] = 1
		}
	}
	if !slices.Equal(obs, wantObs) {
		t.Errorf("Observation = %v, want %v", obs, wantObs)
	}
	if v := s.Observe(1).(connectfour.View); v.Mover != 1 || v.Result != "in play" || v.Board[:14] != "..xo......x..." {
		t.Errorf("Observe = %+v", v)
	}
}

func TestUnmarshalRejects(t *testing.T) {
	g := mustGame(t)
	empty := strings.Repeat(".", 42)
	set := func(b string, i int, c byte) string { return b[:i] + string(c) + b[i+1:] }
	for _, tt := range []struct{ name, board, wantErr string }{
		{"short", "x", "1 characters"},
		{"bad char", set(empty, 0, 'z'), "want x, o or ."},
		{"floating", set(empty, 7, 'x'), "above an empty cell"},
		{"counts", set(set(empty, 0, 'x'), 1, 'x'), "2 x and 0 o"},
		{"o first", set(empty, 0, 'o'), "0 x and 1 o"},
		{"after a win", "xxxxooo" + "o" + strings.Repeat(".", 34), "after the game was won"},
		{"both lines", "xxxx.oo" + "oooo..x" + "x" + strings.Repeat(".", 27), "both players"},
	} {
		_, err := g.FromBoard(tt.board)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.wantErr)
		}
	}
	if _, err := g.UnmarshalState([]byte(`{"board":"` + empty + `","x":1}`)); err == nil {
		t.Error("an unknown field was accepted")
	}
	if _, err := g.UnmarshalState([]byte(`{}`)); err == nil || !strings.Contains(err.Error(), `missing "board"`) {
		t.Errorf("missing board: %v", err)
	}
}

func TestCopyFromAndWriteReturns(t *testing.T) {
	src := play(t, "d e d e d e d")
	dst := mustGame(t).NewState()
	dst.CopyFrom(src)
	if dst.Board() != src.Board() || dst.Winner() != 0 {
		t.Fatalf("copy %s winner %d", dst.Board(), dst.Winner())
	}
	other := play(t, "a")
	dst.CopyFrom(other)
	if err := dst.Apply(0); err != nil || strings.Count(other.Board(), "o") != 0 {
		t.Fatalf("Apply on the copy changed the source (%v)", err)
	}
	buf := make([]float64, 0, 2)
	if got := src.WriteReturns(buf); !slices.Equal(got, []float64{1, -1}) {
		t.Fatalf("WriteReturns = %v", got)
	}
}

func FuzzUnmarshalState(f *testing.F) {
	g := mustGame(f)
	for _, moves := range []string{"", "d", "d e d e d e d", "a a a a a a b"} {
		s := g.NewState()
		for _, m := range strings.Fields(moves) {
			a, _ := s.ParseAction(m)
			if err := s.Apply(a); err != nil {
				f.Fatal(err)
			}
		}
		j, err := s.MarshalJSON()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(j)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		envtest.CheckUnmarshalNoPanic(t, g, data)
	})
}

// TestPlayRandomPlaysLegalGames: from the positions of random games, and
// at their ends, PlayRandom keeps every disc, finishes the game in a
// position FromBoard accepts with the same verdict, plays the same game
// from the same stream, and takes one output of the stream (none from a
// finished game).
func TestPlayRandomPlaysLegalGames(t *testing.T) {
	g := mustGame(t)
	var buf []env.Action
	for game := range uint64(300) {
		var walk rng.PCG
		walk.Seed(game, 1)
		s := g.NewState()
		for step := uint64(0); ; step++ {
			var p rng.PCG
			p.Seed(game, step)
			q, again := p, p
			out := s.Clone().(*connectfour.State)
			out.PlayRandom(&p)
			if !s.IsTerminal() {
				q.Uint64()
			}
			b := out.Board()
			for i := range b {
				if s.Board()[i] != '.' && b[i] != s.Board()[i] {
					t.Fatalf("from %s PlayRandom gave %s: cell %d changed", s.Board(), b, i)
				}
			}
			back, err := g.FromBoard(b)
			if err != nil || !out.IsTerminal() || back.Score().Verdict != out.Score().Verdict {
				t.Fatalf("from %s PlayRandom gave %s, %s (read back: %v)", s.Board(), b, out.Score().Verdict, err)
			}
			twice := s.Clone().(*connectfour.State)
			if twice.PlayRandom(&again); twice.Board() != b || p != q {
				t.Fatalf("from %s: the same stream gave %s, then %s, or took other than one draw", s.Board(), b, twice.Board())
			}
			if s.IsTerminal() {
				break
			}
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[walk.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPlayRandomIsUniform: over 20,000 games from the empty board,
// PlayRandom's shares of x's wins, o's wins and draws, and its mean number
// of discs in each column at the end, are those of uniform moves played
// through LegalActions and Apply, within five standard errors of the
// difference.
func TestPlayRandomIsUniform(t *testing.T) {
	const games = 20000
	g := mustGame(t)
	type tally struct {
		share         [3]float64 // draws, x's wins, o's wins
		discs, discs2 [connectfour.Cols]float64
	}
	count := func(play func(s *connectfour.State)) (n tally) {
		for range games {
			s := g.NewState()
			play(s)
			n.share[s.Winner()+1] += 1.0 / games
			b := s.Board()
			for c := range connectfour.Cols {
				d := 0.0
				for r := range connectfour.Rows {
					if b[r*connectfour.Cols+c] != '.' {
						d++
					}
				}
				n.discs[c] += d / games
				n.discs2[c] += d * d / games
			}
		}
		return n
	}
	var p, q rng.PCG
	p.Seed(1, 2)
	q.Seed(3, 4)
	fast := count(func(s *connectfour.State) { s.PlayRandom(&p) })
	var buf []env.Action
	slow := count(func(s *connectfour.State) {
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[q.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	})
	for i, name := range []string{"draws", "x's wins", "o's wins"} {
		se := math.Sqrt(2 * slow.share[i] * (1 - slow.share[i]) / games)
		if math.Abs(fast.share[i]-slow.share[i]) > 5*se {
			t.Errorf("%s: %.4f with PlayRandom, %.4f through Apply", name, fast.share[i], slow.share[i])
		}
	}
	for c := range connectfour.Cols {
		se := math.Sqrt(2 * (slow.discs2[c] - slow.discs[c]*slow.discs[c]) / games)
		if math.Abs(fast.discs[c]-slow.discs[c]) > 5*se {
			t.Errorf("column %c: %.3f discs at the end with PlayRandom, %.3f through Apply", 'a'+c, fast.discs[c], slow.discs[c])
		}
	}
}

func BenchmarkRandomGame(b *testing.B) {
	g := mustGame(b)
	buf := make([]env.Action, 0, connectfour.Cols)
	var x uint64 = 1
	for b.Loop() {
		s := g.NewState()
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			x = x*6364136223846793005 + 1442695040888963407
			if err := s.Apply(buf[(x>>33)%uint64(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
