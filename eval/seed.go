package eval

import "hash/fnv"

// golden is the increment of SplitMix64, 2^64 divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// mix64 is the output function of SplitMix64 (Steele, Lea and Flood 2014):
// a bijection of the 64-bit words that scrambles every input bit into every
// output bit.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// GameSeed is the seed of game i of a run with the given seed: the (i+1)-th
// output of the SplitMix64 generator started at seed, that is
// mix64(seed + (i+1)·0x9e3779b97f4a7c15). Every agent plays game i from this
// seed, so they all meet the same set-up and the same dice.
func GameSeed(seed uint64, i int) uint64 {
	return mix64(seed + uint64(i+1)*golden)
}

// AgentSeed is the seed of the own random stream of the agent with the given
// (canonical) spec in game i: mix64(GameSeed(seed, i) ^ mix64(h + golden))
// with h the 64-bit FNV-1a hash of the spec. The agent at seat p gets
// agents.SeatSeed(AgentSeed(seed, i, spec), p). It depends on the spec, not
// on the agent's place in a list.
func AgentSeed(seed uint64, i int, spec string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(spec))
	return mix64(GameSeed(seed, i) ^ mix64(h.Sum64()+golden))
}
