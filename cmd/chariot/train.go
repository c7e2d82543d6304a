package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/iterate"
	"github.com/chariot-ai/chariot/train/model"

	_ "github.com/chariot-ai/chariot/train/learned" // the learned agent and evaluator
)

func init() {
	register("train", command{"fit learned models on self-play data (value, policy), or run expert iteration (iterate)", runTrain})
}

// runTrain dispatches chariot train value|policy|iterate.
func runTrain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprintln(stdout, "usage: chariot train value|policy --datasets FILE[,FILE] --out MODEL [flags]")
			fmt.Fprintln(stdout, "       chariot train average --models MODEL,MODEL[,MODEL] --out MODEL")
			fmt.Fprintln(stdout, "       chariot train iterate --rounds N --dir DIR [flags]")
			return exitOK
		}
		return usageError(stderr, "train", "want a subcommand: value, policy, average or iterate")
	}
	switch args[0] {
	case "value":
		return trainModel(model.Value, args[1:], stdout, stderr)
	case "policy":
		return trainModel(model.Policy, args[1:], stdout, stderr)
	case "average":
		return trainAverage(args[1:], stdout, stderr)
	case "iterate":
		return runIterate(args[1:], stdout, stderr)
	}
	return usageError(stderr, "train", fmt.Sprintf("unknown subcommand %q (want value, policy, average or iterate)", args[0]))
}

// fitFlags adds the flags of a fit to fs.
func fitFlags(fs *flag.FlagSet) (*model.TrainConfig, *int) {
	cfg := model.DefaultTrain()
	fs.StringVar(&cfg.Model, "model", cfg.Model, "kind of model: trees (bagged golearn CART trees) or mlp (a gonum network)")
	fs.Func("hidden", "mlp: widths of the hidden layers, comma-separated (default 64,64)", func(v string) error {
		cfg.Net.Hidden = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				return fmt.Errorf("want widths such as 64,64")
			}
			cfg.Net.Hidden = append(cfg.Net.Hidden, n)
		}
		return nil
	})
	fs.BoolVar(&cfg.Head, "head", false, "mlp policy: a logit for each of the game's actions from the state features, instead of a score of each state–action row")
	fs.IntVar(&cfg.Net.Epochs, "epochs", cfg.Net.Epochs, "mlp: passes over the training data")
	fs.IntVar(&cfg.Net.Batch, "batch", cfg.Net.Batch, "mlp: decisions (policy) or rows (value) a step")
	fs.Float64Var(&cfg.Net.LR, "lr", cfg.Net.LR, "mlp: Adam's step size")
	fs.Float64Var(&cfg.Net.L2, "l2", cfg.Net.L2, "mlp: weight decay")
	fs.IntVar(&cfg.Fit.Trees, "trees", cfg.Fit.Trees, "bagged trees")
	fs.IntVar(&cfg.Fit.MaxDepth, "depth", cfg.Fit.MaxDepth, "maximum tree depth")
	fs.IntVar(&cfg.Fit.Sample, "sample", cfg.Fit.Sample, "rows in each tree's bootstrap sample (0: all)")
	fs.Uint64Var(&cfg.Fit.Seed, "fit-seed", cfg.Fit.Seed, "seed of the bootstrap samples (trees) or of the initial weights and batches (mlp), and of the held-out split")
	fs.Float64Var(&cfg.HeldOut, "heldout", cfg.HeldOut, "share of games held out to measure the model")
	workers := fs.Int("workers", runtime.NumCPU(), "trees grown at once")
	return &cfg, workers
}

func trainModel(kind model.Kind, args []string, stdout, stderr io.Writer) int {
	name := "train " + string(kind)
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	data := fs.String("datasets", "", "comma-separated self-play datasets (chariot selfplay)")
	gameData := fs.String("data", "", "not taken here: on every command --data is a game's data set (map, counters, tables); the self-play datasets are --datasets")
	out := fs.String("out", "", "model file to write")
	cfg, workers := fitFlags(fs)
	initPath := fs.String("init", "", "mlp: model file whose network the training starts from (a warm start), of the same kind and features; its hidden layers unless --hidden")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	switch {
	case *gameData != "":
		return usageError(stderr, name, "--data is a game's data set (map, counters, tables) on every command; give the self-play datasets with --datasets")
	case *data == "":
		return usageError(stderr, name, "missing --datasets")
	case *out == "":
		return usageError(stderr, name, "missing --out")
	case cfg.Fit.Trees < 1:
		return usageError(stderr, name, "--trees: need at least 1")
	case cfg.Model != model.Trees && cfg.Model != model.MLP:
		return usageError(stderr, name, fmt.Sprintf("--model %q: want trees or mlp", cfg.Model))
	case cfg.HeldOut < 0 || cfg.HeldOut >= 1:
		return usageError(stderr, name, "--heldout: want a share in [0, 1)")
	}
	var err error
	if cfg.Init, err = startFrom(fs, *initPath, cfg); err != nil {
		return fail(stderr, err)
	}
	cfg.Fit.Workers = *workers
	cfg.Net.Seed = cfg.Fit.Seed
	cfg.Fit.Progress = progressTo(stderr, isTerminal(stderr), *quiet)
	cfg.Net.Progress = cfg.Fit.Progress
	src, err := model.ReadSources(strings.Split(*data, ","))
	if err != nil {
		return fail(stderr, err)
	}
	start := time.Now()
	var m *model.Model
	if kind == model.Value {
		m, err = model.TrainValue(src, *cfg)
	} else {
		m, err = model.TrainPolicy(src, *cfg)
	}
	if err != nil {
		return fail(stderr, err)
	}
	if err := m.Save(*out); err != nil {
		return fail(stderr, err)
	}
	var size string
	if m.Net != nil {
		size = fmt.Sprintf("a network of hidden layers %v, %d parameters", m.Net.Hidden(), m.Net.Params())
	} else {
		size = fmt.Sprintf("%d trees, %d nodes", m.Forest.Trees(), m.Forest.Nodes())
	}
	fmt.Fprintf(stdout, "%s model %s: %s, %d training rows, fitted in %s\n\n",
		kind, *out, size, m.Training.TrainRows, time.Since(start).Round(time.Millisecond))
	if err := writeMetrics(stdout, m); err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// trainAverage writes the model whose network is the mean of the given
// models' networks (model.Average).
func trainAverage(args []string, stdout, stderr io.Writer) int {
	const name = "train average"
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	paths := fs.String("models", "", "comma-separated model files whose networks to average: networks of one kind, game, features and shape, refined from one another (--init)")
	out := fs.String("out", "", "model file to write")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	switch {
	case *paths == "":
		return usageError(stderr, name, "missing --models")
	case *out == "":
		return usageError(stderr, name, "missing --out")
	}
	var models []*model.Model
	var refs []model.ModelRef
	for _, p := range strings.Split(*paths, ",") {
		s, err := model.LoadStart(p)
		if err != nil {
			return fail(stderr, err)
		}
		models, refs = append(models, s.Model), append(refs, s.Ref)
	}
	if len(models) < 2 {
		return usageError(stderr, name, "--models: want two model files or more")
	}
	m, err := model.Average(models, refs)
	if err != nil {
		return fail(stderr, err)
	}
	if err := m.Save(*out); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s model %s: the mean of %d networks of hidden layers %v, %d parameters; no held-out metrics (the games one held out another may have trained on)\n",
		m.Kind, *out, len(models), m.Net.Hidden(), m.Net.Params())
	return exitOK
}

// startFrom reads the model file a network's training starts from (--init
// and the like), if path is not empty; without --hidden the network takes
// its hidden layers.
func startFrom(fs *flag.FlagSet, path string, cfg *model.TrainConfig) (*model.Start, error) {
	if path == "" {
		return nil, nil
	}
	start, err := model.LoadStart(path)
	if err == nil && start.Model.Net != nil && !flagSet(fs, "hidden") {
		cfg.Net.Hidden = start.Model.Net.Hidden()
	}
	return start, err
}

// writeMetrics prints the held-out metrics of m as a table.
func writeMetrics(w io.Writer, m *model.Model) error {
	if len(m.Metrics) == 0 {
		_, err := fmt.Fprintln(w, "no held-out games: no metrics")
		return err
	}
	fmt.Fprintf(w, "Held-out metrics (%d rows of games not trained on)\n", m.Training.HeldOutRows)
	get := func(name string) string {
		for _, x := range m.Metrics {
			if x.Name == name {
				return fmt.Sprintf("%.3f", x.Value)
			}
		}
		return "-"
	}
	head := []string{"predictor", "accuracy", "top-3"}
	if m.Kind == model.Value {
		head = []string{"predictor", "R²", "MAE (VP)"}
	}
	t := eval.NewTable(w, head)
	if m.Kind == model.Value {
		t.Append([]string{"value model", get("r2"), get("mae")})
		if get("baseline_r2") != "-" {
			t.Append([]string{"baseline: the game's own estimate (" + model.BaselineFeature + ")", get("baseline_r2"), get("baseline_mae")})
		}
	} else {
		t.Append([]string{"policy model", get("accuracy"), get("top3")})
		t.Append([]string{"baseline: uniform random", get("random_accuracy"), get("random_top3")})
	}
	t.Render()
	return nil
}

// runIterate runs expert iteration (package train/iterate).
func runIterate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train iterate", flag.ContinueOnError)
	gameSpec := fs.String("game", defaultGame, "game spec")
	dataPath := fs.String("data", "", dataFlagHelp)
	dir := fs.String("dir", "iterate", "directory of the datasets, models and results, resumed if it exists")
	rounds := fs.Int("rounds", 2, "rounds of self-play and refitting after the bootstrap round")
	bootstrap := fs.String("bootstrap", "greedy", "agent whose games make the first dataset")
	bootGames := fs.Int("bootstrap-games", 300, "games of the bootstrap agent")
	searchSpec := fs.String("search", "mcts:sims=50,rollout=@,prior=30", "search with @ for the learned agent and evaluator")
	games := fs.Int("games", 40, "self-play games per round")
	evalGames := fs.Int("eval-games", 60, "games of each agent in each round's benchmark")
	window := fs.Int("window", 0, "rounds of data each fit uses, the latest: round r fits on rounds r-K+1..r (0: every round so far)")
	baselines := fs.String("baselines", "random,cautious,greedy,aggressive", "agents benchmarked beside the learned ones")
	seed := fs.Uint64("seed", 1, "seed of the run")
	seatName := fs.String("seat", "0", "in a game of several seats, the seat to improve, by name or number")
	population := fs.String("population", "", "in a game of several seats, the other side's agents, comma-separated: self-play meets each, and the searches are ranked by their mean return against them")
	cfg, workers := fitFlags(fs)
	quiet := fs.Bool("quiet", false, "no progress bars")
	report := fs.Bool("report", false, "print the rounds of --dir from its rounds.jsonl, and run nothing")
	sameGames := fs.Bool("same-games", false, "benchmark every round on the same games, instead of games of the round's own (where the champion's lead is measured afresh, not where it was promoted)")
	warm := fs.Bool("warm", false, "mlp: each round's networks start from the champion's weights (a warm start) instead of drawn ones")
	initPolicy := fs.String("init-policy", "", "mlp: policy model file whose network round 0's policy starts from; its hidden layers unless --hidden")
	initValue := fs.String("init-value", "", "mlp: value model file whose network round 0's value starts from (its hidden layers must be the policy's)")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	if *report {
		rs, err := iterate.ReadRounds(*dir)
		if err != nil {
			return fail(stderr, err)
		}
		writeRounds(stdout, rs)
		return exitOK
	}
	switch {
	case *rounds < 0 || *bootGames < 1 || *games < 1 || *evalGames < 2:
		return usageError(stderr, "train iterate", "--rounds, --bootstrap-games, --games and --eval-games must be positive (eval-games at least 2)")
	case *window < 0:
		return usageError(stderr, "train iterate", fmt.Sprintf("--window %d: want 0 (every round) or a number of rounds", *window))
	case !strings.Contains(*searchSpec, "@"):
		return usageError(stderr, "train iterate", "--search needs @ where the learned agent goes, as in mcts:sims=50,rollout=@,prior=30")
	}
	g, err := newGame(*gameSpec, *dataPath)
	if err != nil {
		return fail(stderr, err)
	}
	seat, err := search.ParseSeat(g, *seatName)
	if err != nil {
		return usageError(stderr, "train iterate", "--seat: "+err.Error())
	}
	cfg.Fit.Workers, cfg.Net.Seed = *workers, cfg.Fit.Seed
	// The value first: where both are given, the policy's layers are taken.
	var from model.Starts
	if from.Value, err = startFrom(fs, *initValue, cfg); err != nil {
		return fail(stderr, err)
	}
	if from.Policy, err = startFrom(fs, *initPolicy, cfg); err != nil {
		return fail(stderr, err)
	}
	ic := iterate.Config{SameGames: *sameGames, Warm: *warm, Init: from, Seat: seat, Population: eval.SplitAgents(*population), Game: g, Dir: *dir, Rounds: *rounds, Bootstrap: *bootstrap, BootstrapGames: *bootGames,
		Search: *searchSpec, Games: *games, EvalGames: *evalGames, Window: *window, Baselines: eval.SplitAgents(*baselines), Seed: *seed,
		Train: *cfg, Workers: *workers, Log: stdout}
	ic.Progress = progressTo(stderr, isTerminal(stderr), *quiet)
	rs, err := interruptible(func(ctx context.Context) ([]iterate.Round, error) {
		return iterate.Run(ctx, ic)
	}, func([]iterate.Round) string {
		return "; rerun the same command to resume in " + *dir
	})
	if err != nil {
		return fail(stderr, err)
	}
	writeRounds(stdout, rs)
	fmt.Fprintf(stdout, "champion models and spec in %s (policy.json, value.json, champion.spec); play it with\n  chariot bench --agents tuned:file=%s\n",
		*dir, filepath.Join(*dir, "champion.spec"))
	fmt.Fprintf(stdout, "each round's figures and CPU in %s\n", filepath.Join(*dir, iterate.RoundsFile))
	return exitOK
}

// writeRounds prints expert iteration's rounds: each round's agents'
// mean scores, the candidate search against the champion's, and the CPU.
func writeRounds(w io.Writer, rs []iterate.Round) {
	games := 0
	for _, r := range rs {
		for _, b := range r.Bench {
			games = max(games, b.Games)
		}
	}
	fmt.Fprintf(w, "Rounds: mean score of the round's policy alone, its search and the champion's on the same %d games, the candidate search against the champion's, paired (95%% CI), and the CPU seconds spent\n", games)
	t := eval.NewTable(w, []string{"round", "policy", "search", "champion's search", "vs champion", "promoted", "self-play CPU", "fit CPU", "bench CPU", "training CPU so far"})
	for _, r := range rs {
		mean := map[string]string{}
		for _, b := range r.Bench {
			mean[b.Role] = ci(b.Mean, b.Half)
		}
		diff := "(first)"
		if r.Champion != "" {
			diff = fmt.Sprintf("%+.2f ± %.2f", r.Diff, r.Half)
		}
		cpu := []string{"-", "-", "-", "-"}
		if c := r.CPU; c != nil {
			cpu = []string{fmt.Sprintf("%.1f s", c.SelfPlay), fmt.Sprintf("%.1f s", c.Fit), fmt.Sprintf("%.1f s", c.Bench), fmt.Sprintf("%.1f s", c.Training)}
		}
		t.Append(append([]string{fmt.Sprint(r.N), mean["policy"], mean["search"], cmp.Or(mean["champion-search"], "-"), diff, fmt.Sprint(r.Promoted)}, cpu...))
	}
	t.Render()
	for _, r := range rs {
		fmt.Fprintf(w, "round %d's search: %s\n", r.N, r.Candidate)
	}
}
