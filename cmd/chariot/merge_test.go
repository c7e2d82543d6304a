package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chariot-ai/chariot/internal/flock"
	"github.com/chariot-ai/chariot/train/dataset"
)

// TestMain lets a test run this binary as the chariot command, in a
// process of its own: the shard tests start several.
func TestMain(m *testing.M) {
	if os.Getenv("CHARIOT_TEST_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// chariotProcess starts chariot with args in a process of its own, with
// extra environment variables.
func chariotProcess(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "CHARIOT_TEST_AS_MAIN=1"), env...)
	return cmd
}

// sortedRows reads a results file's rows without their wall times (a
// measurement, not a result), sorted.
func sortedRows(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wall := regexp.MustCompile(`"wall_ns":\d+`)
	rows := strings.Split(strings.TrimSuffix(wall.ReplaceAllString(string(data), `"wall_ns":0`), "\n"), "\n")
	slices.Sort(rows)
	return rows
}

// TestShardsMergeToOneRun checks the sharding invariant: N shards run as N
// processes, merged, give the rows of one bench run over the same games,
// byte for byte after sorting (wall times aside), for N = 1, 3 and 7. The
// shards of N = 7 take their index from the environment, as a Kubernetes
// Indexed Job gives it.
func TestShardsMergeToOneRun(t *testing.T) {
	dir := t.TempDir()
	base := []string{"bench", "--game", "pig:target=15", "--agents", "random,mcts:sims=4", "--games", "40", "--seed", "3", "--quiet"}
	whole := filepath.Join(dir, "whole.jsonl")
	status, benchOut, stderr := runArgs(append(base, "--out", whole)...)
	if status != 0 {
		t.Fatalf("bench: status %d, %s", status, stderr)
	}
	want := sortedRows(t, whole)
	if len(want) != 80 {
		t.Fatalf("bench wrote %d rows, want 80", len(want))
	}
	for _, n := range []int{1, 3, 7} {
		var (
			files []string
			wg    sync.WaitGroup
			errs  = make([]error, n)
		)
		for i := range n {
			out := filepath.Join(dir, fmt.Sprintf("n%d-shard%d.jsonl", n, i))
			files = append(files, out)
			args := append(slices.Clone(base), "--out", out, "--workers", "1")
			var env []string
			if n == 7 {
				args = append(args, "--shards", "7")
				env = []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)}
			} else {
				args = append(args, "--shard", fmt.Sprintf("%d/%d", i, n))
			}
			cmd := chariotProcess(t, env, args...)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if out, err := cmd.CombinedOutput(); err != nil {
					errs[i] = fmt.Errorf("shard %d/%d: %v\n%s", i, n, err, out)
				}
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		merged := filepath.Join(dir, fmt.Sprintf("merged%d.jsonl", n))
		// The shards in any order.
		slices.Reverse(files)
		status, stdout, stderr := runArgs(append([]string{"merge", merged}, files...)...)
		if status != 0 {
			t.Fatalf("merge of %d shards: status %d, %s", n, status, stderr)
		}
		if got := sortedRows(t, merged); !slices.Equal(got, want) {
			t.Errorf("%d shards merged: %d rows differ from the one run's %d:\n%s\nwant\n%s", n, len(got), len(want), strings.Join(got[:3], "\n"), strings.Join(want[:3], "\n"))
		}
		// The same tables as bench, timings aside.
		if !strings.HasPrefix(stdout, "pig:target=15, seed 3, 40 games per lineup, merged from") {
			t.Errorf("merge heading:\n%s", stdout)
		}
		_, gotTables, _ := strings.Cut(stdout, "\n\n")
		_, wantTables, _ := strings.Cut(benchOut, "\n\n")
		if got, want := scoreColumns(gotTables), scoreColumns(wantTables); got != want {
			t.Errorf("merge prints\n%s\nbench printed\n%s", got, want)
		}
	}
}

func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, extra ...string) string {
		out := filepath.Join(dir, name)
		args := append([]string{"bench", "--game", "pig", "--agents", "random", "--games", "20", "--quiet", "--out", out}, extra...)
		if st, _, stderr := runArgs(args...); st != 0 {
			t.Fatalf("%s: %s", name, stderr)
		}
		return out
	}
	s0 := shard("s0.jsonl", "--shard", "0/3")
	s1 := shard("s1.jsonl", "--shard", "1/3")
	s2 := shard("s2.jsonl", "--shard", "2/3")
	other := shard("other.jsonl", "--shard", "2/3", "--seed", "9")
	whole := shard("whole.jsonl")
	for _, tc := range []struct {
		name   string
		shards []string
		want   string
	}{
		{"another run", []string{s0, s1, other}, `.*other\.jsonl is shard 2/3 of run [0-9a-f]{16} \(pig, seed 9, 20 games\), but .*s0\.jsonl is shard 0/3 of run [0-9a-f]{16} \(pig, seed 1, 20 games\): they are not of one run`},
		{"missing shard", []string{s0, s2}, `games missing: shard 1/3 \(games 6 to 12: no file given\)`},
		{"duplicated", []string{s0, s1, s2, s1}, `games given twice: random game 6 \(again in .*s1\.jsonl\).*`},
		{"not a shard", []string{whole}, `.*whole\.jsonl: not a shard's results .*`},
	} {
		out := filepath.Join(dir, tc.name+".jsonl")
		status, stdout, stderr := runArgs(append([]string{"merge", out}, tc.shards...)...)
		if status != 1 || stdout != "" || !regexp.MustCompile(`^chariot: `+tc.want+`\n$`).MatchString(stderr) {
			t.Errorf("%s: status %d, stdout %q, stderr %q, want %q", tc.name, status, stdout, stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: %s was written", tc.name, out)
		}
	}
	// A shard cut short names the games it lacks.
	data, _ := os.ReadFile(s1)
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-3], "")), 0o644)
	if status, _, stderr := runArgs("merge", filepath.Join(dir, "m.jsonl"), s0, cut, s2); status != 1 || !strings.Contains(stderr, "games missing: random games ") {
		t.Errorf("cut shard: status %d, %q", status, stderr)
	}
	// Resuming a shard with another shard's identity is refused.
	if st, _, stderr := runArgs("bench", "--game", "pig", "--agents", "random", "--games", "20", "--quiet", "--out", s1, "--resume", "--shard", "2/3"); st != 1 || !strings.Contains(stderr, "a row of shard 1/3 of run") {
		t.Errorf("resume of another shard: status %d, %q", st, stderr)
	}
}

func TestShardFlags(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		shard  string
		shards int
		env    func(string) string
		want   string // the shard, or an error's text
	}{
		{"", 0, env(), "0/0"},
		{"2/5", 0, env("JOB_COMPLETION_INDEX", "1"), "2/5"},
		{"", 4, env("JOB_COMPLETION_INDEX", "3"), "3/4"},
		{"", 4, env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4"), "3/4"},
		{"", 4, env("SLURM_ARRAY_TASK_ID", "2"), "2/4"},
		{"", 4, env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_COUNT", "5"), "SLURM_ARRAY_TASK_COUNT=5"},
		{"", 4, env("JOB_COMPLETION_INDEX", "4"), "JOB_COMPLETION_INDEX gives shard 4, not one of 0 to 3"},
		{"", 4, env(), "neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set"},
		{"5/5", 0, env(), "--shard 5/5: want I/N"},
		{"1/2", 2, env(), "give one"},
	} {
		shard, shards := tc.shard, tc.shards
		s, err := shardFlags{&shard, &shards}.resolve(tc.env)
		got := fmt.Sprintf("%d/%d", s.I, s.N)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("--shard %q --shards %d: %s, want %s", tc.shard, tc.shards, got, tc.want)
		}
	}
}

// TestSelfplayShardsMerge checks that self-play shards merge into the
// dataset one run writes, which dataset.Read (as train) reads.
func TestSelfplayShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"selfplay", "--game", "pig:target=10", "--agent", "random", "--games", "12", "--seed", "5", "--quiet"}
	whole := filepath.Join(dir, "whole.jsonl")
	if st, _, stderr := runArgs(append(base, "--out", whole)...); st != 0 {
		t.Fatalf("selfplay: %s", stderr)
	}
	var shards []string
	for i := range 3 {
		out := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if st, _, stderr := runArgs(append(base, "--out", out, "--shard", fmt.Sprintf("%d/3", i))...); st != 0 {
			t.Fatalf("shard %d: %s", i, stderr)
		}
		shards = append(shards, out)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	st, stdout, stderr := runArgs(append([]string{"merge", merged}, shards[2], shards[0], shards[1])...)
	if st != 0 || stdout != "12 games from 3 shards merged into "+merged+"\n" {
		t.Fatalf("merge: status %d, %q, %q", st, stdout, stderr)
	}
	a, err := dataset.Read(whole)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.Read(merged)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("merged dataset differs from the one run's: %d and %d rows", len(b.Rows), len(a.Rows))
	}
	// A shard resumes as itself only.
	if st, _, stderr := runArgs(append(base, "--out", shards[1], "--resume", "--shard", "2/3")...); st != 1 || !strings.Contains(stderr, "is shard 1/3 of run ") || !strings.Contains(stderr, "not shard 2/3 of run ") {
		t.Errorf("resume as another shard: status %d, %q", st, stderr)
	}
	if st, stdout, stderr := runArgs(append(base, "--out", shards[1], "--resume", "--shard", "1/3")...); st != 0 || stdout != "0 games played into "+shards[1]+"\n" {
		t.Errorf("resume of a whole shard: status %d, %q, %q", st, stdout, stderr)
	}
	// A missing shard is named.
	if st, _, stderr := runArgs("merge", filepath.Join(dir, "m2.jsonl"), shards[0], shards[2]); st != 1 || !strings.Contains(stderr, "games missing: shard 1/3 (games 4 to 7: no file given)") {
		t.Errorf("missing shard: status %d, %q", st, stderr)
	}
}

// TestMergeIntoAHeldDataset: a merge into a dataset another process holds
// (a self-play run writing it) stops with one line naming it, and leaves
// it as it was; before, the merge replaced it under the writer.
func TestMergeIntoAHeldDataset(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "s0.jsonl")
	if st, _, stderr := runArgs("selfplay", "--game", "pig:target=10", "--agent", "random", "--games", "2", "--quiet", "--out", shard, "--shard", "0/1"); st != 0 {
		t.Fatalf("selfplay: %s", stderr)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	l, err := flock.File(merged)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	st, _, stderr := runArgs("merge", merged, shard)
	if st != 1 || !strings.Contains(stderr, "is in use by") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("merge into a held dataset: status %d, %q", st, stderr)
	}
	if b, _ := os.ReadFile(merged); len(b) != 0 {
		t.Errorf("the held dataset was written: %d bytes", len(b))
	}
}
