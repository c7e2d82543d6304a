package iterate

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	"github.com/chariot-ai/chariot/env/envtest"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/model"
	_ "github.com/chariot-ai/chariot/train/tune" // the agent tuned, which plays a spec file
)

// TestRun runs two rounds on chancewalk, a one-player game of a few
// decisions (a round compares searches by their own scores).
func TestRun(t *testing.T) {
	// A relative directory keeps the agent specs, and so their seeds, the
	// same from run to run.
	t.Chdir(t.TempDir())
	dir := "run"
	var log bytes.Buffer
	cfg := Config{Game: envtest.NewGame(t, "chancewalk"), Dir: dir, Rounds: 1, Bootstrap: "random", BootstrapGames: 8,
		Search: "mcts:sims=12,rollout=@,prior=1,depth=2,eval=@", Games: 2, EvalGames: 16, Baselines: []string{"random"}, Seed: 5,
		Train: model.TrainConfig{Fit: model.FitConfig{Trees: 2, MaxDepth: 4, Sample: 500, Seed: 1}, HeldOut: 0.2}, Workers: 2, Log: &log,
		SameGames: true} // on round 0's games the two searches differ, so that the interval below is not empty
	agentsBefore, evaluatorsBefore := registered()
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The run's agents live in their specs, not in the process's tables.
	if a, e := registered(); !slices.Equal(a, agentsBefore) || !slices.Equal(e, evaluatorsBefore) {
		t.Errorf("the run left agents %v and evaluators %v registered, want %v and %v", a, e, agentsBefore, evaluatorsBefore)
	}
	if len(rounds) != 2 || !rounds[0].Promoted || rounds[1].Champion != rounds[0].Candidate {
		t.Fatalf("rounds %+v", rounds)
	}
	// Round 1 measured the candidate against the champion, and promoted it
	// only if the interval of the difference lies above zero.
	if r := rounds[1]; r.Half <= 0 || r.Promoted != (r.Diff-r.Half > 0) {
		t.Fatalf("round 1: %+.3f ± %.3f, promoted %v", r.Diff, r.Half, r.Promoted)
	}
	championRunsAsItIs(t, dir)
	for _, f := range []string{"data-r0.jsonl", "data-r1.jsonl", "policy-r1.json", "value-r1.json", "bench-r1.jsonl", "policy.json", "value.json", "champion.spec"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// Run again: everything is resumed, and the rounds come out the same.
	// The champion's files are replaced whole, not rewritten in place.
	champion := []string{"policy.json", "value.json", "champion.spec"}
	var before []os.FileInfo
	for _, f := range champion {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, fi)
	}
	again, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again[1].Diff != rounds[1].Diff || again[1].Promoted != rounds[1].Promoted {
		t.Fatalf("resumed rounds differ: %+v, %+v", again, rounds)
	}
	for i, f := range champion {
		if after, err := os.Stat(filepath.Join(dir, f)); err != nil || os.SameFile(before[i], after) {
			t.Errorf("%s was rewritten in place (%v)", f, err)
		}
	}
}

func registered() (names, evaluators []string) {
	for _, r := range agents.List() {
		names = append(names, r.Name)
	}
	return names, search.Evaluators()
}

// championRunsAsItIs plays a game with the agent of dir's champion.spec in
// a fresh process (this test binary again), with no CHARIOT_ variable in
// its environment and another working directory: the spec says
// everything the agent needs.
func championRunsAsItIs(t *testing.T, dir string) {
	t.Helper()
	spec, err := os.ReadFile(filepath.Join(dir, "champion.spec"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChampionInAFreshProcess$")
	cmd.Dir = t.TempDir()
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CHARIOT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	file, err := filepath.Abs(filepath.Join(dir, "champion.spec"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(cmd.Env, "ITERATE_CHAMPION="+file)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "champion played") {
		t.Errorf("the champion %q in a fresh process: %v\n%s", spec, err, out)
	}
}

// TestChampionInAFreshProcess is championRunsAsItIs's other half; it does
// nothing unless run by it.
func TestChampionInAFreshProcess(t *testing.T) {
	file := os.Getenv("ITERATE_CHAMPION")
	if file == "" {
		return
	}
	g := envtest.NewGame(t, "chancewalk")
	a, err := agents.New("tuned:file="+file, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	end, err := agents.RunEpisode(t.Context(), g, 1, []agents.Agent{a}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("champion played: scored %v\n", end.Score().Value)
}

func TestWithModels(t *testing.T) {
	got, err := withModels("mcts:sims=5,rollout=@,eval=@", "p.json", "v.json")
	if want := "mcts:eval=learned:v.json,rollout=learned:model=p.json,sims=5"; err != nil || got != want {
		t.Errorf("withModels = %q, %v; want %q", got, err, want)
	}
	for _, c := range []struct{ search, want string }{
		{"mcts:sims=5", "has no @ for the learned models"},
		{"mcts:rollout=x@", "option rollout=x@: @ stands alone"},
		{"mcts:rollout", "is not key=value"},
	} {
		if _, err := withModels(c.search, "p", "v"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.search, err, c.want)
		}
	}
}

// TestRunAgainstAPopulation improves tic-tac-toe's second seat against a
// population of two first seats: self-play records the second seat's
// decisions against each member, and the round compares the searches by
// their mean return against both.
func TestRunAgainstAPopulation(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := Config{Game: envtest.NewGame(t, "tictactoe"), Dir: "run", Rounds: 1, Bootstrap: "random", BootstrapGames: 6,
		Search: "mcts:sims=8,rollout=@", Games: 3, EvalGames: 12, Seed: 5, Seat: 1, Population: []string{"random", "mcts:sims=4"},
		Train: model.TrainConfig{Fit: model.FitConfig{Trees: 2, MaxDepth: 4, Sample: 500, Seed: 1}, HeldOut: 0.2}, Workers: 2}
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 || rounds[1].Half <= 0 || rounds[1].Promoted != (rounds[1].Diff-rounds[1].Half > 0) {
		t.Fatalf("rounds %+v", rounds)
	}
	// The round's record has each agent's mean return against the
	// population, and the window of round 1 both rounds' datasets of both
	// members.
	var roles []string
	for _, b := range rounds[1].Bench {
		roles = append(roles, b.Role)
		if b.Games != cfg.EvalGames {
			t.Errorf("round 1, %s: %d games, want %d", b.Agent, b.Games, cfg.EvalGames)
		}
	}
	if want := []string{"policy", "search", "champion-policy", "champion-search"}; !slices.Equal(roles, want) || len(rounds[1].Data) != 4 {
		t.Errorf("round 1: roles %v, want %v; data %v", roles, want, rounds[1].Data)
	}
	for _, f := range []string{"data-r0-p0.jsonl", "data-r0-p1.jsonl", "data-r1-p1.jsonl", "bench-r1.jsonl"} {
		if _, err := os.Stat(filepath.Join("run", f)); err != nil {
			t.Error(err)
		}
	}
	cfg.Population = nil
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "without a population") {
		t.Errorf("a two-seat game without a population: %v", err)
	}
}

// netRun is a run of rounds rounds on chancewalk in dir with small networks
// trained for epochs epochs, as the search's prior and leaf value.
func netRun(t *testing.T, dir string, rounds, epochs int) Config {
	train := model.DefaultTrain()
	train.Model, train.Net.Hidden, train.Net.Epochs = model.MLP, []int{8}, epochs
	return Config{Game: envtest.NewGame(t, "chancewalk"), Dir: dir, Rounds: rounds, Bootstrap: "mcts:sims=20", BootstrapGames: 8,
		Search: "mcts:sims=12,policy=@,prior=1,depth=2,eval=@", Games: 2, EvalGames: 12, Seed: 5, Train: train, Workers: 2}
}

// TestRunNetworks: expert iteration with networks, the round's policy as
// search's PUCT prior (policy=@) and its value at the cutoff (eval=@):
// the round's search spec names both models, and a second run resumes to
// the same rounds.
func TestRunNetworks(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := netRun(t, "run", 1, 3)
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if c := rounds[1].Candidate; !strings.Contains(c, "policy=learned:run/policy-r1.json") || !strings.Contains(c, "eval=learned:run/value-r1.json") {
		t.Fatalf("round 1's search %s", c)
	}
	m, err := model.Load(filepath.Join("run", "policy-r1.json"))
	if err != nil || m.Net == nil || len(m.Training.Data) != 2 {
		t.Fatalf("round 1's policy: %v (%+v)", err, m)
	}
	again, err := Run(t.Context(), cfg)
	if err != nil || again[1].Diff != rounds[1].Diff || again[1].Promoted != rounds[1].Promoted {
		t.Fatalf("resumed: %v, rounds %+v then %+v", err, rounds, again)
	}
}

// TestChampionSpecMovesWithItsDirectory: champion.spec names its models by
// their file names beside it, so a copy of the run directory elsewhere,
// the original gone, plays as tuned:file=COPY/champion.spec from yet
// another working directory.
func TestChampionSpecMovesWithItsDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, err := Run(t.Context(), smallRun(t, "run", 1, 0)); err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join("run", "champion.spec"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(spec)), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "rollout=learned:model=policy.json") || !strings.Contains(last, "eval=learned:value.json") {
		t.Fatalf("champion.spec names its models %q, want policy.json and value.json", last)
	}
	copied := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.CopyFS(copied, os.DirFS("run")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll("run"); err != nil {
		t.Fatal(err)
	}
	championRunsAsItIs(t, copied)
}

// TestWarmRounds: with Warm, each round's networks start from the
// champion's (the networks whose search played the round), and round 0
// from Init, as the model files record; trees cannot be warm-started.
func TestWarmRounds(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := netRun(t, "first", 0, 2)
	if _, err := Run(t.Context(), cfg); err != nil {
		t.Fatal(err)
	}
	var err error
	cfg.Init.Policy, err = model.LoadStart(filepath.Join("first", "policy-r0.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dir, cfg.Rounds, cfg.Warm = "warm", 2, true
	rounds, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	champ := 0
	for r := range rounds {
		for _, kind := range []string{"policy", "value"} {
			m, err := model.Load(filepath.Join("warm", fmt.Sprintf("%s-r%d.json", kind, r)))
			if err != nil {
				t.Fatal(err)
			}
			want := filepath.Join("warm", fmt.Sprintf("%s-r%d.json", kind, champ))
			switch {
			case r == 0 && kind == "policy":
				want = filepath.Join("first", "policy-r0.json")
			case r == 0:
				want = ""
			}
			got := ""
			if m.Training.Init != nil {
				got = m.Training.Init.Path
			}
			if got != want {
				t.Errorf("round %d's %s started from %q, want %q", r, kind, got, want)
			}
		}
		if rounds[r].Promoted {
			champ = r
		}
	}
	trees := smallRun(t, "trees", 1, 0)
	trees.Warm = true
	if _, err := Run(t.Context(), trees); err == nil || !strings.Contains(err.Error(), "give --model mlp") {
		t.Errorf("warm trees: %v", err)
	}
}
