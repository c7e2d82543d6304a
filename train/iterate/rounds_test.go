package iterate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/regular"
	"github.com/chariot-ai/chariot/train/model"
)

// smallRun is a run of rounds rounds on chancewalk in dir, with trees fitted
// in a moment.
func smallRun(t *testing.T, dir string, rounds, window int) Config {
	return Config{Game: envtest.NewGame(t, "chancewalk"), Dir: dir, Rounds: rounds, Window: window, Bootstrap: "random", BootstrapGames: 8,
		Search: "mcts:sims=12,rollout=@,prior=1,depth=2,eval=@", Games: 4, EvalGames: 16, Baselines: []string{"random"}, Seed: 5,
		Train: model.TrainConfig{Fit: model.FitConfig{Trees: 2, MaxDepth: 4, Sample: 500, Seed: 1}, HeldOut: 0.2}, Workers: 1}
}

// TestWindow: with a window of K rounds, round r's models are fitted on
// the datasets of rounds r-K+1..r, as the model files themselves record;
// without one, on every round's.
func TestWindow(t *testing.T) {
	t.Chdir(t.TempDir())
	data := func(dir string, rs ...int) []string {
		var out []string
		for _, r := range rs {
			out = append(out, filepath.Join(dir, "data-r"+string(rune('0'+r))+".jsonl"))
		}
		return out
	}
	for _, c := range []struct {
		window int
		want   [][]string // by round
	}{
		{0, [][]string{data("w0", 0), data("w0", 0, 1), data("w0", 0, 1, 2)}},
		{1, [][]string{data("w1", 0), data("w1", 1), data("w1", 2)}},
		{2, [][]string{data("w2", 0), data("w2", 0, 1), data("w2", 1, 2)}},
	} {
		dir := "w" + string(rune('0'+c.window))
		rounds, err := Run(t.Context(), smallRun(t, dir, 2, c.window))
		if err != nil {
			t.Fatal(err)
		}
		for r, want := range c.want {
			if !slices.Equal(rounds[r].Data, want) {
				t.Errorf("window %d, round %d: Data %v, want %v", c.window, r, rounds[r].Data, want)
			}
			for _, kind := range []string{"policy", "value"} {
				m, err := model.Load(filepath.Join(dir, kind+"-r"+string(rune('0'+r))+".json"))
				if err != nil {
					t.Fatal(err)
				}
				var used []string
				for _, d := range m.Training.Data {
					used = append(used, d.Path)
				}
				if !slices.Equal(used, want) {
					t.Errorf("window %d, round %d: the %s model was fitted on %v, want %v", c.window, r, kind, used, want)
				}
			}
		}
	}
	cfg := smallRun(t, "neg", 1, -1)
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "window -1") {
		t.Errorf("window -1: %v", err)
	}
}

// readLines is the lines of path.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// TestRoundsFile: rounds.jsonl has one line per round, what Run returned,
// and its figures are the truth: each agent's mean and the paired
// difference as computed here from the scores in bench-rN.jsonl, the
// held-out metrics of the model files, and CPU figures that add up and
// fit inside the CPU the process spent in Run.
func TestRoundsFile(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := smallRun(t, "run", 2, 2)
	before, err := processCPU()
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	after, err := processCPU()
	if err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, filepath.Join("run", RoundsFile))
	if len(lines) != len(rounds) || len(rounds) != 3 {
		t.Fatalf("%d lines in rounds.jsonl, %d rounds run, want 3", len(lines), len(rounds))
	}
	var spent, training float64
	for i, line := range lines {
		var rec Round
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(rec, rounds[i]) {
			t.Errorf("line %d: %+v\nRun returned %+v", i+1, rec, rounds[i])
		}
		if rec.N != i {
			t.Errorf("line %d is round %d", i+1, rec.N)
		}
		// The agents' scores, game by game, from the results file.
		scores := map[string]map[int]float64{}
		f, err := os.Open(filepath.Join("run", "bench-r"+string(rune('0'+i))+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var g struct {
				Agent string
				Game  int
				Score float64
			}
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				t.Fatal(err)
			}
			if scores[g.Agent] == nil {
				scores[g.Agent] = map[int]float64{}
			}
			scores[g.Agent][g.Game] = g.Score
		}
		f.Close()
		roles := map[string]string{}
		for _, b := range rec.Bench {
			roles[b.Role] = b.Agent
			var xs []float64
			for g := range cfg.EvalGames {
				xs = append(xs, scores[b.Agent][g])
			}
			m, h := eval.MeanCI(xs)
			if len(scores[b.Agent]) != cfg.EvalGames || b.Games != cfg.EvalGames || !near(b.Mean, m) || !near(b.Half, h) {
				t.Errorf("round %d, %s: %d games, %.6f ± %.6f; the results file has %d games, %.6f ± %.6f", i, b.Agent, b.Games, b.Mean, b.Half, len(scores[b.Agent]), m, h)
			}
		}
		want := map[string]string{"baseline": "random", "policy": "learned:model=run/policy-r" + string(rune('0'+i)) + ".json", "search": rec.Candidate}
		if i > 0 {
			want["champion-search"] = rec.Champion
			want["champion-policy"] = "learned:model=run/policy-r0.json"
		}
		if !reflect.DeepEqual(roles, want) {
			t.Errorf("round %d: agents by role %v, want %v", i, roles, want)
		}
		if i > 0 {
			var xs, ys []float64
			for g := range cfg.EvalGames {
				xs, ys = append(xs, scores[rec.Candidate][g]), append(ys, scores[rec.Champion][g])
			}
			d, h := eval.PairedCI(xs, ys)
			if !near(rec.Diff, d) || !near(rec.Half, h) || rec.Promoted != (d-h > 0) {
				t.Errorf("round %d: %+.6f ± %.6f promoted %v; from the results file %+.6f ± %.6f", i, rec.Diff, rec.Half, rec.Promoted, d, h)
			}
		}
		for kind, got := range map[string]map[string]float64{"policy": rec.PolicyHeldOut, "value": rec.ValueHeldOut} {
			m, err := model.Load(filepath.Join("run", kind+"-r"+string(rune('0'+i))+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(m.Metrics) {
				t.Errorf("round %d: %s held-out %v, the model file %v", i, kind, got, m.Metrics)
			}
			for _, x := range m.Metrics {
				if v, ok := got[x.Name]; !ok || v != x.Value {
					t.Errorf("round %d: %s held-out %s = %v, the model file %v", i, kind, x.Name, v, x.Value)
				}
			}
		}
		c := rec.CPU
		if c == nil || c.SelfPlay < 0 || c.Fit < 0 || c.Bench < 0 {
			t.Fatalf("round %d: CPU %+v", i, c)
		}
		spent += c.SelfPlay + c.Fit + c.Bench
		training += c.SelfPlay + c.Fit
		if !near(c.Training, training) {
			t.Errorf("round %d: training CPU so far %v, the rounds' self-play and fitting add up to %v", i, c.Training, training)
		}
	}
	// The parts are disjoint spans of Run: they add up to no more than the
	// process spent in it (a microsecond of rounding a part), and to
	// something.
	if spent <= 0 || spent > after-before+1e-6*float64(3*len(rounds)) {
		t.Errorf("the rounds record %v s of CPU; Run took %v s", spent, after-before)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// TestRoundsResume: running a finished run again keeps rounds.jsonl as it
// was, byte for byte (no line twice, the first CPU figures kept); a round
// whose line was never written (a run killed before the end of the round)
// gets it, after the lines kept; a line that disagrees with the round as
// rerun is an error.
func TestRoundsResume(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := smallRun(t, "run", 2, 0)
	first, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("run", RoundsFile)
	written, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, written) || !reflect.DeepEqual(again, first) {
		t.Fatalf("run again: rounds.jsonl\n%s\nwas\n%s", b, written)
	}
	// The last round's line lost, as if the run was killed before it.
	lines := readLines(t, path)
	if err := os.WriteFile(path, []byte(strings.Join(lines[:2], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	resumed, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	now := readLines(t, path)
	if len(now) != 3 || now[0] != lines[0] || now[1] != lines[1] {
		t.Fatalf("resumed rounds.jsonl:\n%s\nwant the first two lines of\n%s", strings.Join(now, "\n"), strings.Join(lines, "\n"))
	}
	if r := resumed[2]; r.N != 2 || r.Diff != first[2].Diff || r.Promoted != first[2].Promoted || r.CPU == nil {
		t.Errorf("the resumed round 2: %+v, first run %+v", r, first[2])
	}
	// A line of another run.
	other := strings.Replace(now[1], `"promoted":`+map[bool]string{true: "true", false: "false"}[first[1].Promoted],
		`"promoted":`+map[bool]string{true: "false", false: "true"}[first[1].Promoted], 1)
	if err := os.WriteFile(path, []byte(now[0]+"\n"+other+"\n"+now[2]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "round 1 records") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a line of another run: %v", err)
	}
	// A line twice.
	if err := os.WriteFile(path, []byte(now[0]+"\n"+now[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "round 0 a second time") {
		t.Errorf("a line twice: %v", err)
	}
}

// TestRoundsNeedTwoBenchGames: a paired interval needs two games.
func TestRoundsNeedTwoBenchGames(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := smallRun(t, "run", 1, 0)
	cfg.EvalGames = 1
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "a paired interval needs at least 2") {
		t.Errorf("1 benchmark game: %v", err)
	}
	if _, err := os.Stat("run"); err == nil {
		t.Error("the run made its directory before refusing")
	}
}

// TestRoundsFileMustBeRegular: a rounds.jsonl that is a FIFO is refused at
// once with the reason, not waited on (os.ReadFile blocks on one).
func TestRoundsFileMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, RoundsFile), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	_, err := ReadRounds(dir)
	if !errors.Is(err, regular.ErrNotRegular) {
		t.Errorf("ReadRounds of a FIFO: %v, want %v", err, regular.ErrNotRegular)
	}
}

// TestBenchGames: each round's benchmark plays games of its own, so that a
// champion is not met again on the games that promoted it; with SameGames
// every round plays the same games.
func TestBenchGames(t *testing.T) {
	t.Chdir(t.TempDir())
	seeds := func(dir string, r int) []uint64 {
		f, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("bench-r%d.jsonl", r)))
		if err != nil {
			t.Fatal(err)
		}
		var out []uint64
		for _, line := range strings.Split(strings.TrimSpace(string(f)), "\n") {
			var row struct {
				Agent string `json:"agent"`
				Seed  uint64 `json:"seed"`
			}
			if err := json.Unmarshal([]byte(line), &row); err != nil {
				t.Fatal(err)
			}
			if row.Agent == "random" {
				out = append(out, row.Seed)
			}
		}
		if len(out) == 0 {
			t.Fatalf("%s round %d: no benchmark rows of random", dir, r)
		}
		return out
	}
	for _, same := range []bool{false, true} {
		dir := fmt.Sprintf("same-%v", same)
		cfg := smallRun(t, dir, 1, 0)
		cfg.SameGames = same
		if _, err := Run(t.Context(), cfg); err != nil {
			t.Fatal(err)
		}
		if r0, r1 := seeds(dir, 0), seeds(dir, 1); slices.Equal(r0, r1) != same {
			t.Errorf("SameGames %v: round 0's games %v, round 1's %v", same, r0, r1)
		}
	}
}
