package skirmish

import (
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env/agents"
	sk "github.com/chariot-ai/chariot/env/skirmish"
)

// BenchmarkRolloutGame plays one whole game per op with stealthy, the
// rollout agent of the recommended search, from the initial state of seed
// i and game i's dice (the Germans by the reactions), as a search's
// rollout does.
func BenchmarkRolloutGame(b *testing.B) {
	g := sk.Default()
	ag, err := New(g, characters[0].params)
	if err != nil {
		b.Fatal(err)
	}
	agenttest.BenchRolloutGame(b, g, []agents.Agent{ag})
}
