package skirmish

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// TestActionCells: a move is played by a click on the place it names.
// Burtinshaw's move to the Caisson west end points at that feature, his
// compass legs at none, a move toward the North caisson sentry at none (the
// sentry stands where it stands, and is clicked there, whatever its post)
// while a move to the North caisson points at it; and along random games
// (the aid's Germans and a German seat) every move to, demolition of or cut
// of a feature points at the cell of that name, and every other move, a
// figure's moves among them, at none.
func TestActionCells(t *testing.T) {
	g := Default()
	b := g.Board()
	name := func(c int) string {
		if c < 0 {
			return "none"
		}
		return b.Cells[c].Name
	}
	s := g.newState()
	play(t, s, "activate Burtinshaw", "roll 6")
	for text, want := range map[string]string{
		"to Caisson west end":            "Caisson west end",
		"to North caisson":               "North caisson",
		"move NW 4":                      "none",
		"toward North caisson sentry":    "none",
		"toward Power station guard":     "none",
		"toward Winding house sentry":    "none",
		"toward Old Town post":           "none",
		"shoot Gun 66 crew":              "none",
		"to Wire by the pumping station": "Wire by the pumping station",
	} {
		if !legal(t, s, text) {
			t.Fatalf("%q is not legal: %s", text, legalNames(s))
		}
		a, _ := s.ParseAction(text)
		if got := name(s.ActionCell(a)); got != want {
			t.Errorf("%q points at %s, not %s", text, got, want)
		}
	}

	feature := map[string]bool{}
	for _, f := range g.Data().Features {
		feature[f.Name] = true
	}
	seen := map[string]int{}
	for _, spec := range []string{Name, Name + ":opponent=seat"} {
		gm, _ := env.NewGame(spec)
		err := envtest.Walk(gm, 4, rand.New(rand.NewPCG(2026, 11)), func(st env.State, legal []env.Action) error {
			for _, a := range legal {
				text := st.ActionString(a)
				verb, arg, _ := strings.Cut(text, " ")
				want := "none"
				switch verb {
				case "to", "demolish", "cut":
					if !feature[arg] {
						return fmt.Errorf("%q names no feature", text)
					}
					want = arg
				}
				if got := name(st.(*State).ActionCell(a)); got != want {
					return fmt.Errorf("%s: %q points at %s, not %s", st.(*State).Prompt(), text, got, want)
				}
				seen[verb]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("moves checked: %v", seen)
	for _, v := range []string{"to", "move", "toward", "shoot", "activate", "end"} {
		if seen[v] == 0 {
			t.Errorf("no %q move in the games walked", v)
		}
	}
}
