package chancewalk_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// actionGames are the variants whose action notation is checked: the default
// walk and a longer one.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{envtest.NewGame(tb, "chancewalk"), envtest.NewGame(tb, "chancewalk:n=30,turns=40,jump=5,back=2")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "safe", "RISKY", "jump", "slip", "#2", "3", "4", "-1", "walk", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	for _, g := range actionGames(t) {
		envtest.CheckActionNamesInPlay(t, g, 5, 1)
	}
}
