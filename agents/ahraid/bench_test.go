package ahraid

import (
	"testing"

	"github.com/chariot-ai/chariot/agents/agenttest"
	"github.com/chariot-ai/chariot/env/agents"
	raid "github.com/chariot-ai/chariot/env/ahraid"
)

// BenchmarkRolloutGame plays one whole game per op with withdraw, the plan
// plansearch rolls out with, from the initial state and game i's dice (the
// Germans by the rules), as a search's rollout does.
func BenchmarkRolloutGame(b *testing.B) {
	g := raid.Default()
	ag, err := New(g, plans[len(plans)-1].plan)
	if err != nil {
		b.Fatal(err)
	}
	agenttest.BenchRolloutGame(b, g, []agents.Agent{ag})
}
