package main

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/rng"
	"github.com/chariot-ai/chariot/train/features"
)

// maxChanceMoves bounds the chance moves between two decisions, as env/gym
// bounds its inner moves, so that a broken game cannot hang a call.
const maxChanceMoves = 1 << 20

// table is a game with every seat deciding (PettingZoo's AEC): chance is
// drawn inside from the episode's own stream, as env/gym draws it, so a
// game of one seat plays as env/gym plays it.
type table struct {
	game     env.Game
	info     info
	state    env.State
	rng      *rand.Rand
	outcomes []env.Outcome
	legal    []env.Action
	mask     []bool
	obs      []float32
}

func newTable(spec, data string) (*table, error) {
	g, err := newGame(spec, data)
	if err != nil {
		return nil, err
	}
	t := &table{game: g}
	t.info = describeGame(g, 0, features.NewEncoder(g, 0))
	return t, nil
}

// reset starts the game of seed and plays its opening chance moves.
func (t *table) reset(seed uint64) error {
	t.state = t.game.NewInitialState(seed)
	t.rng = rng.Dice(seed)
	return t.chance()
}

// apply plays the current seat's action, then the chance moves after it.
func (t *table) apply(a int) error {
	if t.state == nil {
		return badInput("chariot: no game: call reset first")
	}
	if t.state.IsTerminal() {
		return badInput("chariot: action %d after the end of the game: call reset", a)
	}
	if err := t.state.Apply(env.Action(a)); err != nil {
		if errors.Is(err, env.ErrIllegal) {
			return illegal(err)
		}
		return engineFailure(err)
	}
	return t.chance()
}

func (t *table) chance() error {
	for n := 0; t.state.CurrentPlayer() == env.Chance; n++ {
		if n == maxChanceMoves {
			return engineFailure(fmt.Errorf("%d chance moves without a decision", n))
		}
		t.outcomes = t.state.ChanceOutcomes(t.outcomes)
		if len(t.outcomes) == 0 {
			return engineFailure(errors.New("chance node without outcomes"))
		}
		if err := t.state.Apply(env.SampleChance(t.outcomes, t.rng)); err != nil {
			return engineFailure(fmt.Errorf("chance: %w", err))
		}
	}
	return nil
}

// write writes seat p's observation, and the legal mask when p is to act
// (else zeros), and returns every seat's return into returns; it reports
// the seat to act (-2 at the end).
func (t *table) write(p int, obs []float32, mask []uint8, returns []float64) (int, error) {
	if t.state == nil {
		return 0, badInput("chariot: no game: call reset first")
	}
	if p < 0 || p >= t.game.NumPlayers() {
		return 0, badInput("seat %d: %s has seats 0 to %d", p, t.game.Name(), t.game.NumPlayers()-1)
	}
	cur := t.state.CurrentPlayer()
	if obs != nil {
		t.obs = t.state.Observation(env.Player(p), t.obs)
		copy(obs, t.obs)
	}
	if mask != nil {
		clear(mask)
		if int(cur) == p {
			t.mask, t.legal = env.LegalMask(t.state, t.mask, t.legal)
			for i, m := range t.mask {
				mask[i] = b2u(m)
			}
		}
	}
	if returns != nil {
		copy(returns, t.state.Returns())
	}
	return int(cur), nil
}
