package anvil

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Name is the registry name of the game.
const Name = "anvil"

func init() {
	env.Register(env.Registration{
		Name:        Name,
		Description: "Striking the Anvil (Battles Magazine / Nuts!): Provence 1944, Allies (seat 0) against Germans (seat 1), area movement",
		Options:     optionDocs,
		New:         env.DataGame(ParseOptions, LoadData, DefaultData, NewGame),
	})
}

// Game is Striking the Anvil under one data set and set of options.
type Game struct {
	data     *Data
	opts     Options
	dataPath string
	sc       *Scenario
	turns    int
}

var _ env.Game = (*Game)(nil)

// NewGame builds a game; dataPath is recorded in Options() (empty for the
// embedded data).
func NewGame(d *Data, o Options, dataPath string) (*Game, error) {
	if o.Scenario < 1 || o.Scenario > len(d.Scenarios) {
		return nil, fmt.Errorf("scenario %d: the data has scenarios 1 to %d", o.Scenario, len(d.Scenarios))
	}
	g := &Game{data: d, opts: o, dataPath: dataPath, sc: &d.Scenarios[o.Scenario-1]}
	g.turns = g.sc.Turns
	if o.Turns > 0 {
		g.turns = min(o.Turns, g.sc.Turns)
	}
	return g, nil
}

// Default returns the game with the embedded data and default options.
func Default() *Game { return env.MustEmbedded(DefaultData, NewGame, DefaultOptions()) }

// New builds the game with the embedded data.
func New(o Options) (*Game, error) {
	d, err := DefaultData()
	if err != nil {
		return nil, err
	}
	return NewGame(d, o, "")
}

// Data returns the game's immutable data.
func (g *Game) Data() *Data { return g.data }

// Opts returns the options in force.
func (g *Game) Opts() Options { return g.opts }

// Scenario is the scenario played.
func (g *Game) Scenario() *Scenario { return g.sc }

// Turns is the number of game turns.
func (g *Game) Turns() int { return g.turns }

func (g *Game) Name() string { return Name }

func (g *Game) Options() string { return env.DataOptions(g.opts.Params(), g.dataPath) }

// NumPlayers is 2: the Allies and the Germans.
func (g *Game) NumPlayers() int { return 2 }

// SeatNames implements env.Seater.
func (g *Game) SeatNames() []string { return []string{sideNames[Allied], sideNames[German]} }

func (g *Game) NumDistinctActions() int { return numActions }

// NewInitialState sets the scenario up. Nothing is drawn without a die, so
// the seed is unused.
func (g *Game) NewInitialState(seed uint64) env.State { return g.newState() }

func (g *Game) newState() *State {
	d := g.data
	s := &State{g: g, turn: 1}
	for u := range d.Units {
		s.loc[u] = locOff
		s.steps[u] = int8(d.Units[u].Steps)
		s.group[u] = -1
	}
	for _, p := range g.sc.Setup {
		s.loc[p[0]] = int8(p[1])
	}
	for i := range d.Areas {
		if t := d.Areas[i].Track; t >= 0 {
			s.fort[i] = int8(len(d.Tracks[t].DRM) - 1)
		}
	}
	for _, a := range g.sc.FFI {
		s.ffi[a] = ffiControl
	}
	for _, b := range g.sc.Bridges {
		s.bridge[b] = bridgeIntact
	}
	s.startTurn()
	return s
}
