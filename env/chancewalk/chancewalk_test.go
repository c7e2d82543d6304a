package chancewalk_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/chancewalk"
	"github.com/chariot-ai/chariot/env/envtest"
)

func mustGame(t testing.TB, spec string) *chancewalk.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*chancewalk.Game)
}

func TestConformance(t *testing.T) {
	for _, spec := range []string{
		"chancewalk",
		"chancewalk:n=1,turns=1",
		"chancewalk:n=3,turns=1,p=0.25",
		"chancewalk:n=10,turns=6,p=0.7,back=2",
		"chancewalk:n=100,turns=100,p=0.01,jump=100,back=1",
	} {
		t.Run(spec, func(t *testing.T) {
			envtest.Check(t, mustGame(t, spec), envtest.Config{Games: 100, Seed: 1, Invariant: invariant})
		})
	}
}

// invariant checks what the rules promise at every position.
func invariant(s env.State) error {
	w := s.(*chancewalk.State)
	g := w.Game().(*chancewalk.Game)
	switch {
	case w.Position() < 0 || w.Position() > g.N():
		return fmt.Errorf("position %d out of range", w.Position())
	case w.Turn() > g.Turns():
		return fmt.Errorf("turn %d past %d", w.Turn(), g.Turns())
	case w.Position() > w.Turn()*g.JumpSteps():
		return fmt.Errorf("position %d too far for %d turns", w.Position(), w.Turn())
	case w.IsTerminal() && !w.Reached() && w.Turn() != g.Turns():
		return errors.New("finished early without reaching the goal")
	}
	return nil
}

func TestOptions(t *testing.T) {
	tests := []struct {
		spec    string
		want    string // Options(), or "" when an error is expected
		wantErr string
	}{
		{"chancewalk", "back=100,jump=3,n=8,p=0.6,turns=5", ""},
		{"chancewalk:n=3,turns=1,p=0.250", "back=100,jump=3,n=3,p=0.25,turns=1", ""},
		{"chancewalk:p=1e-3,back=1,jump=2", "back=1,jump=2,n=8,p=0.001,turns=5", ""},
		{"chancewalk:p=0", "", "strictly between 0 and 1"},
		{"chancewalk:p=1", "", "strictly between 0 and 1"},
		{"chancewalk:p=NaN", "", "not a number"},
		{"chancewalk:p=half", "", "not a number"},
		{"chancewalk:n=0", "", "out of range 1 to 100"},
		{"chancewalk:turns=101", "", "out of range 1 to 100"},
		{"chancewalk:jump=1", "", "out of range 2 to 100"},
		{"chancewalk:back=0", "", "out of range 1 to 100"},
		{"chancewalk:goal=3", "", `unknown option "goal"`},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g, err := env.NewGame(tt.spec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one mentioning %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Options() != tt.want {
				t.Errorf("Options() = %q, want %q", g.Options(), tt.want)
			}
		})
	}
}

// play applies actions given by name and returns the state.
func play(t *testing.T, g env.Game, moves string) *chancewalk.State {
	t.Helper()
	s := g.NewInitialState(0)
	for _, m := range strings.Fields(moves) {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q after %s: %v", m, s, err)
		}
	}
	return s.(*chancewalk.State)
}

func TestRules(t *testing.T) {
	g := mustGame(t, "chancewalk:n=5,turns=4,p=0.75,jump=3,back=2")
	tests := []struct {
		moves   string
		want    string // String()
		player  env.Player
		legal   string
		outcome []env.Outcome
		ret     float64
	}{
		{"", "position 0 of 5, turn 0 of 4; to choose", 0, "safe risky", nil, 0},
		{"safe", "position 1 of 5, turn 1 of 4; to choose", 0, "safe risky", nil, 0},
		{"risky", "position 0 of 5, turn 1 of 4; risky step pending", env.Chance, "jump slip", []env.Outcome{{Action: chancewalk.Jump, Prob: 0.75}, {Action: chancewalk.Slip, Prob: 0.25}}, 0},
		{"risky jump", "position 3 of 5, turn 1 of 4; to choose", 0, "safe risky", nil, 0},
		{"risky slip", "position 0 of 5, turn 1 of 4; to choose", 0, "safe risky", nil, 0},
		{"safe safe safe risky slip", "position 1 of 5, turn 4 of 4; out of turns", env.Terminal, "", nil, 0},
		{"safe safe safe risky", "position 3 of 5, turn 4 of 4; risky step pending", env.Chance, "jump slip", []env.Outcome{{Action: chancewalk.Jump, Prob: 0.75}, {Action: chancewalk.Slip, Prob: 0.25}}, 0},
		{"safe safe safe risky jump", "position 5 of 5, turn 4 of 4; reached", env.Terminal, "", nil, 1},
		{"risky jump risky jump", "position 5 of 5, turn 2 of 4; reached", env.Terminal, "", nil, 1},
		{"risky jump safe safe", "position 5 of 5, turn 3 of 4; reached", env.Terminal, "", nil, 1},
		{"safe safe safe safe", "position 4 of 5, turn 4 of 4; out of turns", env.Terminal, "", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.moves, func(t *testing.T) {
			s := play(t, g, tt.moves)
			if got := s.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
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
			if got := s.ChanceOutcomes(nil); !slices.Equal(got, tt.outcome) {
				t.Errorf("ChanceOutcomes() = %v, want %v", got, tt.outcome)
			}
			if r := s.Returns(); len(r) != 1 || r[0] != tt.ret {
				t.Errorf("Returns() = %v, want [%v]", r, tt.ret)
			}
		})
	}
}

func TestIllegal(t *testing.T) {
	g := mustGame(t, "chancewalk:n=3,turns=2")
	tests := []struct {
		moves string
		bad   env.Action
	}{
		{"", chancewalk.Jump},
		{"", chancewalk.Slip},
		{"", -1},
		{"", 4},
		{"risky", chancewalk.Safe},
		{"risky", chancewalk.Risky},
		{"safe safe", chancewalk.Safe}, // out of turns
		{"risky jump", chancewalk.Risky},
	}
	for _, tt := range tests {
		s := play(t, g, tt.moves)
		before := s.String()
		err := s.Apply(tt.bad)
		if !errors.Is(err, env.ErrIllegal) {
			t.Errorf("after %q, Apply(%d) = %v, want ErrIllegal", tt.moves, tt.bad, err)
		}
		if s.String() != before {
			t.Errorf("after %q, illegal Apply(%d) changed %s to %s", tt.moves, tt.bad, before, s)
		}
	}
}

func TestParseAction(t *testing.T) {
	s := mustGame(t, "chancewalk").NewState()
	tests := []struct {
		in      string
		want    env.Action
		wantErr bool
	}{
		{"safe", chancewalk.Safe, false},
		{" Risky ", chancewalk.Risky, false},
		{"jump", chancewalk.Jump, false},
		{"slip", chancewalk.Slip, false},
		{"1", chancewalk.Risky, false},
		{"#3", chancewalk.Slip, false},
		{"#7", 7, false},
		{"walk", 0, true},
		{"", 0, true},
	}
	for _, tt := range tests {
		got, err := s.ParseAction(tt.in)
		if (err != nil) != tt.wantErr || (err == nil && got != tt.want) {
			t.Errorf("ParseAction(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	if got := s.ActionString(9); got != "#9" {
		t.Errorf("ActionString(9) = %q, want #9", got)
	}
}

func TestScoreAndObservation(t *testing.T) {
	g := mustGame(t, "chancewalk:n=8,turns=5")
	s := play(t, g, "safe risky")
	if got, want := s.Observation(0, nil), []float32{1.0 / 8, 2.0 / 5, 1}; !slices.Equal(got, want) {
		t.Errorf("Observation = %v, want %v", got, want)
	}
	sc := s.Score()
	if sc.Verdict != "in play" || sc.Value != 0 {
		t.Errorf("Score() = %+v", sc)
	}
	if v, ok := sc.Metric("turn"); !ok || v != 2 {
		t.Errorf("turn metric %v, %v; want 2", v, ok)
	}
	v := s.Observe(0).(chancewalk.View)
	if v.Position != 1 || v.Goal != 8 || v.Turn != 2 || v.Turns != 5 || !v.Rolling || v.Result != "in play" {
		t.Errorf("Observe = %+v", v)
	}
	if got := s.Prompt(); !strings.Contains(got, "probability 0.6") {
		t.Errorf("Prompt() = %q", got)
	}
}

func TestUnmarshal(t *testing.T) {
	g := mustGame(t, "chancewalk:n=5,turns=3,jump=3,back=100")
	const opts = `"options":"back=100,jump=3,n=5,p=0.6,turns=3"`
	state := func(pos, turn int, rolling bool) string {
		return fmt.Sprintf(`{%s,"position":%d,"turn":%d,"rolling":%v}`, opts, pos, turn, rolling)
	}
	tests := []struct {
		name, data, wantErr string // wantErr "" for a valid state
	}{
		{"start", state(0, 0, false), ""},
		{"after a jump", state(3, 1, false), ""},
		{"pending", state(3, 2, true), ""},
		{"pending last turn", state(4, 3, true), ""},
		{"reached", state(5, 2, false), ""},
		{"out of turns", state(0, 3, false), ""},
		{"too far", state(4, 1, false), "cannot be reached in 1 turns"},
		{"too far pending", state(4, 1, true), "cannot be reached in 0 turns"},
		{"pending at start", state(0, 0, true), "risky step pending"},
		{"pending at goal", state(5, 3, true), "risky step pending"},
		{"reached at once", state(5, 1, false), "cannot be reached"},
		{"negative", state(-1, 1, false), "out of range"},
		{"past goal", state(6, 3, false), "out of range"},
		{"past turns", state(0, 4, false), "out of range"},
		{"other game", strings.Replace(state(0, 0, false), "p=0.6", "p=0.5", 1), "but the game has"},
		{"missing", `{` + opts + `,"position":0,"turn":0}`, `missing "rolling"`},
		{"unknown", `{` + opts + `,"position":0,"turn":0,"rolling":false,"x":1}`, "unknown field"},
		{"trailing", state(0, 0, false) + "1", "trailing content"},
		{"empty", ``, "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := g.UnmarshalState([]byte(tt.data))
			if tt.wantErr == "" {
				if err != nil {
					t.Errorf("valid state rejected: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func FuzzUnmarshalState(f *testing.F) {
	g := mustGame(f, "chancewalk:n=6,turns=4,back=2")
	for _, moves := range [][]env.Action{nil, {chancewalk.Risky}, {chancewalk.Safe, chancewalk.Risky, chancewalk.Slip}} {
		s := g.NewInitialState(0)
		for _, a := range moves {
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
