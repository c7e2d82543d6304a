package search_test

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	_ "github.com/chariot-ai/chariot/agents/stnazaire" // greedy and the stnazaire evaluator
	"github.com/chariot-ai/chariot/env"
)

// TestSearchWithGreedyRollouts uses a game-specific rollout agent, prior
// and leaf evaluator, registered from outside the package.
func TestSearchWithGreedyRollouts(t *testing.T) {
	g, err := env.NewGame("stnazaire:turns=3")
	if err != nil {
		t.Fatal(err)
	}
	ag, err := agents.New("openloop:sims=8,rollout=greedy,prior=2,depth=5,eval=leaf", g, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agents.RunEpisode(context.Background(), g, 5, []agents.Agent{ag}, nil); err != nil {
		t.Fatal(err)
	}
}
