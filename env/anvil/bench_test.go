package anvil

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
	return envtest.Samples(func(i int) env.State { return g.newState() }, 7, func(s env.State) bool { return s.(*State).roll == rollNone })
}

func BenchmarkClone(b *testing.B)        { envtest.BenchClone(b, samples()) }
func BenchmarkLegalActions(b *testing.B) { envtest.BenchLegalActions(b, samples()) }

// BenchmarkApply applies the last legal action at each sampled decision,
// on a copy made by value, so Apply alone is measured.
func BenchmarkApply(b *testing.B) { envtest.BenchApply[State](b, samples()) }
