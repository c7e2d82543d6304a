package jubilee

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
	steps := 0
	for i := range 200 {
		s := g.newState(uint64(i))
		for k := 0; !s.IsTerminal(); k++ {
			if k > 20000 {
				t.Fatalf("game %d too long: %s", i, s)
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("no legal: %s", s)
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
			steps++
		}
		tot += float64(s.Points())
	}
	t.Logf("mean %.1f steps/game %d", tot/200, steps/200)
}
