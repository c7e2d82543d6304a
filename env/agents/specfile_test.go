package agents

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSaveSpecReplacesTheFile: the spec file is replaced by a new one
// (through atomicfile), never rewritten in place, where a crash mid-write
// would leave it torn.
func TestSaveSpecReplacesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tuned.spec")
	if err := SaveSpec(path, "mcts:sims=50"); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := SaveSpec(path, "mcts:c=2,sims=400"); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) {
		t.Error("the spec file was rewritten in place")
	}
	if spec, err := LoadSpec(path); err != nil || spec != "mcts:c=2,sims=400" {
		t.Errorf("LoadSpec = %q, %v", spec, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want only tuned.spec", len(entries))
	}
}
