package skirmish

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestNarrationSaysTheAlarm: whatever raises the alarm (a shot, a pillbox
// firing, a yell), its account says so, so that a person at the table
// turns the alarm marker.
func TestNarrationSaysTheAlarm(t *testing.T) {
	g, err := env.NewGame(Name)
	if err != nil {
		t.Fatal(err)
	}
	raised := 0
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
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
			if !b.alarm && s.alarm {
				raised++
				if said := s.Narrate(b, a); !strings.Contains(said, "alarm") {
					t.Errorf("seed %d: %s raised the alarm, but the account does not say so: %q", seed, b.ActionString(a), said)
				}
			}
		}
	}
	if raised == 0 {
		t.Error("no game raised the alarm")
	}
}
