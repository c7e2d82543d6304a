package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/pig"
)

// rollerLimit is the calls after which the test agent "roller" gives up,
// so that a search that neither bounds nor cancels its rollouts fails
// these tests instead of spinning for ever.
const rollerLimit = 4 * UnboundedSteps

// rollerCancel, if set, is called by the agent "roller" at its
// rollerCancelAt-th call: a Ctrl-C in the middle of a rollout.
var (
	rollerCancel   context.CancelFunc
	rollerCancelAt int
)

// The test agent "roller" always rolls in Pig: with no horizon it never
// ends a game, as a learned rollout policy that has learnt to roll does.
func init() {
	agents.Register(agents.Registration{
		Name:        "roller",
		Description: "test agent: rolls in Pig for ever",
		New: func(env.Game, env.Params, uint64) (agents.Agent, error) {
			return &roller{}, nil
		},
	})
}

type roller struct{ calls int }

func (r *roller) Act(context.Context, env.State) (env.Action, error) {
	r.calls++
	if r.calls == rollerCancelAt && rollerCancel != nil {
		rollerCancel()
	}
	if r.calls > rollerLimit {
		return 0, fmt.Errorf("still rolling after %d calls: the search neither bounded nor cancelled its rollout", rollerLimit)
	}
	return pig.Roll, nil
}

// TestRolloutPastTheLongestGameFails: a rollout policy that never ends the
// game fails the search once the simulation passes the game's longest
// game, or, for a game that declares none, UnboundedSteps; the error says
// so and names the agent, for every kind of search.
func TestRolloutPastTheLongestGameFails(t *testing.T) {
	g := mustGame(t, "pig")
	lying := declaring{g, env.WinLossFacts(500, 6)}
	for _, tt := range []struct {
		game env.Game
		mode Mode
		want string
	}{
		{g, ClosedLoop, fmt.Sprintf("passed %d steps, search's bound for pig, which declares no longest game", UnboundedSteps)},
		{lying, ClosedLoop, "passed 500 steps, the longest game pig declares (env.Facts)"},
		{lying, OpenLoop, "passed 500 steps, the longest game pig declares (env.Facts)"},
		{lying, Halving, "passed 500 steps, the longest game pig declares (env.Facts)"},
	} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.Rollout = tt.mode, 20, "roller"
		s, err := NewSearcher(tt.game, cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Search(context.Background(), rolled(t, g))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "rollout agent roller") {
			t.Errorf("%s, %s: error %v, want one saying %q and naming the agent", tt.game.Options(), tt.mode, err, tt.want)
		}
	}
}

// TestRolloutCancelled: cancelling the context in the middle of a rollout
// that would never end stops the search: Search returns what it has, no
// error; SearchMove says it was cancelled.
func TestRolloutCancelled(t *testing.T) {
	g := mustGame(t, "pig")
	defer func() { rollerCancel, rollerCancelAt = nil, 0 }()
	for _, move := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		rollerCancel, rollerCancelAt = cancel, 5000
		cfg := DefaultConfig()
		cfg.Sims, cfg.Rollout = 20, "roller"
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		search := s.Search
		if move {
			search = s.SearchMove
		}
		r, err := search(ctx, rolled(t, g))
		cancel()
		switch {
		case move && !errors.Is(err, context.Canceled):
			t.Errorf("SearchMove cancelled mid-rollout: error %v, want context.Canceled", err)
		case !move && err != nil:
			t.Errorf("Search cancelled mid-rollout: error %v, want the result so far", err)
		case r.Sims != 0:
			t.Errorf("cancelled in its first rollout, the search backed up %d simulations", r.Sims)
		}
	}
}

// rolled is Pig after seat 0 rolled a 3: it may roll again or stop, so
// that every search, Halving too, searches.
func rolled(t *testing.T, g env.Game) env.State {
	t.Helper()
	s := g.NewInitialState(0)
	for _, a := range []env.Action{pig.Roll, pig.RollFace + 2} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
