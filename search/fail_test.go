package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// ErrFailing is what the test agent "failing" returns once it fails
// (exported for the external tests).
var ErrFailing = errors.New("failing agent gave up")

// The test agent "failing" plays the first legal action for its first
// `after` calls, then fails on the next `fails` calls (0: on every call):
// with an error, or with illegal=true by choosing an action the game
// refuses.
func init() {
	after := env.OptionDoc{Name: "after", Default: "0", Help: "calls that succeed before it fails"}
	fails := env.OptionDoc{Name: "fails", Default: "0", Help: "calls that fail, then it plays again (0: every call)"}
	illegal := env.OptionDoc{Name: "illegal", Default: "false", Help: "fail by an illegal move instead of an error"}
	agents.Register(agents.Registration{
		Name:        "failing",
		Description: "test agent: fails after a number of calls",
		Options:     []env.OptionDoc{after, fails, illegal},
		New: func(g env.Game, p env.Params, _ uint64) (agents.Agent, error) {
			n, err := agents.Int(p, after, 0, 1<<30)
			if err != nil {
				return nil, err
			}
			f, err := agents.Int(p, fails, 0, 1<<30)
			if err != nil {
				return nil, err
			}
			bad, err := agents.Bool(p, illegal)
			if err != nil {
				return nil, err
			}
			return &failingAgent{after: n, fails: f, illegal: bad, n: g.NumDistinctActions()}, nil
		},
	})
}

type failingAgent struct {
	after, fails, n int
	illegal         bool
	calls           int
	buf             []env.Action
}

func (a *failingAgent) Act(_ context.Context, s env.State) (env.Action, error) {
	a.calls++
	a.buf = s.LegalActions(a.buf)
	if a.calls <= a.after || a.fails > 0 && a.calls > a.after+a.fails {
		return a.buf[0], nil
	}
	if !a.illegal {
		return 0, fmt.Errorf("call %d: %w", a.calls, ErrFailing)
	}
	for b := range a.n {
		if !slices.Contains(a.buf, env.Action(b)) {
			return env.Action(b), nil
		}
	}
	return 0, errors.New("failing agent: every action is legal here, so none is illegal")
}

// TestRolloutAgentErrorFailsSearch: a rollout agent that errors mid-search
// fails the search with an error naming the agent and carrying its error,
// in every mode, with one worker and two, and where the agent is asked for
// a prior; no result is returned.
func TestRolloutAgentErrorFailsSearch(t *testing.T) {
	g := mustGame(t, "tictactoe")
	root := g.NewInitialState(1)
	for _, tc := range []struct {
		name string
		set  func(*Config)
	}{
		{"closed", func(c *Config) {}},
		{"open", func(c *Config) { c.Mode = OpenLoop }},
		{"ismcts", func(c *Config) { c.Mode = ISMCTS }},
		{"determinized", func(c *Config) { c.Mode, c.Worlds = Determinized, 2 }},
		{"halving", func(c *Config) { c.Mode = Halving }},
		{"halving-margin", func(c *Config) { c.Mode, c.Margin = Halving, 1 }},
		{"tree-parallel", func(c *Config) { c.Workers = 2 }},
		{"root-parallel", func(c *Config) { c.Workers, c.RootParallel = 2, true }},
		{"prior", func(c *Config) { c.PriorWeight = 1 }},
	} {
		for _, after := range []int{0, 40} {
			cfg := DefaultConfig()
			cfg.Sims, cfg.Rollout = 400, fmt.Sprintf("failing:after=%d", after)
			tc.set(&cfg)
			s, err := NewSearcher(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Search(context.Background(), root)
			if !errors.Is(err, ErrFailing) || !strings.Contains(err.Error(), "rollout agent "+cfg.Rollout) {
				t.Errorf("%s, after %d calls: err %v, want the agent's error naming it", tc.name, after, err)
			}
			if r.Stats != nil || r.Sims != 0 {
				t.Errorf("%s, after %d calls: a failed search returned a result %+v", tc.name, after, r)
			}
		}
	}
}

// TestIllegalMoveFailsSearch: a rollout agent's illegal move is an error:
// in the rollout; inside the tree at a decision it does not branch on
// (option at), where the refused move used to be retried for ever; and at
// such a root, where it used to be returned as the move.
func TestIllegalMoveFailsSearch(t *testing.T) {
	g := kindedGame{mustGame(t, "tictactoe")}
	for _, tc := range []struct {
		at    []string
		moves []env.Action // before the root: then every cell is not legal
	}{
		{nil, []env.Action{4}},
		{[]string{"x"}, []env.Action{4}},    // o's moves planned inside the tree
		{[]string{"x"}, []env.Action{4, 0}}, // x's moves searched, the first planned ones o's
		{[]string{"o"}, []env.Action{4, 0}}, // x to move at the root, unsearched
	} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.At, cfg.Rollout = OpenLoop, 200, tc.at, "failing:illegal=true"
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		root := g.NewInitialState(1)
		for _, a := range tc.moves {
			if err := root.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		_, err = s.Search(context.Background(), kinded{root})
		if err == nil || !strings.Contains(err.Error(), "rollout agent failing:illegal=true chose") {
			t.Errorf("at=%v after %v: err %v, want the refused move named", tc.at, tc.moves, err)
		}
	}
}

// TestOpponentModelErrorFailsSearch: an opponent model's error fails the
// search as a rollout agent's does.
func TestOpponentModelErrorFailsSearch(t *testing.T) {
	g := mustGame(t, "tictactoe")
	for _, mode := range []Mode{ClosedLoop, OpenLoop} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.Opponent = mode, 100, Opponent{Specs: []string{"failing:after=5"}}
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Search(context.Background(), g.NewInitialState(1))
		if !errors.Is(err, ErrFailing) || !strings.Contains(err.Error(), "opponent model failing:after=5") {
			t.Errorf("%s: err %v, want the model's error naming it", mode, err)
		}
	}
}

// TestSearchAfterFailureStartsClean: a searcher whose search failed on a
// passing fault searches again in full, the old failure forgotten.
func TestSearchAfterFailureStartsClean(t *testing.T) {
	g := mustGame(t, "tictactoe")
	cfg := DefaultConfig()
	cfg.Sims, cfg.Rollout = 100, "failing:after=3,fails=1"
	s, err := NewSearcher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Search(context.Background(), g.NewInitialState(1)); !errors.Is(err, ErrFailing) {
		t.Fatalf("first search: %v", err)
	}
	r, err := s.Search(context.Background(), g.NewInitialState(1))
	if err != nil || r.Sims != cfg.Sims {
		t.Errorf("second search: %d simulations, %v; want %d", r.Sims, err, cfg.Sims)
	}
}
