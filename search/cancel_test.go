package search_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/connectfour"
	_ "github.com/chariot-ai/chariot/search"
)

// TestCancelStopsALongSearch starts a search with a 60-second budget and
// cancels it: Act comes back (a hang fails by the test's timeout) with the
// cancellation as its error, not the move of the simulations done so far.
// The test logs the delay measured.
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
		done := make(chan error, 1)
		go func() {
			_, err := ag.Act(ctx, g.NewInitialState(1))
			done <- err
		}()
		time.Sleep(50 * time.Millisecond)
		asked := time.Now()
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled mid-search: %v, want the cancellation", spec, err)
		}
		t.Logf("%s: back %v after the cancel", spec, time.Since(asked).Round(time.Microsecond))
	}
}

// TestCancelledBeforeActIsAnError: a search agent given a context already
// cancelled, or past its deadline, returns that as its error, whatever its
// mode, budget or workers.
func TestCancelledBeforeActIsAnError(t *testing.T) {
	g, err := env.NewGame("connectfour")
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	past, cancel2 := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel2()
	for _, spec := range []string{"mcts:sims=50", "mcts:sims=0,time=10ms", "openloop:sims=50,workers=2", "determinized:sims=50,worlds=2", "halving:sims=50"} {
		ag, err := agents.New(spec, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ag.Act(cancelled, g.NewInitialState(1)); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: %v", spec, err)
		}
		if _, err := ag.Act(past, g.NewInitialState(1)); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s, past its deadline: %v", spec, err)
		}
	}
}

// TestCallerDeadlineIsAnErrorOwnBudgetIsNot: the caller's deadline cutting
// a search short is an error; the agent's own time budget running out is
// how a timed search ends, with a move.
func TestCallerDeadlineIsAnErrorOwnBudgetIsNot(t *testing.T) {
	g, err := env.NewGame("connectfour")
	if err != nil {
		t.Fatal(err)
	}
	own, err := agents.New("mcts:sims=0,time=20ms", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := own.Act(context.Background(), g.NewInitialState(1)); err != nil {
		t.Errorf("own budget spent: %v", err)
	}
	long, err := agents.New("mcts:sims=0,time=60s", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := long.Act(ctx, g.NewInitialState(1)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("caller's deadline passed mid-search: %v", err)
	}
}
