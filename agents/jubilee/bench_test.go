package jubilee

import (
	"context"
	"runtime"
	"testing"

	"github.com/chariot-ai/chariot/agents"
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
	b.ReportAllocs()
	// cpu-ns/op is the thread's CPU time: on a shared machine it leaves
	// out the time the benchmark waited for a core.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpu := threadCPU()
	seed := uint64(0)
	for b.Loop() {
		if _, err := agents.RunEpisode(context.Background(), g, seed, players, nil); err != nil {
			b.Fatal(err)
		}
		seed++
	}
	if cpu1, _ := threadCPU(); cpu {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
