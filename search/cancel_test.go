package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/connectfour"
	_ "github.com/chariot-ai/chariot/search"
)

// TestCancelStopsALongSearch starts a search with a 60-second budget and
// cancels it: Act must come back long before the budget, with the move of
// the simulations done so far. The bound is loose (a tenth of the budget)
// so that a busy machine cannot fail it; the test logs the delay measured.
func TestCancelStopsALongSearch(t *testing.T) {
	g, err := env.NewGame("connectfour")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"mcts:sims=0,time=60s", "mcts:sims=0,time=60s,workers=2", "ismcts:sims=0,time=60s,workers=2,parallel=root"} {
		ag, err := agents.New(spec, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time, 1)
		go func() {
			_, err := ag.Act(ctx, g.NewInitialState(1))
			if err != nil && ctx.Err() == nil {
				t.Error(err)
			}
			done <- time.Now()
		}()
		time.Sleep(50 * time.Millisecond)
		asked := time.Now()
		cancel()
		select {
		case back := <-done:
			t.Logf("%s: back %v after the cancel", spec, back.Sub(asked).Round(time.Microsecond))
		case <-time.After(6 * time.Second):
			t.Fatalf("%s: still searching 6 s after the cancel", spec)
		}
	}
}
