package pig_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/env/pig"
)

func mustGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestConformance(t *testing.T) {
	for _, spec := range []string{"pig", "pig:target=5,die=3", "pig:target=1,die=2", "pig:die=2,target=9", "pig:target=100,die=10"} {
		t.Run(spec, func(t *testing.T) {
			envtest.Check(t, mustGame(t, spec), envtest.Config{Games: 50, Seed: 1, Invariant: invariant})
		})
	}
}

// invariant checks what the rules promise at every position.
func invariant(s env.State) error {
	ps := s.(*pig.State)
	g := ps.Game().(*pig.Game)
	sc := ps.Scores()
	if ps.IsTerminal() && ps.Winner() < 0 { // a draw at the horizon
		if g.Horizon() == 0 || ps.Decisions() != g.Horizon() || sc[0] >= g.Target() || sc[1] >= g.Target() {
			return errors.New("bad draw: " + ps.String())
		}
		return nil
	}
	if ps.IsTerminal() {
		w := ps.Winner()
		if sc[w] < g.Target() || sc[1-w] >= g.Target() || ps.TurnTotal() != 0 {
			return errors.New("bad finish: " + ps.String())
		}
		return nil
	}
	if sc[0] >= g.Target() || sc[1] >= g.Target() {
		return errors.New("target reached in play: " + ps.String())
	}
	if ps.TurnTotal() == 1 {
		return errors.New("turn total 1: a 1 scores nothing")
	}
	return nil
}

func TestOptions(t *testing.T) {
	tests := []struct {
		spec    string
		want    string // Options(), or "" when an error is expected
		wantErr string
	}{
		{"pig", "die=6,target=20", ""},
		{"pig:target=5,die=3", "die=3,target=5", ""},
		{"pig:die=2", "die=2,target=20", ""},
		{"pig:target=0", "", "out of range 1 to 1000"},
		{"pig:die=1", "", "out of range 2 to 100"},
		{"pig:die=six", "", "not an integer"},
		{"pig:sides=6", "", `unknown option "sides"`},
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

// play applies actions given by name and returns the state, failing on the
// first error.
func play(t *testing.T, g env.Game, moves string) *pig.State {
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
	return s.(*pig.State)
}

func TestRules(t *testing.T) {
	g := mustGame(t, "pig:target=10")
	tests := []struct {
		moves   string
		want    string // String()
		player  env.Player
		legal   string
		returns [2]float64
	}{
		{"", "p0 0, p1 0 (target 10); p0 to decide, turn total 0", 0, "roll", [2]float64{}},
		{"roll", "p0 0, p1 0 (target 10); p0 rolling, turn total 0", env.Chance, "1 2 3 4 5 6", [2]float64{}},
		{"roll 5", "p0 0, p1 0 (target 10); p0 to decide, turn total 5", 0, "stop roll", [2]float64{}},
		{"roll 5 roll 1", "p0 0, p1 0 (target 10); p1 to decide, turn total 0", 1, "roll", [2]float64{}},
		{"roll 5 hold", "p0 5, p1 0 (target 10); p1 to decide, turn total 0", 1, "roll", [2]float64{}},
		{"roll 5 stop roll 6 roll 6 stop", "p0 5, p1 12 (target 10); p1 wins", env.Terminal, "", [2]float64{-1, 1}},
		{"roll 4 roll 6 stop", "p0 10, p1 0 (target 10); p0 wins", env.Terminal, "", [2]float64{1, -1}},
		{"roll 4 roll 6 roll 1", "p0 0, p1 0 (target 10); p1 to decide, turn total 0", 1, "roll", [2]float64{}},
		{"roll 4 stop roll 2 stop roll 6 stop", "p0 10, p1 2 (target 10); p0 wins", env.Terminal, "", [2]float64{1, -1}},
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
			if r := s.Returns(); r[0] != tt.returns[0] || r[1] != tt.returns[1] {
				t.Errorf("Returns() = %v, want %v", r, tt.returns)
			}
		})
	}
}

func TestIllegal(t *testing.T) {
	g := mustGame(t, "pig")
	tests := []struct {
		moves string
		bad   env.Action
	}{
		{"", pig.Stop},     // nothing to bank
		{"", pig.RollFace}, // no roll pending
		{"roll", pig.Roll}, // a face is due
		{"roll", pig.Stop}, // a face is due
		{"roll", 8},        // past the faces of a d6
		{"roll", -1},       // negative
		{"roll 3", pig.RollFace + 2},
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
	s := mustGame(t, "pig").NewInitialState(0)
	tests := []struct {
		in      string
		want    env.Action
		wantErr bool
	}{
		{"stop", pig.Stop, false},
		{"hold", pig.Stop, false},
		{" Roll ", pig.Roll, false},
		{"1", pig.RollFace, false},
		{"6", pig.RollFace + 5, false},
		{"#1", pig.Roll, false},
		{"#7", 7, false},
		{"7", 0, true},
		{"0", 0, true},
		{"#x", 0, true},
		{"pass", 0, true},
	}
	for _, tt := range tests {
		got, err := s.ParseAction(tt.in)
		if (err != nil) != tt.wantErr || (err == nil && got != tt.want) {
			t.Errorf("ParseAction(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestScoreAndObservation(t *testing.T) {
	g := mustGame(t, "pig:target=10")
	s := play(t, g, "roll 4 stop roll 3")
	sc := s.Score()
	if sc.Verdict != "in play" || sc.Value != 0 {
		t.Errorf("Score() = %+v", sc)
	}
	for name, want := range map[string]float64{"p0_score": 4, "p1_score": 0, "turn_total": 3} {
		if v, ok := sc.Metric(name); !ok || v != want {
			t.Errorf("metric %s = %v, %v; want %v", name, v, ok, want)
		}
	}
	want := []float32{0.4, 0, 0.3, 0, 1, 0}
	got := s.Observation(0, nil)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Observation = %v, want %v", got, want)
		}
	}
	v := s.Observe(1).(pig.View)
	if v.Mover != 1 || v.TurnTotal != 3 || v.Scores[0] != 4 || v.Winner != -1 {
		t.Errorf("Observe = %+v", v)
	}
	end := play(t, g, "roll 4 roll 6 stop")
	if sc := end.Score(); sc.Verdict != "p0 wins" || sc.Value != 1 {
		t.Errorf("final Score() = %+v", sc)
	}
}

func TestUnmarshalRejects(t *testing.T) {
	g := mustGame(t, "pig:target=10")
	const ok = `{"options":"die=6,target=10","scores":[4,0],"turn_total":3,"player":1,"chance":false,"winner":-1}`
	if _, err := g.UnmarshalState([]byte(ok)); err != nil {
		t.Fatalf("valid state rejected: %v", err)
	}
	tests := []struct {
		name, data, wantErr string
	}{
		{"empty", ``, "EOF"},
		{"trailing", ok + `{}`, "trailing content"},
		{"unknown field", strings.Replace(ok, `"chance"`, `"dice":1,"chance"`, 1), "unknown field"},
		{"missing winner", `{"options":"die=6,target=10","scores":[4,0],"turn_total":3,"player":1,"chance":false}`, `missing "winner"`},
		{"other game", strings.Replace(ok, "target=10", "target=20", 1), "but the game has"},
		{"three scores", strings.Replace(ok, "[4,0]", "[4,0,0]", 1), "3 scores"},
		{"player 2", strings.Replace(ok, `"player":1`, `"player":2`, 1), "player 2"},
		{"negative", strings.Replace(ok, "[4,0]", "[-4,0]", 1), "cannot be reached"},
		{"banked one", strings.Replace(ok, "[4,0]", "[1,0]", 1), "cannot be reached"},
		{"turn one", strings.Replace(ok, `"turn_total":3`, `"turn_total":1`, 1), "turn total 1"},
		{"huge", strings.Replace(ok, `"turn_total":3`, `"turn_total":99999999999999`, 1), "cannot be reached"},
		{"overflow", strings.Replace(ok, `"turn_total":3`, `"turn_total":1e99`, 1), "turn_total"},
		{"target in play", strings.Replace(ok, "[4,0]", "[10,0]", 1), "at least the target"},
		{"winner below", strings.Replace(strings.Replace(ok, `"winner":-1`, `"winner":1`, 1), `"turn_total":3`, `"turn_total":0`, 1), "below the target"},
		{"winner turn", strings.Replace(strings.Replace(ok, `"winner":-1`, `"winner":1`, 1), "[4,0]", "[4,12]", 1), "turn in progress"},
		{"winner player", strings.Replace(strings.Replace(strings.Replace(ok, `"winner":-1`, `"winner":0`, 1), "[4,0]", "[12,0]", 1), `"turn_total":3`, `"turn_total":0`, 1), "records the winner"},
		{"winner 3", strings.Replace(ok, `"winner":-1`, `"winner":3`, 1), "winner 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := g.UnmarshalState([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestDie2OddScores(t *testing.T) {
	g := mustGame(t, "pig:die=2,target=10")
	const odd = `{"options":"die=2,target=10","scores":[3,0],"turn_total":0,"player":0,"chance":false,"winner":-1}`
	if _, err := g.UnmarshalState([]byte(odd)); err == nil {
		t.Error("a d2 cannot score 3, but the state was accepted")
	}
}

func FuzzUnmarshalState(f *testing.F) {
	g := mustGame(f, "pig:target=10,die=4")
	for _, moves := range [][]env.Action{nil, {pig.Roll}, {pig.Roll, pig.RollFace + 2, pig.Stop}} {
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

func BenchmarkRandomGame(b *testing.B) {
	g := mustGame(b, "pig").(*pig.Game)
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
