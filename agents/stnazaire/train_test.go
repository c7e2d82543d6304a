package stnazaire_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/search"
	_ "github.com/chariot-ai/chariot/train/learned" // the agent and evaluator learned
	"github.com/chariot-ai/chariot/train/model"
	"github.com/chariot-ai/chariot/train/selfplay"
)

// TestLearnedFromGreedyGames fits a policy and a value model on a few
// greedy games through St. Nazaire's own feature encoding, and checks
// what only that encoding gives: the value model is measured against the
// hand-made value_estimate, the models are tied to the encoding's version
// and the game's options, and the learned agent, trained on a heuristic's
// games, outscores random.
func TestLearnedFromGreedyGames(t *testing.T) {
	g := stn.Default()
	dir := t.TempDir()
	data := filepath.Join(dir, "d.jsonl")
	if _, err := selfplay.Run(t.Context(), selfplay.Config{Game: g, Agent: "greedy", Games: 30, Seed: 1, Workers: 2, Out: data}); err != nil {
		t.Fatal(err)
	}
	cfg := model.DefaultTrain()
	cfg.Fit = model.FitConfig{Trees: 3, MaxDepth: 6, Sample: 1500, Seed: 1}
	policy, value := filepath.Join(dir, "p.json"), filepath.Join(dir, "v.json")
	_, val, err := model.TrainPair([]string{data}, cfg, model.Starts{}, policy, value)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("baseline metrics", func(t *testing.T) {
		if !slices.Contains(val.Features, model.BaselineFeature) {
			t.Fatalf("the value model does not read %s", model.BaselineFeature)
		}
		var names []string
		for _, m := range val.Metrics {
			names = append(names, m.Name)
		}
		t.Logf("value model on held-out games: %+v", val.Metrics)
		for _, want := range []string{"r2", "mae", "baseline_r2", "baseline_mae"} {
			if !slices.Contains(names, want) {
				t.Errorf("value metrics %v lack %s", names, want)
			}
		}
	})

	t.Run("encoding and options", func(t *testing.T) {
		if err := val.Check(g, model.Value); err != nil {
			t.Fatal(err)
		}
		short, err := env.NewGame("stnazaire:turns=8")
		if err != nil {
			t.Fatal(err)
		}
		old := *val
		old.FeatureVersion = stn.FeatureVersion - 1
		for _, c := range []struct {
			m    *model.Model
			g    env.Game
			want string
		}{
			{val, short, "not stnazaire:any_commando=false"},
			{&old, g, "(version 0,"},
		} {
			if err := c.m.Check(c.g, model.Value); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check: %v, want %q", err, c.want)
			}
		}
	})

	t.Run("learned beats random", func(t *testing.T) {
		agent := "learned:model=" + policy
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
			end, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{agents.NewRandom(g, seed)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			randomSum += end.Score().Value
		}
		if learnedSum <= randomSum {
			t.Errorf("learned scored %v in all, random %v", learnedSum, randomSum)
		}
	})

	t.Run("value in VP", func(t *testing.T) {
		ev, err := search.NewEvaluator("learned:"+value, g)
		if err != nil {
			t.Fatal(err)
		}
		st := g.NewInitialState(3)
		for st.CurrentPlayer() == env.Chance {
			st.Apply(st.LegalActions(nil)[0])
		}
		// The range of value_estimate, the score a British player counts.
		if v := ev.Evaluate(st); len(v) != 1 || v[0] < -100 || v[0] > 200 {
			t.Fatalf("value %v", v)
		}
	})
}
