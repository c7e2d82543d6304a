package skirmish

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	sk "github.com/chariot-ai/chariot/env/skirmish"
)

// BenchmarkRolloutGame plays one whole game per op with stealthy, the
// rollout agent of the recommended search, from the initial state of seed
// i and game i's dice (the Germans by the reactions), as a search's
// rollout does.
func BenchmarkRolloutGame(b *testing.B) {
	g := sk.Default()
	ag, err := New(g, characters[0].params)
	if err != nil {
		b.Fatal(err)
	}
	benchRollout(b, g, ag)
}

func benchRollout(b *testing.B, g env.Game, ag interface {
	Act(context.Context, env.State) (env.Action, error)
}) {
	ctx := context.Background()
	pcg := rand.NewPCG(0, 0)
	rng := rand.New(pcg)
	var outs []env.Outcome
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		pcg.Seed(i, 5)
		s := g.NewInitialState(i)
		for !s.IsTerminal() {
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				outs = s.ChanceOutcomes(outs)
				a = env.SampleChance(outs, rng)
			} else {
				var err error
				if a, err = ag.Act(ctx, s); err != nil {
					b.Fatal(err)
				}
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
		i++
	}
}
