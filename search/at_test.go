package search

import (
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// kinded names tic-tac-toe's decisions by the seat to move, so that a
// search can be told to branch on one seat's moves only.
type kinded struct{ env.State }

func (s kinded) DecisionKind() string { return [...]string{"x", "o"}[s.CurrentPlayer()] }
func (s kinded) Clone() env.State     { return kinded{s.State.Clone()} }

type kindedGame struct{ env.Game }

func (kindedGame) DecisionKinds() []string { return []string{"x", "o"} }

// TestAtBranchesOnlyThere: with option at, the tree holds nodes of the
// searched kind only, the rollout agent playing the others in place; at
// a root of another kind the search plays the rollout agent's choice.
func TestAtBranchesOnlyThere(t *testing.T) {
	g := kindedGame{mustGame(t, "tictactoe")}
	for _, at := range [][]string{nil, {"x"}} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.At = OpenLoop, 300, at
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		root := kinded{g.NewInitialState(1)}
		if _, err := s.search(t.Context(), root); err != nil {
			t.Fatal(err)
		}
		movers := map[int8]int{}
		for _, nd := range s.trees[0].nodes[1:] {
			movers[nd.mover]++
		}
		switch {
		case at == nil && movers[1] == 0:
			t.Errorf("without at: no node of o's moves (%v); the test shows nothing", movers)
		case at != nil && movers[1] > 0:
			t.Errorf("at=x: %d nodes of o's moves in the tree", movers[1])
		}
	}
	cfg := DefaultConfig()
	cfg.Mode, cfg.Sims, cfg.At = OpenLoop, 300, []string{"o"}
	root := kinded{g.NewInitialState(1)}
	r := searchOnce(t, g, root, cfg)
	if r.Sims != 0 || !slices.Contains(root.LegalActions(nil), r.Action) {
		t.Errorf("at=o, x to move: %d simulations, action %d; want the rollout agent's legal move unsearched", r.Sims, r.Action)
	}
}

// TestAtIsChecked: option at names the game's kinds, on a game that has
// them, in an open-loop search.
func TestAtIsChecked(t *testing.T) {
	g := kindedGame{mustGame(t, "tictactoe")}
	if cfg, err := ParseConfig(g, env.Params{"at": "x+o"}); err != nil || !slices.Equal(cfg.At, []string{"x", "o"}) {
		t.Errorf("at=x+o: %v, %v", cfg.At, err)
	}
	for _, bad := range []string{"x+y", "x+", "+o"} {
		if _, err := ParseConfig(g, env.Params{"at": bad}); err == nil {
			t.Errorf("at=%q accepted", bad)
		}
	}
	if _, err := ParseConfig(mustGame(t, "tictactoe"), env.Params{"at": "x"}); err == nil {
		t.Error("at accepted on a game that names no kinds")
	}
	cfg := DefaultConfig()
	cfg.At = []string{"x"}
	if _, err := NewSearcher(g, cfg); err == nil {
		t.Error("at accepted in a closed-loop search")
	}
}
