package skirmish

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestSmokeRandom(t *testing.T) {
	for _, r := range []string{"sleepy", "alert"} {
		g := mustGame(Options{Reactions: r})
		rng := rand.New(rand.NewPCG(1, 2))
		var buf []env.Action
		tot := 0.0
		steps := 0
		for i := range 200 {
			s := g.newState()
			_ = i
			for !s.IsTerminal() {
				buf = s.LegalActions(buf)
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				steps++
			}
			tot += s.Returns()[0]
		}
		t.Logf("%s: mean %.2f steps %d", r, tot/200, steps/200)
	}
}
