package gym

import (
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// Policy chooses the action of a seat other than the environment's. It
// must not modify s; a policy that searches clones it. An agent's Act method
// is a Policy. A policy that draws random numbers keeps its own stream; for
// an episode to replay exactly, build the policy afresh with the same seed
// (the environment's stream serves chance nodes only).
type Policy func(s env.State) (env.Action, error)

// Info describes the position at which the seat is to act.
type Info struct {
	// Mask has NumDistinctActions entries, true for the legal actions.
	Mask []bool
	// Legal lists the legal actions, ascending; empty once the episode is
	// over.
	Legal []env.Action
	// State is a clone of the current position, for agents that search.
	State env.State
	// Return is the seat's return so far, Returns()[seat]: the sum of the
	// rewards of the episode's steps. A game can end before the seat first
	// decides; Reset's Info then has the final return here and no step is
	// possible.
	Return float64
}

// Option configures an Env.
type Option func(*Env)

// MaxSteps truncates an episode after n of the seat's steps (0: never).
func MaxSteps(n int) Option { return func(e *Env) { e.maxSteps = n } }

// ErrNoEpisode is wrapped by Step's error when no episode is running: Reset
// was not called, the episode ended, or a Policy failed mid-episode.
var ErrNoEpisode = errors.New("no episode running")

// maxInnerMoves bounds the moves the environment makes between two of the
// seat's decisions, so that a broken game or policy cannot hang Step.
const maxInnerMoves = 1 << 20

// Env is one seat's view of a game. It is not safe for concurrent use; use
// one Env per goroutine.
type Env struct {
	game     env.Game
	seat     env.Player
	others   Policy
	maxSteps int

	state   env.State
	rng     *rand.Rand
	prev    float64 // the seat's return after the previous step
	steps   int
	running bool

	legal    []env.Action
	outcomes []env.Outcome
}

// New wraps g for seat; others plays every other seat and may be nil when
// the game has one seat.
func New(g env.Game, seat env.Player, others Policy, opts ...Option) *Env {
	e := &Env{game: g, seat: seat, others: others}
	for _, o := range opts {
		o(e)
	}
	return e
}

// Reset starts a new episode from g.NewInitialState(seed), plays until the
// seat's first decision, and returns its observation. If the game ends
// before the seat decides, info.State is terminal, info.Return is the final
// return, and Step fails.
func (e *Env) Reset(seed uint64) (obs []float32, info Info, err error) {
	if e.seat < 0 || int(e.seat) >= e.game.NumPlayers() {
		return nil, Info{}, fmt.Errorf("gym: seat %d: %s has seats 0 to %d", e.seat, e.game.Name(), e.game.NumPlayers()-1)
	}
	e.running = false
	e.state = e.game.NewInitialState(seed)
	e.rng = rng.Dice(seed)
	e.prev = 0
	e.steps = 0
	if err := e.advance(); err != nil {
		return nil, Info{}, fmt.Errorf("gym: reset with seed %d: %w", seed, err)
	}
	e.running = !e.state.IsTerminal()
	if !e.running {
		// No step will carry the return as a reward.
		e.prev = e.state.Returns()[e.seat]
	}
	obs, info = e.view()
	return obs, info, nil
}

// Step plays the seat's action a, then everything up to the seat's next
// decision or the end. The reward is the change in the seat's return.
// terminated reports the end of the game, truncated the MaxSteps limit;
// after either, Step fails until Reset. An illegal action returns an error
// wrapping env.ErrIllegal and changes nothing.
func (e *Env) Step(a env.Action) (obs []float32, reward float64, terminated, truncated bool, info Info, err error) {
	if !e.running {
		return nil, 0, false, false, Info{}, fmt.Errorf("gym: step: %w", ErrNoEpisode)
	}
	if err := e.state.Apply(a); err != nil {
		return nil, 0, false, false, Info{}, fmt.Errorf("gym: step %d: %w", e.steps, err)
	}
	e.steps++
	if err := e.advance(); err != nil {
		e.running = false
		return nil, 0, false, false, Info{}, fmt.Errorf("gym: step %d: %w", e.steps-1, err)
	}
	ret := e.state.Returns()[e.seat]
	reward, e.prev = ret-e.prev, ret
	terminated = e.state.IsTerminal()
	truncated = !terminated && e.maxSteps > 0 && e.steps >= e.maxSteps
	e.running = !terminated && !truncated
	obs, info = e.view()
	return obs, reward, terminated, truncated, info, nil
}

// State returns a clone of the current position, or nil before Reset.
func (e *Env) State() env.State {
	if e.state == nil {
		return nil
	}
	return e.state.Clone()
}

// advance plays chance and other seats until the seat decides or the game
// ends.
func (e *Env) advance() error {
	for n := 0; ; n++ {
		p := e.state.CurrentPlayer()
		if p == e.seat || p == env.Terminal {
			return nil
		}
		if n == maxInnerMoves {
			return fmt.Errorf("%d moves without a decision of seat %d", n, e.seat)
		}
		var a env.Action
		if p == env.Chance {
			e.outcomes = e.state.ChanceOutcomes(e.outcomes)
			if len(e.outcomes) == 0 {
				return errors.New("chance node without outcomes")
			}
			a = env.SampleChance(e.outcomes, e.rng)
		} else {
			if e.others == nil {
				return fmt.Errorf("seat %d to act, but no policy for other seats", p)
			}
			var err error
			if a, err = e.others(e.state); err != nil {
				return fmt.Errorf("policy for seat %d: %w", p, err)
			}
		}
		if err := e.state.Apply(a); err != nil {
			who := "chance"
			if p >= 0 {
				who = fmt.Sprintf("policy for seat %d", p)
			}
			return fmt.Errorf("%s: %w", who, err)
		}
	}
}

// view builds the observation and info of the current position, in fresh
// slices that the caller may keep.
func (e *Env) view() ([]float32, Info) {
	obs := e.state.Observation(e.seat, nil)
	var mask []bool
	mask, e.legal = env.LegalMask(e.state, nil, e.legal)
	return obs, Info{
		Mask:   mask,
		Legal:  append([]env.Action(nil), e.legal...),
		State:  e.state.Clone(),
		Return: e.prev,
	}
}
