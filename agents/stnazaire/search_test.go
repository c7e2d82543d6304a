package stnazaire_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/search/searchtest"
)

// The MCTS family on the flagship: hidden counters, dice and the
// game's own rollout agent, prior and leaf value.

func stnGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSearchAgentsPlayStNazaire plays short games with every search agent,
// with random and with greedy rollouts, prior and the leaf value;
// RunEpisode rejects any illegal action.
func TestSearchAgentsPlayStNazaire(t *testing.T) {
	g := stnGame(t, "stnazaire:turns=2")
	for _, spec := range []string{
		"mcts:sims=8", "mcts:sims=8,expand=true,final=value", "openloop:sims=8,reuse=true",
		"ismcts:sims=8,workers=2", "determinized:sims=8,worlds=2", "mcts:sims=8,workers=2,parallel=root",
		"openloop:sims=8,rollout=greedy,prior=2,depth=5,eval=leaf",
	} {
		ag, err := agents.New(spec, g, 3)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if _, err := agents.RunEpisode(context.Background(), g, 5, []agents.Agent{ag}, nil); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
	}
}

// TestSearchIsDeterministicWithHiddenCounters: redrawing the face-down
// counters (IS-MCTS, determinized) keeps a search reproducible for a fixed
// seed, budget and worker count.
func TestSearchIsDeterministicWithHiddenCounters(t *testing.T) {
	g := stnGame(t, "stnazaire")
	st := searchtest.FirstDecision(t, g, 4)
	for _, mode := range []search.Mode{search.ISMCTS, search.Determinized} {
		for _, workers := range []int{1, 2} {
			cfg := search.DefaultConfig()
			cfg.Mode, cfg.Sims, cfg.Workers, cfg.Seed, cfg.Worlds = mode, 64, workers, 9, 4
			once := func() string {
				s, err := search.NewSearcher(g, cfg)
				if err != nil {
					t.Fatal(err)
				}
				r, err := s.Search(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				return fmt.Sprint(r)
			}
			if a, b := once(), once(); a != b {
				t.Fatalf("%s, %d workers: two searches differ:\n%s\n%s", mode, workers, a, b)
			}
		}
	}
}

// benchRoot is a St. Nazaire position at the start of turn 2's movement.
func benchRoot(b *testing.B) (env.Game, env.State) {
	g := stnGame(b, "stnazaire")
	s := g.NewInitialState(4)
	rng := rand.New(rand.NewPCG(4, 4))
	var buf []env.Action
	for k := 0; k < 40 && !s.IsTerminal(); k++ {
		buf = s.LegalActions(buf)
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	for s.CurrentPlayer() == env.Chance {
		buf = s.LegalActions(buf)
		_ = s.Apply(buf[0])
	}
	return g, s
}

// BenchmarkSearch runs whole searches of 1,024 simulations from a St.
// Nazaire position, one worker and two (sharing a tree, or a tree each).
func BenchmarkSearch(b *testing.B) {
	for _, mode := range []search.Mode{search.ClosedLoop, search.OpenLoop} {
		for _, par := range []struct {
			workers int
			root    bool
		}{{1, false}, {2, false}, {2, true}} {
			b.Run(fmt.Sprintf("%s/workers=%d/root=%v", mode, par.workers, par.root), func(b *testing.B) {
				g, root := benchRoot(b)
				cfg := search.DefaultConfig()
				cfg.Mode, cfg.Sims, cfg.Workers, cfg.RootParallel = mode, 1024, par.workers, par.root
				benchSearches(b, g, root, cfg)
			})
		}
	}
}

// BenchmarkBestSearch runs searches of the strongest configuration (IS-MCTS
// rolled out by greedy with its choice as a prior, searching moves and
// fire): where a game's time goes in the agent that matters.
func BenchmarkBestSearch(b *testing.B) {
	g, root := benchRoot(b)
	for _, p := range []env.Params{
		{"sims": "256", "rollout": "greedy", "prior": "3"},
		{"sims": "256", "rollout": "greedy", "prior": "3", "at": "move+fire+occupy+displace"},
	} {
		b.Run(p.String(), func(b *testing.B) {
			cfg, err := search.ParseConfig(g, p)
			if err != nil {
				b.Fatal(err)
			}
			cfg.Mode = search.ISMCTS
			benchSearches(b, g, root, cfg)
		})
	}
}

// benchSearches times whole searches of cfg from root, and reports the
// time a simulation and the allocations.
func benchSearches(b *testing.B, g env.Game, root env.State, cfg search.Config) {
	s, err := search.NewSearcher(g, cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	sims := 0
	for b.Loop() {
		r, err := s.Search(context.Background(), root)
		if err != nil {
			b.Fatal(err)
		}
		sims += r.Sims
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(sims, 1)), "ns/sim")
}
