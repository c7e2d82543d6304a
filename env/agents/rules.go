package agents

import (
	"context"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

func init() {
	Register(Registration{
		Name: "rules",
		Description: "plays a seat exactly as the game's own rules prescribe (the automated side of a solitaire " +
			"game opened as a seat with the option opponent=seat)",
		Supports: func(g env.Game) bool {
			_, ok := g.NewInitialState(0).(env.RuleBot)
			return ok
		},
		New: func(g env.Game, p env.Params, seed uint64) (Agent, error) { return Rules{}, nil },
	})
}

// Rules plays the action a game's rules choose for the seat to move, by
// the game's env.RuleBot. Seats the rules do not script are an error.
type Rules struct{}

// Act implements Agent.
func (Rules) Act(_ context.Context, s env.State) (env.Action, error) {
	b, ok := s.(env.RuleBot)
	if !ok {
		return 0, fmt.Errorf("%s has no rules to play by", s.Game().Name())
	}
	return b.RuleAction()
}
