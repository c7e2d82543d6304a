package pig_test

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/env/pig"
)

// openSpiel is OpenSpiel's "pig" with its default parameters.
const openSpiel = "pig:target=100,stop_at_zero=true,forced_stop=true,horizon=1000"

func TestOpenSpielConformance(t *testing.T) {
	for _, spec := range []string{openSpiel, "pig:target=10,stop_at_zero=true,horizon=7", "pig:target=10,forced_stop=true"} {
		t.Run(spec, func(t *testing.T) {
			envtest.Check(t, mustGame(t, spec), envtest.Config{Games: 50, Seed: 1, Invariant: invariant})
		})
	}
}

func TestOpenSpielOptions(t *testing.T) {
	g := mustGame(t, openSpiel)
	if want := "die=6,forced_stop=true,horizon=1000,stop_at_zero=true,target=100"; g.Options() != want {
		t.Errorf("Options() = %q, want %q", g.Options(), want)
	}
	for spec, want := range map[string]string{
		"pig:horizon=-1":         "out of range 0 to 1000000",
		"pig:stop_at_zero=maybe": `option stop_at_zero="maybe": not true or false`,
		"pig:forced_stop=2":      `option forced_stop="2": not true or false`,
	} {
		if _, err := env.NewGame(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one mentioning %q", spec, err, want)
		}
	}
}

// TestOpenSpielRules: each option changes exactly its rule.
func TestOpenSpielRules(t *testing.T) {
	tests := []struct {
		spec, moves, want string // want: String()
		legal             string
		returns           [2]float64
		verdict           string
	}{
		// Stopping on a turn total of 0 passes the turn.
		{"pig:target=10,stop_at_zero=true", "", "p0 0, p1 0 (target 10); p0 to decide, turn total 0", "stop roll", [2]float64{}, "in play"},
		{"pig:target=10,stop_at_zero=true", "stop", "p0 0, p1 0 (target 10); p1 to decide, turn total 0", "stop roll", [2]float64{}, "in play"},
		// Once score and turn total reach the target, stop is forced...
		{"pig:target=10,forced_stop=true", "roll 6 roll 4", "p0 0, p1 0 (target 10); p0 to decide, turn total 10", "stop", [2]float64{}, "in play"},
		{"pig:target=10,forced_stop=true", "roll 6 roll 4 stop", "p0 10, p1 0 (target 10); p0 wins", "", [2]float64{1, -1}, "p0 wins"},
		// ...and without the option the player may roll on.
		{"pig:target=10", "roll 6 roll 4", "p0 0, p1 0 (target 10); p0 to decide, turn total 10", "stop roll", [2]float64{}, "in play"},
		// The horizon counts rolls and stops; at it the game is a draw, even
		// with a roll pending, and a win on the last decision still counts.
		{"pig:target=10,horizon=3", "roll 2 roll 3 stop", "p0 5, p1 0 (target 10); a draw after 3 decisions", "", [2]float64{}, "draw"},
		{"pig:target=10,horizon=3", "roll 2 stop roll", "p0 2, p1 0 (target 10); a draw after 3 decisions", "", [2]float64{}, "draw"},
		{"pig:target=10,horizon=3", "roll 6 roll 6 stop", "p0 12, p1 0 (target 10); p0 wins", "", [2]float64{1, -1}, "p0 wins"},
		{"pig:target=10,horizon=3", "roll 2 roll 1", "p0 0, p1 0 (target 10); p1 to decide, turn total 0", "roll", [2]float64{}, "in play"}, // dice are not decisions
	}
	for _, tt := range tests {
		t.Run(tt.spec+"/"+tt.moves, func(t *testing.T) {
			s := play(t, mustGame(t, tt.spec), tt.moves)
			if got := s.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
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
			if s.IsTerminal() && s.Winner() < 0 && (s.CurrentPlayer() != env.Terminal || !s.Observe(0).(pig.View).Drawn) {
				t.Errorf("a draw not shown as finished and drawn")
			}
		})
	}
}

func TestOpenSpielUnmarshalRejects(t *testing.T) {
	g := mustGame(t, "pig:target=10,forced_stop=true,horizon=5")
	const ok = `{"options":"die=6,forced_stop=true,horizon=5,target=10","scores":[4,0],"turn_total":3,"player":1,"chance":false,"winner":-1,"decisions":3}`
	if _, err := g.UnmarshalState([]byte(ok)); err != nil {
		t.Fatalf("valid state rejected: %v", err)
	}
	for _, tt := range []struct{ name, data, wantErr string }{
		{"no decisions", strings.Replace(ok, `,"decisions":3`, ``, 1), `missing "decisions"`},
		{"past horizon", strings.Replace(ok, `"decisions":3`, `"decisions":6`, 1), "6 decisions"},
		{"in play at horizon", strings.Replace(ok, `"decisions":3`, `"decisions":5`, 1), "in play after 5"},
		{"draw early", strings.Replace(ok, `"winner":-1`, `"winner":2`, 1), "a draw after 3 decisions"},
		{"draw rolling", strings.Replace(strings.Replace(strings.Replace(ok, `"winner":-1`, `"winner":2`, 1), `"decisions":3`, `"decisions":5`, 1), `"chance":false`, `"chance":true`, 1), "roll pending"},
		{"roll past target", strings.Replace(strings.Replace(ok, `"turn_total":3`, `"turn_total":10`, 1), `"chance":false`, `"chance":true`, 1), "force a stop"},
	} {
		if _, err := g.UnmarshalState([]byte(tt.data)); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.wantErr)
		}
	}
	plain := mustGame(t, "pig:target=10")
	const extra = `{"options":"die=6,target=10","scores":[4,0],"turn_total":3,"player":1,"chance":false,"winner":-1,"decisions":3}`
	if _, err := plain.UnmarshalState([]byte(extra)); err == nil || !strings.Contains(err.Error(), "no horizon") {
		t.Errorf("decisions in a game without a horizon: error %v", err)
	}
}

func FuzzUnmarshalOpenSpielState(f *testing.F) {
	g := mustGame(f, "pig:target=10,die=4,stop_at_zero=true,forced_stop=true,horizon=6")
	for _, moves := range [][]env.Action{nil, {pig.Stop, pig.Roll}, {pig.Roll, pig.RollFace + 3, pig.Roll, pig.RollFace + 3, pig.Roll, pig.RollFace + 2}, {pig.Stop, pig.Stop, pig.Stop, pig.Stop, pig.Stop, pig.Stop}} {
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
