package stnazaire

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestWriteReturnsMatchesReturns: the returns written into a buffer are
// Returns, with one seat and with the German seat, and a reused buffer
// takes them without allocating.
func TestWriteReturnsMatchesReturns(t *testing.T) {
	for _, spec := range []string{Name, Name + ":opponent=seat"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 5))
		buf := make([]float64, 0, 2)
		var acts []env.Action
		s := g.NewInitialState(3).(*State)
		for !s.IsTerminal() {
			acts = s.LegalActions(acts)
			if err := s.Apply(acts[rng.IntN(len(acts))]); err != nil {
				t.Fatal(err)
			}
			if buf = s.WriteReturns(buf); !slices.Equal(buf, s.Returns()) {
				t.Fatalf("%s: WriteReturns %v, Returns %v", spec, buf, s.Returns())
			}
		}
		if n := testing.AllocsPerRun(10, func() { buf = s.WriteReturns(buf) }); n != 0 {
			t.Errorf("%s: WriteReturns allocates %.0f times into a reused buffer", spec, n)
		}
	}
}
