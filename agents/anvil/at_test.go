package anvil

import (
	"testing"

	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestAtPlaysThePlanElsewhere: a search with option at, of the impulses
// and moves, lets the doctrine play every other decision, inside the
// search too.
func TestAtPlaysThePlanElsewhere(t *testing.T) {
	searchtest.AtPlaysThePlan(t, mustGame(t), 5, "ismcts:at=impulse+move,rollout="+Doctrine, 100)
}
