package ahraid

import (
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	raid "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// playPlan plays n games of a plan (playOne) and returns the mean VP.
func playPlan(t *testing.T, name string, n int) float64 {
	t.Helper()
	total := 0.0
	for i := range n {
		_, vp := playOne(t, name, uint64(i))
		total += vp
	}
	return total / float64(n)
}

func TestPlansPlayWholeGames(t *testing.T) {
	for _, p := range plans {
		t.Logf("%s: mean VP %.1f", p.name, playPlan(t, p.name, 300))
	}
}

// TestPlansAreBaselinesOfThisGameOnly: registered as baselines of ahraid,
// refused by other games.
func TestPlansAreBaselinesOfThisGameOnly(t *testing.T) {
	g := raid.Default()
	names := agents.Baselines(g)
	for _, p := range plans {
		found := false
		for _, n := range names {
			found = found || n == p.name
		}
		if !found {
			t.Errorf("%s is not a baseline of ahraid", p.name)
		}
		other, err := env.NewGame("pig")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := agents.New(p.name, other, 1); err == nil {
			t.Errorf("%s accepts pig", p.name)
		}
	}
}

// TestRushBeatsRandom: the best plan scores far above random play.
func TestRushBeatsRandom(t *testing.T) {
	rush, random := playPlan(t, "rush", 60), playPlan(t, "random", 60)
	if rush < random+20 {
		t.Fatalf("rush %.1f VP, random %.1f", rush, random)
	}
}

func TestRushIsTheRolloutAgent(t *testing.T) {
	if got := agents.RolloutAgent(raid.Default()); got != "rush" {
		t.Fatalf("rollout agent %q", got)
	}
}
