package eval_test

import (
	"context"
	"github.com/chariot-ai/chariot/internal/sweep"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/allgames"
	"github.com/chariot-ai/chariot/env/envtest"
)

// A process that plays game after game (a long bench, a tuning run, the
// web page's New game, a server) must not grow with the number of games it
// has played or of game objects it has built: no cache of the process may
// be without a bound.

// playFresh builds game name afresh, as a run over data files or the web
// page does, and plays one game of it to the end with random agents.
func playFresh(tb testing.TB, name string, seed uint64) {
	g, err := env.NewGame(name)
	if err != nil {
		tb.Fatal(err)
	}
	players := make([]agents.Agent, g.NumPlayers())
	for p := range players {
		if players[p], err = agents.New("random", g, seed+uint64(p)); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := agents.RunEpisode(context.Background(), g, seed, players, nil); err != nil {
		tb.Fatalf("%s seed %d: %v", name, seed, err)
	}
}

// TestMemoryIsFlatInGamesPlayed builds and plays a thousand games of every
// game, then two thousand more, and checks that the heap in use after
// collection grew by less than 8 MB: a cache that keeps anything per game
// or per game object (32 KB a game object was the skirmish's route cache)
// grows it by 64 MB or more.
func TestMemoryIsFlatInGamesPlayed(t *testing.T) {
	// 250 and 500 games (16 MB at 32 KB a game) still show a leak.
	first, more := sweep.Size(1000, 250, 250), sweep.Size(2000, 500, 500)
	for _, r := range env.Games() {
		t.Run(r.Name, func(t *testing.T) {
			seed := uint64(0)
			play := func(n int) {
				for range n {
					seed++
					playFresh(t, r.Name, seed)
				}
			}
			play(first)
			before := envtest.LiveHeap()
			play(more)
			after := envtest.LiveHeap()
			t.Logf("live heap after %d games %d KB, after %d %d KB", first, before>>10, first+more, after>>10)
			if after > before+8<<20 {
				t.Errorf("the live heap grew by %d KB over %d games built and played", (after-before)>>10, more)
			}
		})
	}
}
