package iterate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/train/model"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	cfg := Config{Game: stnazaire.Default(), Dir: dir, Rounds: 1, Bootstrap: "greedy", BootstrapGames: 8,
		Search: "mcts:sims=3,rollout=@,prior=30,depth=4,eval=@", Games: 2, EvalGames: 4, Baselines: []string{"random"}, Seed: 5,
		Train: model.TrainConfig{Fit: model.FitConfig{Trees: 2, MaxDepth: 4, Sample: 500, Seed: 1}, HeldOut: 0.2}, Workers: 2, Log: &log}
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 || !rounds[0].Promoted || rounds[1].Champion != rounds[0].Candidate {
		t.Fatalf("rounds %+v", rounds)
	}
	for _, f := range []string{"data-r0.jsonl", "data-r1.jsonl", "policy-r1.json", "value-r1.json", "bench-r1.jsonl", "policy.json", "value.json", "champion.spec"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// Run again: everything is resumed, and the rounds come out the same.
	// The champion's files are replaced whole, not rewritten in place.
	champion := []string{"policy.json", "value.json", "champion.spec"}
	var before []os.FileInfo
	for _, f := range champion {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, fi)
	}
	again, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again[1].Diff != rounds[1].Diff || again[1].Promoted != rounds[1].Promoted {
		t.Fatalf("resumed rounds differ: %+v, %+v", again, rounds)
	}
	for i, f := range champion {
		if after, err := os.Stat(filepath.Join(dir, f)); err != nil || os.SameFile(before[i], after) {
			t.Errorf("%s was rewritten in place (%v)", f, err)
		}
	}
}
