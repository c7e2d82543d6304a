package skirmish

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// BenchmarkRandomGame plays whole games with uniform random actions and
// dice, from a fresh state each time.
func BenchmarkRandomGame(b *testing.B) {
	g := Default()
	envtest.BenchRandomGame(b, func(i int) env.State { return g.newState() })
}

// samples returns states met in random play at decisions, so the
// benchmarks average over many situations.
func samples() []env.State {
	g := Default()
	return envtest.Samples(func(i int) env.State { return g.newState() }, 5, func(s env.State) bool { return s.(*State).step < dieActivation })
}

func BenchmarkClone(b *testing.B)        { envtest.BenchClone(b, samples()) }
func BenchmarkLegalActions(b *testing.B) { envtest.BenchLegalActions(b, samples()) }

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
		*c = *states[k].(*State)
		_ = c.Apply(acts[k][i%len(acts[k])])
		i++
	}
}
