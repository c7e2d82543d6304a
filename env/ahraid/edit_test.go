package ahraid

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// editScene is turn 5, step 11: Roy (deciding) in 336, Smalley in 337,
// German unit G1 of strength 4 in 366, the boats where the set-up put them.
func editScene(t *testing.T) *State {
	t.Helper()
	d := Default().data
	s := at(5, stepCdoMove, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("336"))
		s.UStat[3], s.UWhere[3] = uAshore, int8(d.AreaIndex("337"))
		s.GArea[0], s.GStr[0] = int8(d.AreaIndex("366")), 4
	})
	if s.Dec != decCdoMove || s.Cursor != 0 {
		t.Fatalf("the scene asks %s, want Roy's move", s.Prompt())
	}
	return s
}

// line is the line of String that begins with name, after the indent.
func line(s *State, name string) string {
	for _, l := range strings.Split(s.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), name+" ") {
			return l
		}
	}
	return ""
}

// TestEditSetsWhatThePrintedTableSays: each command form, and its effect
// in the position's text or its narration.
func TestEditSetsWhatThePrintedTableSays(t *testing.T) {
	s := editScene(t)
	vp := s.VP()
	for _, step := range []struct{ cmd, name, want string }{
		{"set ML 192 fire", "ML 192", "(fire)"},
		{"set ML 192 burning", "ML 192", "(burning)"},
		{"set ML 192 dead in the water", "ML 192", "(burning, dead in the water)"},
		{"set ML 192 evading", "ML 192", "evading"},
		{"set ML 192 turned away", "ML 192", "turned away"},
		{"set ML 192 undamaged", "ML 192", "aboard 1"},
		{"set ML 192 in B", "ML 192", " B "},
		{"set ML 192 in Avant-Port", "ML 192", " AP "},
		{"set ML 192 sunk", "ML 192", "sunk"},
		{"set ML 192 afloat", "ML 192", "afloat"},
		{"set Smalley strength 1", "Smalley", "str 1"},
		{"set smalley at 366", "Smalley", "ashore     366"},
		{"set Smalley eliminated", "Smalley", "eliminated"},
		{"set Smalley at 336", "Smalley", "ashore     336  str 1"},
		{"set G1 strength 2", "G1", "366 str 2"},
		{"set G1 at 337", "G1", "337 str 2"},
		{"set M60 broken", "M60", "broken"},
		{"set M60 out of action", "M60", "out_of_action"},
		{"set Tower red destroyed", "Tower red", "destroyed"},
		{"set Pumping station destroyed", "Pumping station", "destroyed"},
		{"set Pumping station damaged", "Pumping station", "damaged"},
	} {
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if err := invariants(s); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if l := line(s, step.name); !strings.Contains(l, step.want) {
			t.Fatalf("after %q the line of %s is %q, want %q in it:\n%s", step.cmd, step.name, l, step.want, s)
		}
	}
	// Ammunition is not in the position's text: read it from the state.
	for _, cmd := range []string{"set Roderick grenades 1", "set Chant charges 0"} {
		if err := s.Edit(cmd); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	if r, c := s.data().UnitIndex("Roderick"), s.data().UnitIndex("Chant"); s.UGren[r] != 1 || s.UChg[c] != 0 {
		t.Errorf("Roderick has %d grenades, Chant %d charges; want 1 and 0", s.UGren[r], s.UChg[c])
	}
	if want := vp + float64(s.data().Guns[s.data().GunIndex("Tower red")].VP) + float64(s.data().Objectives[1].VP)/2; s.VP() != want {
		t.Errorf("VP %g after a tower destroyed and the pumping station damaged, want %g", s.VP(), want)
	}
	// Narrated: the ML's sinking puts its party in the water; the power
	// station darkens the searchlights.
	for _, step := range []struct{ cmd, want string }{
		{"set Burn strength 2", "Burn loses 2 strength (now 2)"},
		{"set Power station 'Z' damaged", "searchlights go dark"},
		{"set searchlights lit", "searchlights relit"},
		{"set G1 eliminated", "German unit G1 in 337 is eliminated"},
	} {
		before := *s
		if err := s.Edit(step.cmd); err != nil {
			t.Fatalf("%s: %v", step.cmd, err)
		}
		if n := s.Narrate(&before, ActPass); !strings.Contains(n, step.want) {
			t.Fatalf("after %q the narration lacks %q:\n%s", step.cmd, step.want, n)
		}
	}
	j, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.g.UnmarshalState(j)
	if err != nil {
		t.Fatalf("the edited state does not read back: %v", err)
	}
	if j2, _ := r.MarshalJSON(); !bytes.Equal(j, j2) {
		t.Fatal("the edited state changes through JSON")
	}
}

// TestEditRefusals: a wrong command is a one-line error naming what is
// wrong, and the state is as it was.
func TestEditRefusals(t *testing.T) {
	s := editScene(t)
	envtest.CheckRefusedEdits(t, s, []envtest.RefusedEdit{
		{"Smalley strength 2", "begins with"},
		{"set vp 70", "VP follow from the pieces"},
		{"set Nobody strength 2", `"Nobody strength 2" begins with no boat, commando`},
		{"set Smalley", `"Smalley" begins with no boat`},
		{"set Smalley asleep", "strength N, grenades N, charges N, eliminated or at AREA"},
		{"set Smalley charges 9", "Smalley's charges are 0 to"},
		{"set Smalley grenades x", "Smalley's grenades are 0 to"},
		{"set Smalley strength 3", "1 to 2 (its printed strength)"},
		{"set Smalley strength 0", "set it eliminated"},
		{"set Smalley at 999", `no area "999"`},
		{"set Roy strength 2", "Roy is deciding now"},
		{"set Burn at 336", "Burn is aboard ML 192: it goes ashore by landing"},
		{"set ML 192 in Atlantis", `no sea zone "Atlantis"`},
		{"set ML 192 in ENG", "reaches England by sailing"},
		{"set ML 192 in LC", "ram"},
		{"set ML 192 afloat", "ML 192 is not sunk"},
		{"set ML 192 holed", "fire, burning"},
		{"set G9 strength 2", "no German unit G9 on the map"},
		{"set G1 strength 7", "1 to 6"},
		{"set M60 wobbly", "ok, broken, out of action or destroyed"},
		{"set M60 ok", "already so"},
		{"set Pumping station gone", "intact, damaged or destroyed"},
		{"set searchlights blue", "lit or dark"},
	})

	// A die is entered before what it is read against is set; the rest
	// may be set meanwhile.
	p := at(2, stepRepair, func(s *State) { s.KStat[2] = kBroken })
	if p.Roll == rollNone {
		t.Fatal("no repair die")
	}
	for _, cmd := range []string{"set M60 ok", "set Mindin flak broken", "set searchlights dark"} {
		check := "a die of step 1 repair of guns and searchlights is pending (repair of M60"
		if err := p.Edit(cmd); err == nil || !strings.Contains(err.Error(), check) {
			t.Errorf("%q at the repair die: %v, want %q", cmd, err, check)
		}
	}
	if err := p.Edit("set Smalley strength 1"); err != nil || p.UStr[3] != 1 {
		t.Errorf("set Smalley strength 1 at the repair die: %v", err)
	}
}

// TestEditRandomCorrections plays random games with random hand edits
// among the steps: a refused edit leaves the state as it was, a taken one
// keeps every invariant of random play, and the game plays on to its end.
func TestEditRandomCorrections(t *testing.T) {
	g := Default()
	d := g.data
	verbs := []string{"fire", "burning", "undamaged", "sunk", "afloat", "in", "strength", "eliminated", "at", "grenades 0", "charges 1",
		"ok", "broken", "destroyed", "intact", "damaged"}
	envtest.CheckRandomEdits(t, rand.New(rand.NewPCG(2026, 25)), envtest.RandomEdits{
		Games:    60,
		NewState: func(int) env.State { return g.newState() },
		Command: func(_ env.State, rng *rand.Rand) string {
			var who string
			switch rng.IntN(5) {
			case 0:
				who = d.Boats[rng.IntN(len(d.Boats))].Name
			case 1:
				who = d.Commandos[rng.IntN(len(d.Commandos))].Name
			case 2:
				who = "G" + string(rune('1'+rng.IntN(9)))
			case 3:
				who = d.Guns[rng.IntN(len(d.Guns))].Name
			default:
				who = d.Objectives[rng.IntN(len(d.Objectives))].Name
			}
			cmd := "set " + who + " " + verbs[rng.IntN(len(verbs))]
			switch {
			case strings.HasSuffix(cmd, " in"):
				cmd += " " + d.Zones[rng.IntN(len(d.Zones))].ID
			case strings.HasSuffix(cmd, " at"):
				cmd += " " + d.Areas[rng.IntN(len(d.Areas))].ID
			case strings.HasSuffix(cmd, " strength"):
				cmd += " " + string(rune('0'+rng.IntN(7)))
			}
			return cmd
		},
		Invariant: func(s env.State) error { return invariants(s.(*State)) },
		Min:       100,
	})
}

// TestEditExamplesApply: in positions of random play the examples are
// taken and each changes the state.
func TestEditExamplesApply(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(7, 25))
	s := g.newState()
	var buf []env.Action
	seen := 0
	for !s.IsTerminal() {
		for _, cmd := range s.EditExamples() {
			c := *s
			if err := c.Edit(cmd); err != nil || c == *s {
				t.Fatalf("example %q: %v, or no change", cmd, err)
			}
			seen++
		}
		buf = s.LegalActions(buf)
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	if seen == 0 {
		t.Fatal("no example in a whole game")
	}
}
