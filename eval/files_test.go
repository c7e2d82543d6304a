package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
)

func init() {
	// "test-file" plays the first legal action after reading its file=.
	agents.Register(agents.Registration{
		Name:    "test-file",
		Options: []env.OptionDoc{{Name: "file", Help: "a file it reads"}},
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			if _, err := os.ReadFile(p["file"]); err != nil {
				return nil, err
			}
			return firstAgent{}, nil
		},
	})
}

func TestSpecFiles(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "p.json")
	if err := os.WriteFile(model, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := "mcts:c=1.4,rollout=learned:model=" + model + ";temp=1,eval=learned:" + filepath.Join(dir, "gone.json")
	if got := specFiles(spec); len(got) != 1 || got[0] != model {
		t.Errorf("specFiles(%q) = %q, want the one file that exists", spec, got)
	}
}

// TestResumeRefusesChangedFile changes the file an agent reads between a
// run and its resumption: the rows made with the old file are refused.
func TestResumeRefusesChangedFile(t *testing.T) {
	for _, ext := range []string{".jsonl", ".csv"} {
		dir := t.TempDir()
		model := filepath.Join(dir, "model.json")
		if err := os.WriteFile(model, []byte(`{"weights":[1]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := Config{Game: mustGame(t, "pig"), Agents: []string{"test-file:file=" + model}, Games: 3, Seed: 1,
			Out: filepath.Join(dir, "r"+ext)}
		first := mustRun(t, cfg)
		if first[0].Files[model] == "" {
			t.Fatalf("%s: no content hash in %+v", ext, first[0])
		}
		cfg.Resume, cfg.Games = true, 5
		sameResults(t, ext+": same file", mustRun(t, cfg)[:3], first)
		if err := os.WriteFile(model, []byte(`{"weights":[2]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), model+" has changed since") {
			t.Errorf("%s: resumed with a changed model: error %v", ext, err)
		}
	}
}
