package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestEveryChildIsConsidered: at a node with more legal actions than any
// fixed bound (here 300), every action can be tried first: over 100 seeds
// the first try lands at both ends of the list (a search that kept only 256
// candidates never tried the last 44 first).
func TestEveryChildIsConsidered(t *testing.T) {
	g := &wideGame{n: 300}
	tried := map[env.Action]bool{}
	for seed := range uint64(100) {
		cfg := DefaultConfig()
		cfg.Sims, cfg.Seed = 1, seed
		s, err := NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Search(context.Background(), g.NewInitialState(0))
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range r.Stats {
			if st.Visits > 0 {
				tried[st.Action] = true
			}
		}
	}
	first, last := 0, 0
	for a := range tried {
		if a < 44 {
			first++
		}
		if a >= 256 {
			last++
		}
	}
	if first == 0 || last == 0 {
		t.Fatalf("of the first 44 actions %d were tried, of the last 44 %d", first, last)
	}
}

// wideGame is one decision among n actions, action a scoring a/n: a root
// wider than any fixed bound.
type wideGame struct{ n int }

type wideState struct {
	g      *wideGame
	chosen env.Action // -1 before the decision
}

func (g *wideGame) Name() string                     { return "wide" }
func (g *wideGame) Options() string                  { return fmt.Sprintf("n=%d", g.n) }
func (g *wideGame) NumPlayers() int                  { return 1 }
func (g *wideGame) NumDistinctActions() int          { return g.n }
func (g *wideGame) ObservationSize() int             { return 1 }
func (g *wideGame) NewInitialState(uint64) env.State { return &wideState{g: g, chosen: -1} }
func (g *wideGame) UnmarshalState([]byte) (env.State, error) {
	return nil, fmt.Errorf("wide: no wire form")
}

func (s *wideState) Game() env.Game { return s.g }
func (s *wideState) CurrentPlayer() env.Player {
	if s.chosen >= 0 {
		return env.Terminal
	}
	return 0
}
func (s *wideState) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	for a := 0; s.chosen < 0 && a < s.g.n; a++ {
		buf = append(buf, env.Action(a))
	}
	return buf
}
func (s *wideState) ChanceOutcomes(buf []env.Outcome) []env.Outcome { return buf[:0] }
func (s *wideState) Apply(a env.Action) error {
	if s.chosen >= 0 || a < 0 || int(a) >= s.g.n {
		return env.ErrIllegal
	}
	s.chosen = a
	return nil
}
func (s *wideState) ActionString(a env.Action) string            { return fmt.Sprint(int(a)) }
func (s *wideState) ParseAction(string) (env.Action, error)      { return 0, env.ErrIllegal }
func (s *wideState) Clone() env.State                            { c := *s; return &c }
func (s *wideState) IsTerminal() bool                            { return s.chosen >= 0 }
func (s *wideState) Returns() []float64                          { return []float64{float64(max(s.chosen, 0)) / float64(s.g.n)} }
func (s *wideState) Score() env.Score                            { return env.Score{} }
func (s *wideState) String() string                              { return s.ActionString(s.chosen) }
func (s *wideState) MarshalJSON() ([]byte, error)                { return nil, fmt.Errorf("wide: no wire form") }
func (s *wideState) Observation(env.Player, []float32) []float32 { return []float32{0} }
func (s *wideState) Observe(env.Player) any                      { return nil }
func (s *wideState) Resample(env.Player, *rand.Rand) env.State   { return s.Clone() }

// TestCopyFromEqualsClone: on every game here that offers env.Copier, a
// state copied in place equals the source (its wire form) at every step of
// random games, and playing on the copy leaves the source as it was.
func TestCopyFromEqualsClone(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connectfour", "pig:target=30,stop_at_zero=true,forced_stop=true,horizon=60"} {
		g := mustGame(t, spec)
		rng := rand.New(rand.NewPCG(1, 2))
		var legal []env.Action
		for game := range uint64(5) {
			s := g.NewInitialState(game)
			dst := g.NewInitialState(game + 100)
			c, ok := dst.(env.Copier)
			if !ok {
				t.Fatalf("%s does not offer env.Copier", spec)
			}
			for !s.IsTerminal() {
				c.CopyFrom(s)
				want, _ := s.MarshalJSON()
				got, _ := dst.MarshalJSON()
				if string(got) != string(want) {
					t.Fatalf("%s: copy %s, source %s", spec, got, want)
				}
				legal = s.LegalActions(legal)
				if err := dst.Apply(legal[0]); err != nil {
					t.Fatal(err)
				}
				if after, _ := s.MarshalJSON(); string(after) != string(want) {
					t.Fatalf("%s: playing on the copy changed the source", spec)
				}
				if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
