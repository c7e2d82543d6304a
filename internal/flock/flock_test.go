package flock

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecondTakerRefused: a second lock on one file, even in the same
// process through another descriptor, is refused with a BusyError naming
// the path, and is granted once the first is released.
func TestSecondTakerRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	a, err := File(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = File(path)
	var busy *BusyError
	if !errors.As(err, &busy) || busy.Path != path || !strings.Contains(err.Error(), path) {
		t.Fatalf("second lock: %v, want a BusyError on %s", err, path)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, err := File(path)
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	b.Unlock()
}

// TestHolderNamed: a lock held by another process names that process.
func TestHolderNamed(t *testing.T) {
	if _, err := os.Stat("/proc/locks"); err != nil {
		t.Skip("no /proc/locks")
	}
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("no flock(1)")
	}
	dir := t.TempDir()
	cmd := exec.Command("flock", dir, "sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	var err error
	for range 200 { // until the child holds it
		var l *Lock
		if l, err = Dir(dir); err != nil {
			break
		}
		l.Unlock()
		exec.Command("sleep", "0.01").Run()
	}
	var busy *BusyError
	if !errors.As(err, &busy) {
		t.Fatalf("lock held by flock(1): %v", err)
	}
	if !strings.Contains(busy.Other, "process ") || !strings.Contains(busy.Other, "sleep 30") {
		t.Errorf("holder %q, want the flock process and its command line", busy.Other)
	}
}

// TestNotRegular: a FIFO is refused, not opened and waited on.
func TestNotRegular(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(path); err != nil {
		t.Skip(err)
	}
	if _, err := File(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("FIFO: %v", err)
	}
}
