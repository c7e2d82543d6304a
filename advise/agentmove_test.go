package advise_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise"
	_ "github.com/chariot-ai/chariot/agents/ahraid"
	_ "github.com/chariot-ai/chariot/agents/anvil"
	_ "github.com/chariot-ai/chariot/agents/jubilee"
	_ "github.com/chariot-ai/chariot/agents/skirmish"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/anvil"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/eval"
)

// raidAdvisors are the advisor's default agent of each raid game with a
// small simulation budget, so that thirty games run in reasonable time and
// every suggestion is reproducible (a time budget is not).
var raidAdvisors = []struct{ game, spec string }{
	{"stnazaire", "ismcts:at=move+fire+occupy+displace,c=0.7,early=true,prior=3,rollout=greedy,sims=40"},
	{"jubilee", "raidsearch:sims=8"},
	{"skirmish", "ismcts:at=action,prior=3,rollout=stealthy,sims=10"},
	{"anvil", "searchbest:sims=8"},
	{"ahraid", "plansearch:sims=30"},
}

// TestAdviceIsTheAgentsMove: a person who always takes the top suggestion
// at the console plays, decision for decision, the game that the
// advisor's agent plays by itself (chariot play) with the same seed and
// dice. The console is given the dice of the agent's own game and "best"
// at every decision; its history must be that game's.
func TestAdviceIsTheAgentsMove(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 2
	}
	for _, tt := range raidAdvisors {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			g, err := env.NewGame(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			if def := advise.DefaultAgent(g); agentName(def) != agentName(tt.spec) {
				t.Fatalf("the advisor's default for %s is %s, not the %s tested", tt.game, def, agentName(tt.spec))
			}
			for i := range games {
				seed := uint64(7001 + i)
				played, script := agentGame(t, g, tt.spec, seed)
				advised := consoleGame(t, g, tt.spec, seed, script)
				for k := range played {
					if k >= len(advised) || advised[k] != played[k] {
						got := "nothing"
						if k < len(advised) {
							got = advised[k]
						}
						t.Fatalf("seed %d step %d: the console played %q where %s plays %q", seed, k+1, got, tt.spec, played[k])
					}
				}
				if len(advised) != len(played) {
					t.Fatalf("seed %d: the console played %d steps, the agent's game has %d", seed, len(advised), len(played))
				}
			}
		})
	}
}

func agentName(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

// agentGame plays a game of g with spec at every seat, seeded as chariot
// play seeds them, and returns its steps as action strings and the
// console lines that replay it: each die as entered at the table, "best"
// at each decision.
func agentGame(t *testing.T, g env.Game, spec string, seed uint64) (steps, script []string) {
	t.Helper()
	players := make([]agents.Agent, g.NumPlayers())
	for p := range players {
		var err error
		if players[p], err = agents.New(spec, g, agents.SeatSeed(seed, p)); err != nil {
			t.Fatal(err)
		}
	}
	_, err := agents.RunEpisode(context.Background(), g, seed, players, func(s env.State, a env.Action, who env.Player) {
		steps = append(steps, s.ActionString(a))
		if who != env.Chance {
			script = append(script, "best")
			return
		}
		for _, o := range env.TableOutcomes(s) {
			if o.Action == a {
				script = append(script, o.Entry())
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return steps, script
}

// consoleGame plays the script at the console, the advisor's agent being
// spec, and returns the steps played.
func consoleGame(t *testing.T, g env.Game, spec string, seed uint64, script []string) []string {
	t.Helper()
	s, err := advise.NewSession(g, seed, "")
	if err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(g, advise.Options{Agent: spec, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	c := &advise.Console{S: s, A: a, Futures: -1, In: strings.NewReader(strings.Join(script, "\n") + "\n"), Out: io.Discard}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	steps := s.Moves()
	if len(steps) == 0 {
		t.Fatalf("seed %d: the console played nothing", seed)
	}
	return steps
}

// TestAdviceBenchesAsItsAgent: in a benchmark the agent advice is seeded as
// the agent it asks, so the two play the same games, score for score; the
// paired difference of the advice against a baseline is the agent's own.
func TestAdviceBenchesAsItsAgent(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	for _, tt := range raidAdvisors {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			g, err := env.NewGame(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			advice := "advice:agent=" + strings.ReplaceAll(tt.spec, ",", ";")
			cfg := eval.Config{Game: g, Agents: []string{tt.spec, advice}, Games: games, Seed: 36036, Workers: 1}
			if g.NumPlayers() > 1 {
				// Both against the same German, not each other.
				cfg.Opponents = agents.BaselinesFor(g, 1)[:1]
			}
			scores := map[string][]float64{}
			err = eval.Stream(context.Background(), cfg, nil, func(r eval.GameResult) error {
				name, _, _ := strings.Cut(r.Agent, " vs ")
				if scores[name] == nil {
					scores[name] = make([]float64, games)
				}
				scores[name][r.Game] = r.Score.Value
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(scores) != 2 {
				t.Fatalf("scores of %d lineups, want 2: %v", len(scores), scores)
			}
			var lists [][]float64
			for _, s := range scores {
				lists = append(lists, s)
			}
			for i := range games {
				if lists[0][i] != lists[1][i] {
					t.Errorf("game %d: the agent and its advice score %v and %v", i, lists[0][i], lists[1][i])
				}
			}
		})
	}
}
