package eval

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestShardResumeAndMerge plays a run in three shards, one of them stopped
// and resumed, merges them, and finds the rows of the whole run.
func TestShardResumeAndMerge(t *testing.T) {
	dir := t.TempDir()
	g := mustGame(t, "pig")
	cfg := Config{Game: g, Agents: []string{"random", "test-first"}, Games: 20, Seed: 4, Workers: 2}
	whole := mustRun(t, cfg)
	var paths []string
	for i := range 3 {
		c := cfg
		c.Shard = Shard{i, 3}
		c.Out = filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		part := mustRun(t, c)
		lo, hi := c.Shard.Range(20)
		if len(part) != 2*(hi-lo) {
			t.Fatalf("shard %d: %d results, want %d", i, len(part), 2*(hi-lo))
		}
		if i == 1 {
			// Cut the shard's file to its first two rows and a half, then
			// resume it.
			data, _ := os.ReadFile(c.Out)
			lines := strings.SplitAfter(string(data), "\n")
			os.WriteFile(c.Out, []byte(lines[0]+lines[1]+lines[2][:10]), 0o644)
			c.Resume = true
			sameResults(t, "resumed shard", mustRun(t, c), part)
		}
		paths = append(paths, c.Out)
	}
	out := filepath.Join(dir, "merged.jsonl")
	var labels []string
	var merged []GameResult
	err := Merge(out, paths, func(m Merged) { labels = m.Labels }, func(r GameResult) error {
		merged = append(merged, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(labels, []string{"random vs test-first", "test-first vs random"}) {
		t.Errorf("labels %q", labels)
	}
	// Read back as the results file of the whole run.
	cfg.Out, cfg.Resume = out, true
	sameResults(t, "merged file read back", mustRun(t, cfg), whole)
	if len(merged) != len(whole) {
		t.Errorf("merge handed %d rows, want %d", len(merged), len(whole))
	}
}
