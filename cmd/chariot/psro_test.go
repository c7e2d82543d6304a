package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/eval/psro"
)

// TestPSRO: two rounds of PSRO on Pig, split in shards, round by round
// with merges between; then the same run whole, in a directory of the same
// name, takes the same path: the table, the rounds file, the responses'
// spec files; run again, it resumes to the same output.
func TestPSRO(t *testing.T) {
	t.Chdir(t.TempDir()) // the responses' specs name their files by the directory as given
	args := []string{"psro", "--game", "pig:target=20", "--agents", "holdat:n=5,random", "--opponents", "holdat:n=25",
		"--row-br", "mcts:sims=20", "--col-br", "mcts:sims=20", "--surrogate", "sims=4", "--rounds", "2", "--games", "30",
		"--boot", "50", "--quiet", "--workers", "2", "--dir", "run"}
	// Sharded: each shard plays its part of the first run not merged yet
	// and stops; once merged, the next round.
	var sharded string
	for step := 0; sharded == ""; step++ {
		if step > 10 {
			t.Fatal("the sharded run does not end")
		}
		var merge []string
		for i := range 2 {
			status, o, stderr := runArgs(append(args, "--shard", fmt.Sprintf("%d/2", i))...)
			if status != 0 {
				t.Fatalf("step %d shard %d: %q", step, i, stderr)
			}
			if !strings.Contains(o, "shard played") {
				sharded = o
				break
			}
			merge = regexp.MustCompile(`chariot merge (\S+) (\S+)$`).FindStringSubmatch(strings.TrimSpace(o))
		}
		if sharded == "" {
			shards, _ := filepath.Glob(merge[2])
			if status, _, stderr := runArgs(append([]string{"merge", merge[1]}, shards...)...); status != 0 {
				t.Fatalf("merge: %q", stderr)
			}
		}
	}
	if err := os.Rename("run", "sharded"); err != nil {
		t.Fatal(err)
	}
	status, out, stderr := runArgs(args...)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if out != sharded {
		t.Fatalf("whole run:\n%s\nsharded run:\n%s", out, sharded)
	}
	for _, want := range []string{
		`\| 0 +\| +2 × 1 \| +-?\d\.\d{3} \(-?\d\.\d{3} to -?\d\.\d{3}\) \| +-?\d\.\d\d ± \d\.\d\d \|`,
		`\| 2 +\| +4 × 3 \|.*\| +- \| +- \| +- \|`,
		`tuned:file=round-2-row\.spec`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var rounds []psro.Round
	if b, err := os.ReadFile("run/psro.json"); err != nil || json.Unmarshal(b, &rounds) != nil || len(rounds) != 3 || rounds[0].Exploitability == nil {
		t.Fatalf("psro.json: %v, %+v", err, rounds)
	}
	// Responses name earlier responses in their mixtures only by their
	// surrogates, at 4 simulations against the starting policies.
	specs, _ := filepath.Glob("run/round-*.spec")
	if len(specs) != 8 {
		t.Fatalf("spec files %v, want a response and a surrogate per side and round", specs)
	}
	for _, f := range specs {
		b, _ := os.ReadFile(f)
		model := strings.HasSuffix(f, ".model.spec")
		if model && (!strings.Contains(string(b), "sims=4") || strings.Contains(string(b), "tuned")) ||
			!model && regexp.MustCompile(`round-\d-(row|col)\.spec`).Match(b) {
			t.Errorf("%s: %s", f, b)
		}
	}
	if status, again, stderr := runArgs(args...); status != 0 || again != out {
		t.Fatalf("resumed: status %d, stderr %q:\n%s\nwant\n%s", status, stderr, again, out)
	}
}

func TestPSROErrors(t *testing.T) {
	t.Chdir(t.TempDir()) // a refused --dir must leave nothing behind
	base := []string{"--agents", "greedy", "--opponents", "rules", "--row-br", "mcts", "--col-br", "mcts"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--agents", "greedy", "--opponents", "rules"}, "--row-br and --col-br"},
		{append(base, "--rounds", "-1"), "--rounds -1"},
		{append(base, "--surrogate", "sims=0"), `--surrogate "sims=0"`},
		{append(base, "--surrogate", "cheap"), `--surrogate "cheap"`},
		{append(base, "--game", "stnazaire"), "has one seat"},
	} {
		status, stdout, stderr := runArgs(append([]string{"psro"}, c.args...)...)
		if status == 0 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want one line naming %q", c.args, status, stdout, stderr, c.want)
		}
	}
	if left, err := os.ReadDir("."); err != nil || len(left) != 0 {
		t.Errorf("the refused runs left %v (%v)", left, err)
	}
}

// TestPSRORerunByAbsolutePath: a finished run rerun with its directory
// spelled absolute (or ./run) resumes to the same output and leaves its
// files as they were; before, it replayed every round into them and
// printed other figures.
func TestPSRORerunByAbsolutePath(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	args := func(dir string) []string {
		return []string{"psro", "--game", "pig:target=20", "--agents", "holdat:n=5,random", "--opponents", "holdat:n=25",
			"--row-br", "mcts:sims=10", "--col-br", "mcts:sims=10", "--rounds", "2", "--games", "10",
			"--boot", "20", "--quiet", "--workers", "2", "--dir", dir}
	}
	status, first, stderr := runArgs(args("run")...)
	if status != 0 {
		t.Fatalf("first run: %q", stderr)
	}
	files := func() map[string]string {
		out := map[string]string{}
		paths, _ := filepath.Glob(filepath.Join(wd, "run", "*"))
		for _, p := range paths {
			b, _ := os.ReadFile(p)
			out[filepath.Base(p)] = string(b)
		}
		return out
	}
	before := files()
	for _, dir := range []string{filepath.Join(wd, "run"), "./run"} {
		status, again, stderr := runArgs(args(dir)...)
		if status != 0 {
			t.Fatalf("--dir %s: %q", dir, stderr)
		}
		if again != first {
			t.Errorf("--dir %s prints\n%s\nthe first run\n%s", dir, again, first)
		}
		after := files()
		for name, b := range before {
			if after[name] != b {
				t.Errorf("--dir %s changed %s", dir, name)
			}
		}
		if len(after) != len(before) {
			t.Errorf("--dir %s: %d files, had %d", dir, len(after), len(before))
		}
	}
}
