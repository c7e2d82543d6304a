package tictactoe

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Sizes of the game.
const (
	// Cells is the number of cells, and of actions.
	Cells = 9
	// obsSize is the length of the observation: three planes and the mover.
	obsSize = 3*Cells + 1
)

func init() {
	env.Register(env.Registration{
		Name:        "tictactoe",
		Description: "tic-tac-toe: x and o take turns, three in a line wins; a draw under perfect play",
		New:         func(p env.Params) (env.Game, error) { return New(p) },
	})
}

// Game is tic-tac-toe. It has no options and is immutable.
type Game struct{}

var _ env.Game = (*Game)(nil)

// New builds the game; it takes no options, so any key is an error.
func New(p env.Params) (*Game, error) {
	if len(p) > 0 {
		return nil, fmt.Errorf("tictactoe takes no options, got %q", p.String())
	}
	return &Game{}, nil
}

// Name implements env.Game.
func (g *Game) Name() string { return "tictactoe" }

// Options implements env.Game: the game has none.
func (g *Game) Options() string { return "" }

// NumPlayers implements env.Game: x is seat 0 and o is seat 1.
func (g *Game) NumPlayers() int { return 2 }

// NumDistinctActions implements env.Game: one action per cell.
func (g *Game) NumDistinctActions() int { return Cells }

// ObservationSize implements env.Game; see State.Observation.
func (g *Game) ObservationSize() int { return obsSize }

// NewInitialState implements env.Game. Nothing is drawn at set-up, so the
// seed is unused: the board is empty and x is to move.
func (g *Game) NewInitialState(seed uint64) env.State { return g.NewState() }

// NewState returns the empty board with the concrete type.
func (g *Game) NewState() *State {
	return &State{game: g, winner: inPlay}
}
