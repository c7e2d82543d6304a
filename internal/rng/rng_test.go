package rng

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestMix64 checks SplitMix64 against the reference implementation's first
// outputs from seed 0 (Vigna's splitmix64.c): mix64(k·Golden), k = 1, 2, 3.
func TestMix64(t *testing.T) {
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for k, w := range want {
		if got := Mix64(uint64(k+1) * Golden); got != w {
			t.Errorf("output %d: %#x, want %#x", k+1, got, w)
		}
	}
}

// TestSeedDiceIsDice: reseeding a generator in place gives the same rolls
// as a fresh one.
func TestSeedDiceIsDice(t *testing.T) {
	var p rand.PCG
	SeedDice(&p, 42)
	a, b := Dice(42), rand.New(&p)
	for i := 0; i < 100; i++ {
		if x, y := a.Uint64(), b.Uint64(); x != y {
			t.Fatalf("roll %d: %d and %d", i, x, y)
		}
	}
	if Dice(42).Uint64() == Dice(43).Uint64() {
		t.Error("seeds 42 and 43 roll alike")
	}
	if RollAt(42, 3).Uint64() == RollAt(42, 4).Uint64() {
		t.Error("steps 3 and 4 roll alike")
	}
}

// TestPCGIsRandPCG: PCG gives math/rand/v2's PCG outputs for the same
// seeds, and IntN the draws of Lemire's method on them, rejection included
// (n of 2^62+1 or 3·2^61 rejects a quarter of the first draws). rand.Rand's
// IntN is no reference: it draws 32 bits at a time for a small n.
func TestPCGIsRandPCG(t *testing.T) {
	lemire := func(q *rand.PCG, n uint64) uint64 {
		hi, lo := bits.Mul64(q.Uint64(), n)
		for lo < -n%n {
			hi, lo = bits.Mul64(q.Uint64(), n)
		}
		return hi
	}
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {42, Golden}, {^uint64(0), 7}} {
		var p PCG
		p.Seed(seed[0], seed[1])
		q := rand.NewPCG(seed[0], seed[1])
		for i := range 1000 {
			if x, y := p.Uint64(), q.Uint64(); x != y {
				t.Fatalf("seed %v, output %d: %#x, want %#x", seed, i, x, y)
			}
		}
		for _, n := range []uint64{1, 2, 3, 7, 1000, 1<<62 + 1, 3 << 61} {
			for j := range 50 {
				if x, y := p.IntN(int(n)), lemire(q, n); uint64(x) != y {
					t.Fatalf("seed %v, IntN(%d), draw %d: %d, want %d", seed, n, j, x, y)
				}
			}
		}
	}
}

// TestWyrand checks Wyrand against wyhash's C wyrand (with the runtime's
// constants), from seeds 0 and 42, and its Unbias by the rejection rate.
func TestWyrand(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		want []uint64
	}{
		{0, []uint64{0x111cb3a78f59a58e, 0xceabd938ff4e856d, 0x61fb51318f47d2a4}},
		{42, []uint64{0xae4a7cbfdda9b434, 0xe9cc09d33d38d9d2, 0xcb5756512b93433a}},
	} {
		w := Wyrand(c.seed)
		for i, want := range c.want {
			if got := w.Uint64(); got != want {
				t.Errorf("seed %d, output %d: %#x, want %#x", c.seed, i, got, want)
			}
		}
	}
	// n = 3·2^61 rejects a quarter of the first draws: Unbias must then
	// land in range and match the reference loop on the same stream.
	var n uint64 = 3 << 61
	w, ref := Wyrand(7), Wyrand(7)
	for range 1000 {
		i, lo := bits.Mul64(w.Uint64(), n)
		if lo < n {
			i = w.Unbias(n, i, lo)
		}
		j, lo := bits.Mul64(ref.Uint64(), n)
		for lo < -n%n {
			j, lo = bits.Mul64(ref.Uint64(), n)
		}
		if i != j || i >= n {
			t.Fatalf("draw %d, want %d", i, j)
		}
	}
}
