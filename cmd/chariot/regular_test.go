package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInputsMustBeRegularFiles: a model, a spec, a game's data or a
// results file that is a device or a FIFO is refused at once with one
// line, not read until the memory runs out (/dev/zero) or waited on
// forever (a FIFO).
func TestInputsMustBeRegularFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"bench", "--game", "pig", "--agents", "learned:model=/dev/zero", "--games", "1"},
		{"bench", "--game", "pig", "--agents", "learned:model=" + fifo, "--games", "1"},
		{"bench", "--game", "pig", "--agents", "tuned:file=/dev/zero", "--games", "1"},
		{"bench", "--game", "pig", "--agents", "tuned:file=" + fifo, "--games", "1"},
		{"bench", "--game", "stnazaire", "--data", fifo, "--agents", "random", "--games", "1"},
		{"bench", "--game", "pig", "--agents", "random", "--games", "1", "--out", fifo},
		{"selfplay", "--game", "pig", "--agent", "random", "--games", "1", "--out", fifo},
	} {
		status, stdout, stderr := runArgs(args...)
		if status != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want one line: not a regular file", args, status, stdout, stderr)
		}
	}
}
