package anvil

import (
	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	game "github.com/chariot-ai/chariot/env/anvil"
	"github.com/chariot-ai/chariot/search"
)

// SearchBest names the strongest search found for Striking the Anvil: the
// doctrine's plans play the routine decisions (which units join a stack,
// the hits absorbed, where the markers go), and a search rolled out with
// the doctrine, favouring its choice as a prior, decides the key ones:
// which area to activate and where a moving stack goes. Searching every
// decision spends the budget on hundreds of unit selections a game; the
// plans already play those well.
const SearchBest = "searchbest"

// SearchBestSpec is what searchbest stands for; the settings are those
// tuned on seed 2026. (The game hides nothing, so IS-MCTS is open loop.)
const SearchBestSpec = "ismcts:at=impulse+move,rollout=" + Doctrine + ",prior=3,sims=100,c=1.4"

func init() {
	agents.Register(search.Preset(SearchBest,
		"search of the key decisions (the area to activate, where stacks move) rolled out with the doctrine, which plays the rest; either side",
		func(g env.Game) bool { return g.Name() == game.Name }, SearchBestSpec))
}
