package skirmish

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Name is the registry name of the game.
const Name = "skirmish"

func init() {
	env.Register(env.Registration{
		Name:        Name,
		Description: "the commando raid skirmish: miniatures in inches, commandos against a garrison run by authored reaction rules",
		Options:     optionDocs,
		New:         env.DataGame(ParseOptions, LoadData, DefaultData, NewGame),
	})
}

// Game is the skirmish under one scenario and set of options.
type Game struct {
	data     *Data
	opts     Options
	react    Reactions
	dataPath string
	turns    int
}

var (
	_ env.Game   = (*Game)(nil)
	_ env.Seater = (*Game)(nil)
)

// NewGame builds a game; dataPath is recorded in Options() (empty for the
// embedded scenario).
func NewGame(d *Data, o Options, dataPath string) (*Game, error) {
	r, ok := reactionSets[o.Reactions]
	if !ok {
		return nil, fmt.Errorf("unknown reaction set %q", o.Reactions)
	}
	g := &Game{data: d, opts: o, react: r, dataPath: dataPath, turns: d.Turns}
	if o.Turns > 0 {
		g.turns = o.Turns
	}
	return g, nil
}

// Default is the embedded scenario with default options.
func Default() *Game { return mustGame(DefaultOptions()) }

func mustGame(o Options) *Game { return env.MustEmbedded(DefaultData, NewGame, o) }

// Data is the game's scenario.
func (g *Game) Data() *Data { return g.data }

// Opts are the options in force.
func (g *Game) Opts() Options { return g.opts }

// Name is "skirmish".
func (g *Game) Name() string { return Name }

// Options is the canonical option text.
func (g *Game) Options() string { return env.DataOptions(g.opts.Params(), g.dataPath) }

// NumPlayers is 1 (the British) or 2 with opponent=seat.
func (g *Game) NumPlayers() int {
	if g.opts.Seat {
		return 2
	}
	return 1
}

// SeatNames names the seats as the text does.
func (g *Game) SeatNames() []string {
	if g.opts.Seat {
		return []string{"British", "German"}
	}
	return []string{"British"}
}

// NumDistinctActions is the size of the fixed action space.
func (g *Game) NumDistinctActions() int { return numActions }

// NewInitialState sets up the table. Nothing is drawn without a die, so the
// seed changes nothing.
func (g *Game) NewInitialState(seed uint64) env.State { return g.newState() }

func (g *Game) newState() *State {
	d := g.data
	s := &State{g: g, turn: 1, phase: phBritish, alarm: g.react.AlarmAtStart, cur: -1}
	for i, f := range d.Figures {
		s.f[i].x, s.f[i].y = int32(f.Start.x), int32(f.Start.y)
		if !f.Pool && f.Arrives <= 1 {
			s.f[i].st = stOn
			if f.Kind == Searchlight && g.react.LitAtStart {
				s.f[i].fl |= flLit
			}
		}
	}
	s.advance()
	return s
}
