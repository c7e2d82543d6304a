package ahraid

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	raid "github.com/chariot-ai/chariot/env/ahraid"
)

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

// TestKeySearchKeepsThePlanWithoutEvidence: with a margin no search can
// clear, keysearch plays its plan's game move for move.
func TestKeySearchKeepsThePlanWithoutEvidence(t *testing.T) {
	plan, vp := playOne(t, "withdraw", 3)
	kept, kvp := playOne(t, "keysearch:sims=6,margin=1000", 3)
	if !slices.Equal(plan, kept) || vp != kvp {
		t.Fatalf("keysearch with margin 1000 left the plan: %d actions, %.1f VP against %d, %.1f VP", len(kept), kvp, len(plan), vp)
	}
}

// TestKeySearchSearchesTheKeyDecisions: with margin 0 the search's own
// choice is played at the decisions searched (the default, exits; cover
// and landings), so the game departs from the plan's.
func TestKeySearchSearchesTheKeyDecisions(t *testing.T) {
	plan, _ := playOne(t, "withdraw", 3)
	for _, spec := range []string{"keysearch:sims=6,margin=0", "keysearch:sims=6,margin=0,at=cover+land"} {
		if searched, _ := playOne(t, spec, 3); slices.Equal(plan, searched) {
			t.Errorf("%s played the plan's game move for move", spec)
		}
	}
}

// TestKeySearchPlaysEveryPlanAndDecision: every plan and every searchable
// decision make a legal game.
func TestKeySearchPlaysEveryPlanAndDecision(t *testing.T) {
	for _, p := range plans {
		playOne(t, "keysearch:sims=3,plan="+p.name, 1)
	}
	for _, d := range searchable {
		if d == "move" || d == "fire" || d == "demolish" || d == "boat" {
			continue // the frequent ones: a game of them takes seconds
		}
		playOne(t, "keysearch:sims=3,at="+d, 2)
	}
}

func TestKeySearchRejectsBadOptions(t *testing.T) {
	g := raid.Default()
	for _, spec := range []string{"keysearch:at=swim", "keysearch:plan=retreat", "keysearch:margin=-1", "keysearch:rollout=nobody"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
	other, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agents.New("keysearch", other, 1); err == nil {
		t.Error("keysearch accepts pig")
	}
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
