package tune

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseSpace: any search space text parses or gets a one-line error;
// every value drawn from a space parsed lies in it.
func FuzzParseSpace(f *testing.F) {
	for _, s := range []string{"c=0.5:4", "sims=100:1000,rollout=random|greedy", "c=4:0.5", "c=1e-3:1", "x=a", "n=1:2", "c=-Inf:Inf", "c=0.12345:0.1235", "c=1e308:1.7e308"} {
		f.Add(s)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	f.Fuzz(func(t *testing.T, s string) {
		space, err := ParseSpace(s)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") && !strings.Contains(s, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		for _, p := range space {
			v := p.draw(rng)
			if p.Values != nil {
				continue
			}
			if x, err := strconv.ParseFloat(v, 64); err != nil || x < p.Lo || x > p.Hi {
				t.Fatalf("%s=%g:%g drawn as %q", p.Name, p.Lo, p.Hi, v)
			}
		}
	})
}
