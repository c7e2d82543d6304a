package eval

import (
	"hash/fnv"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/internal/rng"
)

// GameSeed is the seed of game i of a run with the given seed: the (i+1)-th
// output of the SplitMix64 generator started at seed, that is
// mix64(seed + (i+1)·0x9e3779b97f4a7c15). Every agent plays game i from this
// seed, so they all meet the same set-up and the same dice.
func GameSeed(seed uint64, i int) uint64 {
	return rng.Mix64(seed + uint64(i+1)*rng.Golden)
}

// AgentSeed is the seed of the own random stream of the agent with the given
// (canonical) spec in game i: mix64(GameSeed(seed, i) ^ mix64(h + golden))
// with h the 64-bit FNV-1a hash of the spec. The agent at seat p gets
// agents.SeatSeed(AgentSeed(seed, i, spec), p). It depends on the spec, not
// on the agent's place in a list.
func AgentSeed(seed uint64, i int, spec string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(spec))
	return rng.Mix64(GameSeed(seed, i) ^ rng.Mix64(h.Sum64()+rng.Golden))
}

// PlayerSeed seeds the agent of spec at seat p in game i, as every run
// seeds it: agents.SeatSeed(AgentSeed(seed, i, as), p), where as is the
// spec the agent plays as (agents.SeedSpec), so that an agent that plays
// another's moves meets the same games as that agent.
func PlayerSeed(g env.Game, seed uint64, i int, spec string, p int) uint64 {
	if as := agents.SeedSpec(spec, g); as != spec {
		if c, err := CanonicalAgent(as); err == nil {
			spec = c
		}
	}
	return agents.SeatSeed(AgentSeed(seed, i, spec), p)
}
