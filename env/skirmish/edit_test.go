package skirmish

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// figLine is the line of String about a figure or feature named name.
func figLine(s *State, name string) string {
	for _, l := range strings.Split(s.String(), "\n") {
		if t := strings.TrimSpace(l); strings.Contains(t, " "+name+" ") || strings.HasPrefix(t, name+":") {
			return t
		}
	}
	return ""
}

// TestEditSetsWhatTheTableSays: each command form, and its effect in the
// position's text.
func TestEditSetsWhatTheTableSays(t *testing.T) {
	s := mustGame(Options{Reactions: "sleepy"}).newState()
	if s.step != stepSelect || s.phase != phBritish {
		t.Fatalf("the game begins at %s", s.Prompt())
	}
	d := s.data()
	vp := s.VP()
	for _, step := range []struct{ cmd, name, want string }{
		{"set Chant eliminated", "Chant", "eliminated"},
		{"set chant not eliminated", "Chant", "at (31.3, 33)"},
		{"set Chant at Quay by the winding house", "Chant", "at (27.5, 29.7)"},
		{"set Chant at 28, 31.25", "Chant", "at (28, 31.25)"},
		{"set Chant at (29, 30)", "Chant", "at (29, 30)"},
		{"set Chant activated", "Chant", "at (29, 30) activated"},
		{"set Chant not activated", "Chant", "at (29, 30)"},
		{"set alarm raised", "VP", ""},
		{"set Mole searchlight lit", "Mole searchlight", "lit"},
		{"set Old Town post eliminated", "Old Town post", "eliminated"},
		{"set South winding house destroyed", "South winding house", "destroyed"},
		{"set Wire in the Old Town cut", "Wire in the Old Town", "cut"},
		{"set Wire on the east quay removed", "Wire on the east quay", "cut"},
		{"set Searchlight LS21 active", "Searchlight LS21", "lit"},
	} {
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if l := figLine(s, step.name); step.want != "" && !strings.HasSuffix(l, step.want) {
			t.Fatalf("after %q the line of %s is %q, want it to end %q:\n%s", step.cmd, step.name, l, step.want, s)
		}
	}
	if !strings.Contains(s.String(), "alarm raised") {
		t.Errorf("the alarm is not raised:\n%s", s)
	}
	if want := vp + d.Features[idx(t, s, "South winding house")].VP; s.VP() != want {
		t.Errorf("VP %d, want %d", s.VP(), want)
	}
	j, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.g.UnmarshalState(j)
	if err != nil {
		t.Fatalf("the edited state does not read back: %v", err)
	}
	if *r.(*State) != *s {
		t.Fatal("the edited state changes through JSON")
	}
	// And back: the alarm quiet darkens the searchlights (G2).
	for _, step := range []struct{ cmd, name, want string }{
		{"set Wire in the Old Town intact", "Wire in the Old Town", ""},
		{"set Wire on the east quay intact", "Wire on the east quay", ""},
		{"set South winding house intact", "South winding house", ""},
		{"set Old Town post not eliminated", "Old Town post", "at (13.8, 22.5)"},
		{"set Mole searchlight dark", "Mole searchlight", "at (5, 33)"},
		{"set alarm quiet", "VP", ""},
	} {
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if l := figLine(s, step.name); l != "" && !strings.HasSuffix(l, step.want) || l == "" && step.want != "" {
			t.Fatalf("after %q the line of %s is %q, want it to end %q:\n%s", step.cmd, step.name, l, step.want, s)
		}
	}
	if strings.HasSuffix(figLine(s, "Searchlight LS21"), "lit") {
		t.Errorf("a searchlight stays lit with the alarm quiet (G2):\n%s", s)
	}
	if s.VP() != vp || !strings.Contains(s.String(), "alarm quiet") {
		t.Errorf("after undoing by hand VP %d (want %d):\n%s", s.VP(), vp, s)
	}
}

// TestEditRefusals: a wrong command is a one-line error naming what is
// wrong, and the state is as it was.
func TestEditRefusals(t *testing.T) {
	s := mustGame(Options{Reactions: "sleepy"}).newState()
	check := func(s *State, cmd, want string) {
		t.Helper()
		before, _ := s.MarshalJSON()
		err := s.Edit(cmd)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line with %q", cmd, err, want)
		}
		if after, _ := s.MarshalJSON(); !bytes.Equal(before, after) {
			t.Errorf("%q, refused, changed the state", cmd)
		}
	}
	for _, bad := range []struct{ cmd, want string }{
		{"Chant eliminated", "begins with"},
		{"set vp 3", "VP follow from the figures"},
		{"set Nobody eliminated", `"Nobody eliminated" begins with no figure or feature`},
		{"set Chant", `"Chant" begins with no figure or feature followed by what to set`},
		{"set Chant asleep", `not "asleep"`},
		{"set Chant at Atlantis", `no feature "Atlantis", nor a place X, Y`},
		{"set Chant at 100, 3", "(100, 3) is off the table"},
		{"set Chant at 23, 25", "(23, 25) is off the table or in a building"},
		{"set Chant at 32, 20", "in a building or the water"},
		{"set Chant not eliminated", "Chant is not eliminated"},
		{"set Newman eliminated", "Newman is not on the table yet"},
		{"set Old Mole blockhouse at 10, 10", "Old Mole blockhouse is a fixed emplacement"},
		{"set Chant lit", "Chant is no searchlight"},
		{"set Mole searchlight lit", "dark while the alarm is quiet"},
		{"set Mole searchlight dark", "already so"},
		{"set Bridge G destroyed", "Bridge G is a waypoint"},
		{"set Pumping station cut", "a target may be set destroyed or intact"},
		{"set alarm loud", "raised or quiet"},
	} {
		check(s, bad.cmd, bad.want)
	}
	play(t, s, "activate Chant")
	check(s, "set Chant eliminated", "Chant is acting now (activation roll for Chant")
	// The activation die hangs on no one else.
	if err := s.Edit("set Roy activated"); err != nil || s.f[idx(t, s, "Roy")].fl&flDone == 0 {
		t.Errorf("set Roy activated at Chant's activation die: %v", err)
	}
}

// TestEditEndsTheGameWithoutCommandos: the last commando set eliminated
// ends the game, as the turn sequence would.
func TestEditEndsTheGameWithoutCommandos(t *testing.T) {
	s := mustGame(Options{Reactions: "sleepy", Turns: 1}).newState()
	for i, fd := range s.data().Figures {
		if fd.Side == British && s.on(i) {
			if err := s.Edit("set " + fd.Name + " eliminated"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !s.IsTerminal() {
		t.Fatalf("no commando left, but the game goes on:\n%s", s)
	}
}

// TestEditRandomCorrections plays random games with random hand edits
// among the steps: a refused edit leaves the state as it was, a taken one
// keeps every invariant and round-trips through JSON, and the game plays
// on to its end.
func TestEditRandomCorrections(t *testing.T) {
	verbs := []string{"eliminated", "not eliminated", "activated", "not activated", "lit", "dark", "at",
		"destroyed", "intact", "cut"}
	envtest.CheckRandomEdits(t, rand.New(rand.NewPCG(2026, 25)), envtest.RandomEdits{
		Games: 200,
		NewState: func(k int) env.State {
			return mustGame(Options{Reactions: []string{"sleepy", "alert"}[k%2], Seat: k%4 >= 2}).newState()
		},
		Tries: func(_ env.State, rng *rand.Rand) int { return rng.IntN(2) },
		Command: func(s env.State, rng *rand.Rand) string {
			d := s.(*State).data()
			var cmd string
			switch rng.IntN(4) {
			case 0:
				cmd = "set alarm " + []string{"raised", "quiet"}[rng.IntN(2)]
			case 1:
				cmd = "set " + d.Features[rng.IntN(len(d.Features))].Name + " " + verbs[rng.IntN(len(verbs))]
			default:
				cmd = "set " + d.Figures[rng.IntN(len(d.Figures))].Name + " " + verbs[rng.IntN(len(verbs))]
			}
			if strings.HasSuffix(cmd, " at") {
				if rng.IntN(2) == 0 {
					cmd += " " + d.Features[rng.IntN(len(d.Features))].Name
				} else {
					cmd += fmt.Sprintf(" %d, %d", rng.IntN(50), rng.IntN(38))
				}
			}
			return cmd
		},
		Invariant: func(s env.State) error { return invariants(s.(*State)) },
		Min:       100,
	})
}

// TestEditWaitsForTheShot: while a shot is resolved nothing is set, for
// its dice were asked for on the table as it stood.
func TestEditWaitsForTheShot(t *testing.T) {
	d := table(t, "", "", figure("Roy", "British", "assault", 10, 10, "")+","+
		figure("Tommy", "British", "assault", 10, 20, "")+","+figure("Hans", "German", "infantry", 20, 10, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 6", "shoot Hans")
	if s.step != dieHit {
		t.Fatalf("no hit die: %s", s.Prompt())
	}
	before, _ := s.MarshalJSON()
	err := s.Edit("set Tommy at 12, 20")
	if err == nil || !strings.Contains(err.Error(), "Roy shoots at Hans: 4+ hits") || !strings.Contains(err.Error(), "is under way: enter its dice") {
		t.Errorf("set at a hit die: %v", err)
	}
	if after, _ := s.MarshalJSON(); !bytes.Equal(before, after) {
		t.Error("refused, but changed the state")
	}
}
