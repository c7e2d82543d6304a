package anvil

import (
	"testing"
)

// blank is turn 2's operations phase of the historical scenario with no
// unit on the map, the Allies to activate: the board for hand-made
// situations.
func blank(t *testing.T) *State {
	t.Helper()
	return blankOf(t, Default())
}

func blankOf(t *testing.T, g *Game) *State {
	t.Helper()
	d := g.data
	s := &State{g: g, turn: 2, phase: phOperations, dec: decImpulse, decSide: Allied, side: Allied}
	for u := range d.Units {
		s.loc[u], s.steps[u], s.group[u] = locOff, int8(d.Units[u].Steps), -1
	}
	for a := range d.Areas {
		if tr := d.Areas[a].Track; tr >= 0 {
			s.fort[a] = int8(len(d.Tracks[tr].DRM) - 1)
		}
	}
	s.updateSupply()
	return s
}

func area(t *testing.T, s *State, id string) int {
	t.Helper()
	a, ok := s.data().AreaByID(id)
	if !ok {
		t.Fatalf("no area %s", id)
	}
	return a
}

func unit(t *testing.T, s *State, name string) int {
	t.Helper()
	u, ok := s.data().UnitByName(name)
	if !ok {
		t.Fatalf("no unit %s", name)
	}
	return u
}

// put places units in an area, Good Order, and updates supply.
func put(t *testing.T, s *State, id string, names ...string) {
	t.Helper()
	a := area(t, s, id)
	for _, n := range names {
		s.loc[unit(t, s, n)] = int8(a)
	}
	s.updateSupply()
}

func allied(t *testing.T, s *State, ids ...string) {
	for _, id := range ids {
		s.ffi[area(t, s, id)] = ffiControl
	}
	s.updateSupply()
}

// do plays actions by their printed names.
func do(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatalf("%s: %v", s.Prompt(), err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q at %q: %v\n%s", text, s.Prompt(), err, s)
		}
	}
}

// legal reports whether the named action is legal now.
func legal(t *testing.T, s *State, text string) bool {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return s.isLegal(int(a))
}
