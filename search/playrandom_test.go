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

// TestPlayRandomSearchesAlike: a Connect Four search whose rollouts the
// game plays itself (randomPlayer) returns what the same search with the
// rollout loop returns, from the positions of a played game, in closed and
// open loop, with one worker and with two.
func TestPlayRandomSearchesAlike(t *testing.T) {
	g := mustGame(t, "connectfour")
	if _, ok := g.NewInitialState(0).(randomPlayer); !ok {
		t.Fatal("connectfour does not play its own rollouts")
	}
	for _, mode := range []Mode{ClosedLoop, OpenLoop} {
		for _, workers := range []int{1, 2} {
			cfg := DefaultConfig()
			cfg.Mode, cfg.Sims, cfg.Workers, cfg.Seed = mode, 300, workers, 7
			fast, err := NewSearcher(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := NewSearcher(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for st := g.NewInitialState(0); !st.IsTerminal(); {
				a, err := fast.Search(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				b, err := slow.Search(context.Background(), loopState{st.Clone()})
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s, %d workers, at\n%s\nwith PlayRandom %+v\nwith the loop %+v", mode, workers, st, a, b)
				}
				if err := st.Apply(a.Action); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
