package search

import (
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// SetDice makes every simulation draw its chance outcomes from a fresh
// stream of its own, dice(), in the order the simulation meets its chance
// nodes, instead of from the search's random stream: given the stream that
// will roll the real game's dice, the search plays a game whose future dice
// it knows (a hindsight bound). nil restores sampling. dice must return a
// new *rand.Rand each call; it is called from the searching goroutines one
// at a time per simulation, so it must be safe for that.
func (s *Searcher) SetDice(dice func() *rand.Rand) {
	s.dice = dice
	for _, wk := range append(append([]*worker(nil), s.workers...), s.slots...) {
		wk.dice = nil
	}
}

// chanceRNG is the stream a simulation draws its next chance outcome from.
func (wk *worker) chanceRNG() *rand.Rand {
	if wk.dice != nil {
		return wk.dice
	}
	return wk.rng
}

// startDice gives the worker the dice of a new simulation.
func (s *Searcher) startDice(wk *worker) {
	if s.dice != nil {
		wk.dice = s.dice()
	}
}

// sampleChance draws the outcome of the chance node at st as
// env.SampleChance draws it from ChanceOutcomes, from the same stream:
// where the game declares the node a fair die (env.UniformChancer),
// without listing it.
func (wk *worker) sampleChance(st env.State) env.Action {
	if uc, ok := st.(env.UniformChancer); ok {
		if first, k := uc.UniformChance(); k > 0 {
			return env.SampleUniform(first, k, wk.chanceFloat64())
		}
	}
	wk.outcomes = st.ChanceOutcomes(wk.outcomes)
	return env.SampleChance(wk.outcomes, wk.chanceRNG())
}

// chanceFloat64 is chanceRNG().Float64(), drawn from the worker's own
// generator without a call where no dice are set.
func (wk *worker) chanceFloat64() float64 {
	if wk.dice != nil {
		return wk.dice.Float64()
	}
	return float64(wk.src.Uint64()<<11>>11) / (1 << 53) // as rand.Rand's Float64
}
