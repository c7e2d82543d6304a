package chancewalk

import (
	"fmt"
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Actions of the fixed action space.
const (
	Safe  env.Action = 0
	Risky env.Action = 1
	Jump  env.Action = 2 // chance outcome of Risky, probability p
	Slip  env.Action = 3 // chance outcome of Risky, probability 1-p
)

// numActions is the size of the action space.
const numActions = 4

// Option limits.
const (
	MaxN     = 100
	MaxTurns = 100
	MaxStep  = 100
)

// optionDocs documents the game's options; New reads them from here, so
// these defaults are the ones in force.
func optionDocs() []env.OptionDoc {
	return []env.OptionDoc{
		{Name: "n", Default: "8", Help: "goal position (1 to 100)"},
		{Name: "turns", Default: "5", Help: "turns available (1 to 100)"},
		{Name: "p", Default: "0.6", Help: "probability that a risky step jumps (strictly between 0 and 1)"},
		{Name: "jump", Default: "3", Help: "steps forward of a jump (2 to 100)"},
		{Name: "back", Default: "100", Help: "steps back of a slip, never below 0 (1 to 100)"},
	}
}

func init() {
	env.Register(env.Registration{
		Name:        "chancewalk",
		Description: "one-player walk to a goal against the clock: a safe step, or a weighted coin to jump or slip",
		Options:     optionDocs(),
		New:         func(p env.Params) (env.Game, error) { return New(p) },
	})
}

// Game is the walk under one set of options. It is immutable.
type Game struct {
	n, turns   int
	p          float64
	jump, back int
	// reach[t*(n+1)+x] reports whether play reaches position x after t
	// turns, with no risky step pending.
	reach []bool
}

var _ env.Game = (*Game)(nil)

// New builds the game from its options; see the package documentation.
func New(p env.Params) (*Game, error) {
	r := env.ReadOptions(p, optionDocs())
	g := &Game{
		n:     r.Int("n", 1, MaxN),
		turns: r.Int("turns", 1, MaxTurns),
		jump:  r.Int("jump", 2, MaxStep),
		back:  r.Int("back", 1, MaxStep),
		p:     r.Float("p", 0, 1),
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if g.p == 0 || g.p == 1 { // both chance outcomes must be possible
		return nil, fmt.Errorf("option p=%v: out of range, want strictly between 0 and 1", g.p)
	}
	g.reach = g.reachable()
	return g, nil
}

// reachable computes the positions play reaches after each number of turns.
func (g *Game) reachable() []bool {
	w := g.n + 1
	r := make([]bool, (g.turns+1)*w)
	r[0] = true
	for t := range g.turns {
		for x := range g.n { // the goal ends the game
			if !r[t*w+x] {
				continue
			}
			r[(t+1)*w+g.safeTo(x)] = true
			r[(t+1)*w+g.jumpTo(x)] = true
			r[(t+1)*w+g.slipTo(x)] = true
		}
	}
	return r
}

// safeTo, jumpTo and slipTo are where each move leads from position x.
func (g *Game) safeTo(x int) int { return min(g.n, x+1) }
func (g *Game) jumpTo(x int) int { return min(g.n, x+g.jump) }
func (g *Game) slipTo(x int) int { return max(0, x-g.back) }

// N is the goal position.
func (g *Game) N() int { return g.n }

// Turns is the number of turns available.
func (g *Game) Turns() int { return g.turns }

// P is the probability that a risky step jumps.
func (g *Game) P() float64 { return g.p }

// JumpSteps is how far a jump goes forward.
func (g *Game) JumpSteps() int { return g.jump }

// BackSteps is how far a slip goes back, never below 0.
func (g *Game) BackSteps() int { return g.back }

// Name implements env.Game.
func (g *Game) Name() string { return "chancewalk" }

// Options implements env.Game.
func (g *Game) Options() string {
	return env.Params{
		"n":     strconv.Itoa(g.n),
		"turns": strconv.Itoa(g.turns),
		"p":     strconv.FormatFloat(g.p, 'g', -1, 64),
		"jump":  strconv.Itoa(g.jump),
		"back":  strconv.Itoa(g.back),
	}.String()
}

// NumPlayers implements env.Game: one seat.
func (g *Game) NumPlayers() int { return 1 }

// NumDistinctActions implements env.Game: safe, risky, jump and slip.
func (g *Game) NumDistinctActions() int { return numActions }

// ObservationSize implements env.Game; see State.Observation.
func (g *Game) ObservationSize() int { return obsSize }

// NewInitialState implements env.Game. Nothing is drawn at set-up, so the
// seed is unused: the walker is at 0 with every turn left.
func (g *Game) NewInitialState(seed uint64) env.State { return g.NewState() }

// NewState returns the opening position with the concrete type.
func (g *Game) NewState() *State { return &State{game: g} }
