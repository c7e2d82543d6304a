package stnazaire

import (
	"context"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/search"
)

// TestHindsightKeepsStepWithTheEpisode: told the seed by RunEpisode, the
// hindsight agent replays the episode privately in step with the real one
// to the end; without the seed, or in another game's dice, it says so.
func TestHindsightKeepsStepWithTheEpisode(t *testing.T) {
	g := stn.Default()
	h, err := agents.New("hindsight:sims=8,rollout=greedy", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(3) {
		if _, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{h}, nil); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	fresh, _ := agents.New("hindsight:sims=8", g, 1)
	if _, err := fresh.Act(context.Background(), g.NewInitialState(1)); err == nil || !strings.Contains(err.Error(), "EpisodeSeeded") {
		t.Errorf("unseeded: %v", err)
	}
	hs := fresh.(*Hindsight)
	hs.StartEpisode(1)
	if _, err := agents.RunEpisode(context.Background(), g, 1, []agents.Agent{agentFunc(func(ctx context.Context, s *stn.State) (env.Action, error) {
		hs.StartEpisode(2) // told another episode
		return hs.Act(ctx, s)
	})}, nil); err == nil || !strings.Contains(err.Error(), "not the episode") {
		t.Errorf("another episode: %v", err)
	}
}

// TestHindsightSearchRollsTheEpisodeDice: with SetDice every simulation
// meets the episode's own dice, so one simulation that plays the episode's
// own policy (tried first as the prior, then as the rollout) scores exactly
// what the episode then scores.
func TestHindsightSearchRollsTheEpisodeDice(t *testing.T) {
	g := stn.Default()
	for seed := range uint64(4) {
		h, err := NewHindsight(g, env.Params{"sims": "1", "rollout": "firstlegal", "prior": "1"}, 7)
		if err != nil {
			t.Fatal(err)
		}
		h.StartEpisode(seed)
		var first float64
		got := false
		end, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{agentFunc(func(ctx context.Context, s *stn.State) (env.Action, error) {
			if !got && len(s.LegalActions(nil)) > 1 {
				if err := h.catchUp(s); err != nil {
					return 0, err
				}
				r, err := h.search.Search(ctx, s)
				if err != nil {
					return 0, err
				}
				first, got = statValue(r), true
			}
			return s.LegalActions(nil)[0], nil
		})}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !got {
			t.Fatalf("seed %d: no decision with a choice", seed)
		}
		if first != end.Returns()[0] {
			t.Errorf("seed %d: the search's one simulation scored %g, the episode %g", seed, first, end.Returns()[0])
		}
	}
}

func statValue(r search.Result) float64 {
	for _, s := range r.Stats {
		if s.Visits > 0 {
			return s.Value
		}
	}
	return -1e9
}

// agentFunc adapts a function to agents.Agent.
type agentFunc func(ctx context.Context, s *stn.State) (env.Action, error)

func (f agentFunc) Act(ctx context.Context, s env.State) (env.Action, error) {
	return f(ctx, s.(*stn.State))
}

// firstLegal plays the first legal action: a policy without randomness,
// so that a search's rollout and an episode can play it alike.
func init() {
	agents.Register(agents.Registration{
		Name:        "firstlegal",
		Description: "test only: the first legal action",
		New: func(env.Game, env.Params, uint64) (agents.Agent, error) {
			return agentFunc(func(_ context.Context, s *stn.State) (env.Action, error) { return s.LegalActions(nil)[0], nil }), nil
		},
	})
}
