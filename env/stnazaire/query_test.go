package stnazaire

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestDecisionKind: the kind a search is told to branch on is Pending's,
// one of the game's DecisionKinds, at every decision of either seat, and
// empty at dice and at the end.
func TestDecisionKind(t *testing.T) {
	g, err := env.NewGame("stnazaire:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	kinds := g.(env.DecisionKinds).DecisionKinds()
	rng := rand.New(rand.NewPCG(3, 3))
	seen := map[string]bool{}
	var buf []env.Action
	var out []env.Outcome
	for i := range 30 {
		st := g.NewInitialState(uint64(i))
		for {
			s := st.(*State)
			kind, _ := s.Pending()
			switch got := s.DecisionKind(); {
			case st.CurrentPlayer() >= 0 && (got != kind || !slices.Contains(kinds, got)):
				t.Fatalf("decision %q: DecisionKind %q", kind, got)
			case st.CurrentPlayer() < 0 && got != "":
				t.Fatalf("%q: DecisionKind %q, want none", kind, got)
			}
			seen[s.DecisionKind()] = true
			if st.IsTerminal() {
				break
			}
			var a env.Action
			if st.CurrentPlayer() == env.Chance {
				out = st.ChanceOutcomes(out)
				a = env.SampleChance(out, rng)
			} else {
				buf = st.LegalActions(buf)
				a = buf[rng.IntN(len(buf))]
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{PendSelect, PendMove, PendFire, PendGermanMove, PendGermanFire} {
		if !seen[k] {
			t.Errorf("no %q decision in 30 random games", k)
		}
	}
}
