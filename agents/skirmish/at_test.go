package skirmish

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestAtPlaysThePlanElsewhere: a search of the skirmish's actions alone
// lets stealthy choose which figure activates, and every other decision,
// inside the search too.
func TestAtPlaysThePlanElsewhere(t *testing.T) {
	g, err := env.NewGame("skirmish")
	if err != nil {
		t.Fatal(err)
	}
	searchtest.AtPlaysThePlan(t, g, 3, "ismcts:at=action,rollout=stealthy", 100)
}
