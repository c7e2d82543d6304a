package jubilee

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
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
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	}
}

// actionGames are the variants whose action notation is checked: with the
// rules' Germans, and with a German seat and chosen drifts.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{Default(), envtest.NewGame(tb, Name+":opponent=seat,drift=choice")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "pass", "board", "roll 4", "chit Action 3", "unit Essex A", "box W2", "box W2 off 0421 Dieppe", "box W2 off 0420 Dieppe",
		"track Dieppe", "move 0519", "move 0519 Dieppe", "attack 0620 Dieppe", "barrage 0522", "hex 1706 Yellow, Battery Goebbels", "hex 1706 Dieppe", "17", "981", "roll", "")
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
