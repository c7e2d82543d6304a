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
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	}
}

// actionGames are the variants whose action notation is checked: of both
// reaction sets and with a German seat.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{Default(), envtest.NewGame(tb, Name+":reactions=alert"), envtest.NewGame(tb, Name+":opponent=seat")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "end", "roll 4", "activate Roy", "move NE 4", "move N 12",
		"to Pumping station", "toward Flak crew 64/65", "away", "shoot Gun 66 crew", "mortar Old Mole blockhouse",
		"assault X", "demolish North caisson", "cut Wire on the east quay", "exit", "17", "move", "roll", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	for _, g := range actionGames(t) {
		envtest.CheckActionNamesInPlay(t, g, 3, 1)
	}
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
