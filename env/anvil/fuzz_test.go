package anvil

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

func FuzzUnmarshalState(f *testing.F) {
	g := Default()
	b, err := g.newState().MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"game":"anvil"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	})
}

// actionGames are the variants whose action notation is checked: of each
// scenario and of the combat-groups variant.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{Default(), envtest.NewGame(tb, Name+":scenario=2"), envtest.NewGame(tb, Name+":scenario=3"),
		envtest.NewGame(tb, Name+":combat_groups=true")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "pass", "done", "roll 4", "unit TF Butler",
		"to 06 Draguignan hills", "activate 07 Le Muy, Argens valley", "eliminate 33PzR/11PzD", "destroy bridge 29-30",
		"17", "roll", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along a random game. One game of the
// default scenario only: ParseAction reads a name by writing every action's
// name, so checking all numbers takes a fifth of a second a state. The
// variants are left to FuzzParseAction.
func TestActionNamesRoundTrip(t *testing.T) {
	envtest.CheckActionNamesInPlay(t, Default(), 1, 1)
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add([]byte(`{"areas":[]}`))
	f.Add([]byte(`{"areas":[{"id":"01","terrain":"clear"}],"borders":[{"a":"01","b":"02"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData(data)
		if err == nil {
			if d == nil {
				t.Fatal("nil data without an error")
			}
			g, err := NewGame(d, DefaultOptions(), "")
			if err == nil {
				s := g.newState()
				var buf []env.Action
				for k := 0; k < 200 && !s.IsTerminal(); k++ {
					buf = s.LegalActions(buf)
					if len(buf) == 0 {
						t.Fatal("no legal action")
					}
					_ = s.Apply(buf[k%len(buf)])
				}
			}
		}
	})
}

// TestUnmarshalSeeds runs the fuzz seeds, a cut state and a tampered one,
// through the shared check.
func TestUnmarshalSeeds(t *testing.T) {
	g := Default()
	b, _ := g.newState().MarshalJSON()
	for _, data := range [][]byte{b, []byte(`{}`), b[:len(b)/2], []byte(`{"game":"anvil","turn":99}`)} {
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	}
	if _, err := g.UnmarshalState(b[:len(b)/2]); err == nil {
		t.Fatal("a cut state was accepted")
	}
}

func TestLoadDataErrors(t *testing.T) {
	if _, err := LoadData("testdata/does-not-exist.json"); err == nil {
		t.Fatal("a missing file must be an error")
	}
	if _, err := ParseData([]byte(`{"areas":[{"id":"01","terrain":"swamp"}]}`)); err == nil {
		t.Fatal("an unknown terrain was accepted")
	}
	g, err := env.NewGame(Name + ":data=data/default.json")
	if err != nil {
		t.Fatal(err)
	}
	if g.Options() != "combat_groups=false,combined_arms_grouped=false,data=data/default.json,scenario=1,turns=0" {
		t.Fatalf("options %q", g.Options())
	}
}

// TestPlugins: the optional interfaces the generic packages use.
func TestPlugins(t *testing.T) {
	g := Default()
	var _ env.Seater = g
	var _ env.Shaper = g
	var _ env.BoardDrawer = g
	var _ env.Caveats = g
	s := g.newState()
	var _ env.PieceLister = s
	var _ env.BoardActioner = s
	if n := env.SeatName(g, 1); n != "German" {
		t.Fatalf("seat 1 is %q", n)
	}
	sh := g.ObservationShape()
	if sh[0]*sh[1]*sh[2] != g.ObservationSize() {
		t.Fatal("shape does not multiply to the observation size")
	}
	b := g.Board()
	if b.Kind != env.BoardAreas || len(b.Cells) != len(g.Data().Areas) || len(b.Cells[0].Polygon) < 3 {
		t.Fatal("board is not areas with polygons")
	}
	if len(s.Pieces()) == 0 || len(s.LeafValue()) != 2 || len(g.Caveats()) == 0 {
		t.Fatal("pieces, leaf value or caveats missing")
	}
}
