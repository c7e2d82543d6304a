package ahraid

import (
	"strings"
	"testing"

	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/env/envtest"
)

// TestPlanGameConformance: the raid seen by plans, as plansearch searches
// it, keeps the env contract (envtest; it is not a registered game),
// offering every plan move, from the first turn and from a later one.
//
// The view with a book (plansearch's crn=true) is left out: its dice are
// dealt from a book every state of one search shares, by design (common
// random numbers), so its states are neither reproducible from a seed nor
// independent of their clones, which envtest refuses at the first state.
func TestPlanGameConformance(t *testing.T) {
	moves, err := parseMoves(strings.Join(moveNames[1:], "+"))
	if err != nil {
		t.Fatal(err)
	}
	for _, from := range []int{1, 5} {
		pg := &planGame{g: raid.Default(), moves: moves, from: from}
		envtest.Check(t, pg, envtest.Config{Unregistered: true, Seed: uint64(from)})
	}
}
