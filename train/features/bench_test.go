package features

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// BenchmarkDecision encodes a decision and every legal action, as the
// learned agent does at each step of a rollout.
func BenchmarkDecision(b *testing.B) {
	g := stnazaire.Default()
	e, _ := NewEncoder(g)
	var states []env.State
	ag, _ := agents.New("greedy", g, 1)
	agents.RunEpisode(context.Background(), g, 1, []agents.Agent{ag}, func(s env.State, a env.Action, who env.Player) {
		if who == 0 {
			states = append(states, s.Clone())
		}
	})
	var row []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Load(states[i%len(states)])
		for _, a := range e.Legal() {
			row = e.Action(a, row)
		}
	}
}
