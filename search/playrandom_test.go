package search

import (
	"context"
	"reflect"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// loopState hides a state's PlayRandom, so that the search plays its
// random rollouts move by move.
type loopState struct{ env.State }

func (s loopState) Clone() env.State { return loopState{s.State.Clone()} }

// TestPlayRandomSearches: a Connect Four search whose rollouts the game
// plays itself (env.RandomPlayer) is reproducible for a seed, in closed and
// open loop, with one worker and with two, and from the opening it chooses
// the centre column, as the search with the rollout loop does.
func TestPlayRandomSearches(t *testing.T) {
	g := mustGame(t, "connectfour")
	if _, ok := g.NewInitialState(0).(env.RandomPlayer); !ok {
		t.Fatal("connectfour does not play its own rollouts")
	}
	root := g.NewInitialState(0)
	for _, mode := range []Mode{ClosedLoop, OpenLoop} {
		for _, workers := range []int{1, 2} {
			cfg := DefaultConfig()
			cfg.Mode, cfg.Sims, cfg.Workers, cfg.C, cfg.Seed = mode, 10000, workers, 1, 7
			var results []Result
			for _, st := range []env.State{root, root, loopState{root}} {
				s, err := NewSearcher(g, cfg)
				if err != nil {
					t.Fatal(err)
				}
				r, err := s.Search(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				results = append(results, r)
			}
			if !reflect.DeepEqual(results[0], results[1]) {
				t.Errorf("%s, %d workers: the same seed gave %+v, then %+v", mode, workers, results[0], results[1])
			}
			if fast, slow := results[0].Action, results[2].Action; fast != 3 || slow != 3 {
				t.Errorf("%s, %d workers: the opening move is column %s with PlayRandom, %s with the loop; want d",
					mode, workers, root.ActionString(fast), root.ActionString(slow))
			}
		}
	}
}
