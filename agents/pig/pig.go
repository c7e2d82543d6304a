// Package pig holds the classic fixed strategies of Pig, whose
// exploitability the exact solver measures (chariot exploit): a fixed
// policy of one seat, and the other seat's best response to it.
package pig

import (
	"context"
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/pig"
)

var holdAt = env.OptionDoc{Name: "n", Default: "20", Help: "hold once the turn total reaches n (1 to 1000)"}

func init() {
	agents.Register(agents.Registration{
		Name: "holdat",
		Description: "Pig's hold-at-n strategy: roll until the turn total reaches n, or until banking it " +
			"would reach the target, then hold",
		Options:  []env.OptionDoc{holdAt},
		Supports: func(g env.Game) bool { _, ok := g.(*pig.Game); return ok },
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			n, err := agents.Int(p, holdAt, 1, pig.MaxTarget)
			if err != nil {
				return nil, err
			}
			return HoldAt{N: n, Target: g.(*pig.Game).Target()}, nil
		},
	})
}

// HoldAt rolls until the turn total reaches N, or the score and turn
// total reach Target, and then holds. It draws nothing at random.
type HoldAt struct{ N, Target int }

// Act implements agents.Agent.
func (h HoldAt) Act(_ context.Context, s env.State) (env.Action, error) {
	ps, ok := s.(*pig.State)
	if !ok || ps.CurrentPlayer() < 0 {
		return 0, fmt.Errorf("holdat plays a seat of Pig to move")
	}
	k := ps.TurnTotal()
	if k > 0 && (k >= h.N || ps.Scores()[ps.Mover()]+k >= h.Target) {
		return pig.Stop, nil
	}
	return pig.Roll, nil
}
