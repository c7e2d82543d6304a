package rng

import "math/bits"

// PCG is math/rand/v2's PCG (a 128-bit LCG with the DXSM output) bit for
// bit: after Seed(a, b) it gives the outputs of rand.NewPCG(a, b). Its
// methods inline, so that a hot loop (a search's random rollout) draws
// without a call; rand.New(&p) serves where a *rand.Rand is wanted.
type PCG struct{ hi, lo uint64 }

// Seed resets p to the state of rand.NewPCG(seed1, seed2).
func (p *PCG) Seed(seed1, seed2 uint64) { p.hi, p.lo = seed1, seed2 }

// Uint64 steps the LCG and returns the DXSM output of its new state.
func (p *PCG) Uint64() uint64 {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.hi, p.lo = hi, lo
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// IntN draws uniformly from [0, n), n > 0, by Lemire's multiply: the high
// word of one output times n, the low word rejected (and drawn again)
// below 2^64 mod n, which for a small n almost never happens. A loop that
// must not call writes it out, as
//
//	i, lo := bits.Mul64(p.Uint64(), n)
//	if lo < n {
//		i = p.Unbias(n, i, lo)
//	}
func (p *PCG) IntN(n int) int {
	hi, lo := bits.Mul64(p.Uint64(), uint64(n))
	if lo < uint64(n) {
		hi = p.Unbias(uint64(n), hi, lo)
	}
	return int(hi)
}

// Unbias finishes IntN's draw hi, lo where it may be biased (lo below n):
// Lemire's rejection of the low words below 2^64 mod n.
func (p *PCG) Unbias(n, hi, lo uint64) uint64 { return unbias(p, n, hi, lo) }

// unbias is Lemire's rejection, on any generator.
func unbias[G interface{ Uint64() uint64 }](g G, n, hi, lo uint64) uint64 {
	for thresh := -n % n; lo < thresh; {
		hi, lo = bits.Mul64(g.Uint64(), n)
	}
	return hi
}
