package env

import (
	"math/rand/v2"
	"testing"
)

// TestSampleUniform: for every die up to 40 faces, SampleUniform gives
// what SampleChance gives on the listed outcomes from the same draw, on
// random draws and on the draws at each boundary.
func TestSampleUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 1; k <= 40; k++ {
		outcomes := make([]Outcome, k)
		p := 1 / float64(k)
		for i := range outcomes {
			outcomes[i] = Outcome{Action: Action(7 + i), Prob: p}
		}
		draws := []float64{0, 1 - 1.0/(1<<53)}
		acc := 0.0
		for range k {
			acc += p
			draws = append(draws, acc, acc-1.0/(1<<53), acc+1.0/(1<<53))
		}
		for range 2000 {
			draws = append(draws, rng.Float64())
		}
		for _, u := range draws {
			if u < 0 || u >= 1 {
				continue
			}
			u = rand.New(constant(u)).Float64() // a value Float64 can return
			want := SampleChance(outcomes, rand.New(constant(u)))
			if got := SampleUniform(7, k, u); got != want {
				t.Fatalf("k %d, u %v: SampleUniform %d, SampleChance %d", k, u, got, want)
			}
		}
	}
}

// constant is a source whose Float64 is u.
type constant float64

func (c constant) Uint64() uint64 { return uint64(float64(c) * (1 << 53)) }
