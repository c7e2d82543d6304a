package stnazaire

import (
	"os"
	"testing"

	"github.com/chariot-ai/chariot/env"

	"github.com/chariot-ai/chariot/env/envtest"
)

func FuzzUnmarshalState(f *testing.F) {
	fuzzUnmarshal(f, Default(), 5)
}

// FuzzUnmarshalSeatState is FuzzUnmarshalState for the game with a German
// seat, seeded with a state where the German seat decides.
func FuzzUnmarshalSeatState(f *testing.F) {
	g, err := env.NewGame(Name + ":opponent=seat")
	if err != nil {
		f.Fatal(err)
	}
	fuzzUnmarshal(f, g, 5)
}

// fuzzUnmarshal seeds with the initial state of seed, the first state where
// seat 1 decides (if the game has one), and scraps.
func fuzzUnmarshal(f *testing.F, g env.Game, seed uint64) {
	s := g.NewInitialState(seed)
	b, err := s.MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	if g.NumPlayers() > 1 {
		var buf []env.Action
		for k := 0; !s.IsTerminal() && s.CurrentPlayer() != 1; k++ {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[k%len(buf)]); err != nil {
				f.Fatal(err)
			}
		}
		if b, err = s.MarshalJSON(); err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"game":"stnazaire"`))
	f.Fuzz(func(t *testing.T, data []byte) { envtest.FuzzUnmarshal(t, g, data, 30) })
}

// TestUnmarshalSeedsThroughTheSuite runs the fuzz seeds through the shared,
// slower check of envtest, which also plays on from accepted states.
func TestUnmarshalSeedsThroughTheSuite(t *testing.T) {
	g := Default()
	b, err := g.newState(5).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{b, []byte(`{}`), []byte(`{"game":"stnazaire"`), b[:len(b)/2]} {
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	}
}

// actionGames are the variants whose action notation is checked: with the
// rules' Germans and with a German seat.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{Default(), envtest.NewGame(tb, Name+":opponent=seat")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "pass", "demolish", "roll 7", "unit Roderick", "to S12",
		"fire KM Hafenkompanie 1", "attack Roderick", "attack", "17", "roll", "to", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	for _, g := range actionGames(t) {
		envtest.CheckActionNamesInPlay(t, g, 3, 1)
	}
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add(balancedData)
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
