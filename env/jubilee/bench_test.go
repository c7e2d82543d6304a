package jubilee

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
	for i := 0; b.Loop(); i++ {
		s := g.newState(uint64(i))
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			_ = s.Apply(buf[rng.IntN(len(buf))])
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// samples returns states met in random play at British decisions, so the
// benchmarks below average over many situations.
func samples(b *testing.B) []*State {
	g := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*State
	var buf []env.Action
	for i := 0; len(out) < 512; i++ {
		s := g.newState(uint64(i))
		for k := 0; !s.IsTerminal(); k++ {
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

// BenchmarkApply applies the last legal action at each sampled decision. The copy of the
// sample is made by value, so Apply alone is measured.
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

func BenchmarkObservation(b *testing.B) {
	states := samples(b)
	buf := make([]float32, Default().ObservationSize())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].Observation(0, buf)
		i++
	}
}

// BenchmarkCloneHot clones one state over and over, as a search does with
// its root.
func BenchmarkCloneHot(b *testing.B) {
	s := samples(b)[100]
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}
