package envtest

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// The engine benchmarks every game runs (BenchmarkRandomGame, Clone,
// LegalActions, Observation) over the env API; Apply stays with each game,
// which copies its states by value so that Apply alone is measured.

// BenchRandomGame plays whole games with uniform random actions and dice,
// from start(i) for game i, and reports the steps a game.
func BenchRandomGame(b *testing.B, start func(i int) env.State) {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []env.Action
	steps := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := start(i)
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			_ = s.Apply(buf[rng.IntN(len(buf))])
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// Samples returns 512 states met in random play from start(i), one every
// `every` steps where keep holds (a decision rather than a die, say), so
// that a benchmark averages over many situations.
func Samples(start func(i int) env.State, every int, keep func(env.State) bool) []env.State {
	rng := rand.New(rand.NewPCG(3, 4))
	var out []env.State
	var buf []env.Action
	for i := 0; len(out) < 512; i++ {
		s := start(i)
		for k := 0; !s.IsTerminal(); k++ {
			if k%every == 0 && keep(s) {
				out = append(out, s.Clone())
			}
			buf = s.LegalActions(buf)
			_ = s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

var sink env.State

// BenchClone clones the states in turn.
func BenchClone(b *testing.B, states []env.State) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink = states[i%len(states)].Clone()
		i++
	}
}

// BenchCloneHot clones one state over and over, as a search does with its
// root.
func BenchCloneHot(b *testing.B, s env.State) {
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

// BenchLegalActions lists the legal actions of the states in turn, into a
// reused buffer.
func BenchLegalActions(b *testing.B, states []env.State) {
	buf := make([]env.Action, 0, states[0].Game().NumDistinctActions())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].LegalActions(buf)
		i++
	}
}

// BenchObservation writes seat 0's observation of the states in turn into
// a reused buffer.
func BenchObservation(b *testing.B, states []env.State) {
	buf := make([]float32, states[0].Game().ObservationSize())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].Observation(0, buf)
		i++
	}
}

// BenchApply applies the last legal action at each sampled decision. Each
// sample is copied by value into one S, so that Apply alone is measured,
// without a Clone's allocation: BenchApply[State](b, samples).
func BenchApply[S any, P interface {
	*S
	env.State
}](b *testing.B, states []env.State) {
	acts := make([]env.Action, len(states))
	for i, s := range states {
		l := s.LegalActions(nil)
		acts[i] = l[len(l)-1]
	}
	var c S
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(states)
		c = *states[k].(P)
		if err := P(&c).Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
