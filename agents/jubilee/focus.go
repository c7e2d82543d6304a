package jubilee

import (
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	jub "github.com/chariot-ai/chariot/env/jubilee"
	"github.com/chariot-ai/chariot/search"
)

// Some 600 decisions a game leave a 10-second budget about 15
// one-millisecond rollouts each, too few for a search over all of them to
// find anything; spent on the forty or so decisions the plans settle by a
// draw or a fixed rule (the landing boxes of 5.2 above all, the air
// strike's target, the recalled track, retreats, which unit is removed,
// drift), the same budget gives each a few hundred. The raid plan plays
// the rest, at the table and inside the search.

// RaidSearch is what raidsearch stands for: IS-MCTS at those decisions, the
// raid plan rolling out and playing every other decision; sims, c and
// final as tuned on seed 2026.
const RaidSearch = "ismcts:at=box+air_strike+recall+retreat+remove+drift,rollout=raid,sims=150,c=1.4,final=visits"

func init() {
	agents.Register(search.Preset("raidsearch",
		"the commando-raid plan, with IS-MCTS (the plan rolling out) at the decisions it settles by a draw: the landing boxes, the air strike's target, the recalled track",
		func(g env.Game) bool { _, ok := g.(*jub.Game); return ok }, RaidSearch))
}
