package learned

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/model"
	"github.com/chariot-ai/chariot/train/selfplay"
)

// The models of the tests, fitted once by TestMain on a few greedy games.
var policyFile, valueFile string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "learned")
	if err != nil {
		panic(err)
	}
	policyFile, valueFile, err = fitModels(dir)
	if err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func fitModels(dir string) (policy, value string, err error) {
	data := filepath.Join(dir, "d.jsonl")
	g := stnazaire.Default()
	if _, err := selfplay.Run(context.Background(), selfplay.Config{Game: g, Agent: "greedy", Games: 10, Seed: 1, Workers: 2, Out: data}); err != nil {
		return "", "", err
	}
	src, err := model.ReadSources([]string{data})
	if err != nil {
		return "", "", err
	}
	cfg := model.DefaultTrain()
	cfg.Fit = model.FitConfig{Trees: 3, MaxDepth: 6, Sample: 1500, Seed: 1}
	p, err := model.TrainPolicy(src, cfg)
	if err != nil {
		return "", "", err
	}
	v, err := model.TrainValue(src, cfg)
	if err != nil {
		return "", "", err
	}
	policy, value = filepath.Join(dir, "p.json"), filepath.Join(dir, "v.json")
	return policy, value, errors.Join(p.Save(policy), v.Save(value))
}

func models(*testing.T) (policy, value string) { return policyFile, valueFile }

func TestAgentAndEvaluator(t *testing.T) {
	policy, value := models(t)
	g := stnazaire.Default()
	agent := "learned:model=" + policy

	// The learned agent plays whole games, deterministically, and beats
	// random on them.
	var learnedSum, randomSum float64
	for seed := range uint64(6) {
		var finals []float64
		for range 2 {
			a, err := agents.New(agent, g, seed)
			if err != nil {
				t.Fatal(err)
			}
			end, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{a}, nil)
			if err != nil {
				t.Fatal(err)
			}
			finals = append(finals, end.Score().Value)
		}
		if finals[0] != finals[1] {
			t.Fatalf("seed %d: %v: not deterministic", seed, finals)
		}
		learnedSum += finals[0]
		r := agents.NewRandom(g, seed)
		end, _ := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{r}, nil)
		randomSum += end.Score().Value
	}
	if learnedSum <= randomSum {
		t.Errorf("learned scored %v in all, random %v", learnedSum, randomSum)
	}

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
	if v := ev.Evaluate(st); len(v) != 1 || v[0] < -100 || v[0] > 200 {
		t.Fatalf("value %v", v)
	}
}

func TestErrors(t *testing.T) {
	policy, value := models(t)
	g := stnazaire.Default()
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
	short, _ := env.NewGame("stnazaire:turns=6")
	if _, err := agents.New("learned:model="+policy, short, 1); err == nil || !strings.Contains(err.Error(), "was trained for game") {
		t.Errorf("another game's options: %v", err)
	}
}

// TestSpecSaysEverything: the environment names no model; an agent or
// evaluator without a model file in its spec is refused, whatever the
// environment holds.
func TestSpecSaysEverything(t *testing.T) {
	policy, value := models(t)
	g := stnazaire.Default()
	t.Setenv("CHARIOT_POLICY_MODEL", policy)
	t.Setenv("CHARIOT_VALUE_MODEL", value)
	for _, spec := range []string{"learned", "mcts:sims=5,depth=3,eval=learned"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s: built from the environment's model", spec)
		}
	}
}
