package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// TestBenchCtrlCResume interrupts a bench of St. Nazaire by IS-MCTS as
// Ctrl-C does, a real SIGINT to a chariot process, with one worker and
// with two, once a few games are in the results file and others in play.
// The interrupted run says how to finish; its file holds only whole games,
// each the same row as the uninterrupted run's; --resume completes it to
// the uninterrupted run's rows and table, wall times aside.
func TestBenchCtrlCResume(t *testing.T) {
	const games = 6
	dir := t.TempDir()
	args := func(out string, workers int, extra ...string) []string {
		return append([]string{"bench", "--game", "stnazaire", "--agents", "ismcts:sims=10", "--games", strconv.Itoa(games),
			"--seed", "3", "--workers", strconv.Itoa(workers), "--out", out}, extra...)
	}
	clean := filepath.Join(dir, "clean.jsonl")
	cleanTable := runChariot(t, 0, args(clean, 2)...)
	want := resultRows(t, clean)
	if len(want) != games {
		t.Fatalf("the uninterrupted run has %d rows, want %d", len(want), games)
	}

	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			out := filepath.Join(dir, fmt.Sprintf("workers%d.jsonl", workers))
			cmd := chariotProcess(t, nil, args(out, workers)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// Wait for the first whole rows: the next games are in play.
			// Polling, not timing: the run has games left for seconds.
			var err error
		poll:
			for {
				select {
				case err = <-done:
					t.Fatalf("the run ended before it was interrupted (%v): stderr %q", err, stderr.String())
				case <-time.After(10 * time.Millisecond):
					if wholeRows(t, out) >= workers {
						break poll
					}
				}
			}
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			err = <-done
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Fatalf("interrupted run: %v, stderr %q", err, stderr.String())
			}
			m := regexp.MustCompile(`^chariot: interrupted with (\d+) games in .*workers\d\.jsonl; rerun with --resume to finish it\n$`).FindStringSubmatch(stderr.String())
			if m == nil {
				t.Fatalf("interrupted run's stderr %q", stderr.String())
			}
			got := resultRows(t, out)
			if n, _ := strconv.Atoi(m[1]); n != len(got) {
				t.Errorf("the run says %d games are in the file, which has %d", n, len(got))
			}
			if len(got) >= games {
				t.Fatalf("the interrupt came after every game was played (%d rows): nothing was in play", len(got))
			}
			sameRows(t, "interrupted run", got, want)

			table := runChariot(t, 0, args(out, workers, "--resume")...)
			got = resultRows(t, out)
			if len(got) != games {
				t.Errorf("the resumed run has %d rows, want %d", len(got), games)
			}
			sameRows(t, "resumed run", got, want)
			if scoreColumns(table) != scoreColumns(cleanTable) {
				t.Errorf("resumed table:\n%s\nthe uninterrupted run's:\n%s", table, cleanTable)
			}
		})
	}
}

// sameRows reports each row of got that is not want's row of its game.
func sameRows(t *testing.T, what string, got, want map[int]map[string]any) {
	t.Helper()
	for g, r := range got {
		if !reflect.DeepEqual(r, want[g]) {
			t.Errorf("%s's game %d:\n%v\nthe uninterrupted run's:\n%v", what, g, r, want[g])
		}
	}
}

// runChariot runs chariot in a process of its own and returns its stdout,
// failing the test unless it exits with status.
func runChariot(t *testing.T, status int, args ...string) string {
	t.Helper()
	cmd := chariotProcess(t, nil, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err == nil && status != 0 || err != nil && (!errors.As(err, &exit) || exit.ExitCode() != status) {
		t.Fatalf("chariot %q: %v, want status %d; stderr %q", args, err, status, stderr.String())
	}
	return stdout.String()
}

// wholeRows counts the complete lines of a results file being written;
// none if it is not there yet.
func wholeRows(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0
	} else if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(data, []byte("\n"))
}

// resultRows reads a JSON-lines results file by game index, each row's
// fields but its wall time; a game twice is an error.
func resultRows(t *testing.T, path string) map[int]map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[int]map[string]any{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var row map[string]any
		// Numbers as written: a seed does not fit a float64.
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.UseNumber()
		if err := dec.Decode(&row); err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		delete(row, "wall_ns")
		n, _ := row["game"].(json.Number)
		g, err := n.Int64()
		if err != nil {
			t.Fatalf("%s: row without a game: %q", path, sc.Text())
		}
		if _, dup := rows[int(g)]; dup {
			t.Fatalf("%s: game %d twice", path, g)
		}
		rows[int(g)] = row
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
