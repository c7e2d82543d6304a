package features

import (
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// TestGenericEncoding checks the generic encoding on games without their
// own: the state is the seat's observation, an action row the observation,
// the index, then the one-hot.
func TestGenericEncoding(t *testing.T) {
	for _, g := range []env.Game{mustGame(t, "tictactoe"), mustGame(t, "pig")} {
		s := g.NewInitialState(1)
		for !s.IsTerminal() && s.CurrentPlayer() == env.Chance {
			_ = s.Apply(s.LegalActions(nil)[0])
		}
		p := s.CurrentPlayer()
		e := NewEncoder(g, p)
		if _, ok := e.(*Generic); !ok {
			t.Fatalf("%s: encoder %T, want the generic one", g.Name(), e)
		}
		e.Reset(s)
		st := e.EncodeState(nil)
		obs := s.Observation(p, nil)
		if len(st) != len(obs) || len(st) != len(e.StateDocs()) {
			t.Fatalf("%s: %d state features, observation %d, docs %d", g.Name(), len(st), len(obs), len(e.StateDocs()))
		}
		for i := range obs {
			if st[i] != float64(obs[i]) {
				t.Fatalf("%s: feature %d = %v, observation %v", g.Name(), i, st[i], obs[i])
			}
		}
		n := g.NumDistinctActions()
		for _, a := range s.LegalActions(nil) {
			row := e.EncodeAction(a, nil)
			if len(row) != len(e.ActionDocs()) || len(row) != len(obs)+1+n {
				t.Fatalf("%s: action row of %d, docs %d", g.Name(), len(row), len(e.ActionDocs()))
			}
			if !slices.Equal(row[:len(obs)], st) || row[len(obs)] != float64(a) {
				t.Fatalf("%s: action %d row does not start with the state and the index", g.Name(), a)
			}
			for k, v := range row[len(obs)+1:] {
				if want := map[bool]float64{true: 1, false: 0}[k == int(a)]; v != want {
					t.Fatalf("%s: action %d one-hot[%d] = %v", g.Name(), a, k, v)
				}
			}
		}
	}
}

// TestSeatsSeeTheirOwnView checks that the encoder of each seat reads that
// seat's observation.
func TestSeatsSeeTheirOwnView(t *testing.T) {
	g := mustGame(t, "tictactoe")
	s := g.NewInitialState(1)
	_ = s.Apply(4)
	for p := range env.Player(2) {
		e := NewEncoder(g, p)
		e.Reset(s)
		if got, want := e.EncodeState(nil), s.Observation(p, nil); len(got) != len(want) {
			t.Fatalf("seat %d: %d features for an observation of %d", p, len(got), len(want))
		} else {
			for i := range want {
				if got[i] != float64(want[i]) {
					t.Fatalf("seat %d: feature %d = %v, its observation %v", p, i, got[i], want[i])
				}
			}
		}
	}
}

func mustGame(t *testing.T, spec string) env.Game {
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
