package ahraid

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Name is the registry name of the game.
const Name = "ahraid"

func init() {
	env.Register(env.Registration{
		Name:        Name,
		Description: "Raid on St. Nazaire (Avalon Hill solitaire, from its player aid): the boats' run-in up the Loire, then the commandos ashore, 20 turns",
		Options:     optionDocs,
		New:         env.DataGame(ParseOptions, LoadData, DefaultData, NewGame),
	})
}

// Game is Raid on St. Nazaire under one data set and set of options.
type Game struct {
	data     *Data
	opts     Options
	dataPath string
	turns    int
	// turn numbers of the aid's clock times
	turnHarbour5, turnLandAny, turnWithdraw int
}

var _ env.Game = (*Game)(nil)

// NewGame builds a game; dataPath is recorded in Options() ("" for the
// embedded data).
func NewGame(d *Data, o Options, dataPath string) (*Game, error) {
	if o.Turns < 0 || o.Turns > 40 {
		return nil, fmt.Errorf("turns %d: want 0 to 40", o.Turns)
	}
	g := &Game{data: d, opts: o, dataPath: dataPath, turns: o.Turns}
	if g.turns == 0 {
		g.turns = d.Turns
	}
	g.turnHarbour5 = d.TurnAt("0146")
	g.turnLandAny = d.TurnAt("0152")
	g.turnWithdraw = d.TurnAt("0222")
	return g, nil
}

// Default returns the game with the embedded data and default options.
func Default() *Game { return env.MustEmbedded(DefaultData, NewGame, DefaultOptions()) }

// Data returns the game's immutable data.
func (g *Game) Data() *Data { return g.data }

// Opts returns the options in force.
func (g *Game) Opts() Options { return g.opts }

// Turns is the number of turns played.
func (g *Game) Turns() int { return g.turns }

// Name is "ahraid".
func (g *Game) Name() string { return Name }

// Options is the canonical option text.
func (g *Game) Options() string { return env.DataOptions(g.opts.Params(), g.dataPath) }

// NumPlayers is 1 (the British), or 2 with opponent=seat.
func (g *Game) NumPlayers() int {
	if g.opts.OpponentSeat {
		return 2
	}
	return 1
}

// SeatNames names the seats: the British, and the Germans where they are
// a seat.
func (g *Game) SeatNames() []string { return []string{"British", "German"}[:g.NumPlayers()] }

// NumDistinctActions is the size of the fixed action space.
func (g *Game) NumDistinctActions() int { return numActions }

// NewInitialState sets the game up: the eighteen boats in the Approach
// Zone with their parties aboard, the first wave of German counters in the
// cup, guns and searchlights in place. Nothing is drawn without a die, so
// the seed is not used.
func (g *Game) NewInitialState(seed uint64) env.State { return g.newState() }

func (g *Game) newState() *State {
	d := g.data
	s := &State{g: g}
	s.Turn, s.Step, s.Lights = 1, stepRepair, true
	for b, bd := range d.Boats {
		s.BZone[b] = d.approach
		s.BTorp[b] = bd.Torpedoes
	}
	for u, ud := range d.Commandos {
		s.UWhere[u] = ud.Boat
		s.UStr[u], s.UGren[u], s.UChg[u] = ud.Strength, ud.Grenades, ud.Charges
	}
	for i := range s.GArea {
		s.GArea[i] = -1
	}
	for k := range s.Beam {
		s.Beam[k], s.BeamOn[k] = -1, -1
	}
	for o := range s.OCharge {
		s.OCharge[o] = -1
	}
	s.refillCup()
	s.advance()
	return s
}
