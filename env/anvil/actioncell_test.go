package anvil

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestActionCell: along a seeded random game, an activation and a step of
// a move point at the area they name (its cell's ID and name are the
// area's), a unit's selection or hit at the area its counter stands in,
// and verbs and dice at no cell; and a concrete move to Toulon is a click
// on Toulon.
func TestActionCell(t *testing.T) {
	g := Default()
	d := g.data
	b := g.Board()
	s := g.NewInitialState(3).(*State)
	rng := rand.New(rand.NewPCG(3, 3))
	seen := map[string]int{}
	var buf []env.Action
	for step := 0; !s.IsTerminal() && step < 20000; step++ {
		buf = s.LegalActions(buf)
		for _, a := range buf {
			name, ci := s.ActionString(a), s.ActionCell(a)
			i := int(a)
			switch {
			case i >= aArea && i < aArea+len(d.Areas):
				ar := &d.Areas[i-aArea]
				if ci < 0 || b.Cells[ci].ID != ar.ID || b.Cells[ci].Name != ar.Name || !strings.HasSuffix(name, ar.ID+" "+ar.Name) {
					t.Fatalf("%q: cell %d, want the cell of %s %s", name, ci, ar.ID, ar.Name)
				}
				seen[strings.Fields(name)[0]]++
			case i >= aUnit && i < aDestroy:
				u := (i - aUnit) % MaxUnits
				if ci != int(s.loc[u]) || ci < 0 {
					t.Fatalf("%q: cell %d, want %d, the area of %s", name, ci, s.loc[u], d.Units[u].Name)
				}
				seen[strings.Fields(name)[0]]++
			default:
				if ci != -1 {
					t.Fatalf("%q points at %s: it names no place", name, b.Cells[ci].Name)
				}
			}
		}
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	for _, verb := range []string{"activate", "to", "unit"} {
		if seen[verb] == 0 {
			t.Errorf("no %q action in the game: %v", verb, seen)
		}
	}

	// A unit in Brignoles moving on: "to 09 Toulon" is a click on Toulon.
	s = blank(t)
	toulon := area(t, s, "09")
	s.dec, s.stack = decMove, int8(area(t, s, "08"))
	if got, want := s.ActionString(env.Action(aArea+toulon)), "to 09 Toulon"; got != want {
		t.Fatalf("ActionString %q, want %q", got, want)
	}
	if c := b.Cells[s.ActionCell(env.Action(aArea+toulon))]; c.ID != "09" || c.Name != "Toulon" {
		t.Errorf("to 09 Toulon points at %s %s", c.ID, c.Name)
	}
	u := unit(t, s, "TF Butler")
	s.loc[u] = int8(toulon)
	if c := s.ActionCell(env.Action(aUnit + u)); c != toulon {
		t.Errorf("unit TF Butler in Toulon points at cell %d, want %d", c, toulon)
	}
	if c := s.ActionCell(aMove); c != -1 {
		t.Errorf("the verb move points at cell %d", c)
	}
}
