package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestBenchConcurrentResume runs two `bench --resume` on one results file
// at once, as two processes: the second exits at once with one line naming
// the first, and the first plays on to a file that holds every game once,
// the rows of a lone run (wall times aside). Without the lock both played
// every game and the file held each twice.
func TestBenchConcurrentResume(t *testing.T) {
	const games = 100
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"bench", "--game", "stnazaire", "--agents", "ismcts:sims=10", "--games", strconv.Itoa(games),
			"--seed", "3", "--workers", "1", "--quiet", "--out", out, "--resume"}
	}
	lone := filepath.Join(dir, "lone.jsonl")
	runChariot(t, 0, args(lone)...)

	out := filepath.Join(dir, "shared.jsonl")
	first := chariotProcess(t, nil, args(out)...)
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- first.Wait() }()
	for wholeRows(t, out) == 0 { // the first holds the file and plays
		select {
		case err := <-done:
			t.Fatalf("the first run ended before the second started: %v, %q", err, firstErr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	// The first is stopped while the second runs, so that it holds the file
	// however busy the machine; it plays on when the second has ended.
	if err := first.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	if n := wholeRows(t, out); n == games {
		t.Fatalf("the first run played all %d games before it was stopped", n)
	}
	second := chariotProcess(t, nil, args(out)...)
	var stdout, stderr bytes.Buffer
	second.Stdout, second.Stderr = &stdout, &stderr
	err := second.Run()
	if err := first.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("second run: %v, want exit status 1", err)
	}
	want := `^chariot: results file: .*shared\.jsonl is in use by process ` + strconv.Itoa(first.Process.Pid) + ` \(.*bench.*\): wait for it to end, or choose another output\n$`
	if !regexp.MustCompile(want).MatchString(stderr.String()) || stdout.Len() > 0 {
		t.Errorf("second run's stdout %q, stderr %q, want the one line %s", stdout.String(), stderr.String(), want)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("first run: %v, %q", err, firstErr.String())
		}
	case <-time.After(10 * time.Minute):
		t.Fatal("the first run did not end")
	}
	if got, want := sortedRows(t, out), sortedRows(t, lone); !slices.Equal(got, want) {
		t.Errorf("the shared file has %d rows, not the lone run's %d", len(got), len(want))
	}
}
