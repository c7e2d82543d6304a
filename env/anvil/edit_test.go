package anvil

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
	verbs := []string{"reduced", "full", "disorganized", "good order", "eliminated", "at", "Allied", "German", "FFI fighters",
		"fortification 0", "fortification 3", "fortification 9", "asleep"}
	gs := []*Game{Default(), mustGame(t, "scenario=2"), mustGame(t, "scenario=3,combat_groups=true")}
	envtest.CheckRandomEdits(t, rand.New(rand.NewPCG(2026, 25)), envtest.RandomEdits{
		Games:    30,
		NewState: func(i int) env.State { return gs[i%len(gs)].newState() },
		// Edits are taken between activations, where random play passes
		// quickly: try up to four there each time, elsewhere now and then.
		Tries: func(s env.State, rng *rand.Rand) int {
			if s.(*State).editable() || rng.IntN(8) == 0 {
				return 1 + rng.IntN(4)
			}
			return 0
		},
		Command: func(s env.State, rng *rand.Rand) string {
			d := s.(*State).data()
			who := d.Units[rng.IntN(len(d.Units))].Name
			if rng.IntN(3) == 0 {
				who = d.Areas[rng.IntN(len(d.Areas))].ID
			}
			cmd := "set " + who + " " + verbs[rng.IntN(len(verbs))]
			if strings.HasSuffix(cmd, " at") {
				cmd += " " + d.Areas[rng.IntN(len(d.Areas))].ID
			}
			return cmd
		},
		Invariant: func(s env.State) error { return invariants(s.(*State)) },
		Min:       100,
	})
}

// editScene: the Allied impulse with two US regiments and the corps
// artillery ashore, a German mountain regiment at Grenoble, Cepet in
// Toulon and the armoured train at Arles.
func editScene(t *testing.T) *State {
	s := blank(t)
	allied(t, s, "01", "04")
	put(t, s, "01", "7IR/3US", "VI Corps Arty")
	put(t, s, "04", "15IR/3US")
	put(t, s, "23", "7RGeR/157RD")
	put(t, s, "09", "Cepet")
	put(t, s, "26", "EAA640")
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEditSetsWhatThePlayerCorrects: the commands a person types after a
// die whose printed result differs, each seen in the position or its
// account.
func TestEditSetsWhatThePlayerCorrects(t *testing.T) {
	s := editScene(t)
	for _, step := range []struct{ cmd, want string }{
		{"set 7IR/3US reduced", "7IR/3US 4"},
		{"set 7ir/3us full", "7IR/3US 8"},
		{"set 7IR/3US disorganized", "7IR/3US 8 (D)"},
		{"set 15IR/3US at 07", "07 Le Muy, Argens valley [Allied]: 15IR/3US 8"},
		{"set 09 Toulon fortification 3", "09 Toulon [German, fortification 3]"},
		{"set Cepet reduced", "Cepet (D)"},
	} {
		before := *s
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if step.cmd == "set Cepet reduced" { // a CD shows no strength: its step is in the JSON
			if s.steps[unit(t, s, "Cepet")] != 1 || before.steps[unit(t, s, "Cepet")] != 2 {
				t.Fatal("Cepet not flipped")
			}
			continue
		}
		if !strings.Contains(s.String(), step.want) {
			t.Fatalf("after %q the position lacks %q:\n%s", step.cmd, step.want, s)
		}
	}
	for _, step := range []struct{ cmd, want string }{
		{"set 7IR/3US good order", "Disorganized markers off"},
		{"set 20 Allied", "20 Gap now Allied-controlled"},
		{"set Gap German", "20 Gap now German-controlled"},
		{"set 20 Gap FFI fighters", "FFI fighters in 20 Gap"},
		{"set 7RGeR/157RD eliminated", "7RGeR/157RD eliminated"},
		{"set 7RGeR/157RD eliminated", ""},
		// The corps artillery alone would be eliminated (1.3.2).
		{"set 7IR/3US eliminated", "VI Corps Arty eliminated"},
		{"set 15IR/3US at Brignoles", "15IR/3US moves to 08 Brignoles"},
		{"set EAA640 at 25", "EAA640 moves to 25 Avignon"},
	} {
		before := *s
		err := s.Edit(step.cmd)
		if step.want == "" { // eliminated already: not on the map
			if err == nil || !strings.Contains(err.Error(), "not on the map (eliminated)") {
				t.Fatalf("%s: %v", step.cmd, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if n := s.Narrate(&before, aPass); !strings.Contains(n, step.want) {
			t.Fatalf("after %q the account %q lacks %q", step.cmd, n, step.want)
		}
	}
	if a, _ := s.VP(); a != 2 { // the German regiment's two steps
		t.Errorf("Allied VP %d, want 2", a)
	}
}

// TestEditRefusesWithALine: a wrong command names what is wrong in the
// game's words and leaves the state as it was.
func TestEditRefusesWithALine(t *testing.T) {
	s := editScene(t)
	envtest.CheckRefusedEdits(t, s, []envtest.RefusedEdit{
		{"7IR/3US reduced", "begins with"},
		{"set Nobody reduced", `no unit or area named "Nobody"`},
		{"set 7IR/3US asleep", "reduced, full, disorganized, good order"},
		{"set 7IR/3US at Atlantis", `no area "Atlantis"`},
		{"set VI Corps Arty reduced", "VI Corps Arty has one step"},
		{"set 7RTA/3DIA reduced", "7RTA/3DIA is not on the map (not yet arrived)"},
		{"set Cepet at 10", "Cepet is a CD unit: it never moves (1.3.3)"},
		{"set EAA640 at 23", "coastal areas and along the Rhone, not in 23 Grenoble"},
		{"set 09 Allied", "09 Toulon has fortification level 8"},
		{"set 10 FFI fighters", "German while levels remain"},
		{"set 01 fortification 2", "01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime) has no fortification track"},
		{"set 09 fortification 12", "fortification levels 0 to 8, not \"12\""},
		{"set 01 fortification 1", "no fortification track"},
		{"set 23 Allied", "only German units stand in 23 Grenoble"},
		{"set 01 German", "only Allied units stand in 01"},
		{"set 01 sunny", "Allied, German, FFI fighters or fortification N"},
		{"set vp 3", "VP follow from the steps lost and the areas controlled"},
	})

	// The Allies must keep something to activate in their impulse.
	if err := s.Edit("set 15IR/3US disorganized"); err != nil {
		t.Fatal(err)
	}
	j0, _ := s.MarshalJSON()
	if err := s.Edit("set 7IR/3US disorganized"); err == nil || !strings.Contains(err.Error(), "Allied impulse with nothing to activate") {
		t.Errorf("disorganizing the last Allied unit in Good Order: %v", err)
	}
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		t.Error("refused but changed the state")
	}
}

// TestEditRefusedMidActivation: while an activation's units are chosen,
// the state is not taken apart.
func TestEditRefusedMidActivation(t *testing.T) {
	s := editScene(t)
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 7IR/3US")
	j0, _ := s.MarshalJSON()
	if err := s.Edit("set 15IR/3US reduced"); err == nil || !strings.Contains(err.Error(), "set it between activations") {
		t.Fatalf("edit mid-activation: %v", err)
	}
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		t.Fatal("refused but changed the state")
	}
	if len(s.EditExamples()) != 0 {
		t.Error("no examples mid-activation")
	}
}

// TestEditRoundTripsThroughJSON: an edited state saves and loads as it is.
func TestEditRoundTripsThroughJSON(t *testing.T) {
	s := editScene(t)
	for _, cmd := range []string{"set 7IR/3US reduced", "set 15IR/3US at 07", "set 20 FFI fighters", "set 09 fortification 2", "set 7RGeR/157RD disorganized"} {
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
	if *r.(*State) != *s {
		t.Fatal("the loaded state differs from the edited one")
	}
}

// TestEditExamplesApplyInPlay: along random games, every example of
// EditExamples is taken, changes the state and keeps the invariants.
func TestEditExamplesApplyInPlay(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(2026, 26))
	var buf []env.Action
	n := 0
	for i := range 5 {
		s := g.newState()
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
				n++
			}
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n == 0 {
		t.Error("no example in five games")
	}
}

// TestEditableAfterCombat: once a combat is over, the next impulse takes
// edits again (its participants were never cleared, so every edit of the
// rest of the game was refused as mid-activation).
func TestEditableAfterCombat(t *testing.T) {
	g := Default()
	for seed := uint64(1); seed <= 5; seed++ {
		st := g.NewInitialState(seed).(*State)
		r := rand.New(rand.NewPCG(seed, 1))
		fought, checked := false, 0
		for !st.IsTerminal() && checked < 20 {
			if st.roll == rollCombat {
				fought = true
			}
			if fought && st.dec == decImpulse && st.roll == rollNone && st.sel.empty() && st.act.empty() && st.moving.empty() {
				checked++
				if !st.editable() {
					t.Fatalf("seed %d: at an impulse after a combat, %q, edits are refused", seed, st.Prompt())
				}
			}
			legal := st.LegalActions(nil)
			a := legal[r.IntN(len(legal))]
			if st.CurrentPlayer() == env.Chance {
				a = env.SampleChance(st.ChanceOutcomes(nil), r)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if !fought || checked == 0 {
			t.Errorf("seed %d: no impulse after a combat to check (fought %v)", seed, fought)
		}
	}
}
