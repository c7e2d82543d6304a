package pig

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Actions of the fixed action space. Die face f is the action RollFace+f-1.
const (
	Stop     env.Action = 0
	Roll     env.Action = 1
	RollFace env.Action = 2 // face 1; face f is RollFace + f - 1
)

// Option limits, so that scores and the action space stay small.
const (
	MaxTarget  = 1000
	MaxDie     = 100
	MaxHorizon = 1_000_000
)

// optionDocs documents the game's options; New reads them from here, so
// these defaults are the ones in force.
func optionDocs() []env.OptionDoc {
	return []env.OptionDoc{
		{Name: "target", Default: "20", Help: "points to win (1 to 1000)"},
		{Name: "die", Default: "6", Help: "faces of the die (2 to 100)"},
		{Name: "stop_at_zero", Default: "false", Help: "stopping is legal with a turn total of 0 (OpenSpiel's rule)"},
		{Name: "forced_stop", Default: "false", Help: "once score and turn total reach the target, stop is the only action (OpenSpiel's rule)"},
		{Name: "horizon", Default: "0", Help: "the game is a draw after this many decisions, rolls and stops (0: none; OpenSpiel's is 1000)"},
	}
}

func init() {
	env.Register(env.Registration{
		Name:        "pig",
		Description: "two-player Pig: roll to build a turn total, a 1 loses it, stop to bank it",
		Options:     optionDocs(),
		New:         func(p env.Params) (env.Game, error) { return New(p) },
	})
}

// Game is Pig under one set of options. It is immutable.
type Game struct {
	target int
	die    int
	// OpenSpiel's rules, each an option: see the package documentation.
	stopAtZero bool
	forcedStop bool
	horizon    int
}

// New builds the game from its options; see the package documentation.
func New(p env.Params) (*Game, error) {
	r := env.ReadOptions(p, optionDocs())
	g := &Game{
		target:     r.Int("target", 1, MaxTarget),
		die:        r.Int("die", 2, MaxDie),
		stopAtZero: r.Bool("stop_at_zero"),
		forcedStop: r.Bool("forced_stop"),
		horizon:    r.Int("horizon", 0, MaxHorizon),
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// Target is the score that wins.
func (g *Game) Target() int { return g.target }

// Die is the number of faces of the die.
func (g *Game) Die() int { return g.die }

// Name implements env.Game.
func (g *Game) Name() string { return "pig" }

// Options implements env.Game.
// OpenSpiel's rules are listed only when in force, so that the options of
// the plain game read as they always have.
func (g *Game) Options() string {
	p := env.Params{"target": strconv.Itoa(g.target), "die": strconv.Itoa(g.die)}
	if g.stopAtZero {
		p["stop_at_zero"] = "true"
	}
	if g.forcedStop {
		p["forced_stop"] = "true"
	}
	if g.horizon > 0 {
		p["horizon"] = strconv.Itoa(g.horizon)
	}
	return p.String()
}

// Horizon is the number of decisions after which the game is a draw, 0 for
// none.
func (g *Game) Horizon() int { return g.horizon }

// NumPlayers implements env.Game: two seats.
func (g *Game) NumPlayers() int { return 2 }

// NumDistinctActions implements env.Game: stop, roll and one per face.
func (g *Game) NumDistinctActions() int { return 2 + g.die }

// ObservationSize implements env.Game; see State.Observation.
func (g *Game) ObservationSize() int { return obsSize }

// NewInitialState implements env.Game. Pig draws nothing at set-up, so the
// seed is unused: seat 0 is to roll with both scores at 0.
func (g *Game) NewInitialState(seed uint64) env.State {
	return g.NewState()
}

// NewState returns the opening position with the concrete type.
func (g *Game) NewState() *State {
	return &State{game: g, winner: -1}
}
