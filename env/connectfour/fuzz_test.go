package connectfour_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, []env.Game{envtest.NewGame(f, "connectfour")}, "a", "G", "d", "#3", "3", "7", "-1", "h", "")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	envtest.CheckActionNamesInPlay(t, envtest.NewGame(t, "connectfour"), 5, 1)
}
