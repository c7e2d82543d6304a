package stnazaire

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestNarrateMatchesTheTable plays random games and checks every step's
// account against the change it describes: each commando whose status,
// space, strength or pin changed is named in a line of its own, each
// German counter that entered, left, moved, was revealed or pinned is
// counted, the VP line appears exactly when the VP moved, and a
// face-down counter's name never appears.
func TestNarrateMatchesTheTable(t *testing.T) {
	g := Default()
	d := g.Data()
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 9))
		s := g.NewInitialState(seed).(*State)
		var outcomes []env.Outcome
		for steps := 0; !s.IsTerminal(); steps++ {
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				outcomes = s.ChanceOutcomes(outcomes)
				a = env.SampleChance(outcomes, rng)
			} else {
				legal := s.LegalActions(nil)
				a = legal[rng.IntN(len(legal))]
			}
			before := s.Clone().(*State)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			text := s.Narrate(before, a)
			lines := strings.Split(text, "\n")
			changes := 0
			for u, bu := range d.British {
				moved := before.bStatus[u] != s.bStatus[u] || (s.bStatus[u] == bOnMap && before.bSpace[u] != s.bSpace[u])
				marked := s.bStatus[u] == bOnMap && (before.bf.has(u, fReduced) != s.bf.has(u, fReduced) || before.bf.has(u, fPinned) != s.bf.has(u, fPinned))
				if !moved && !marked {
					continue
				}
				changes++
				if !containsLineWith(lines[1:], bu.Name) {
					t.Fatalf("seed %d step %d (%s): %s changed but the account says %q", seed, steps, before.ActionString(a), bu.Name, text)
				}
			}
			for k, gu := range d.German {
				on0, on1 := before.gLoc[k] == gOnMap, s.gLoc[k] == gOnMap
				if on0 != on1 || (on1 && before.gSpace[k] != s.gSpace[k]) || (on1 && before.gf.has(k, fPinned) != s.gf.has(k, fPinned)) ||
					(on0 && on1 && before.gf.has(k, fConcealed) && !s.gf.has(k, fConcealed)) {
					changes++
				}
				if on1 && s.gf.has(k, fConcealed) && strings.Contains(text, gu.Name+" ") && !visibleElsewhere(s, gu.Name) {
					t.Fatalf("seed %d step %d: the account names face-down %s: %q", seed, steps, gu.Name, text)
				}
			}
			if (before.vp != s.vp) != strings.Contains(text, "VP ") {
				t.Fatalf("seed %d step %d: VP %d → %d, account %q", seed, steps, before.vp, s.vp, text)
			}
			if changes > 0 && len(lines) < 2 {
				t.Fatalf("seed %d step %d: %d changes, account %q", seed, steps, changes, text)
			}
			if before.CurrentPlayer() == env.Chance && text == "" {
				t.Fatalf("seed %d step %d: a die without an account", seed, steps)
			}
		}
	}
}

func containsLineWith(lines []string, name string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, name+" ") {
			return true
		}
	}
	return false
}

// visibleElsewhere reports whether a face-up counter of that name is on
// the map (the data may print two counters alike).
func visibleElsewhere(s *State, name string) bool {
	for k, gu := range s.data().German {
		if gu.Name == name && s.gLoc[k] == gOnMap && !s.gf.has(k, fConcealed) {
			return true
		}
	}
	return false
}

// TestActionNamesPrintedSpaces: moves name spaces as the map prints them,
// and ParseAction reads back the printed name (with or without the
// objective number, any case) and the id older save files hold.
func TestActionNamesPrintedSpaces(t *testing.T) {
	s := Default().NewInitialState(1).(*State)
	d := s.data()
	for sp := range d.Spaces {
		name := s.ActionString(ToAction(sp))
		if strings.Contains(name, d.Spaces[sp].ID) && d.Spaces[sp].Name != "" {
			t.Errorf("%q names the internal id %s", name, d.Spaces[sp].ID)
		}
		for _, text := range []string{name, "to " + d.Spaces[sp].ID, "to " + d.Spaces[sp].Name, "to " + strings.ToUpper(d.Spaces[sp].Name)} {
			a, err := s.ParseAction(text)
			if err != nil || a != ToAction(sp) {
				t.Errorf("ParseAction(%q) = %d, %v; want %d", text, a, err, ToAction(sp))
			}
		}
	}
	if got := s.ActionString(ToAction(int(d.spaceIdx["S32"]))); got != "to Pumping station (objective 3)" {
		t.Errorf("S32 is %q", got)
	}
}

// TestDataSpaceNamesUnique: a space name that is another space's name or
// id would read back to the wrong space, so the data set is refused; a
// space without a name goes by its id.
func TestDataSpaceNamesUnique(t *testing.T) {
	f := mustDefaultFile(t)
	f.Spaces[1].Name = f.Spaces[0].Name
	if _, err := compile(f); err == nil || !strings.Contains(err.Error(), "also the name of space") {
		t.Errorf("duplicate name: %v", err)
	}
	f = mustDefaultFile(t)
	f.Spaces[1].Name = f.Spaces[0].ID
	if _, err := compile(f); err == nil || !strings.Contains(err.Error(), "is the id of space") {
		t.Errorf("name equal to an id: %v", err)
	}
	f = mustDefaultFile(t)
	f.Spaces[3].Name = ""
	d, err := compile(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.SpaceName(3); got != f.Spaces[3].ID {
		t.Errorf("unnamed space is %q, want its id %q", got, f.Spaces[3].ID)
	}
}

func mustDefaultFile(t *testing.T) DataFile {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	f := d.File
	f.Spaces = append([]SpaceDef(nil), f.Spaces...)
	return f
}
