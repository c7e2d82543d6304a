package stnazaire

// The historical plan: the raid as it was ordered (Operation Chariot, 28
// March 1942). Each party makes for its own objective (the counter's
// objective number: a demolition team's target, an assault team's FlaK),
// demolishes or fights there, and then withdraws at once towards the Old
// Mole, where the motor launches were to take the parties off. The rules
// of Commandos at St. Nazaire have no re-embarkation: a commando leaves the
// game only by an exit box (13). So the plan's withdrawal "to the boats" is
// a march to the exit box nearest the Old Mole landing stage; a party that
// time runs short for breaks out by the nearest exit, as the survivors did
// through the town. Newman's HQ rallies pinned parties, as the greedy plan
// does. It is the baseline a historian would ask for: no screening, no
// opportunism, no fight sought.

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

// historicalParams are the plan's dials: the greedy planner's fire and
// movement judgement, bound to the orders.
var historicalParams = Params{Aggression: 0.5, Caution: 0.5, ExitMargin: 0, Historical: true}

func init() {
	agents.Register(agents.Registration{
		Name: "historical",
		Description: "the raid's orders: each party to its own objective, demolish or fight there, then withdraw at once " +
			"towards the Old Mole and out by the exit nearest it (no screening, no fight sought)",
		Baseline: true,
		Seats:    []int{0},
		Supports: func(g env.Game) bool { _, ok := g.(*stn.Game); return ok },
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			if len(p) > 0 {
				return nil, fmt.Errorf("historical takes no options (the plan is the orders)")
			}
			return New(g, historicalParams, seed)
		},
	})
}
