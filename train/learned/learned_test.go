package learned

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/model"
	"github.com/chariot-ai/chariot/train/selfplay"
)

// The models of the tests, fitted once by TestMain on a few games of Pig
// played by a small search, both seats recorded.
var policyFile, valueFile string

// The same for networks (chariot train --model mlp).
var netPolicyFile, netValueFile string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "learned")
	if err != nil {
		panic(err)
	}
	policyFile, valueFile, err = fitModels(dir)
	if err != nil {
		panic(err)
	}
	netPolicyFile, netValueFile = filepath.Join(dir, "np.json"), filepath.Join(dir, "nv.json")
	cfg := model.DefaultTrain()
	cfg.Model, cfg.Net.Hidden, cfg.Net.Epochs = model.MLP, []int{16}, 5
	if _, _, err := model.TrainPair([]string{filepath.Join(dir, "d.jsonl")}, cfg, model.Starts{}, netPolicyFile, netValueFile); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func fitModels(dir string) (policy, value string, err error) {
	data := filepath.Join(dir, "d.jsonl")
	g, err := env.NewGame("pig")
	if err != nil {
		return "", "", err
	}
	if _, err := selfplay.Run(context.Background(), selfplay.Config{Game: g, Agent: "mcts:sims=10", Games: 10, Seed: 1, Workers: 2, Out: data, Seat: -1}); err != nil {
		return "", "", err
	}
	cfg := model.DefaultTrain()
	cfg.Fit = model.FitConfig{Trees: 3, MaxDepth: 6, Sample: 1500, Seed: 1}
	policy, value = filepath.Join(dir, "p.json"), filepath.Join(dir, "v.json")
	_, _, err = model.TrainPair([]string{data}, cfg, model.Starts{}, policy, value)
	return policy, value, err
}

func models(*testing.T) (policy, value string) { return policyFile, valueFile }

// playsTwiceAlike plays games of Pig with seeds 0 to seeds-1, the agent
// of spec against random in seat seed%2, twice each: the agent plays the
// same actions both times, and some.
func playsTwiceAlike(t *testing.T, g env.Game, spec string, seeds uint64) {
	t.Helper()
	for seed := range seeds {
		seat := env.Player(seed % 2) // the agent's
		var plays [][]env.Action
		for range 2 {
			a, err := agents.New(spec, g, seed)
			if err != nil {
				t.Fatal(err)
			}
			players := []agents.Agent{agents.NewRandom(g, seed), agents.NewRandom(g, seed)}
			players[seat] = a
			var actions []env.Action
			_, err = agents.RunEpisode(context.Background(), g, seed, players, func(_ env.State, a env.Action, who env.Player) {
				if who == seat {
					actions = append(actions, a)
				}
			})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			plays = append(plays, actions)
		}
		if len(plays[0]) == 0 || !slices.Equal(plays[0], plays[1]) {
			t.Fatalf("%s, seed %d: played %v, then %v", spec, seed, plays[0], plays[1])
		}
	}
}

// TestAgentAndEvaluator: the learned agent plays whole games in either
// seat, deterministically, and the models serve search. (That a learned
// agent beats random is TestGenericPathOnPig's, on larger models.)
func TestAgentAndEvaluator(t *testing.T) {
	policy, value := models(t)
	g := envtest.NewGame(t, "pig")
	agent := "learned:model=" + policy

	playsTwiceAlike(t, g, agent, 6)

	// It serves search as rollout agent, prior and leaf evaluator.
	s, err := agents.New("mcts:sims=20,rollout="+agent+",prior=5,depth=10,eval=learned:"+value, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewInitialState(3)
	for st.CurrentPlayer() == env.Chance {
		st.Apply(st.LegalActions(nil)[0])
	}
	a, err := s.Act(context.Background(), st)
	if err != nil || !slices.Contains(st.LegalActions(nil), a) {
		t.Fatalf("search with the learned models: %v, %v", a, err)
	}
	ev, err := search.NewEvaluator("learned:"+value, g)
	if err != nil {
		t.Fatal(err)
	}
	// Pig's returns are 1 for a win and -1 for a loss.
	if v := ev.Evaluate(st); len(v) != 2 || v[0] < -1 || v[0] > 1 || v[1] < -1 || v[1] > 1 {
		t.Fatalf("value %v", v)
	}
}

func TestErrors(t *testing.T) {
	policy, value := models(t)
	g := envtest.NewGame(t, "pig")
	for _, c := range []struct{ spec, want string }{
		{"learned", "learned: no policy model: give learned:model=FILE"},
		{"learned:model=" + value, "model " + value + " is a value model, not a policy model"},
		{"learned:model=/nonexistent.json", "model /nonexistent.json: no such file"},
		{"mcts:sims=5,depth=3,eval=learned", "evaluator learned: no value model: give learned:FILE"},
		{"mcts:sims=5,depth=3,eval=learned:" + policy, "model " + policy + " is a policy model, not a value model"},
	} {
		if _, err := agents.New(c.spec, g, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.spec, err, c.want)
		}
	}
	short, err := env.NewGame("pig:target=15")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agents.New("learned:model="+policy, short, 1); err == nil || !strings.Contains(err.Error(), "was trained for game") {
		t.Errorf("another game's options: %v", err)
	}
}

// TestSpecSaysEverything: the environment names no model; an agent or
// evaluator without a model file in its spec is refused, whatever the
// environment holds.
func TestSpecSaysEverything(t *testing.T) {
	policy, value := models(t)
	g := envtest.NewGame(t, "pig")
	t.Setenv("CHARIOT_POLICY_MODEL", policy)
	t.Setenv("CHARIOT_VALUE_MODEL", value)
	for _, spec := range []string{"learned", "mcts:sims=5,depth=3,eval=learned"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s: built from the environment's model", spec)
		}
	}
}
