package agenttest

import (
	"context"
	"runtime"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// BenchRolloutGame plays one whole game of g per op with players, one a
// seat, and the game's own dice, from the initial state of seed op, as a
// search's rollout does: the agents are built once and play every game.
// Besides the wall time it reports cpu-ns/op, the thread's CPU time,
// which on a shared machine leaves out the time spent waiting for a core.
func BenchRolloutGame(b *testing.B, g env.Game, players []agents.Agent) {
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpu := ThreadCPU()
	seed := uint64(0)
	for b.Loop() {
		if _, err := agents.RunEpisode(context.Background(), g, seed, players, nil); err != nil {
			b.Fatal(err)
		}
		seed++
	}
	if cpu1, _ := ThreadCPU(); cpu {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
