package anvil

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// TestSearchBestPlaysThePlanElsewhere: inside searchbest's search every
// decision but an impulse or a move is the doctrine's choice.
func TestSearchBestPlaysThePlanElsewhere(t *testing.T) {
	searchtest.AtPlaysThePlan(t, mustGame(t), 5, SearchBestSpec, 100)
}

// TestSearchBestIsItsExpansion: searchbest, in both seats, plays as the
// search it stands for, move for move.
func TestSearchBestIsItsExpansion(t *testing.T) {
	searchtest.PresetPlaysAsExpansion(t, mustGame(t), SearchBest, SearchBestSpec, 3, 1)
}

func TestSearchBestBadOptions(t *testing.T) {
	g := mustGame(t)
	for spec, want := range map[string]string{
		SearchBest + ":at=impulse+parley": `"parley" is not a kind of decision`,
		SearchBest + ":mode=openloop":     "unknown option",
		SearchBest + ":sims=0":            "no budget",
	} {
		if _, err := agents.New(spec, g, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", spec, err, want)
		}
	}
}
