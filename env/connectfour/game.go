package connectfour

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Sizes of the board.
const (
	Cols  = 7
	Rows  = 6
	Cells = Cols * Rows
	// obsSize is the length of the observation: three planes.
	obsSize = 3 * Cells
)

func init() {
	env.Register(env.Registration{
		Name:        "connectfour",
		Description: "Connect Four, 7x6: drop discs in turn, four in a line wins (OpenSpiel's connect_four)",
		New:         func(p env.Params) (env.Game, error) { return New(p) },
	})
}

// Game is Connect Four. It has no options and is immutable.
type Game struct{}

var (
	_ env.Game   = (*Game)(nil)
	_ env.Shaper = (*Game)(nil)
)

// New builds the game; it takes no options, so any key is an error.
func New(p env.Params) (*Game, error) {
	if len(p) > 0 {
		return nil, fmt.Errorf("connectfour takes no options, got %q", p.String())
	}
	return &Game{}, nil
}

// Name implements env.Game.
func (g *Game) Name() string { return "connectfour" }

// Options implements env.Game: the game has none.
func (g *Game) Options() string { return "" }

// NumPlayers implements env.Game: x is seat 0 and o is seat 1.
func (g *Game) NumPlayers() int { return 2 }

// NumDistinctActions implements env.Game: one action per column.
func (g *Game) NumDistinctActions() int { return Cols }

// ObservationSize implements env.Game; see State.Observation.
func (g *Game) ObservationSize() int { return obsSize }

// ObservationShape implements env.Shaper: three planes of rows by columns.
func (g *Game) ObservationShape() []int { return []int{3, Rows, Cols} }

// NewInitialState implements env.Game. Nothing is drawn at set-up, so the
// seed is unused: the board is empty and x is to move.
func (g *Game) NewInitialState(seed uint64) env.State { return g.NewState() }

// NewState returns the empty board with the concrete type.
func (g *Game) NewState() *State {
	return &State{game: g, open: allOpen, winner: inPlay}
}
