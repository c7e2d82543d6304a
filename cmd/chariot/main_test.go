package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func runArgs(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(args, &out, &errOut)
	return status, out.String(), errOut.String()
}

func TestUsageAndErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string // the whole of stderr, one line; "…" stands for a list that grows
	}{
		{"no command", nil, 2, `chariot: no command (commands: …); run "chariot help"`},
		{"unknown command", []string{"fly"}, 2, `chariot: unknown command "fly" (commands: …)`},
		{"unknown flag", []string{"play", "-x"}, 2, "chariot play: unknown flag -x"},
		{"unknown long flag", []string{"play", "--game", "pig", "--speed", "3"}, 2, "chariot play: unknown flag -speed"},
		{"bad flag value", []string{"play", "--game", "pig", "--seed", "minus"}, 2, `chariot play: invalid value "minus" for flag -seed: parse error`},
		{"missing flag value", []string{"play", "--game"}, 2, "chariot play: flag needs an argument: -game"},
		{"missing game", []string{"play"}, 2, "chariot play: missing --game (see chariot games)"},
		{"stray argument", []string{"play", "--game", "pig", "extra"}, 2, `chariot play: unexpected argument "extra"`},
		{"games flag", []string{"games", "-v"}, 2, "chariot games: unknown flag -v"},
		{"unknown game", []string{"play", "--game", "chess"}, 1, `chariot: unknown game "chess" (known: …)`},
		{"unknown option", []string{"play", "--game", "pig:sides=4"}, 1, `chariot: game pig: unknown option "sides" (known: target, die, stop_at_zero, forced_stop, horizon)`},
		{"bad option value", []string{"play", "--game", "pig:target=0"}, 1, "chariot: game pig: option target=0: out of range 1 to 1000"},
		{"bad agent", []string{"play", "--game", "pig", "--agent", "genius"}, 1, `chariot: unknown agent "genius" (known: …)`},
		{"bad agent option", []string{"play", "--game", "pig", "--agent", "random:depth=2"}, 1, `chariot: agent random takes no options (given depth=2)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := runArgs(tt.args...)
			if status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
			if !oneLineLike(stderr, tt.stderr) {
				t.Errorf("stderr %q, want the one line %q", stderr, tt.stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"play", "-h"}, {"games", "--help"}} {
		status, stdout, stderr := runArgs(args...)
		if status != 0 || !strings.HasPrefix(stdout, "usage: chariot") || stderr != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

func TestGames(t *testing.T) {
	status, stdout, stderr := runArgs("games")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^pig +two-player Pig`),
		regexp.MustCompile(`(?m)^  target +default 20 +points to win`),
		regexp.MustCompile(`(?m)^  die +default 6 +faces of the die`),
	} {
		if !want.MatchString(stdout) {
			t.Errorf("games output lacks %v:\n%s", want, stdout)
		}
	}
}

func TestAgents(t *testing.T) {
	status, stdout, _ := runArgs("agents")
	if status != 0 || !regexp.MustCompile(`(?m)^random +uniform`).MatchString(stdout) {
		t.Errorf("status %d, output:\n%s", status, stdout)
	}
}

func TestPlay(t *testing.T) {
	status, stdout, stderr := runArgs("play", "--game", "pig:target=10", "--agent", "random", "--seed", "3")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if lines[0] != "game pig:die=6,target=10, agent random, seed 3" {
		t.Errorf("header %q", lines[0])
	}
	step := regexp.MustCompile(`^ *(\d+)  (seat [01] |chance )  (stop|roll|[1-6])$`)
	n := 0
	for _, l := range lines[1:] {
		if l == "" {
			break
		}
		m := step.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("step line %q does not match %v", l, step)
		}
		n++
		if m[1] != strconv.Itoa(n) {
			t.Errorf("step line %q: want step %d", l, n)
		}
		if (m[2] == "chance ") != (len(m[3]) == 1) {
			t.Errorf("step line %q: chance must play faces, seats stop or roll", l)
		}
	}
	if n == 0 {
		t.Fatal("no step lines")
	}
	tail := strings.Join(lines[n+1:], "\n")
	end := regexp.MustCompile(`^\np0 \d+, p1 \d+ \(target 10\); p([01]) wins\nvalue: (-?1)\nverdict: p([01]) wins\np0_score: \d+\np1_score: \d+\nturn_total: 0$`)
	m := end.FindStringSubmatch(tail)
	if m == nil {
		t.Fatalf("end of output does not match:\n%s", tail)
	}
	if m[1] != m[3] || (m[1] == "0") != (m[2] == "1") {
		t.Errorf("winner, value and verdict disagree:\n%s", tail)
	}

	// The same seed plays the same game; --log=false drops the step lines.
	_, again, _ := runArgs("play", "--game", "pig:target=10", "--seed", "3")
	if again != stdout {
		t.Error("the same seed gave a different game")
	}
	status, quiet, _ := runArgs("play", "--game", "pig:target=10", "--seed", "3", "--log=false")
	if status != 0 || quiet != lines[0]+"\n"+tail+"\n" {
		t.Errorf("--log=false output:\n%s", quiet)
	}
	_, other, _ := runArgs("play", "--game", "pig:target=10", "--seed", "4")
	if other == stdout {
		t.Error("seeds 3 and 4 gave the same game")
	}
}

func TestPlayWithDataFile(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"play", "--game", defaultGame, "--data", "../../env/" + defaultGame + "/data/default.json", "--agent", "greedy", "--seed", "7", "--log=false"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "verdict:") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	errb.Reset()
	code = run([]string{"play", "--game", defaultGame, "--data", "no-such-file.json"}, &out, &errb)
	if code != 1 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "no-such-file.json") {
		t.Fatalf("a missing data file: exit %d, stderr %q", code, errb.String())
	}
}

// oneLineLike reports whether got is want and a newline, where a "…" in want
// stands for any text without a newline.
func oneLineLike(got, want string) bool {
	before, after, elided := strings.Cut(want, "…")
	if !elided {
		return got == want+"\n"
	}
	return strings.HasPrefix(got, before) && strings.HasSuffix(got, after+"\n") && strings.Count(got, "\n") == 1 &&
		len(got) >= len(before)+len(after)+1
}
