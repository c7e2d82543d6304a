package ahraid

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestSmoke(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []env.Action
	tot := 0.0
	for i := range 200 {
		s := g.newState()
		steps := 0
		for !s.IsTerminal() {
			if s.CurrentPlayer() == env.Chance {
				if err := s.Apply(env.SampleChance(s.ChanceOutcomes(nil), rng)); err != nil {
					t.Fatal(err)
				}
			} else {
				buf = s.LegalActions(buf)
				if len(buf) == 0 {
					t.Fatalf("no legal at %s", s)
				}
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			steps++
			if steps > 100000 {
				t.Fatalf("game %d does not end: %s", i, s)
			}
		}
		tot += s.VP()
		if i < 3 {
			t.Logf("game %d steps %d score %+v", i, steps, s.Score())
		}
	}
	t.Logf("mean VP %.2f", tot/200)
}
