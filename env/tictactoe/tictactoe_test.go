package tictactoe_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/env/tictactoe"
)

func mustGame(t testing.TB) *tictactoe.Game {
	t.Helper()
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	return g.(*tictactoe.Game)
}

func TestConformance(t *testing.T) {
	envtest.Check(t, mustGame(t), envtest.Config{Games: 200, Seed: 1, Invariant: invariant})
}

// invariant checks what the rules promise at every position.
func invariant(s env.State) error {
	ts := s.(*tictactoe.State)
	b := ts.Board()
	nx, no := strings.Count(b, "x"), strings.Count(b, "o")
	if nx != no && nx != no+1 {
		return errors.New("bad mark counts: " + b)
	}
	if !ts.IsTerminal() {
		if want := env.Player(nx - no); ts.CurrentPlayer() != want {
			return errors.New("wrong mover: " + b)
		}
	}
	return nil
}

func TestOptions(t *testing.T) {
	if g := mustGame(t); g.Options() != "" {
		t.Errorf("Options() = %q, want empty", g.Options())
	}
	if _, err := env.NewGame("tictactoe:size=4"); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("error %v, want one saying the game takes no options", err)
	}
}

// play applies actions given by name and returns the state.
func play(t *testing.T, moves string) *tictactoe.State {
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
		moves   string
		board   string
		player  env.Player
		legal   string
		returns [2]float64
		verdict string
	}{
		{"", ".........", 0, "a1 b1 c1 a2 b2 c2 a3 b3 c3", [2]float64{}, "in play"},
		{"b2", "....x....", 1, "a1 b1 c1 a2 c2 a3 b3 c3", [2]float64{}, "in play"},
		{"a1 a2 b1 b2 c1", "xxxoo....", env.Terminal, "", [2]float64{1, -1}, "x wins"},
		{"a1 a3 b1 b2 b3 c1", "xxo.o.ox.", env.Terminal, "", [2]float64{-1, 1}, "o wins"},
		{"a1 b1 c3 b2 b3 a3 c1 c2 a2", "xoxxoooxx", env.Terminal, "", [2]float64{}, "draw"},
		{"a1 b2 c3 b1 b3 a2 c2 c1", "xoooox.xx", 0, "a3", [2]float64{}, "in play"},
		{"a1 b2 c3 b1 b3 a2 c2 c1 a3", "xooooxxxx", env.Terminal, "", [2]float64{1, -1}, "x wins"}, // a win on the last cell is not a draw
		{"b2 a1 c1 a3 a2 c2 b1 b3 c3", "oxxxxooox", env.Terminal, "", [2]float64{}, "draw"},
	}
	for _, tt := range tests {
		t.Run(tt.moves, func(t *testing.T) {
			s := play(t, tt.moves)
			if got := s.Board(); got != tt.board {
				t.Errorf("Board() = %q, want %q", got, tt.board)
			}
			if got := s.CurrentPlayer(); got != tt.player {
				t.Errorf("CurrentPlayer() = %d, want %d", got, tt.player)
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
				t.Errorf("verdict %q, want %q", got, tt.verdict)
			}
		})
	}
}

func TestIllegal(t *testing.T) {
	tests := []struct {
		moves string
		bad   env.Action
	}{
		{"", -1},
		{"", tictactoe.Cells},
		{"b2", 4},                   // taken
		{"a1 a2 b1 b2 c1", 8},       // game over
		{"a1 a2 b1 b2 c1", 0},       // game over and taken
		{"a1 b2 c3 b1 b3 a2 c2", 0}, // taken late in the game
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		before := s.Board()
		err := s.Apply(tt.bad)
		if !errors.Is(err, env.ErrIllegal) {
			t.Errorf("after %q, Apply(%d) = %v, want ErrIllegal", tt.moves, tt.bad, err)
		}
		if s.Board() != before {
			t.Errorf("after %q, illegal Apply(%d) changed %s to %s", tt.moves, tt.bad, before, s.Board())
		}
	}
}

func TestParseAction(t *testing.T) {
	s := mustGame(t).NewState()
	tests := []struct {
		in      string
		want    env.Action
		wantErr bool
	}{
		{"a1", 0, false},
		{"b1", 1, false},
		{"c1", 2, false},
		{"a2", 3, false},
		{" B2 ", 4, false},
		{"c3", 8, false},
		{"4", 4, false},
		{"#8", 8, false},
		{"#9", 9, false}, // a number is read even out of range; Apply checks it
		{"d1", 0, true},
		{"a4", 0, true},
		{"a0", 0, true},
		{"", 0, true},
		{"#", 0, true},
		{"center", 0, true},
	}
	for _, tt := range tests {
		got, err := s.ParseAction(tt.in)
		if (err != nil) != tt.wantErr || (err == nil && got != tt.want) {
			t.Errorf("ParseAction(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	for a := range env.Action(tictactoe.Cells) {
		if back, err := s.ParseAction(s.ActionString(a)); err != nil || back != a {
			t.Errorf("ParseAction(ActionString(%d) = %q) = %d, %v", a, s.ActionString(a), back, err)
		}
	}
	if got := s.ActionString(-3); got != "#-3" {
		t.Errorf("ActionString(-3) = %q, want #-3", got)
	}
}

func TestStringAndObservation(t *testing.T) {
	s := play(t, "a1 c3 b2")
	const want = "3 . . o\n2 . x .\n1 x . .\n  a b c\no to move"
	if got := s.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if got := s.Prompt(); got != "o to mark a cell" {
		t.Errorf("Prompt() = %q", got)
	}
	obs := s.Observation(0, nil)
	wantObs := make([]float32, 28)
	wantObs[0], wantObs[4] = 1, 1 // x at a1, b2
	wantObs[9+8] = 1              // o at c3
	for _, i := range []int{1, 2, 3, 5, 6, 7} {
		wantObs[18+i] = 1
	}
	wantObs[27] = 1 // o to move
	if !slices.Equal(obs, wantObs) {
		t.Errorf("Observation = %v, want %v", obs, wantObs)
	}
	if o1 := s.Observation(1, nil); !slices.Equal(o1, obs) {
		t.Errorf("seat 1 sees %v, seat 0 %v; nothing is hidden", o1, obs)
	}
	v := s.Observe(1).(tictactoe.View)
	if v.Board != "x...x...o" || v.Mover != 1 || v.Result != "in play" {
		t.Errorf("Observe = %+v", v)
	}
	end := play(t, "a1 a2 b1 b2 c1")
	if v := end.Observe(0).(tictactoe.View); v.Mover != -1 || v.Result != "x wins" {
		t.Errorf("final Observe = %+v", v)
	}
	if o := end.Observation(0, nil); o[27] != 0 {
		t.Errorf("mover flag %v at the end, want 0", o[27])
	}
	if sc := end.Score(); sc.Value != 1 {
		t.Errorf("final Score() = %+v", sc)
	} else if m, ok := sc.Metric("marks"); !ok || m != 5 {
		t.Errorf("marks = %v, %v; want 5", m, ok)
	}
}

func TestUnmarshal(t *testing.T) {
	g := mustGame(t)
	tests := []struct {
		name, data string
		wantErr    string // "" when the state is valid
		player     env.Player
	}{
		{"empty board", `{"board":"........."}`, "", 0},
		{"o to move", `{"board":"x........"}`, "", 1},
		{"capitals", `{"board":"X...O...."}`, "", 0},
		{"x won", `{"board":"xxxoo...."}`, "", env.Terminal},
		{"x won twice", `{"board":"xxxxooxoo"}`, "", env.Terminal},
		{"o won", `{"board":"xxo.o.ox."}`, "", env.Terminal},
		{"draw", `{"board":"oxxxxooox"}`, "", env.Terminal},
		{"empty", ``, "EOF", 0},
		{"trailing", `{"board":"........."}{}`, "trailing content", 0},
		{"unknown field", `{"board":".........","turn":0}`, "unknown field", 0},
		{"missing board", `{}`, `missing "board"`, 0},
		{"short", `{"board":"...."}`, "4 characters", 0},
		{"bad character", `{"board":"....?...."}`, "character", 0},
		{"o first", `{"board":"o........"}`, "x moves first", 0},
		{"two x ahead", `{"board":"xx......."}`, "x moves first", 0},
		{"both lines", `{"board":"xxxooo..."}`, "both players", 0},
		{"o after x won", `{"board":"xxxoo.o.."}`, "after the game was won", 0},
		{"x after o won", `{"board":"ooo.xx.xx"}`, "after the game was won", 0},
		{"parallel lines", `{"board":"xxx...xxx"}`, "x moves first", 0},
		{"null board", `{"board":null}`, `missing "board"`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.UnmarshalState([]byte(tt.data))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("error %v, want one mentioning %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.CurrentPlayer() != tt.player {
				t.Errorf("CurrentPlayer() = %d, want %d", s.CurrentPlayer(), tt.player)
			}
		})
	}
}

// TestPerft counts the lines of play to each depth from the empty board
// and the positions reachable, against the well-known figures: 255,168
// complete games and 5,478 positions.
func TestPerft(t *testing.T) {
	g := mustGame(t)
	want := []int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	got := make([]int, len(want))
	games := 0
	seen := map[string]bool{}
	var walk func(s *tictactoe.State, depth int)
	buf := make([][]env.Action, 10)
	walk = func(s *tictactoe.State, depth int) {
		got[depth]++
		seen[s.Board()] = true
		if s.IsTerminal() {
			games++
			return
		}
		buf[depth] = s.LegalActions(buf[depth])
		for _, a := range buf[depth] {
			c := s.Clone().(*tictactoe.State)
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			walk(c, depth+1)
		}
	}
	walk(g.NewState(), 0)
	if !slices.Equal(got, want) {
		t.Errorf("lines by depth %v, want %v", got, want)
	}
	if games != 255168 {
		t.Errorf("%d complete games, want 255168", games)
	}
	if len(seen) != 5478 {
		t.Errorf("%d positions, want 5478", len(seen))
	}
	// Every reachable board is accepted back, and no unreachable one is.
	accepted := 0
	for code := range 19683 {
		var b [9]byte
		for i, c := 0, code; i < 9; i, c = i+1, c/3 {
			b[i] = ".xo"[c%3]
		}
		_, err := g.FromBoard(string(b[:]))
		if (err == nil) != seen[string(b[:])] {
			t.Errorf("FromBoard(%q) error %v, but reachable is %v", b, err, seen[string(b[:])])
		}
		if err == nil {
			accepted++
		}
	}
	if accepted != 5478 {
		t.Errorf("FromBoard accepts %d boards, want 5478", accepted)
	}
}

func FuzzUnmarshalState(f *testing.F) {
	g := mustGame(f)
	for _, b := range []string{".........", "xxxoo....", "oxxxxooox", "x...o...."} {
		f.Add([]byte(`{"board":"` + b + `"}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		envtest.CheckUnmarshalNoPanic(t, g, data)
	})
}

func BenchmarkRandomGame(b *testing.B) {
	g := mustGame(b)
	buf := make([]env.Action, 0, g.NumDistinctActions())
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
