package jubilee

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestNarrationSaysOverStacking: a step that puts a third unit in a hex
// says so, with what the rules will do about it, before the phase's end
// eliminates the excess.
func TestNarrationSaysOverStacking(t *testing.T) {
	g, err := env.NewGame(Name)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for seed := uint64(1); seed <= 10 && seen < 5; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		s := g.NewInitialState(seed).(*State)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			a := legal[r.IntN(len(legal))]
			if s.CurrentPlayer() == env.Chance {
				a = env.SampleChance(s.ChanceOutcomes(nil), r)
			}
			b := s.Clone().(*State)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			if most(s) > 2 && most(s) > most(b) {
				seen++
				if said := s.Narrate(b, a); !strings.Contains(said, "over the limit of 2") {
					t.Errorf("seed %d: %s over-stacks a hex, but the account says: %q", seed, b.ActionString(a), said)
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no random game over-stacked a hex: nothing was checked")
	}
}

// most is the most Commonwealth units that stand in one hex of s.
func most(s *State) int {
	n := map[int16]int{}
	top := 0
	for u := range s.data().CW {
		if s.cwSt[u] == cwMap {
			n[s.cwAt[u]]++
			top = max(top, n[s.cwAt[u]])
		}
	}
	return top
}
