package jubilee

import (
	"testing"

	"github.com/chariot-ai/chariot/env/agents"
	jub "github.com/chariot-ai/chariot/env/jubilee"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestRaidSearchPlaysThePlanElsewhere: inside raidsearch's search every
// decision but those it searches is the raid plan's choice.
func TestRaidSearchPlaysThePlanElsewhere(t *testing.T) {
	searchtest.AtPlaysThePlan(t, jub.Default(), 5, RaidSearch, 100)
}

// TestRaidSearchIsItsExpansion: raidsearch plays as the search it stands
// for, move for move.
func TestRaidSearchIsItsExpansion(t *testing.T) {
	searchtest.PresetPlaysAsExpansion(t, jub.Default(), "raidsearch", RaidSearch, 4, 1, 2)
}

func TestRaidSearchOptions(t *testing.T) {
	g := jub.Default()
	for _, bad := range []string{"raidsearch:at=verb+sweep", "raidsearch:sims=-1", "raidsearch:worlds=3", "raidsearch:open=box"} {
		if _, err := agents.New(bad, g, 1); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := agents.New("raidsearch", otherGame(t), 1); err == nil {
		t.Error("raidsearch plays jubilee only")
	}
	if _, err := agents.New("raidsearch:rollout=beach:aggression=0.5;caution=1,at=box+verb,c=0.5", g, 1); err != nil {
		t.Error(err)
	}
}
