package eval

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/internal/flock"
)

// TestCanonicalCleansNestedPaths: ./r.spec and r.spec name one agent in a
// nested spec too (a rollout, an opponent mixture), so a run counts them as
// one agent with one seed; before, only the top level's paths were
// cleaned.
func TestCanonicalCleansNestedPaths(t *testing.T) {
	for _, c := range [][2]string{
		{"mcts:sims=5,rollout=tuned:file=./x/../r.spec", "mcts:rollout=tuned:file=r.spec,sims=5"},
		{"mcts:opponent=tuned:file=./r.spec@2|random@1", "mcts:opponent=tuned:file=r.spec@2|random@1"},
	} {
		a, err := CanonicalAgent(c[0])
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := CanonicalAgent(c[1]); a != b {
			t.Errorf("%s canonical %s, but %s is %s", c[0], a, c[1], b)
		}
	}
}

// TestFilesBesideMergeFromAnywhere: a run whose agents name spec files
// beside its results file (FilesBeside, as PSRO's) plays from any working
// directory, and its shards merge from another one; the rows name the
// files as the specs do, not where the directory is.
func TestFilesBesideMergeFromAnywhere(t *testing.T) {
	root := t.TempDir()
	run := filepath.Join(root, "run")
	if err := os.Mkdir(run, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := agents.SaveSpec(filepath.Join(run, "r.spec"), "random"); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	g := mustGame(t, "pig")
	cfg := Config{Game: g, Agents: []string{"tuned:file=r.spec", "test-first"}, Games: 6, Seed: 4, Workers: 1, FilesBeside: true}
	var shards []string
	for i := range 2 {
		c := cfg
		c.Shard, c.Out = Shard{i, 2}, filepath.Join("run", "s"+string(rune('0'+i))+".jsonl")
		mustRun(t, c)
		shards = append(shards, filepath.Join(root, c.Out))
	}
	t.Chdir(t.TempDir())
	out := filepath.Join(run, "merged.jsonl")
	rows := 0
	if err := Merge(out, shards, nil, func(r GameResult) error {
		if r.Files["r.spec"] == "" {
			t.Errorf("row %+v: no hash of r.spec", r.Files)
		}
		rows++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if rows != 2*6 {
		t.Errorf("%d rows merged, want 12", rows)
	}
}

// TestMergeRefusesAHeldOutput: a merge into a file another process is
// writing stops with a one-line error naming it; before, both wrote.
func TestMergeRefusesAHeldOutput(t *testing.T) {
	dir := t.TempDir()
	g := mustGame(t, "pig")
	c := Config{Game: g, Agents: []string{"random"}, Games: 2, Seed: 4, Workers: 1, Shard: Shard{0, 1}, Out: filepath.Join(dir, "s.jsonl")}
	mustRun(t, c)
	out := filepath.Join(dir, "merged.jsonl")
	l, err := flock.File(out)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	err = Merge(out, []string{c.Out}, nil, func(GameResult) error { return nil })
	var busy *flock.BusyError
	if !errors.As(err, &busy) {
		t.Errorf("merge into a held file: %v, want it in use", err)
	}
}
