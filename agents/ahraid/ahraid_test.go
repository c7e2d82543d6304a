package ahraid

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
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

// playOne plays one game of spec on seed's set-up and dice and returns the
// British actions taken and the final score; it fails on an illegal action
// or a game that does not end.
func playOne(t *testing.T, spec string, seed uint64) ([]env.Action, float64) {
	t.Helper()
	_, played, vp := playAgent(t, spec, seed)
	return played, vp
}

// playAgent is playOne that also returns the agent, for a look at what it
// decided.
func playAgent(t *testing.T, spec string, seed uint64) (agents.Agent, []env.Action, float64) {
	t.Helper()
	g := raid.Default()
	ag, err := agents.New(spec, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	s := g.NewInitialState(seed)
	var played []env.Action
	for steps := 0; !s.IsTerminal(); steps++ {
		if steps > 20000 {
			t.Fatalf("%s game %d does not end: %s", spec, seed, s.(*raid.State).Prompt())
		}
		var a env.Action
		if s.CurrentPlayer() == env.Chance {
			a = env.SampleChance(s.ChanceOutcomes(nil), rng)
		} else {
			if a, err = ag.Act(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			played = append(played, a)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s game %d: %v", spec, seed, err)
		}
	}
	return ag, played, s.Score().Value
}

// TestWithdrawLeavesEarlier: the withdraw plan takes more commandos off by
// land zones 5 and 6 than rush, which holds them until three turns from
// the end, over the same games.
func TestWithdrawLeavesEarlier(t *testing.T) {
	exited := func(name string) float64 {
		g := raid.Default()
		ag, err := agents.New(name, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		total := 0.0
		for i := range 100 {
			rng := rand.New(rand.NewPCG(uint64(i), 5))
			s := g.NewInitialState(uint64(i))
			for !s.IsTerminal() {
				var a env.Action
				if s.CurrentPlayer() == env.Chance {
					a = env.SampleChance(s.ChanceOutcomes(nil), rng)
				} else if a, err = ag.Act(context.Background(), s); err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			for _, m := range s.Score().Metrics {
				if m.Name == "commandos_exited" {
					total += m.Value
				}
			}
		}
		return total
	}
	if w, r := exited("withdraw"), exited("rush"); w <= r {
		t.Fatalf("commandos exited over 100 games: withdraw %.0f, rush %.0f", w, r)
	}
}
