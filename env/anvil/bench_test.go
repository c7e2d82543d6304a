package anvil

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// BenchmarkRandomGame plays whole games with uniform random actions and
// dice.
func BenchmarkRandomGame(b *testing.B) {
	g := Default()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]env.Action, 0, numActions)
	steps := 0
	b.ReportAllocs()
	for b.Loop() {
		s := g.newState()
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			_ = s.Apply(buf[rng.IntN(len(buf))])
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// samples returns decision states met in random play.
func samples(b *testing.B) []*State {
	g := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*State
	var buf []env.Action
	for len(out) < 512 {
		s := g.newState()
		for k := 0; !s.IsTerminal() && len(out) < 512; k++ {
			if k%7 == 0 && s.roll == rollNone {
				c := *s
				out = append(out, &c)
			}
			buf = s.LegalActions(buf)
			_ = s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

var sink env.State

func BenchmarkClone(b *testing.B) {
	states := samples(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink = states[i%len(states)].Clone()
		i++
	}
}

func BenchmarkLegalActions(b *testing.B) {
	states := samples(b)
	buf := make([]env.Action, 0, numActions)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].LegalActions(buf)
		i++
	}
}

// BenchmarkApply applies the last legal action at each sampled decision,
// on a copy made by value, so Apply alone is measured.
func BenchmarkApply(b *testing.B) {
	states := samples(b)
	acts := make([]env.Action, len(states))
	for i, s := range states {
		l := s.LegalActions(nil)
		acts[i] = l[len(l)-1]
	}
	var c State
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(states)
		c = *states[k]
		if err := c.Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
