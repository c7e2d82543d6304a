package ahraid

import (
	"testing"

	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestAtPlaysThePlanElsewhere: a search of the exits alone (seed 2 is a
// game where commandos reach zones 5 and 6) lets withdraw
// play every other decision, inside the search too.
func TestAtPlaysThePlanElsewhere(t *testing.T) {
	searchtest.AtPlaysThePlan(t, raid.Default(), 2, "ismcts:at=exit,rollout=withdraw", 100)
}
