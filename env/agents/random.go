package agents

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

func init() {
	Register(Registration{
		Name:        "random",
		Description: "uniform over the legal actions, from its own seeded stream",
		Baseline:    true,
		New: func(g env.Game, p env.Params, seed uint64) (Agent, error) {
			return NewRandom(g, seed), nil
		},
	})
}

// randomStream is the second word of the random agent's PCG seed.
const randomStream = 0x72616e646f6d // "random"

// Random plays uniformly among the legal actions.
type Random struct {
	rng *rand.Rand
	buf []env.Action
}

// NewRandom returns a random agent for g drawing from its own stream.
func NewRandom(g env.Game, seed uint64) *Random {
	return &Random{
		rng: rand.New(rand.NewPCG(seed, randomStream)),
		buf: make([]env.Action, 0, g.NumDistinctActions()),
	}
}

// Act implements Agent.
func (r *Random) Act(ctx context.Context, s env.State) (env.Action, error) {
	if p := s.CurrentPlayer(); p < 0 {
		return 0, fmt.Errorf("random: no seat to act (player %d)", p)
	}
	r.buf = s.LegalActions(r.buf)
	if len(r.buf) == 0 {
		return 0, fmt.Errorf("random: no legal action")
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}
