package rng

import (
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
