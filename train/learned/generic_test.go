package learned

import (
	"context"
	"math"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/train/model"
	"github.com/chariot-ai/chariot/train/selfplay"
)

// TestGenericPathOnPig trains a policy and a value model on Pig through
// the generic path (the observation features, every seat recorded) and
// checks that each beats random over a round robin with seats swapped,
// by a 95% interval on the share of games won that excludes one half.
// (chariot selfplay, train and bench do the same at full size.)
func TestGenericPathOnPig(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	// Relative paths keep the agent specs, and so their seeds, the same
	// from run to run.
	t.Chdir(t.TempDir())
	data := "pig.jsonl"
	if _, err := selfplay.Run(context.Background(), selfplay.Config{Game: g, Agent: "mcts:sims=100", Games: 200, Seed: 5, Workers: 2, Out: data, Seat: -1}); err != nil {
		t.Fatal(err)
	}
	cfg := model.DefaultTrain()
	cfg.Fit = model.FitConfig{Trees: 5, MaxDepth: 8, Sample: 2000, Seed: 1}
	policy, value := "p.json", "v.json"
	if _, _, err := model.TrainPair([]string{data}, cfg, model.Starts{}, policy, value); err != nil {
		t.Fatal(err)
	}
	learned := "learned:model=" + policy
	searched := "mcts:depth=1,eval=learned:" + value + ",sims=20"
	res, err := eval.Run(context.Background(), eval.Config{Game: g, Agents: []string{"random", learned, searched}, Games: 150, Seed: 9, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := eval.Summarise(res, "")
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Match
	if m == nil {
		t.Fatal("no match table")
	}
	random := index(m.Agents, "random")
	for _, who := range []string{learned, searched} {
		spec, err := eval.CanonicalAgent(who)
		if err != nil {
			t.Fatal(err)
		}
		r := m.Pairs[index(m.Agents, spec)][random]
		n := float64(r.Games())
		share := r.Score()
		half := 1.96 * math.Sqrt(share*(1-share)/n)
		t.Logf("%s against random: %.1f%% ± %.1f%% of %d games", spec, 100*share, 100*half, r.Games())
		if share-half <= 0.5 {
			t.Errorf("%s does not beat random: %.1f%% ± %.1f%%", spec, 100*share, 100*half)
		}
	}
}

func index(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
