package envtest

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// NewGame builds the registered game of spec ("pig:target=15") for a test,
// which it stops if the spec is refused.
func NewGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
