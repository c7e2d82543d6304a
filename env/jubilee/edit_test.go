package jubilee

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

var _ env.Editor = (*State)(nil)

// TestEditRandomCorrections plays random games with random hand edits
// among the steps: a refused edit leaves the state as it was and says why
// in a line, a taken one keeps every invariant of random play, and the
// game still plays to its end.
func TestEditRandomCorrections(t *testing.T) {
	g := mustGame(DefaultOptions())
	d := g.data
	verbs := []string{"steps 1", "steps 2", "steps 3", "steps 4", "disrupted", "undisrupted", "eliminated", "at", "revealed",
		"depth revealed", "depth eliminated", "destroyed", "asleep"}
	envtest.CheckRandomEdits(t, rand.New(rand.NewPCG(2026, 25)), envtest.RandomEdits{
		Games:    60,
		NewState: func(i int) env.State { return g.newState(uint64(i)) },
		Command: func(_ env.State, rng *rand.Rand) string {
			var who string
			switch rng.IntN(3) {
			case 0:
				who = d.CW[rng.IntN(len(d.CW))].Name
			case 1:
				who = d.German[rng.IntN(len(d.German))].Name
			default:
				who = d.Hexes[d.Positions[rng.IntN(len(d.Positions))].Hex].ID
			}
			cmd := "set " + who + " " + verbs[rng.IntN(len(verbs))]
			if strings.HasSuffix(cmd, " at") {
				cmd += " " + d.Hexes[rng.IntN(len(d.Hexes))].ID
			}
			return cmd
		},
		Invariant: func(s env.State) error { return invariants(s.(*State)) },
		Min:       100,
	})
}

// editScene is the action phase with an Essex company and two German
// units on the Dieppe map, one with a face-down depth marker.
func editScene(t *testing.T) *State {
	s := empty(t, DefaultOptions())
	putCW(t, s, "Essex A", "0419")
	putCW(t, s, "Essex B", "0418")
	putCW(t, s, "3 Cdo 1", "0420")
	g := putG(t, s, "571 7th coy", "0719")
	giveDepth(s, g, 14, false)
	putG(t, s, "Coastal det. 2", "0620")
	s.elimSteps = 0
	for u, c := range s.data().CW { // the steps of the counters not in play
		if s.cwSt[u] != cwMap {
			s.cwSt[u], s.cwSteps[u] = cwElim, 0
			s.elimSteps += int16(c.MaxSteps)
		}
	}
	s.elim3 = 0
	for u, c := range s.data().CW {
		if s.cwSt[u] == cwElim && c.Type == Infantry {
			s.elim3++
		}
	}
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEditSetsWhatThePlayerCorrects: the commands a person types after a
// die whose printed result differs, each seen in the position.
func TestEditSetsWhatThePlayerCorrects(t *testing.T) {
	s := editScene(t)
	for _, step := range []struct{ cmd, want string }{
		{"set Essex A steps 2", "Commonwealth Essex A 2 steps @0419"},
		{"set 3 Cdo 1 steps 1", "Commonwealth 3 Cdo 1 1 steps @0420"},
		{"set essex a disrupted", "Commonwealth Essex A 2 steps, disrupted @0419"},
		{"set Essex A undisrupted", "Commonwealth Essex A 2 steps @0419"},
		{"set Essex A steps 3", "Commonwealth Essex A 3 steps @0419"},
		{"set Essex A at 0519", "Commonwealth Essex A 3 steps @0519"},
		{"set Essex B steps 1", "Commonwealth Essex B 1 steps @0418"},
		{"set 0719 revealed", "German 571 7th coy 3 + depth ? @0719"},
		{"set 571 7th coy depth revealed", "German 571 7th coy 3 + depth 2 @0719"},
		{"set 0719 disrupted", "German 571 7th coy 3 + depth 2, disrupted @0719"},
		{"set 571 7th coy undisrupted", "German 571 7th coy 3 + depth 2 @0719"},
		{"set 0719 depth eliminated", "German 571 7th coy 3 @0719"},
	} {
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if !strings.Contains(s.String(), step.want) {
			t.Fatalf("after %q the position lacks %q:\n%s", step.cmd, step.want, s)
		}
	}
	// Elimination and the Objective Destroyed marker, in the narration.
	for _, step := range []struct{ cmd, want string }{
		{"set 0620 eliminated", "German unit in 0620 eliminated"},
		{"set Essex B eliminated", "Essex B: 0418 to eliminated"},
		{"set 0719 eliminated", "571 7th coy in 0719 eliminated"},
	} {
		before := *s
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if n := s.Narrate(&before, aPass); !strings.Contains(n, step.want) {
			t.Fatalf("after %q the narration %q lacks %q", step.cmd, n, step.want)
		}
	}
	vpHex := ""
	for _, pos := range s.data().Positions {
		if pos.VP > 0 {
			vpHex = s.data().Hexes[pos.Hex].ID
			break
		}
	}
	if err := s.Edit("set " + vpHex + " destroyed"); err != nil || s.vp == 0 || invariants(s) != nil {
		t.Fatalf("set %s destroyed: %v, VP %d, %v", vpHex, err, s.vp, invariants(s))
	}
}

// TestEditRefusesWithALine: a wrong command names what is wrong and
// leaves the state as it was.
func TestEditRefusesWithALine(t *testing.T) {
	s := editScene(t)
	envtest.CheckRefusedEdits(t, s, []envtest.RefusedEdit{
		{"Essex A disrupted", "begins with"},
		{"set Nobody disrupted", `no CW unit, face-up German unit or hex named "Nobody"`},
		{"set 571 7th coy revealed", "no CW unit, face-up German unit"},
		{"set Essex A asleep", "steps N, disrupted"},
		{"set Essex A steps 4", "1 to 3 steps"},
		{"set Essex A steps 0", "set it eliminated"},
		{"set Essex A steps x", "not \"x\""},
		{"set Essex A at 9999", `no hex "9999"`},
		{"set Essex A at 0719", "holds a German unit"},
		{"set Essex A at 0319", "sea"},
		{"set Essex A at 1706", "on the Dieppe map, hex 1706 on the Yellow map"},
		{"set 3 Cdo 2 disrupted", "3 Cdo 2 is not on the map or in a box (eliminated)"},
		{"set 0419 disrupted", "no German unit in 0419"},
		{"set 0620 depth revealed", "no depth marker"},
		{"set 0620 depth", "revealed, disrupted"},
		{"set 0620 destroyed", "no VP position"},
		{"set vp 12", "VP follow from the Objective Destroyed markers"},
	})

}

// TestEditRefusedMidAction: while a unit is choosing its action the
// state is not taken apart.
func TestEditRefusedMidAction(t *testing.T) {
	s := editScene(t)
	s.sel, s.dec = int8(cwNamed(t, s, "Essex A")), decVerb
	j0, _ := s.MarshalJSON()
	if err := s.Edit("set Essex B disrupted"); err == nil || !strings.Contains(err.Error(), "under way") {
		t.Fatalf("edit while Essex A chooses: %v", err)
	}
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		t.Fatal("refused but changed the state")
	}
	if len(s.EditExamples()) != 0 {
		t.Error("no examples while a unit chooses its action")
	}
}

// TestEditRoundTripsThroughJSON: an edited state saves and loads as it is.
func TestEditRoundTripsThroughJSON(t *testing.T) {
	s := editScene(t)
	for _, cmd := range []string{"set Essex A steps 1", "set 0719 depth revealed", "set Essex B disrupted", "set 0620 eliminated"} {
		if err := s.Edit(cmd); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	j, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.g.UnmarshalState(j)
	if err != nil {
		t.Fatal(err)
	}
	if j2, _ := r.MarshalJSON(); !bytes.Equal(j, j2) {
		t.Fatalf("round trip differs:\n%s\n%s", j, j2)
	}
	if ex := s.EditExamples(); len(ex) == 0 {
		t.Error("no examples in the action phase")
	}
}

// TestEditOverstackIsResolvedByTheRules: stacking may be exceeded during
// the action phase (10.14), so an edit may put a third unit in a hex; the
// end of the phase makes the player eliminate one (10.16).
func TestEditOverstackIsResolvedByTheRules(t *testing.T) {
	s := editScene(t)
	u := cwNamed(t, s, "Essex C")
	s.cwSt[u], s.cwAt[u], s.cwSteps[u], s.elimSteps, s.elim3 = cwMap, int16(hexID(t, s, "0519")), 3, s.elimSteps-3, s.elim3-1
	for _, cmd := range []string{"set Essex A at 0519", "set Essex B at 0519"} {
		if err := s.Edit(cmd); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	if n, _ := s.hexUnits(int16(hexID(t, s, "0519"))); n != 3 {
		t.Fatalf("%d units in 0519, want 3", n)
	}
	if err := s.Apply(aPass); err != nil {
		t.Fatal(err)
	}
	if s.dec != decStack || !strings.Contains(s.Prompt(), "0519") {
		t.Fatalf("the end of the action phase should ask which unit in 0519 to eliminate, not %q", s.Prompt())
	}
}

// TestEditExamplesApplyInPlay: along random games, every example of
// EditExamples is taken, changes the state and keeps the invariants; and
// the examples come at both moments edits are taken.
func TestEditExamplesApplyInPlay(t *testing.T) {
	g := mustGame(DefaultOptions())
	rng := rand.New(rand.NewPCG(2026, 26))
	var buf []env.Action
	atChit, atSelect := 0, 0
	for i := range 20 {
		s := g.newState(uint64(i))
		for !s.IsTerminal() {
			for _, cmd := range s.EditExamples() {
				c := *s
				if err := c.Edit(cmd); err != nil {
					t.Fatalf("game %d: example %q: %v", i, cmd, err)
				}
				if c == *s {
					t.Fatalf("game %d: example %q changed nothing", i, cmd)
				}
				if err := invariants(&c); err != nil {
					t.Fatalf("game %d after example %q: %v", i, cmd, err)
				}
				if s.roll == rollChit {
					atChit++
				} else {
					atSelect++
				}
			}
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if atChit == 0 || atSelect == 0 {
		t.Errorf("examples between chits %d, choosing a unit %d: want both", atChit, atSelect)
	}
}
