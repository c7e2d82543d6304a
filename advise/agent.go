package advise

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// The advice agent plays a game by taking the advisor's top suggestion at
// every decision, as a person who always plays "best" at the console or
// the page's first Play button: it measures the advice itself, not the
// agent behind it.
func init() {
	agents.Register(agents.Registration{
		Name:        "advice",
		Description: "plays the advisor's top suggestion at every decision, by the advisor's own code (chariot advise, chariot serve)",
		Options: []env.OptionDoc{
			{Name: "agent", Default: "", Help: "the advisor's agent spec, its options separated by ';' (default: the advisor's default for the game)", Kind: env.AgentOption},
			{Name: "think", Default: "0", Help: "the advisor's think time, as --think (0: the agent's own budget)"},
		},
		New: newAdviceAgent,
		// Seeded as the agent it asks, it plays that agent's games.
		SeedAs: func(g env.Game, p env.Params) string {
			if spec := strings.ReplaceAll(p["agent"], ";", ","); spec != "" {
				return spec
			}
			return DefaultAgent(g)
		},
	})
}

// adviceAgent asks its advisor at each decision and plays the top move.
type adviceAgent struct{ adv *Advisor }

func newAdviceAgent(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
	think, err := agents.Duration(p, env.OptionDoc{Name: "think", Default: "0"}, 0, time.Hour)
	if err != nil {
		return nil, err
	}
	spec := strings.ReplaceAll(p["agent"], ";", ",")
	adv, err := NewAdvisor(g, Options{Agent: spec, Think: think, Top: 1})
	if err != nil {
		return nil, fmt.Errorf("option agent: %w", err)
	}
	// The agent of each seat gets this agent's own seed, as it would if it
	// played in its place: the advice plays the game the agent plays.
	adv.seatSeed = func(env.Player) uint64 { return seed }
	return &adviceAgent{adv: adv}, nil
}

func (a *adviceAgent) Act(ctx context.Context, st env.State) (env.Action, error) {
	sg, err := a.adv.Suggest(ctx, st)
	if err != nil {
		return 0, err
	}
	best, ok := sg.Best()
	if !ok {
		return 0, fmt.Errorf("the advisor suggested no move")
	}
	return best.Action, nil
}

// StartEpisode implements agents.EpisodeSeeded: a new game forgets the
// advice of the last, and the agents that must know the episode are told.
func (a *adviceAgent) StartEpisode(seed uint64) {
	a.adv.mu.Lock()
	defer a.adv.mu.Unlock()
	a.adv.opts.Seed = seed
	clear(a.adv.memo)
	for _, ag := range a.adv.seats {
		if e, ok := ag.(agents.EpisodeSeeded); ok {
			e.StartEpisode(seed)
		}
	}
}
