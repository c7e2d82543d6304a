package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/train/iterate"
	"github.com/chariot-ai/chariot/train/model"
)

// TestSelfplayTrainTune runs the training commands end to end on a few
// greedy games.
func TestSelfplayTrainTune(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.jsonl")
	status, stdout, stderr := runArgs("selfplay", "--agent", "greedy", "--games", "8", "--seed", "4", "--out", data)
	if status != 0 || stderr != "" || !strings.Contains(stdout, "8 games played") {
		t.Fatalf("selfplay: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if status, _, stderr = runArgs("selfplay", "--agent", "greedy", "--games", "8", "--seed", "4", "--out", data); status != 1 || !strings.Contains(stderr, "exists and is not empty") {
		t.Fatalf("selfplay over a dataset: status %d, %q", status, stderr)
	}
	if status, stdout, _ = runArgs("selfplay", "--agent", "greedy", "--games", "10", "--seed", "4", "--out", data, "--resume"); status != 0 || !strings.Contains(stdout, "2 games played") {
		t.Fatalf("resume: status %d, %q", status, stdout)
	}
	policy, value := filepath.Join(dir, "p.json"), filepath.Join(dir, "v.json")
	small := []string{"--trees", "2", "--depth", "4", "--sample", "500", "--heldout", "0.3"}
	status, stdout, stderr = runArgs(append([]string{"train", "policy", "--datasets", data, "--out", policy}, small...)...)
	if status != 0 || stderr != "" || !strings.Contains(stdout, "accuracy") || !strings.Contains(stdout, "top-3") {
		t.Fatalf("train policy: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	status, stdout, stderr = runArgs(append([]string{"train", "value", "--datasets", data, "--out", value}, small...)...)
	if status != 0 || !strings.Contains(stdout, "R²") || !strings.Contains(stdout, "MAE") {
		t.Fatalf("train value: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	// The learned agent plays with the model; a wrong model is one line.
	if status, _, stderr = runArgs("play", "--game", defaultGame, "--agent", "learned:model="+policy, "--log=false"); status != 0 {
		t.Fatalf("play learned: %d %q", status, stderr)
	}
	status, _, stderr = runArgs("play", "--game", defaultGame, "--agent", "learned:model="+value, "--log=false")
	if status != 1 || !oneLineLike(stderr, "chariot: agent learned: model "+value+" is a value model, not a policy model") {
		t.Fatalf("play with a value model: %d %q", status, stderr)
	}
	// Corrupt and wrong-kind model files: one line naming the file and
	// what is wrong, in the file's terms.
	bad := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	truncated, array, tree := bad("truncated.json", `{"format":"chariot-model"`), bad("array.json", `[{"format":"chariot-model"}]`),
		bad("tree.json", `{"format":"chariot-model","version":1,"kind":"policy","trees":{"RootNode":1}}`)
	for _, c := range []struct{ agent, want string }{
		{"learned:model=" + truncated, "chariot: agent learned: model " + truncated + ": corrupt or truncated model file: it ends in the middle of a JSON value"},
		{"learned:model=" + array, "chariot: agent learned: model " + array + ": not a model file: it holds an array, not a JSON object"},
		{"learned:model=" + tree, "chariot: agent learned: model " + tree + ": corrupt model file: field trees holds an object, want an array"},
		{"mcts:sims=5,depth=3,eval=learned:" + policy, "model " + policy + " is a policy model, not a value model"},
		{"mcts:sims=5,rollout=learned:model=" + value, "model " + value + " is a value model, not a policy model"},
	} {
		status, _, stderr = runArgs("play", "--game", defaultGame, "--agent", c.agent, "--log=false")
		if status != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "Go ") {
			t.Errorf("play %s: %d %q, want one line with %q", c.agent, status, stderr, c.want)
		}
	}

	// Networks: a policy and a value, a policy head on the state features
	// of a dataset recorded without state–action features, and a search
	// taking the network as its prior and leaf value.
	net := []string{"--model", "mlp", "--hidden", "8", "--epochs", "2", "--heldout", "0.3"}
	netPolicy, netValue, head := filepath.Join(dir, "np.json"), filepath.Join(dir, "nv.json"), filepath.Join(dir, "nh.json")
	status, stdout, stderr = runArgs(append([]string{"train", "policy", "--datasets", data, "--out", netPolicy}, net...)...)
	if status != 0 || stderr != "" || !strings.Contains(stdout, "a network of hidden layers [8]") || !strings.Contains(stdout, "accuracy") {
		t.Fatalf("train policy --model mlp: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if status, stdout, stderr = runArgs(append([]string{"train", "value", "--datasets", data, "--out", netValue}, net...)...); status != 0 || !strings.Contains(stdout, "MAE") {
		t.Fatalf("train value --model mlp: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	// A warm start: the hidden layers taken from the model started from,
	// the file it started from recorded; a model it cannot continue is one
	// line naming it.
	warm := filepath.Join(dir, "warm.json")
	status, stdout, stderr = runArgs("train", "policy", "--datasets", data, "--out", warm, "--model", "mlp", "--epochs", "1", "--init", netPolicy)
	if status != 0 || stderr != "" || !strings.Contains(stdout, "a network of hidden layers [8]") {
		t.Fatalf("train policy --init: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if m, err := model.Load(warm); err != nil || m.Training.Init == nil || m.Training.Init.Path != netPolicy {
		t.Fatalf("warm-started model: %v, its start %+v", err, m.Training.Init)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "value", "--init", netPolicy}, "chariot: cannot start from model " + netPolicy + ": it is a policy model, not a value model"},
		{[]string{"train", "policy", "--init", netPolicy, "--hidden", "16"}, "chariot: cannot start from model " + netPolicy + ": its hidden layers are [8], not [16]"},
		{[]string{"train", "policy", "--init", policy}, "chariot: cannot start from model " + policy + ": it is trees, not a network"},
		{[]string{"train", "policy", "--init", filepath.Join(dir, "none.json")}, "no such file"},
	} {
		status, _, stderr = runArgs(append(c.args, "--datasets", data, "--out", filepath.Join(dir, "x.json"), "--model", "mlp", "--epochs", "1")...)
		if status != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q, want one line with %q", c.args, status, stderr, c.want)
		}
	}
	// The mean of the network and its warm start; what cannot be averaged
	// is one line naming the file.
	mean := filepath.Join(dir, "mean.json")
	status, stdout, stderr = runArgs("train", "average", "--models", netPolicy+","+warm, "--out", mean)
	if status != 0 || stderr != "" || !strings.Contains(stdout, "the mean of 2 networks of hidden layers [8]") {
		t.Fatalf("train average: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if m, err := model.Load(mean); err != nil || len(m.Training.Averaged) != 2 || m.Training.Averaged[1].Path != warm {
		t.Fatalf("averaged model: %v, its sources %+v", err, m.Training.Averaged)
	}
	for _, c := range []struct {
		models, want string
	}{
		{netPolicy + "," + netValue, "chariot: average: model " + netValue + " cannot be averaged with model " + netPolicy + ": it is a value model, not a policy model"},
		{netPolicy + "," + policy, "chariot: average: model " + policy + " cannot be averaged with model " + netPolicy + ": it is trees, not a network"},
		{netPolicy + "," + filepath.Join(dir, "none.json"), "no such file"},
	} {
		status, _, stderr = runArgs("train", "average", "--models", c.models, "--out", filepath.Join(dir, "x.json"))
		if status != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("train average --models %s: status %d, stderr %q, want one line with %q", c.models, status, stderr, c.want)
		}
	}
	states := filepath.Join(dir, "s.jsonl")
	if status, _, stderr = runArgs("selfplay", "--agent", "greedy", "--games", "6", "--out", states, "--state-only"); status != 0 {
		t.Fatalf("selfplay --state-only: %d %q", status, stderr)
	}
	if status, stdout, stderr = runArgs(append([]string{"train", "policy", "--head", "--datasets", states, "--out", head}, net...)...); status != 0 || !strings.Contains(stdout, "policy model "+head+": a network") {
		t.Fatalf("train policy --head: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	for _, agent := range []string{"learned:model=" + head, "ismcts:sims=3,at=move,rollout=greedy,policy=learned:" + netPolicy + ",prior=1,depth=4,eval=learned:" + netValue} {
		if status, _, stderr = runArgs("play", "--game", defaultGame, "--agent", agent, "--log=false"); status != 0 {
			t.Fatalf("play %s: %d %q", agent, status, stderr)
		}
	}

	spec := filepath.Join(dir, "best.spec")
	status, stdout, stderr = runArgs("tune", "--agent", "greedy", "--params", "aggression=0:1", "--candidates", "2", "--budget", "12", "--out", spec)
	if status != 0 || !strings.Contains(stdout, "(reference)") || !strings.Contains(stdout, "saved in "+spec) {
		t.Fatalf("tune: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if status, _, stderr = runArgs("bench", "--agents", "greedy,tuned:file="+spec, "--games", "3", "--quiet"); status != 0 {
		t.Fatalf("bench the tuned agent: %d %q", status, stderr)
	}
}

func TestTrainUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train"}, "chariot train: want a subcommand: value, policy, average or iterate"},
		{[]string{"train", "fit"}, `chariot train: unknown subcommand "fit" (want value, policy, average or iterate)`},
		{[]string{"train", "average", "--out", "m.json"}, "chariot train average: missing --models"},
		{[]string{"train", "value", "--out", "m.json"}, "chariot train value: missing --datasets"},
		{[]string{"train", "value", "--data", "d.jsonl", "--out", "m.json"}, "chariot train value: --data is a game's data set (map, counters, tables) on every command; give the self-play datasets with --datasets"},
		{[]string{"train", "policy", "--datasets", "d", "--out", "m.json", "--model", "svm"}, `chariot train policy: --model "svm": want trees or mlp`},
		{[]string{"train", "policy", "--datasets", "d", "--out", "m.json", "--hidden", "64,x"}, `chariot train policy: invalid value "64,x" for flag -hidden: want widths such as 64,64`},
		{[]string{"train", "iterate", "--search", "mcts"}, "chariot train iterate: --search needs @ where the learned agent goes, as in mcts:sims=50,rollout=@,prior=30"},
		{[]string{"selfplay"}, "chariot selfplay: missing --out"},
		{[]string{"tune"}, "chariot tune: missing --params"},
		{[]string{"tune", "--params", "c=3"}, "chariot tune: --params: param c=3: want a range lo:hi or a list a|b"},
		{[]string{"tune", "--params", "c=1:2", "--confirm", "-4"}, "chariot tune: --confirm -4: want 0 (none) or more games"},
	} {
		status, _, stderr := runArgs(c.args...)
		if status != 2 || !oneLineLike(stderr, c.want) {
			t.Errorf("%v: status %d, stderr %q, want %q", c.args, status, stderr, c.want)
		}
	}
}

// TestTrainIterateWindowAndRounds: --window reaches the run (each round's
// models fitted on its own dataset alone with --window 1, as rounds.jsonl
// and the model files say), rounds.jsonl has a line per round, and bad
// values are one line.
func TestTrainIterateWindowAndRounds(t *testing.T) {
	t.Chdir(t.TempDir())
	status, stdout, stderr := runArgs("train", "iterate", "--game", "chancewalk", "--baselines", "random", "--dir", "it", "--rounds", "2",
		"--bootstrap", "random", "--bootstrap-games", "8", "--search", "mcts:sims=8,rollout=@,depth=2,eval=@", "--games", "3",
		"--eval-games", "6", "--trees", "2", "--depth", "4", "--sample", "200", "--workers", "1", "--window", "1", "--quiet")
	if status != 0 || !strings.Contains(stdout, "each round's figures and CPU in "+filepath.Join("it", "rounds.jsonl")) {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	b, err := os.ReadFile(filepath.Join("it", "rounds.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 {
		t.Fatalf("rounds.jsonl:\n%s", b)
	}
	for r, line := range lines {
		var rec struct {
			Round int      `json:"round"`
			Data  []string `json:"data"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		want := filepath.Join("it", fmt.Sprintf("data-r%d.jsonl", r))
		if rec.Round != r || len(rec.Data) != 1 || rec.Data[0] != want {
			t.Errorf("line %d: round %d fitted on %v, want [%s]", r+1, rec.Round, rec.Data, want)
		}
		m, err := model.Load(filepath.Join("it", fmt.Sprintf("policy-r%d.json", r)))
		if err != nil || len(m.Training.Data) != 1 || m.Training.Data[0].Path != want {
			t.Errorf("policy-r%d.json: %v, %+v", r, err, m)
		}
	}
	// --report prints the run's table again from rounds.jsonl alone, as
	// the run printed it, with the round's figures.
	status, report, stderr := runArgs("train", "iterate", "--report", "--dir", "it")
	if status != 0 || !strings.Contains(stdout, report) || !strings.Contains(report, "| 2     |") {
		t.Fatalf("--report: status %d, stderr %q:\n%s\nthe run printed:\n%s", status, stderr, report, stdout)
	}
	rs, err := iterate.ReadRounds("it")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range rs[1].Bench {
		if b.Role == "search" && !strings.Contains(report, fmt.Sprintf("| 1     | %.2f ± %.2f | %.2f ± %.2f |", rs[1].Bench[1].Mean, rs[1].Bench[1].Half, b.Mean, b.Half)) {
			t.Errorf("round 1's policy and search (%+v) are not in the report:\n%s", rs[1].Bench, report)
		}
	}
	if status, _, stderr := runArgs("train", "iterate", "--report", "--dir", "none"); status != 1 || !oneLineLike(stderr, "chariot: no rounds.jsonl in none: no round of chariot train iterate has finished there") {
		t.Errorf("--report of no run: status %d, %q", status, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--window", "-1"}, "chariot train iterate: --window -1: want 0 (every round) or a number of rounds"},
		{[]string{"--eval-games", "1"}, "chariot train iterate: --rounds, --bootstrap-games, --games and --eval-games must be positive (eval-games at least 2)"},
	} {
		status, _, stderr := runArgs(append([]string{"train", "iterate", "--dir", "bad"}, c.args...)...)
		if status != 2 || !oneLineLike(stderr, c.want) {
			t.Errorf("%v: status %d, stderr %q, want %q", c.args, status, stderr, c.want)
		}
	}
	// A warm start needs networks, and a model file that is one.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--warm"}, "chariot: a warm start continues a network: give --model mlp"},
		{[]string{"--init-policy", "none.json", "--model", "mlp"}, "chariot: model none.json: "},
	} {
		status, _, stderr := runArgs(append([]string{"train", "iterate", "--dir", "bad", "--game", "chancewalk"}, c.args...)...)
		if status != 1 || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q, want one line starting %q", c.args, status, stderr, c.want)
		}
	}
}
