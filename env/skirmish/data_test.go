package skirmish

import (
	"os"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestDefaultScenario(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	if d.W != 48*Inch || d.H != 36*Inch || d.Turns != 8 || d.targetVP != 15 || d.power < 0 {
		t.Fatalf("table %dx%d, %d turns, %d target VP", d.W, d.H, d.Turns, d.targetVP)
	}
	// Nobody starts within 6" of an enemy, except Hodgson at the Old Mole
	// (the blockhouse he was sent to take) and whoever lands by it.
	s := Default().newState()
	for i := range s.nf() {
		if s.on(i) && s.side(i) == British && s.closeMask(i) != 0 {
			t.Errorf("%s lands within 6\" of an enemy", d.Figures[i].Name)
		}
	}
}

func TestScenarioErrors(t *testing.T) {
	good := string(defaultJSON)
	cases := map[string]string{
		`"width": 48`:                            `"width": 48.123`,
		`"kind": "water"`:                        `"kind": "lava"`,
		`"building": "Pumping station", "vp": 4`: `"building": "Nowhere", "vp": 4`,
		`"at": [7.5,35.2]`:                       `"at": [33,10]`,
		`"facing": [1,1]`:                        `"facing": [0,0]`,
		`"name": "Roy"`:                          `"name": "Chant"`,
		`"source": "reconstructed", "why": "the river along the south of the port"`: `"source": "guess"`,
	}
	for from, to := range cases {
		if !strings.Contains(good, from) {
			t.Fatalf("test vector %q not in the scenario", from)
		}
		_, err := ParseData([]byte(strings.Replace(good, from, to, 1)))
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: want a one-line error, got %v", to, err)
		}
	}
}

func TestFixedPointInches(t *testing.T) {
	for _, c := range []struct {
		s string
		h int64
	}{{"12", 1200}, {"12.5", 1250}, {"0.05", 5}, {"-3.25", -325}, {"0", 0}} {
		h, err := parseInches(c.s)
		if err != nil || h != c.h || fmtInches(h) != c.s {
			t.Errorf("%s: %d %v, back %q", c.s, h, err, fmtInches(h))
		}
	}
	for _, bad := range []string{"", "1.234", ".5", "x", "1e3", "--1"} {
		if _, err := parseInches(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for n := int64(0); n < 5000; n += 7 {
		r := isqrt(n)
		if r*r > n || (r+1)*(r+1) <= n {
			t.Fatalf("isqrt(%d) = %d", n, r)
		}
	}
}

// TestVictory_TurnLimitAndCapture: at the turn limit the game ends and
// commandos left on the table are captured (-1 each, authored victory).
func TestVictory_TurnLimitAndCapture(t *testing.T) {
	s := mustGame(Options{Reactions: "sleepy", Turns: 1}).newState()
	if s.VP() != 0 {
		t.Fatalf("VP %d at the start", s.VP())
	}
	play(t, s, "end", "roll 1")
	if !s.IsTerminal() || s.VP() != -7 || s.Verdict() != "failure" {
		t.Fatalf("after one turn: terminal %v, VP %d (%s); want -7: seven commandos captured", s.IsTerminal(), s.VP(), s.Verdict())
	}
	if m, _ := s.Score().Metric("commandos_lost"); m != 7 {
		t.Fatalf("commandos_lost %v", m)
	}
}

// TestVictory_ExitScores: a commando at an exit edge from the exit turn
// leaves and scores.
func TestVictory_ExitScores(t *testing.T) {
	exit := `{"name":"edge","kind":"exit","at":[0.6,18],"from":[0,15],"to":[0,21],"source":"reconstructed"}`
	d := table(t, "", exit, figure("Roy", "British", "assault", 0.6, 18, "")+","+figure("Chant", "British", "demolition", 20, 18, "")+","+
		figure("Hans", "German", "infantry", 40, 3, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 1", "exit")
	if s.VP() != 1 || s.f[0].st != stOut {
		t.Fatalf("VP %d after an exit", s.VP())
	}
}

// TestDataOption loads a table from a file with data=FILE and rebuilds the
// game from its options.
func TestDataOption(t *testing.T) {
	path := t.TempDir() + "/table.json"
	if err := os.WriteFile(path, []byte(strings.Replace(string(defaultJSON), `"turns": 8`, `"turns": 5`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := env.NewGame("skirmish:data=" + path)
	if err != nil {
		t.Fatal(err)
	}
	if g.(*Game).turns != 5 || !strings.Contains(g.Options(), "data="+path) {
		t.Fatalf("turns %d, options %s", g.(*Game).turns, g.Options())
	}
	if _, err := env.NewGame("skirmish:data=/nonexistent.json"); err == nil {
		t.Fatal("a missing file was accepted")
	}
	if _, err := env.NewGame("skirmish:reactions=drowsy"); err == nil {
		t.Fatal("an unknown reaction set was accepted")
	}
}
