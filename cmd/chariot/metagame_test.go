package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMetagame: a Pig meta-game of hold strategies through the harness:
// the tables, the JSON, and the same analysis from a run resumed after it
// was stopped, and from its shards joined by merge.
func TestMetagame(t *testing.T) {
	dir := t.TempDir()
	base := []string{"metagame", "--game", "pig:target=30", "--agents", "holdat:n=8,holdat:n=20,random",
		"--opponents", "holdat:n=15,random", "--games", "60", "--seed", "5", "--boot", "100", "--quiet", "--workers", "2"}
	whole := filepath.Join(dir, "whole.jsonl")
	js := filepath.Join(dir, "an.json")
	status, out, stderr := runArgs(append(base, "--out", whole, "--json", js)...)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for _, want := range []string{
		`pig:target=30, seed 5, 60 games a cell; payoff: the seat 0 side's return`,
		`\| holdat:n=8 +\| +-?\d+\.\d\d ± \d\.\d\d +\|`,
		`Value of the meta-game to the seat 0: -?\d\.\d{3} \(95% bootstrap interval -?\d\.\d{3} to -?\d\.\d{3}, 100 replicates over games\)`,
		`\| random +\| +0\.000 \| +\d\.\d{3} \|`, // random is never in the mixture
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var an analysisJSON
	b, err := os.ReadFile(js)
	if err != nil || json.Unmarshal(b, &an) != nil || len(an.Mean) != 3 || len(an.Mean[0]) != 2 || len(an.ColMix) != 2 {
		t.Fatalf("JSON %s: %v", b, err)
	}

	// A resumed run of a file cut short plays the missing games and says
	// the same.
	data, _ := os.ReadFile(whole)
	lines := strings.SplitAfter(string(data), "\n")
	part := filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(part, []byte(strings.Join(lines[:len(lines)/3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, again, stderr := runArgs(append(base, "--out", part, "--resume")...); status != 0 || again != out {
		t.Fatalf("resumed: status %d, stderr %q, output\n%s\nwant\n%s", status, stderr, again, out)
	}

	// Shards, merged, analysed by resuming the merged file.
	var shards []string
	for i := range 3 {
		s := filepath.Join(dir, "shard"+string(rune('0'+i))+".jsonl")
		if status, o, stderr := runArgs(append(base, "--out", s, "--shard", string(rune('0'+i))+"/3")...); status != 0 || !strings.Contains(o, "chariot merge") {
			t.Fatalf("shard %d: status %d, %q %q", i, status, o, stderr)
		}
		shards = append(shards, s)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	if status, _, stderr := runArgs(append([]string{"merge", merged}, shards...)...); status != 0 {
		t.Fatalf("merge: %q", stderr)
	}
	if status, again, stderr := runArgs(append(base, "--out", merged, "--resume")...); status != 0 || again != out {
		t.Fatalf("merged shards: status %d, stderr %q, output\n%s\nwant\n%s", status, stderr, again, out)
	}
}

func TestMetagameErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--opponents", "rules"}, "--agents lists no agent"},
		{[]string{"--agents", "greedy"}, "--opponents lists no agent"},
		{[]string{"--game", "stnazaire", "--agents", "greedy", "--opponents", "rules"}, "has one seat"},
		{[]string{"--agents", "greedy", "--opponents", "rules", "--games", "1"}, "need at least 2"},
		{[]string{"--agents", "greedy", "--opponents", "rules", "--resume"}, "--resume needs --out"},
		{[]string{"--agents", "greedy,greedy", "--opponents", "rules", "--games", "2"}, "listed twice"},
		{[]string{"--agents", "greedy", "--opponents", "nosuch", "--games", "2"}, `unknown agent "nosuch"`},
		// A billion replicates crashed out of memory at once.
		{[]string{"--agents", "greedy", "--opponents", "rules", "--boot", "1000000000"}, "--boot 1000000000: want 1 to 100000"},
		{[]string{"--agents", "greedy", "--opponents", "rules", "--games", "2000000000"}, "--games 2000000000: at most 1000000 a cell"},
	} {
		status, stdout, stderr := runArgs(append([]string{"metagame"}, c.args...)...)
		if status == 0 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want one line naming %q", c.args, status, stdout, stderr, c.want)
		}
	}
}
