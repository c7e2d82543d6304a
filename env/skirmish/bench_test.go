package skirmish

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// BenchmarkRandomGame plays whole games with uniform random actions and
// dice, from a fresh state each time.
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

// samples returns states met in random play at decisions, so the
// benchmarks below average over many situations.
func samples() []*State {
	g := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*State
	var buf []env.Action
	for i := 0; len(out) < 512; i++ {
		s := g.newState()
		for k := 0; !s.IsTerminal(); k++ {
			if k%5 == 0 && s.step < dieActivation {
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
	states := samples()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink = states[i%len(states)].Clone()
		i++
	}
}

func BenchmarkLegalActions(b *testing.B) {
	states := samples()
	buf := make([]env.Action, 0, numActions)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].LegalActions(buf)
		i++
	}
}

func BenchmarkApply(b *testing.B) {
	states := samples()
	acts := make([][]env.Action, len(states))
	for k, s := range states {
		acts[k] = s.LegalActions(nil)
	}
	c := new(State)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(states)
		*c = *states[k]
		_ = c.Apply(acts[k][i%len(acts[k])])
		i++
	}
}
