package jubilee

import (
	"math/rand/v2"
	"testing"
)

// TestRule6_11_MatchingCountsTheMostUnits: the count behind 6.11's "the
// most CW units possible" is a maximum matching of hits to units, checked
// against every assignment on small random cases.
func TestRule6_11_MatchingCountsTheMostUnits(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 11))
	for range 2000 {
		var m hitMatch
		for range 1 + rng.IntN(6) {
			m.add(rng.Uint64() & 0x3f) // six units
		}
		taken := rng.Uint64() & 0x3f & -(rng.Uint64() & 1)
		if got, want := m.max(taken), bruteMatch(m.slots[:m.n], taken); got != want {
			t.Fatalf("slots %b, taken %b: matching %d, want %d", m.slots[:m.n], taken, got, want)
		}
	}
}

// bruteMatch tries every assignment of slots to distinct units.
func bruteMatch(slots []uint64, used uint64) int {
	if len(slots) == 0 {
		return 0
	}
	best := bruteMatch(slots[1:], used) // this hit goes unused
	for u := range 64 {
		if bit := uint64(1) << u; slots[0]&bit != 0 && used&bit == 0 {
			best = max(best, 1+bruteMatch(slots[1:], used|bit))
		}
	}
	return best
}
