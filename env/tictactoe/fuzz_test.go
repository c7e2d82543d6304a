package tictactoe_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, []env.Game{envtest.NewGame(f, "tictactoe")}, "a1", "C3", "b2", "#4", "4", "9", "-1", "d1", "a4", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	envtest.CheckActionNamesInPlay(t, envtest.NewGame(t, "tictactoe"), 5, 1)
}
