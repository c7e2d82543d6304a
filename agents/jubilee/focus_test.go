package jubilee

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	jub "github.com/chariot-ai/chariot/env/jubilee"
)

// TestRaidSearchPlaysALegalGame: the focused search, on a small budget,
// plays whole games to the end with legal actions only (play fails on an
// illegal one), the same game for the same seed.
func TestRaidSearchPlaysALegalGame(t *testing.T) {
	g := jub.Default()
	for seed := range uint64(2) {
		a := play(t, g, "raidsearch:sims=8", seed)
		if b := play(t, g, "raidsearch:sims=8", seed); a != b {
			t.Errorf("seed %d: %v then %v points", seed, a, b)
		}
	}
}

// TestFocusedStateOffersThePlanAtRoutineDecisions: inside the search a
// routine Commonwealth decision offers the plan's choice alone, an open
// one every legal action, and a die every outcome.
func TestFocusedStateOffersThePlanAtRoutineDecisions(t *testing.T) {
	g := jub.Default()
	plan, err := agents.New("raid", g, 5)
	if err != nil {
		t.Fatal(err)
	}
	f := &focus{plan: plan}
	f.open[slices.Index(decisionNames, "box")] = true
	s := g.NewInitialState(5).(*jub.State)
	dice := rand.New(rand.NewPCG(5, 7))
	seen := map[string]bool{}
	var out []env.Outcome
	for !s.IsTerminal() {
		fs := &focused{State: s, f: f}
		full, got := s.LegalActions(nil), fs.LegalActions(nil)
		var act env.Action
		switch {
		case s.CurrentPlayer() == env.Chance:
			if !slices.Equal(got, full) {
				t.Fatalf("a die offers %v, not its %v", got, full)
			}
			out = s.ChanceOutcomes(out)
			act = env.SampleChance(out, dice)
		case s.Decision() == "box":
			seen["box"] = true
			if !slices.Equal(got, full) {
				t.Fatalf("open decision box offers %v, not %v", got, full)
			}
			act = full[dice.IntN(len(full))]
		default:
			seen["routine"] = true
			if len(got) != 1 || !slices.Contains(full, got[0]) {
				t.Fatalf("routine decision %s offers %v, not one of %v", s.Decision(), got, full)
			}
			// The plan decides these without a draw.
			if d := s.Decision(); d == "select" || d == "verb" {
				if want, err := plan.Act(context.Background(), s); err != nil || got[0] != want {
					t.Fatalf("routine decision %s offers %v, not the plan's %v (%v)", d, got, want, err)
				}
			}
			act = got[0]
		}
		if err := s.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	if !seen["box"] || !seen["routine"] {
		t.Errorf("the game met %v, not both kinds of decision", seen)
	}
	// Clones and redrawn states stay focused.
	fs := &focused{State: g.NewInitialState(6).(*jub.State), f: f}
	if _, ok := fs.Clone().(*focused); !ok {
		t.Error("a focused state's clone is not focused")
	}
	if _, ok := fs.Resample(0, rand.New(rand.NewPCG(1, 2))).(*focused); !ok {
		t.Error("a focused state's redraw is not focused")
	}
}

func TestRaidSearchOptions(t *testing.T) {
	g := jub.Default()
	for _, bad := range []string{"raidsearch:open=verb;sweep", "raidsearch:plan=random2", "raidsearch:sims=0", "raidsearch:rollout=random"} {
		if _, err := agents.New(bad, g, 1); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := agents.New("raidsearch", otherGame(t), 1); err == nil {
		t.Error("raidsearch plays jubilee only")
	}
	if _, err := agents.New("raidsearch:plan=beach:aggression=0.5;caution=1,open=box;verb,c=0.5", g, 1); err != nil {
		t.Error(err)
	}
}
