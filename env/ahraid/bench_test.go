package ahraid

import (
	"math/rand/v2"
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
	return envtest.Samples(func(i int) env.State { return g.newState() }, 7, func(s env.State) bool { return s.(*State).Roll == rollNone })
}

func BenchmarkClone(b *testing.B)        { envtest.BenchClone(b, samples()) }
func BenchmarkLegalActions(b *testing.B) { envtest.BenchLegalActions(b, samples()) }
func BenchmarkObservation(b *testing.B)  { envtest.BenchObservation(b, samples()) }

// BenchmarkCloneHot clones one state over and over, as a search does with
// its root.
func BenchmarkCloneHot(b *testing.B) { envtest.BenchCloneHot(b, samples()[100]) }

// BenchmarkApply applies the last legal action at each sampled decision. The copy of the
// sample is made by value, so Apply alone is measured.
func BenchmarkApply(b *testing.B) { envtest.BenchApply[State](b, samples()) }

// TestZeroAllocs: Apply and LegalActions allocate nothing on the hot path.
func TestZeroAllocs(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(8, 9))
	buf := make([]env.Action, 0, numActions)
	var c State
	for i := range 20 {
		s := midGame(g, 50*i, uint64(i))
		if s.IsTerminal() {
			continue
		}
		buf = s.LegalActions(buf)
		a := buf[rng.IntN(len(buf))]
		if n := testing.AllocsPerRun(20, func() { buf = s.LegalActions(buf) }); n > 0 {
			t.Fatalf("LegalActions allocates %v", n)
		}
		if n := testing.AllocsPerRun(20, func() { c = *s; _ = c.Apply(a) }); n > 0 {
			t.Fatalf("Apply(%s) allocates %v at %s", s.ActionString(a), n, s.Prompt())
		}
	}
}
