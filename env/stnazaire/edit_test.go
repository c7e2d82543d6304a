package stnazaire

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

var _ env.Editor = (*State)(nil)

// TestEditRandomCorrections plays random games with random hand edits
// among the steps: an edit that is refused leaves the state as it was, an
// edit that is taken keeps every invariant of random play (VP recounted,
// counts per space, stacking, who decides), and the game still plays to
// its end.
func TestEditRandomCorrections(t *testing.T) {
	g := Default()
	d := g.Data()
	verbs := []string{"pinned", "unpinned", "reduced", "full", "eliminated", "at", "destroyed", "intact", "flying"}
	envtest.CheckRandomEdits(t, rand.New(rand.NewPCG(2026, 14)), envtest.RandomEdits{
		Games:    150,
		NewState: func(i int) env.State { return g.newState(uint64(i)) },
		Tries: func(_ env.State, rng *rand.Rand) int {
			if rng.IntN(4) == 0 {
				return 1
			}
			return 0
		},
		Command: func(s env.State, rng *rand.Rand) string {
			var who string
			switch rng.IntN(3) {
			case 0:
				who = d.British[rng.IntN(len(d.British))].Name
			case 1:
				who = d.German[rng.IntN(len(d.German))].Name
			default:
				who = d.Spaces[rng.IntN(len(d.Spaces))].Name
			}
			cmd := "set " + who + " " + verbs[rng.IntN(len(verbs))]
			if strings.HasSuffix(cmd, " at") {
				cmd += " " + s.(*State).SpaceName(rng.IntN(len(d.Spaces)))
			}
			return cmd
		},
		Invariant: func(s env.State) error { return invariants(s.(*State)) },
		Min:       100,
	})
}

// TestEditSetsWhatThePrintedTableSays: the commands a person types after
// a die whose printed result differs.
func TestEditSetsWhatThePrintedTableSays(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Birney", "S04")
	c.putB("Purdon", "S40")
	c.putG(kmHk1, "S33")
	c.start(2, phMove)
	s := c.s
	s.vp = int16(recomputeVP(s)) // the scenario clears the map of FlaK
	base := int(s.vp)
	for _, step := range []struct{ cmd, want string }{
		{"set Birney pinned", "British Birney (strength 5, pinned)"},
		{"set birney reduced", "British Birney (strength"},
		{"set Birney unpinned", ", reduced)"},
		{"set Birney at Place de la Vieille Ville", "Place de la Vieille Ville: British Birney"},
		{"set Birney at Root of the Old Mole", "Root of the Old Mole: British Birney"},
		{"set " + kmHk1 + " pinned", "German " + kmHk1 + " (strength 3, pinned)"},
		{"set Pumping station destroyed", fmt.Sprintf("VP %d", base+s.data().ObjVP[3])},
		{"set Pumping station (objective 3) intact", fmt.Sprintf("VP %d", base)},
		{"set Purdon eliminated", "eliminated: Purdon"},
		{"set " + kmHk1 + " eliminated", fmt.Sprintf("VP %d", base-2)},
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
	for _, bad := range []struct{ cmd, want string }{
		{"set vp 12", "VP follow from the counters"},
		{"set Nobody pinned", "no commando"},
		{"set Birney asleep", "pinned, unpinned, reduced"},
		{"set Birney at Nowhere", "no space"},
		{"set Purdon pinned", "not on the map"},
		{"set Birney at Exit A: west into the town", "exit box"},
		{"Birney pinned", "begins with"},
	} {
		if err := s.Edit(bad.cmd); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.cmd, err, bad.want)
		}
	}
}
