package jubilee

import (
	"testing"

	"github.com/chariot-ai/chariot/env/envtest"
)

func FuzzUnmarshalState(f *testing.F) {
	g := Default()
	b, err := g.newState(5).MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"game":"jubilee"`))
	f.Fuzz(func(t *testing.T, data []byte) { envtest.FuzzUnmarshal(t, g, data, 30) })
}

// TestUnmarshalSeedsThroughTheSuite runs the fuzz seeds through envtest's
// check, which also plays on from accepted states.
func TestUnmarshalSeedsThroughTheSuite(t *testing.T) {
	g := Default()
	b, err := g.newState(5).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{b, []byte(`{}`), []byte(`{"game":"jubilee"`), b[:len(b)/2]} {
		envtest.CheckUnmarshalNoPanic(t, g, data)
	}
}

func FuzzParseAction(f *testing.F) {
	s := Default().newState(1)
	for _, seed := range []string{"pass", "board", "roll 4", "chit Action 3", "unit Essex A", "box W2", "track Dieppe", "move 0519", "attack 0620", "barrage 0522", "hex 1706", "17", "roll", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(text)
		if err != nil {
			return
		}
		if a < 0 || int(a) >= numActions {
			t.Fatalf("%q parsed to %d", text, a)
		}
		name := s.ActionString(a)
		if b, err := s.ParseAction(name); err != nil || b != a {
			t.Fatalf("%q -> %d -> %q -> %d, %v", text, a, name, b, err)
		}
	})
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add([]byte(`{"maps":[]}`))
	f.Add(defaultData[:len(defaultData)/3])
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData(data)
		if err != nil {
			return
		}
		g, err := NewGame(d, DefaultOptions(), "")
		if err != nil {
			return
		}
		_ = g.newState(1).String()
	})
}
