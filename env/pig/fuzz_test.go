package pig_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// actionGames are the variants whose action notation is checked: the default
// game, and OpenSpiel's with a 100-sided die.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{envtest.NewGame(tb, "pig"),
		envtest.NewGame(tb, "pig:target=100,stop_at_zero=true,forced_stop=true,horizon=1000,die=100")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "stop", "hold", "roll", "1", "6", "7", "#0", "#9", "#-1", "0", "ROLL", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	for _, g := range actionGames(t) {
		envtest.CheckActionNamesInPlay(t, g, 5, 1)
	}
}
