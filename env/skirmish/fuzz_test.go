package skirmish

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
	f.Add([]byte(`{"game":"skirmish"`))
	f.Fuzz(func(t *testing.T, data []byte) { envtest.FuzzUnmarshal(t, g, data, 30) })
}

// TestUnmarshalSeedsThroughTheSuite runs the fuzz seeds through envtest's
// slower check, which also plays on from accepted states.
func TestUnmarshalSeedsThroughTheSuite(t *testing.T) {
	g := Default()
	b, err := g.newState().MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{b, []byte(`{}`), []byte(`{"game":"skirmish"`), b[:len(b)/2]} {
		envtest.CheckUnmarshalNoPanic(t, g, data)
	}
}

func FuzzParseAction(f *testing.F) {
	s := Default().newState()
	for _, seed := range []string{"end", "roll 4", "activate Roy", "move NE 4", "move N 12", "to Pumping station",
		"toward Flak crew 64/65", "away", "shoot Gun 66 crew", "mortar Old Mole blockhouse", "assault X", "demolish North caisson",
		"cut Wire on the east quay", "exit", "17", "move", "roll", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(text)
		if err != nil {
			return
		}
		if a < 0 || int(a) >= numActions {
			t.Fatalf("%q parsed to %d, out of range", text, a)
		}
		back, err := s.ParseAction(s.ActionString(a))
		if err != nil || back != a {
			t.Fatalf("%q -> %d -> %q -> %d, %v", text, a, s.ActionString(a), back, err)
		}
	})
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultJSON)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"name":"x","width":48,"height":36,"turns":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData(data)
		if err != nil {
			return
		}
		g, err := NewGame(d, DefaultOptions(), "")
		if err != nil {
			return
		}
		s := g.newState()
		var buf []env.Action
		for k := 0; k < 200 && !s.IsTerminal(); k++ {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[k%len(buf)]); err != nil {
				t.Fatal(err)
			}
		}
	})
}
