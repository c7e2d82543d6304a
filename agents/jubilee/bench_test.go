package jubilee

import (
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env/agents"
	jub "github.com/chariot-ai/chariot/env/jubilee"
)

// BenchmarkRolloutGame plays one whole game per op with the rollout plan
// (raid) and the game's own dice, from the initial state of seed op, as a
// search's rollout does: the agent is built once and plays every game.
func BenchmarkRolloutGame(b *testing.B) {
	g := jub.Default()
	a, err := agents.New("raid", g, 1)
	if err != nil {
		b.Fatal(err)
	}
	players := []agents.Agent{a}
	agenttest.BenchRolloutGame(b, g, players)
}
