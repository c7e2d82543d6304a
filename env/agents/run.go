package agents

import (
	"context"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// MaxEpisodeSteps bounds RunEpisode, so a game that never ends is an error
// rather than a hang.
const MaxEpisodeSteps = 1 << 24

// RunEpisode plays one game of g from g.NewInitialState(seed): chance nodes
// are drawn from the game's dice, rng.Dice(seed), which no
// agent touches; players[p] acts for seat p. observer, if not nil, sees each
// state, the action and who chose it before the action is applied; it must
// not modify the state. It returns the final state. Agents that implement
// EpisodeSeeded are told the seed first.
func RunEpisode(ctx context.Context, g env.Game, seed uint64, players []Agent, observer func(s env.State, a env.Action, who env.Player)) (env.State, error) {
	if len(players) != g.NumPlayers() {
		return nil, fmt.Errorf("%s has %d seats, but %d players were given", g.Name(), g.NumPlayers(), len(players))
	}
	for _, p := range players {
		if e, ok := p.(EpisodeSeeded); ok {
			e.StartEpisode(seed)
		}
	}
	s := g.NewInitialState(seed)
	dice := rng.Dice(seed)
	var outcomes []env.Outcome
	for step := 0; !s.IsTerminal(); step++ {
		if step == MaxEpisodeSteps {
			return s, fmt.Errorf("%s seed %d: not over after %d steps", g.Name(), seed, step)
		}
		who := s.CurrentPlayer()
		var a env.Action
		if who == env.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			if len(outcomes) == 0 {
				return s, fmt.Errorf("%s seed %d step %d: chance node without outcomes", g.Name(), seed, step)
			}
			a = env.SampleChance(outcomes, dice)
		} else {
			if who < 0 || int(who) >= len(players) {
				return s, fmt.Errorf("%s seed %d step %d: current player %d is not a seat", g.Name(), seed, step, who)
			}
			var err error
			if a, err = players[who].Act(ctx, s); err != nil {
				return s, fmt.Errorf("%s seed %d step %d: seat %d: %w", g.Name(), seed, step, who, err)
			}
		}
		if observer != nil {
			observer(s, a, who)
		}
		if err := s.Apply(a); err != nil {
			return s, fmt.Errorf("%s seed %d step %d: %w", g.Name(), seed, step, err)
		}
	}
	return s, nil
}

// SeatSeed derives the seed of the agent at a seat from an episode's seed,
// so that each seat's agent has a stream of its own.
func SeatSeed(seed uint64, seat int) uint64 {
	return rand.New(rand.NewPCG(seed, 0x5ea7<<32|uint64(seat))).Uint64()
}
