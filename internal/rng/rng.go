// Package rng holds chariot's seeding in one place: the stream of a game's
// dice, and SplitMix64 (Steele, Lea and Flood 2014), which turns a run's
// seed into the seeds of its games, agents and samples.
package rng

import "math/rand/v2"

// Golden is the increment of SplitMix64, 2^64 divided by the golden ratio.
const Golden = 0x9e3779b97f4a7c15

// Mix64 is the output function of SplitMix64: a bijection of the 64-bit
// words that scrambles every input bit into every output bit.
func Mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// DiceStream is the second word of the PCG seed of a game's dice: a game
// played from seed rolls rand.NewPCG(seed, DiceStream), whoever plays it
// (the harness, the gym environment, a bound that replays it).
const DiceStream = Golden

// Dice is the dice of the game with the given seed.
func Dice(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, DiceStream)) }

// SeedDice resets p, in place, to the dice of the game with the given seed.
func SeedDice(p *rand.PCG, seed uint64) { p.Seed(seed, DiceStream) }

// toolStream is mixed into the seed of the rolls a tool makes for a person
// at the table, one at a time.
const toolStream = 0xd1ce5eed

// RollAt is the die of the roll made at the given step of a session with
// the given seed: a session saved and reloaded between rolls, or a roll
// taken back and made again, rolls the same face.
func RollAt(seed uint64, step int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^toolStream, uint64(step)))
}
