package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// benchArgs runs bench with stderr taken for a terminal or not.
func benchArgs(tty bool, args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = bench(args, &out, &errOut, tty)
	return status, out.String(), errOut.String()
}

func TestBenchErrors(t *testing.T) {
	dir := t.TempDir()
	made := filepath.Join(dir, "made.jsonl")
	if st, _, stderr := runArgs("bench", "--game", "pig", "--agents", "random", "--games", "3", "--out", made); st != 0 {
		t.Fatalf("making %s: status %d, %s", made, st, stderr)
	}
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string // a regular expression for the whole of stderr, one line
	}{
		{"unknown flag", []string{"--speed", "3"}, 2, `chariot bench: unknown flag -speed`},
		{"bad flag value", []string{"--games", "many"}, 2, `chariot bench: invalid value "many" for flag -games: parse error`},
		{"no games", []string{"--games", "0"}, 2, `chariot bench: --games 0: need at least 1`},
		{"no workers", []string{"--workers", "0"}, 2, `chariot bench: --workers 0: need at least 1`},
		{"stray argument", []string{"random"}, 2, `chariot bench: unexpected argument "random"`},
		{"bad extension", []string{"--out", filepath.Join(dir, "r.txt")}, 2, `chariot bench: --out .*r\.txt: want a \.jsonl or \.csv file`},
		{"resume without out", []string{"--resume"}, 2, `chariot bench: --resume needs --out`},
		{"empty agents", []string{"--agents", ","}, 2, `chariot bench: --agents lists no agent`},
		{"ref not an agent", []string{"--game", "pig", "--agents", "random", "--ref", "greedy"}, 2, `chariot bench: --ref greedy is not one of the agents \(random\)`},
		{"ref not an agent of one-sided ones", []string{"--game", "anvil", "--agents", "random,coastalpush,holdports", "--ref", "rhonedrive"}, 2, `chariot bench: --ref rhonedrive is not one of the agents \(random, coastalpush, holdports\)`},
		{"ref of a single lineup", []string{"--game", "pig", "--seats", "random,random", "--ref", "random"}, 2, `chariot bench: --ref random: a single lineup \(--seats\) has no reference agent`},
		{"ref not an opponent", []string{"--game", "anvil", "--agents", "coastalpush", "--opponents", "holdports,withdrawal", "--ref", "coastalpush"}, 2, `chariot bench: --ref coastalpush: against opponents the reference is one of the opponents \(holdports, withdrawal\)`},
		{"one-sided agent alone", []string{"--game", "anvil", "--agents", "coastalpush"}, 1, `chariot: agent coastalpush plays Allied only, not German: it cannot hold every seat, .*`},
		{"one side only", []string{"--game", "anvil", "--agents", "coastalpush,rhonedrive"}, 1, `chariot: no lineup seats every agent where it plays: agent rhonedrive plays Allied only, not German`},
		{"one-sided seats", []string{"--game", "anvil", "--seats", "holdports,coastalpush"}, 1, `chariot: agent holdports plays German only, not Allied`},
		{"seats and agents", []string{"--game", "pig", "--agents", "random", "--seats", "random,random"}, 2, `chariot bench: --seats names every seat's agent: no --agents or --opponents with it`},
		{"empty seats", []string{"--game", "pig", "--seats", ","}, 2, `chariot bench: --seats lists no agent`},
		{"seats miscounted", []string{"--game", "pig", "--seats", "random"}, 1, `chariot: 1 seats given, but the game has 2`},
		{"opponents of a solitaire game", []string{"--game", defaultGame, "--agents", "random", "--opponents", "random"}, 1, `chariot: opponents need a game of two seats or more; .*`},
		{"unknown game", []string{"--game", "chess"}, 1, `chariot: unknown game "chess" \(known: [a-z, ]*` + defaultGame + `[a-z, ]*\)`},
		{"unknown game option", []string{"--game", "pig:sides=4"}, 1, `chariot: game pig: unknown option "sides" \(known: target, die, stop_at_zero, forced_stop, horizon\)`},
		{"unknown agent", []string{"--game", "pig", "--agents", "random,genius"}, 1, `chariot: unknown agent "genius" \(known: [a-z, ]*random[a-z, ]*\)`},
		{"unknown agent option", []string{"--game", "pig", "--agents", "random:depth=2"}, 1, `chariot: agent random takes no options \(given depth=2\)`},
		{"option not key=value", []string{"--game", "pig", "--agents", "random:depth"}, 1, `chariot: agent random: option "depth" is not key=value`},
		{"duplicate agent", []string{"--game", "pig", "--agents", "random,random:"}, 1, `chariot: agent random listed twice`},
		{"out exists", []string{"--game", "pig", "--agents", "random", "--out", made}, 1, `chariot: results file .*made\.jsonl exists and is not empty: resume it, or choose another file`},
		{"resume other seed", []string{"--game", "pig", "--agents", "random", "--out", made, "--resume", "--seed", "2"}, 1, `chariot: results file .*made\.jsonl line 1: game \d+ has seed \d+, but seed 2 gives \d+: the file was made with another seed`},
		{"resume other game", []string{"--game", "pig:target=10", "--agents", "random", "--out", made, "--resume"}, 1, `chariot: results file .*made\.jsonl line 1: made with game pig, not pig:target=10 \(target: 20 in the file, 10 asked\)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := runArgs(append([]string{"bench"}, tt.args...)...)
			if status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
			if !regexp.MustCompile(`^` + tt.stderr + `\n$`).MatchString(stderr) {
				t.Errorf("stderr %q, want the one line %q", stderr, tt.stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}

// tableLine matches the lines bench may print to stdout: the heading, the
// table titles, blank lines and the lines of the tables.
var tableLine = regexp.MustCompile(`^(|[a-z]+(:[a-z0-9_=.,]*)?, seed \d+, \d+ games per (agent|lineup)|(Scores|Scores of seat 0|Results|Pairwise|Ratings|By seat|Robustness): .*|Paired (score )?difference .*|[+][-+]+[+]|\|.*\|)$`)

// checkTables checks that stdout has the two tables and nothing else.
func checkTables(t *testing.T, stdout string, agents ...string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	for _, l := range lines {
		if !tableLine.MatchString(l) {
			t.Errorf("stdout line %q is not part of the tables:\n%s", l, stdout)
		}
	}
	for _, want := range []string{"\nScores: ", " agent ", " mean ± 95% CI ", "\nPaired score difference against " + agents[0], " difference ± 95% CI "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	for _, a := range agents {
		if n := len(regexp.MustCompile(`(?m)^\| `+regexp.QuoteMeta(a)+` +\|`).FindAllString(stdout, -1)); n != 2 {
			t.Errorf("agent %s has %d rows, want one in each table:\n%s", a, n, stdout)
		}
	}
}

func TestBenchRun(t *testing.T) {
	status, stdout, stderr := runArgs("bench", "--game", "pig:target=10", "--agents", "random", "--games", "20", "--workers", "2", "--seed", "4")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !strings.HasPrefix(stdout, "pig:target=10, seed 4, 20 games per agent\n\n") {
		t.Errorf("heading of %q", stdout)
	}
	checkTables(t, stdout, "random")
	if !regexp.MustCompile(`(?m)^\| random +\| +20 \|`).MatchString(stdout) {
		t.Errorf("no row of 20 games:\n%s", stdout)
	}

	// The default game and agents, random first as the reference.
	status, stdout, stderr = runArgs("bench", "--games", "2", "--quiet")
	if status != 0 || stderr != "" {
		t.Fatalf("defaults: status %d, stderr %q", status, stderr)
	}
	if !strings.HasPrefix(stdout, defaultGame+", seed 1, 2 games per agent\n") {
		t.Errorf("the default game is not %s with its default options:\n%s", defaultGame, stdout)
	}
	// The default tables fit a terminal of 100 columns.
	for _, l := range strings.Split(stdout, "\n") {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("line of %d columns:\n%s", n, l)
		}
	}
	checkTables(t, stdout, "random")
}

// TestBenchData: bench takes --data as play and advise do, a game's data
// set: the embedded one by name on any game that has the option (and the
// same game as leaving it out, so the same results), a file by its path,
// and a missing file is a one-line error naming it.
func TestBenchData(t *testing.T) {
	args := []string{"bench", "--game", "jubilee", "--agents", "random", "--games", "2", "--quiet"}
	// The heading and the scores, not the time a game took.
	scores := regexp.MustCompile(`(?s)^(.*?\n)\n.*?(\| random \|[^|]*\|[^|]*\|[^|]*\|[^|]*\|)`)
	_, plain, _ := runArgs(args...)
	status, stdout, stderr := runArgs(append(args, "--data", "default")...)
	got, want := scores.FindStringSubmatch(stdout), scores.FindStringSubmatch(plain)
	if status != 0 || stderr != "" || got == nil || want == nil || got[1] != want[1] || got[2] != want[2] || got[1] != "jubilee, seed 1, 2 games per agent\n" {
		t.Fatalf("--data default: status %d, stderr %q, tables\n%s\nnot those of no --data:\n%s", status, stderr, stdout, plain)
	}
	file := "../../env/" + defaultGame + "/data/default.json"
	if status, stdout, stderr = runArgs("bench", "--data", file, "--agents", "random", "--games", "2", "--quiet"); status != 0 || !strings.Contains(stdout, "data="+file) {
		t.Errorf("--data %s: status %d, stderr %q, heading %q", file, status, stderr, strings.SplitN(stdout, "\n", 2)[0])
	}
	status, _, stderr = runArgs("bench", "--data", "no-such-file.json", "--games", "2")
	if status != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "no-such-file.json") {
		t.Errorf("a missing file: status %d, stderr %q", status, stderr)
	}
}

// TestBenchSeats runs a round robin, a match and a robustness table on a
// game of two seats.
func TestBenchSeats(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		titles []string
	}{
		{[]string{"--agents", "random,mcts:sims=5"}, []string{"Results: ", "Ratings: ", "By seat: "}},
		{[]string{"--seats", "mcts:sims=5,random"}, []string{"Results: ", "Ratings: "}},
		{[]string{"--agents", "random,mcts:sims=5", "--opponents", "random,mcts:sims=3"}, []string{"Robustness: "}},
	} {
		args := append([]string{"bench", "--game", "tictactoe", "--games", "6", "--workers", "2"}, tc.args...)
		status, stdout, stderr := runArgs(args...)
		if status != 0 || stderr != "" {
			t.Fatalf("%q: status %d, stderr %q", tc.args, status, stderr)
		}
		if !strings.HasPrefix(stdout, "tictactoe, seed 1, 6 games per lineup\n") {
			t.Errorf("%q: heading of\n%s", tc.args, stdout)
		}
		for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
			if !tableLine.MatchString(l) {
				t.Errorf("%q: stdout line %q is not part of the tables", tc.args, l)
			}
			if n := utf8.RuneCountInString(l); n > 100 {
				t.Errorf("%q: line of %d columns: %s", tc.args, n, l)
			}
		}
		for _, title := range tc.titles {
			if !strings.Contains(stdout, "\n"+title) {
				t.Errorf("%q: no table %q:\n%s", tc.args, title, stdout)
			}
		}
	}
}

func TestBenchProgressOnlyOnStderr(t *testing.T) {
	args := []string{"--game", "pig", "--agents", "random", "--games", "30", "--workers", "2"}
	for _, tc := range []struct {
		name     string
		tty      bool
		extra    []string
		progress bool
	}{
		{"terminal", true, nil, true},
		{"terminal, quiet", true, []string{"--quiet"}, false},
		{"not a terminal", false, nil, false},
	} {
		status, stdout, stderr := benchArgs(tc.tty, append(args, tc.extra...)...)
		if status != 0 {
			t.Fatalf("%s: status %d, stderr %q", tc.name, status, stderr)
		}
		checkTables(t, stdout, "random")
		if strings.ContainsAny(stdout, "\r\x1b") || strings.Contains(stdout, "games/s") {
			t.Errorf("%s: progress on stdout:\n%q", tc.name, stdout)
		}
		if got := strings.Contains(stderr, "bench"); got != tc.progress {
			t.Errorf("%s: progress bar on stderr %v, want %v: %q", tc.name, got, tc.progress, stderr)
		}
		if !tc.progress && stderr != "" {
			t.Errorf("%s: stderr %q, want nothing", tc.name, stderr)
		}
	}
}

// scoreColumns drops the timing columns, the last two, of the score table,
// and the paired table, which is equal anyway.
func scoreColumns(stdout string) string {
	var keep []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "Paired") {
			break
		}
		if cells := strings.Split(l, "|"); len(cells) > 4 {
			l = strings.Join(cells[:len(cells)-3], "|")
		} else if strings.HasPrefix(l, "+") {
			continue // the rule's width follows the timing columns
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

func TestBenchResume(t *testing.T) {
	for _, ext := range []string{".jsonl", ".csv"} {
		out := filepath.Join(t.TempDir(), "results"+ext)
		base := []string{"bench", "--game", "pig", "--agents", "random", "--seed", "9", "--workers", "2"}
		_, clean, _ := runArgs(append(base, "--games", "12")...)
		if st, _, stderr := runArgs(append(base, "--games", "5", "--out", out)...); st != 0 {
			t.Fatalf("%s: first part: status %d, %s", ext, st, stderr)
		}
		// Cut the last row in half, as a run killed while writing it would.
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, data[:len(data)-20], 0o644); err != nil {
			t.Fatal(err)
		}
		st, resumed, stderr := runArgs(append(base, "--games", "12", "--out", out, "--resume")...)
		// The cut is said, in one line.
		if want := fmt.Sprintf("results file %s: dropped its last %d bytes, a row cut short when a run stopped (its game is played again)\n", out, bytes.Count(data[bytes.LastIndexByte(data[:len(data)-20], '\n')+1:len(data)-20], nil)-1); st != 0 || stderr != want {
			t.Fatalf("%s: resume: status %d, stderr %q, want %q", ext, st, stderr, want)
		}
		if got, want := scoreColumns(resumed), scoreColumns(clean); got != want {
			t.Errorf("%s: resumed run reports\n%s\nthe clean run\n%s", ext, got, want)
		}
		data, _ = os.ReadFile(out)
		rows := strings.Count(string(data), "\n")
		if ext == ".csv" {
			rows--
		}
		if rows != 12 {
			t.Errorf("%s: %d rows, want 12:\n%s", ext, rows, data)
		}
		// A resume asking fewer games tables the file's 12, and says so.
		st, again, stderr := runArgs(append(base, "--games", "5", "--out", out, "--resume")...)
		if st != 0 || !strings.HasPrefix(again, "pig, seed 9, 12 games per agent\n") || scoreColumns(again) != scoreColumns(clean) {
			t.Errorf("%s: resume with --games 5: status %d, stderr %q, stdout\n%s", ext, st, stderr, again)
		}
	}
}

// interruptAfter is the number of decisions after which the agent
// "interrupter" sends the process an interrupt, as Ctrl-C would.
var interruptAfter atomic.Int64

func init() {
	agents.Register(agents.Registration{
		Name: "interrupter",
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return interrupter{agents.NewRandom(g, seed)}, nil
		},
	})
}

type interrupter struct{ *agents.Random }

func (a interrupter) Act(ctx context.Context, s env.State) (env.Action, error) {
	if interruptAfter.Add(-1) == 0 {
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			return 0, err
		}
		<-ctx.Done() // the bench stops; no more games start
	}
	return a.Random.Act(ctx, s)
}

// TestBenchOneSided runs a round robin of Anvil's agents of one side with
// random, which plays both: each one-sided agent sits only on its side, the
// pairs of the same side never meet and show as "-" with a footnote, and a
// --ref naming one of them anchors the ratings.
func TestBenchOneSided(t *testing.T) {
	args := []string{"bench", "--game", "anvil:turns=2", "--agents", "random,coastalpush,holdports,rhonedrive", "--games", "2", "--workers", "2"}
	status, stdout, stderr := runArgs(args...)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	// Allied (seat 0) first: random meets each side from the other seat.
	var lineups []string
	for _, m := range regexp.MustCompile(`(?m)^\| ([a-z]+ vs [a-z]+) +\| +2 \|`).FindAllStringSubmatch(stdout, -1) {
		lineups = append(lineups, m[1])
	}
	want := "coastalpush vs random; random vs holdports; rhonedrive vs random; coastalpush vs holdports; rhonedrive vs holdports"
	if got := strings.Join(lineups, "; "); got != want {
		t.Errorf("lineups %q, want %q:\n%s", got, want, stdout)
	}
	for _, row := range []string{
		`\| 1 random +\| +- \| +[0-9.]+ \| +[0-9.]+ \| +[0-9.]+ \|`,
		`\| 2 coastalpush +\| +[0-9.]+ \| +- \| +[0-9.]+ \| +- \|`,
		`\| 4 rhonedrive +\| +[0-9.]+ \| +- \| +[0-9.]+ \| +- \|`,
		`(?m)^An agent of one side is seated only where it plays: .*; coastalpush plays Allied only; holdports plays German only; rhonedrive plays Allied only\.$`,
		`Ratings: Bradley–Terry, Elo scale, random at 0,`,
	} {
		if !regexp.MustCompile(row).MatchString(stdout) {
			t.Errorf("no match for %s in:\n%s", row, stdout)
		}
	}

	status, stdout, stderr = runArgs(append(args, "--ref", "coastalpush")...)
	if status != 0 {
		t.Fatalf("--ref coastalpush: status %d, stderr %q", status, stderr)
	}
	if !strings.Contains(stdout, "Ratings: Bradley–Terry, Elo scale, coastalpush at 0,") ||
		!regexp.MustCompile(`\| coastalpush +\| +\d+ \| +\(reference\) \|`).MatchString(stdout) {
		t.Errorf("--ref coastalpush is not the ratings' reference:\n%s", stdout)
	}
}

// TestBenchInterruptedPrintsTable interrupts a bench without --out: the
// games finished so far are summarised on stdout before the error.
func TestBenchInterruptedPrintsTable(t *testing.T) {
	interruptAfter.Store(200)
	status, stdout, stderr := runArgs("bench", "--game", "pig", "--agents", "interrupter", "--games", "100000", "--workers", "2")
	if status != 1 || !regexp.MustCompile(`^chariot: interrupted after \d+ games\n$`).MatchString(stderr) {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	n, _ := strconv.Atoi(regexp.MustCompile(`after (\d+) games`).FindStringSubmatch(stderr)[1])
	if n == 0 || n >= 100000 {
		t.Fatalf("%d games finished", n)
	}
	checkTables(t, stdout, "interrupter")
	if !regexp.MustCompile(`(?m)^\| interrupter +\| +` + strconv.Itoa(n) + ` \|`).MatchString(stdout) {
		t.Errorf("the table does not count the %d games:\n%s", n, stdout)
	}
}
