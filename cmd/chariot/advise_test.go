package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// adviseScript runs chariot advise on a script and returns its output.
func adviseScript(t *testing.T, script string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = adviseMain(args, strings.NewReader(script), &out, &errOut)
	return status, out.String(), errOut.String()
}

func savedMoves(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Moves
}

func TestAdviseScript(t *testing.T) {
	dir := t.TempDir()
	auto, saved := filepath.Join(dir, "auto.json"), filepath.Join(dir, "g1.json")
	script := strings.Join([]string{
		"hello",          // not a die face
		"r",              // the tool rolls (seed 1: a 5)
		"roll 7",         // a face by its action string
		"12",             // now a decision with two moves: no move 12
		"2",              // by number: fire at FlaK #12
		"undo",           // back to the decision
		"pass",           // by action string
		"fly away",       // not a move
		"save " + saved,  // saved after roll 5, roll 7, pass
		"3",              // to Root of the Old Mole
		"r",              // a landing die
		"load " + saved,  // back to the save
		"moves",          //
		"forecast 2",     // what the Germans do after to Old Mole blockhouses
		"forecast to S9", // no such space
		"best",           // the top suggestion
		"help",           //
		"quit",           //
		"r",              // never read
	}, "\n") + "\n"
	status, stdout, stderr := adviseScript(t, script, "--seed", "1", "--think", "0", "--agent", "ismcts:sims=30,rollout=greedy,prior=3",
		"--futures", "20", "--top", "3", "--autosave", auto)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for _, want := range []string{
		"Turn 1, phase 0 landing. VP 0",
		"Roll: D10: landing of Birney at Old Mole landing stage (1 to 10 or roll N, or r to let me roll) > ",
		`? "hello" is not a face of this die: enter 1 to 10 or roll N, or r to let me roll`,
		"landing of Birney at Old Mole landing stage, roll 5 (my roll)",
		", roll 7",
		"Now: optional 5.2.3: may Hodgson attack FlaK #12?",
		"Suggestions (ismcts, 30 simulations (its budget) in",
		"no.  move",
		"Forecast if you play",
		"? no move number 12: the moves are numbered 1 to 2",
		"> fire 2 cm FlaK #12 (Old Mole, pos. 63)",
		"undone",
		"> pass",
		`? action "fly away": want pass, demolish, roll N, unit NAME, to SPACE or fire NAME`,
		"saved to " + saved,
		"> to Root of the Old Mole",
		"loaded " + saved,
		"Moves: 1 pass, 2 to Old Mole blockhouses, 3 to Root of the Old Mole, 4 to Place de la Vieille Ville",
		`Forecast if you play "to Old Mole blockhouses"`,
		`? action "to S9": no space "S9"`,
		"(the top suggestion)",
		"undo             take back the last move or die",
		"The game is saved in " + auto + " after step 4 (turn 1, phase 0 landing, score ",
		"To resume it: chariot advise --game stnazaire --autosave " + auto,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(stdout, "panic") {
		t.Error("output mentions a panic")
	}
	if got := strings.Join(savedMoves(t, saved), ", "); got != "roll 5, roll 7, pass" {
		t.Errorf("saved moves %q", got)
	}
	got := savedMoves(t, auto)
	if len(got) != 4 || strings.Join(got[:3], ", ") != "roll 5, roll 7, pass" {
		t.Errorf("autosaved moves %q, want the save and the top suggestion", got)
	}

	// The autosave continues the game.
	status, stdout, _ = adviseScript(t, "moves\n9\n", "--load", auto, "--autosave", "", "--think", "0", "--agent", "greedy", "--futures", "0")
	if status != 0 || strings.Contains(stdout, "Forecast if you play") || !strings.Contains(stdout, "? a die is pending: enter 1 to 10 or roll N, or r to let me roll") ||
		!strings.Contains(stdout, "greedy plays this decision: ") {
		t.Errorf("reloading the autosave: status %d\n%s", status, stdout)
	}
}

func TestAdviseEndOfInput(t *testing.T) {
	status, stdout, stderr := adviseScript(t, "7\n", "--autosave", "", "--think", "0", "--agent", "ismcts:sims=8", "--futures", "0")
	if status != 0 || stderr != "" || !strings.Contains(stdout, ", roll 7") {
		t.Errorf("status %d, stderr %q\n%s", status, stderr, stdout)
	}
}

func TestAdviseFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"--top", "0"}, 1, "chariot: --top 0: want 1 to 100"},
		{[]string{"--think", "-1s"}, 1, "chariot: --think -1s: want a duration of 0 or more"},
		{[]string{"--futures", "-3"}, 1, "chariot: --futures -3: want 0 to 10000"},
		// A billion futures would tie a core up for each forecast.
		{[]string{"--futures", "1000000000"}, 1, "chariot: --futures 1000000000: want 0 to 10000"},
		{[]string{"--agent", "genius"}, 1, `chariot: unknown agent "genius"`},
		{[]string{"--load", filepath.Join(dir, "none.json")}, 1, "chariot: load: open "},
		{[]string{"--autosave", filepath.Join(dir, "no", "dir.json")}, 1, "chariot: autosave: write " + filepath.Join(dir, "no", "dir.json") + ": no such file or directory"},
		{[]string{"--data", filepath.Join(dir, "map.json")}, 1, "chariot: game " + defaultGame + ":"},
		{[]string{"extra"}, 2, `chariot advise: unexpected argument "extra"`},
	} {
		status, _, stderr := adviseScript(t, "", tt.args...)
		if status != tt.status || !strings.HasPrefix(stderr, tt.stderr) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want %d and a line starting %q", tt.args, status, stderr, tt.status, tt.stderr)
		}
	}
	if _, err := os.Stat(defaultAutosave); err == nil {
		t.Errorf("a failed start left %s behind", defaultAutosave)
		os.Remove(defaultAutosave)
	}
}

// TestAutosaveNeverLost starts, quits and starts again in every way a
// person might, and checks that no game's autosave is ever overwritten, a
// plain start resumes the newest autosave of the game asked for, and an
// autosave that cannot be resumed stops the start, naming it.
func TestAutosaveNeverLost(t *testing.T) {
	dir := t.TempDir()
	auto := filepath.Join(dir, "auto.json")
	run := func(script string, args ...string) string {
		t.Helper()
		args = append([]string{"--autosave", auto, "--think", "0", "--agent", "random", "--futures", "0"}, args...)
		status, stdout, stderr := adviseScript(t, script, args...)
		if status != 0 || stderr != "" {
			t.Fatalf("advise %v: status %d, stderr %q", args, status, stderr)
		}
		return stdout
	}
	touch := func(path string, age time.Duration) { // file times are coarse on some systems
		t.Helper()
		when := time.Now().Add(-age)
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	out := run("r\nr\nquit\n")
	if got := savedMoves(t, auto); len(got) != 2 {
		t.Fatalf("first game autosaved %v", got)
	}
	if !strings.Contains(out, "The game is saved in "+auto+" after step 2 (turn 1, phase 0 landing, score 0 (failed)).") {
		t.Errorf("quit does not say where the game is:\n%s", out)
	}
	// Starting again resumes it, and goes on saving it.
	if out := run("r\nquit\n"); !strings.Contains(out, "Resuming the stnazaire game autosaved in "+auto+", at step 2 (turn 1, phase 0 landing") {
		t.Fatalf("no resume:\n%s", out)
	}
	first := savedMoves(t, auto)
	if len(first) != 3 {
		t.Fatalf("resumed game autosaved %v", first)
	}
	touch(auto, 3*time.Hour)
	// --new keeps it and saves the new game beside it.
	second := filepath.Join(dir, "auto-2.json")
	if out := run("r\nquit\n", "--new"); !strings.Contains(out, "autosaved to "+second+"; the earlier games stay in "+auto) {
		t.Fatalf("--new:\n%s", out)
	}
	touch(second, 2*time.Hour)
	// Another game cannot resume either: it gets a file of its own.
	third := filepath.Join(dir, "auto-3.json")
	if out := run("5\nquit\n", "--game", "tictactoe"); !strings.Contains(out, "A new game of tictactoe, autosaved to "+third) {
		t.Fatalf("another game:\n%s", out)
	}
	touch(third, time.Hour)
	// The game asked for resumes its newest autosave, the second game;
	// with no game asked for, the newest of all, tic-tac-toe.
	if out := run("quit\n", "--game", "stnazaire"); !strings.Contains(out, "Resuming the stnazaire game autosaved in "+second+", at step 1") {
		t.Fatalf("--game stnazaire after --new resumes:\n%s", out)
	}
	touch(second, 2*time.Hour)
	if out := run("quit\n"); !strings.Contains(out, "Resuming the tictactoe game autosaved in "+third) {
		t.Fatalf("a plain start resumes:\n%s", out)
	}
	if got := savedMoves(t, auto); strings.Join(got, ",") != strings.Join(first, ",") {
		t.Errorf("the first game's autosave changed: %v, was %v", got, first)
	}
	if got := savedMoves(t, second); len(got) != 1 {
		t.Errorf("the second game's autosave: %v", got)
	}

	// A corrupt autosave of the game stops the start with one line that
	// names it; --new starts a game beside it, and the file is kept.
	if err := os.WriteFile(second, []byte(`{"format":"chariot-advise/1","game":"stnazaire","moves":[`), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, stderr := adviseScript(t, "quit\n", "--autosave", auto, "--game", "stnazaire", "--think", "0", "--agent", "random")
	if status != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "the autosave "+second+" cannot be resumed") ||
		!strings.Contains(stderr, "--new starts a new game beside it") {
		t.Errorf("corrupt autosave: status %d, stderr %q", status, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "auto-4.json")); err == nil {
		t.Error("a corrupt autosave started a new file unasked")
	}
	if out := run("quit\n", "--game", "stnazaire", "--new"); !strings.Contains(out, "autosaved to "+filepath.Join(dir, "auto-4.json")) {
		t.Errorf("--new beside a corrupt autosave:\n%s", out)
	}
	if data, _ := os.ReadFile(second); !strings.HasSuffix(string(data), `"moves":[`) {
		t.Error("the corrupt autosave was overwritten")
	}
}

// TestAdviseLoadOtherGame: a save of another game says which game it is.
func TestAdviseLoadOtherGame(t *testing.T) {
	dir := t.TempDir()
	ttt := filepath.Join(dir, "ttt.json")
	adviseScript(t, "5\nsave "+ttt+"\nquit\n", "--game", "tictactoe", "--autosave", "", "--think", "0", "--agent", "random")
	_, stdout, _ := adviseScript(t, "load "+ttt+"\nquit\n", "--autosave", "", "--think", "0", "--agent", "random", "--futures", "0")
	if !strings.Contains(stdout, "it holds a game of tictactoe (tic-tac-toe), not of stnazaire") ||
		!strings.Contains(stdout, "chariot advise --load "+ttt+" plays it") {
		t.Errorf("loading another game's save:\n%s", stdout)
	}
	status, _, stderr := adviseScript(t, "", "--load", ttt, "--game", "stnazaire", "--autosave", "")
	if status != 1 || !strings.Contains(stderr, "it holds a game of tictactoe") || !strings.Contains(stderr, "leave out --game to play it") {
		t.Errorf("--load of another game: %d %q", status, stderr)
	}
}
