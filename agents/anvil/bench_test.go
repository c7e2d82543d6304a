package anvil

import (
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env/agents"
)

// BenchmarkRolloutGame plays one whole game per op with the rollout agent
// (the doctrine, both seats) and the game's own dice, from the initial
// state of seed op, as a search's rollout does: the agent is built once
// and plays every game.
func BenchmarkRolloutGame(b *testing.B) {
	g := mustGame(b)
	a, err := agents.New(Doctrine, g, 1)
	if err != nil {
		b.Fatal(err)
	}
	players := []agents.Agent{a, a}
	agenttest.BenchRolloutGame(b, g, players)
}
