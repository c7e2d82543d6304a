package stnazaire

import (
	"os"
	"testing"

	"github.com/chariot-ai/chariot/env/envtest"
)

func FuzzUnmarshalState(f *testing.F) {
	g := Default()
	s := g.newState(5)
	b, err := s.MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"game":"stnazaire"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		envtest.CheckUnmarshalNoPanic(t, g, data)
	})
}

func FuzzParseAction(f *testing.F) {
	s := Default().newState(1)
	for _, seed := range []string{"pass", "demolish", "roll 7", "unit Roderick", "to S12", "fire KM Hafenkompanie 1", "17", "roll", "to", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(text)
		if err != nil {
			return
		}
		if int(a) < 0 || int(a) >= numActions {
			t.Fatalf("ParseAction(%q) = %d, out of range", text, a)
		}
		back, err := s.ParseAction(s.ActionString(a))
		if err != nil || back != a {
			t.Fatalf("ActionString(%d) = %q does not parse back: %v", a, s.ActionString(a), err)
		}
	})
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add([]byte(`{"spaces":[]}`))
	f.Add([]byte(`{"spaces":[{"id":"A","shape":"round","landing":"old_mole"}],"links":[{"a":"A","b":"B","kind":"move"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData(data)
		if err == nil && d == nil {
			t.Fatal("nil data without an error")
		}
	})
}

func TestLoadDataErrors(t *testing.T) {
	if _, err := LoadData("testdata/does-not-exist.json"); err == nil {
		t.Fatal("a missing file must be an error")
	}
	if _, err := os.Stat("data/default.json"); err != nil {
		t.Fatal(err)
	}
}
