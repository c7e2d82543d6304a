// Package iterate runs expert iteration: it alternates self-play, with the
// current models inside a search, and refitting the models on the data so
// far (or on a window of the latest rounds'), and promotes a refitted model
// only when its search beats the current one by a paired 95% confidence
// interval above zero.
//
// Round 0 plays a bootstrap agent (a fast heuristic) and fits the first
// models, which become the champion. Round r ≥ 1 plays the champion's
// search, fits candidates on the data of rounds 0..r (r-K+1..r with a
// window of K rounds), and benchmarks the baselines, both learned policies
// and both searches through package eval on the same games, games of the
// round's own (Config.SameGames keeps one set for every round). Everything
// goes in one directory: data-rN.jsonl, policy-rN.json, value-rN.json,
// bench-rN.jsonl, and the champion's models as policy.json and value.json
// with its spec in champion.spec, which names them beside it and runs as it
// is from anywhere, the directory moved or copied too
// (tuned:file=DIR/champion.spec). Each finished round adds its line to
// rounds.jsonl (Round: specs, held-out metrics, every agent's bench mean,
// the paired difference, promotion and CPU). A killed run is resumed by
// running it again: datasets and results files are resumed, models refitted
// (fitting is deterministic), and the lines of rounds.jsonl kept, not
// written again.
package iterate

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	_ "github.com/chariot-ai/chariot/train/learned" // the agent and evaluator learned
	"github.com/chariot-ai/chariot/train/model"
	"github.com/chariot-ai/chariot/train/selfplay"
	"github.com/chariot-ai/chariot/train/tune"
)

// Config is an expert-iteration run.
type Config struct {
	Game env.Game
	Dir  string
	// Rounds after round 0.
	Rounds int
	// Bootstrap plays BootstrapGames games for round 0.
	Bootstrap      string
	BootstrapGames int
	// Search is the searcher's spec with @ where the learned agent's (and
	// evaluator's) name goes: "mcts:sims=50,rollout=@,prior=30".
	Search string
	// Games of self-play per round; EvalGames to compare agents (at least
	// 2: a paired interval needs two games).
	Games, EvalGames int
	// Window, if positive, is the number of rounds whose data each fit
	// uses: round r fits on rounds max(0, r-Window+1)..r. Zero fits on all
	// rounds so far.
	Window int
	// Warm starts each round's networks from the champion's, the ones
	// whose search played the round (model.TrainConfig.Init), instead of
	// drawn weights; Init, if set, are the networks round 0 starts from.
	// Both need networks (Train.Model mlp).
	Warm bool
	Init model.Starts
	// Baselines are benchmarked beside the learned agents every round.
	Baselines []string
	Seed      uint64
	// SameGames benchmarks every round on the same games. By default each
	// round has games of its own: the champion was promoted on the games
	// where it did well, so meeting candidates there again favours it (the
	// winner's curse), while on new games its lead is measured afresh.
	SameGames bool
	Train     model.TrainConfig
	Workers   int
	// Progress receives progress bars (a terminal); Log the tables.
	Progress io.Writer
	Log      io.Writer
	// Seat and Population, in a game of several seats, are the seat to
	// improve and the other side's agents: self-play records Seat's
	// decisions against each member in turn, and the searches are ranked
	// by their mean return against the population (tune.Arena).
	Seat       int
	Population []string
}

// Round is what one round did; rounds.jsonl holds one a line.
type Round struct {
	N         int    `json:"round"`
	Candidate string `json:"candidate"` // the search spec of the round's models
	Champion  string `json:"champion"`  // the search spec of the champion before the round ("" in round 0)
	// Data are the datasets the round's models were fitted on.
	Data []string `json:"data"`
	// PolicyHeldOut and ValueHeldOut are the held-out metrics of the
	// round's models, by name.
	PolicyHeldOut map[string]float64 `json:"policy_heldout"`
	ValueHeldOut  map[string]float64 `json:"value_heldout"`
	// Bench is every agent of the round's benchmark, in the order played.
	Bench []Bench `json:"bench"`
	// Diff is the candidate search's paired mean difference against the
	// champion's, Half its 95% half-width (zero in round 0).
	Diff     float64 `json:"diff"`
	Half     float64 `json:"half"`
	Promoted bool    `json:"promoted"`
	// CPU is nil where the process's CPU time is not measured (processCPU).
	CPU *CPU `json:"cpu"`
}

// Run runs the rounds and returns them.
func Run(ctx context.Context, cfg Config) ([]Round, error) {
	if n := cfg.Game.NumPlayers(); n != 1 && len(cfg.Population) == 0 {
		return nil, fmt.Errorf("expert iteration promotes a model by its own score, which a game of %d seats does not give without a population of the other side to play against", n)
	}
	if cfg.EvalGames < 2 {
		return nil, fmt.Errorf("%d benchmark games a round: a paired interval needs at least 2", cfg.EvalGames)
	}
	if cfg.Window < 0 {
		return nil, fmt.Errorf("window %d: want 0 (every round) or a number of rounds", cfg.Window)
	}
	if (cfg.Warm || cfg.Init != model.Starts{}) && cfg.Train.Model != model.MLP {
		return nil, fmt.Errorf("a warm start continues a network: give --model %s", model.MLP)
	}
	arena := tune.Arena{Game: cfg.Game, Seat: cfg.Seat, Population: cfg.Population, Workers: cfg.Workers, Progress: cfg.Progress}
	if _, err := withModels(cfg.Search, "p", "v"); err != nil {
		return nil, err
	}
	if strings.ContainsAny(cfg.Dir, ",;") {
		return nil, fmt.Errorf("directory %q: an agent spec cannot name a file whose path holds ',' or ';'", cfg.Dir)
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	path := func(f string, r int) string { return filepath.Join(cfg.Dir, fmt.Sprintf(f, r)) }
	logf := func(format string, a ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format, a...)
		}
	}
	recorded, err := readRounds(filepath.Join(cfg.Dir, RoundsFile))
	if err != nil {
		return nil, err
	}
	var rounds []Round
	var data [][]string // by round
	champ := -1
	training := 0.0 // the CPU of self-play and fitting so far
	// The learned agents of round r name its model files in their specs,
	// so they are built like any agent, and nothing of the run goes in the
	// process's registries.
	policy := func(r int) string { return "learned:model=" + path("policy-r%d.json", r) }
	searchSpec := func(r int) string {
		s, _ := withModels(cfg.Search, path("policy-r%d.json", r), path("value-r%d.json", r))
		return s
	}
	evalSeed := cfg.Seed ^ 0x6576616c
	train := cfg.Train
	train.Fit.Progress, train.Net.Progress = cfg.Progress, cfg.Progress
	for r := 0; r <= cfg.Rounds; r++ {
		agent, games := cfg.Bootstrap, cfg.BootstrapGames
		if r > 0 {
			agent, games = searchSpec(champ), cfg.Games
		}
		var cpu cpuClock
		cpu.start()
		d, err := cfg.selfplay(ctx, agent, games, r, logf)
		if err != nil {
			return rounds, err
		}
		data = append(data, d)
		selfplayCPU := cpu.lap()
		window := cfg.window(data)
		pp, vp := path("policy-r%d.json", r), path("value-r%d.json", r)
		var from model.Starts
		switch {
		case r == 0:
			from = cfg.Init
		case cfg.Warm:
			if from, err = loadStarts(path("policy-r%d.json", champ), path("value-r%d.json", champ)); err != nil {
				return rounds, err
			}
		}
		pol, val, err := model.TrainPair(window, train, from, pp, vp)
		if err != nil {
			return rounds, err
		}
		fitCPU := cpu.lap()
		logf("round %d: policy held-out %s; value held-out %s\n", r, metrics(pol), metrics(val))

		round := Round{N: r, Candidate: searchSpec(r), Data: window, PolicyHeldOut: heldOut(pol), ValueHeldOut: heldOut(val)}
		specs := append([]string{}, cfg.Baselines...)
		roles := map[string]string{}
		for _, b := range cfg.Baselines {
			roles[b] = "baseline"
		}
		specs = append(specs, policy(r), round.Candidate)
		roles[policy(r)], roles[round.Candidate] = "policy", "search"
		if champ >= 0 {
			round.Champion = searchSpec(champ)
			specs = append(specs, policy(champ), round.Champion)
			roles[policy(champ)], roles[round.Champion] = "champion-policy", "champion-search"
		}
		benchSeed := evalSeed
		if !cfg.SameGames {
			benchSeed += uint64(r)
		}
		if err := cfg.bench(ctx, arena, specs, roles, benchSeed, path("bench-r%d.jsonl", r), r, &round, logf); err != nil {
			return rounds, err
		}
		benchCPU := cpu.lap()
		if champ < 0 {
			round.Promoted = true
		} else {
			round.Promoted = round.Diff-round.Half > 0
		}
		if round.Promoted {
			champ = r
			if err := promote(cfg, pp, vp); err != nil {
				return rounds, err
			}
		}
		logf("round %d: candidate %+.2f ± %.2f against the champion: %s\n\n", r, round.Diff, round.Half,
			map[bool]string{true: "promoted", false: "kept the champion"}[round.Promoted])
		if old, ok := recorded[r]; ok {
			// A finished round resumed: its line stays as it was, CPU
			// included, once it is seen to be the same round.
			if old.Candidate != round.Candidate || old.Diff != round.Diff || old.Promoted != round.Promoted {
				return rounds, fmt.Errorf("%s: round %d records %s at %+.2f (promoted %v), this run %s at %+.2f (promoted %v): another run's directory, or other arguments",
					filepath.Join(cfg.Dir, RoundsFile), r, old.Candidate, old.Diff, old.Promoted, round.Candidate, round.Diff, round.Promoted)
			}
			round = old
		} else {
			if cpu.err == nil {
				training = math.Round((training+selfplayCPU+fitCPU)*1e6) / 1e6
				round.CPU = &CPU{SelfPlay: selfplayCPU, Fit: fitCPU, Bench: benchCPU, Training: training}
			}
			if err := round.finite(); err != nil {
				return rounds, err
			}
			recorded[r] = round
			if err := writeRounds(filepath.Join(cfg.Dir, RoundsFile), recorded); err != nil {
				return rounds, err
			}
		}
		if round.CPU != nil {
			training = round.CPU.Training
		}
		rounds = append(rounds, round)
	}
	return rounds, nil
}

// loadStarts reads the policy and value networks a round starts from.
func loadStarts(policy, value string) (model.Starts, error) {
	p, err := model.LoadStart(policy)
	if err != nil {
		return model.Starts{}, err
	}
	v, err := model.LoadStart(value)
	return model.Starts{Policy: p, Value: v}, err
}

// window is the datasets of the rounds that the latest round's fit uses,
// given each round's datasets so far.
func (cfg Config) window(data [][]string) []string {
	from := 0
	if cfg.Window > 0 {
		from = max(0, len(data)-cfg.Window)
	}
	return slices.Concat(data[from:]...)
}

// cpuClock measures the process CPU time between laps; err is set, and
// every lap is zero, where it cannot be measured.
type cpuClock struct {
	last float64
	err  error
}

func (c *cpuClock) start() { c.last, c.err = processCPU() }

// lap is the CPU seconds since the start or the last lap.
func (c *cpuClock) lap() float64 {
	if c.err != nil {
		return 0
	}
	now, err := processCPU()
	if err != nil {
		c.err = err
		return 0
	}
	// To the microsecond, getrusage's unit, without the float's noise.
	d := math.Round((now-c.last)*1e6) / 1e6
	c.last = now
	return d
}

// selfplay plays round r's self-play of agent into the round's datasets:
// one, or one per member of the population, the agent at cfg.Seat.
func (cfg Config) selfplay(ctx context.Context, agent string, games, r int, logf func(string, ...any)) ([]string, error) {
	one := func(d string, sc selfplay.Config) error {
		_, statErr := os.Stat(d)
		logf("round %d: self-play of %s, %d games, into %s\n", r, eval.Label(append([]string{agent}, sc.Seats...)), games, d)
		sc.Game, sc.Games, sc.Seed, sc.Workers, sc.Out, sc.Resume, sc.Progress = cfg.Game, games, cfg.Seed+uint64(r), cfg.Workers, d, statErr == nil, cfg.Progress
		_, err := selfplay.Run(ctx, sc)
		return err
	}
	if len(cfg.Population) == 0 {
		d := filepath.Join(cfg.Dir, fmt.Sprintf("data-r%d.jsonl", r))
		return []string{d}, one(d, selfplay.Config{Agent: agent})
	}
	var out []string
	for k, member := range cfg.Population {
		seats := []string{member, member}
		seats[cfg.Seat] = agent
		d := filepath.Join(cfg.Dir, fmt.Sprintf("data-r%d-p%d.jsonl", r, k))
		if err := one(d, selfplay.Config{Seats: seats, Seat: cfg.Seat}); err != nil {
			return out, err
		}
		out = append(out, d)
	}
	return out, nil
}

// bench benchmarks the round's agents and sets the candidate's paired
// difference against the champion: against the population, by their mean
// return there, or on a one-seat game by their score, with the tables.
func (cfg Config) bench(ctx context.Context, arena tune.Arena, specs []string, roles map[string]string, seed uint64, out string, r int, round *Round, logf func(string, ...any)) error {
	if len(cfg.Population) > 0 {
		scores, err := arena.Play(ctx, specs, cfg.EvalGames, seed, out)
		if err != nil {
			return err
		}
		for _, sp := range specs {
			c, _ := eval.CanonicalAgent(sp)
			m, h, _, _, n := tune.Compare(scores[c], nil)
			round.Bench = append(round.Bench, Bench{Agent: c, Role: roles[sp], Games: n, Mean: m, Half: h})
			logf("round %d: %s: %s's mean return %.2f ± %.2f over %d games\n", r, c, env.SeatName(cfg.Game, env.Player(cfg.Seat)), m, h, n)
		}
		if round.Champion != "" {
			cand, _ := eval.CanonicalAgent(round.Candidate)
			champ, _ := eval.CanonicalAgent(round.Champion)
			_, _, round.Diff, round.Half, _ = tune.Compare(scores[cand], scores[champ])
		}
		return nil
	}
	results, err := eval.Run(ctx, eval.Config{Game: cfg.Game, Agents: specs, Games: cfg.EvalGames, Seed: seed,
		Workers: cfg.Workers, Out: out, Resume: true, Progress: cfg.Progress})
	if err != nil {
		return err
	}
	ref := round.Champion
	if ref == "" {
		ref = round.Candidate
	}
	refC, _ := eval.CanonicalAgent(ref)
	rep, err := eval.Summarise(results, refC)
	if err != nil {
		return err
	}
	logf("\nround %d on %d games (seed %d):\n", r, cfg.EvalGames, seed)
	if cfg.Log != nil {
		if err := eval.WriteTables(cfg.Log, rep); err != nil {
			return err
		}
	}
	role := map[string]string{}
	for _, sp := range specs {
		c, _ := eval.CanonicalAgent(sp)
		role[c] = roles[sp]
	}
	for _, a := range rep.Agents {
		round.Bench = append(round.Bench, Bench{Agent: a.Agent, Role: role[a.Agent], Games: a.Games, Mean: a.Mean, Half: a.Half})
	}
	cand, _ := eval.CanonicalAgent(round.Candidate)
	for _, p := range rep.Paired {
		if p.Agent == cand && round.Champion != "" {
			round.Diff, round.Half = p.Mean, p.Half
		}
	}
	return nil
}

// withModels is the search spec with the learned agent and evaluator of
// the model files policy and value where it has @: an option eval=@ gets
// the evaluator learned:VALUE, any other option =@ (rollout=@) the agent
// learned:model=POLICY.
func withModels(search, policy, value string) (string, error) {
	name, opts, _ := strings.Cut(search, ":")
	p, err := env.ParseParams(opts)
	if err != nil {
		return "", fmt.Errorf("search spec %q: %w", search, err)
	}
	at := false
	for k, v := range p {
		switch {
		case v == "@" && k == "eval":
			p[k], at = "learned:"+value, true
		case v == "@" && k == "policy":
			p[k], at = "learned:"+policy, true
		case v == "@":
			p[k], at = "learned:model="+policy, true
		case strings.Contains(v, "@"):
			return "", fmt.Errorf("search spec %q: option %s=%s: @ stands alone, as in rollout=@ or eval=@", search, k, v)
		}
	}
	if !at {
		return "", fmt.Errorf("search spec %q has no @ for the learned models", search)
	}
	return name + ":" + p.String(), nil
}

// promote copies the champion's models to policy.json and value.json and
// writes its spec, naming them by those file names: the tuned agent reads
// a spec file's relative paths beside it (agents.ResolvePaths), so the
// spec runs as it is from any working directory, and from a copy of the
// directory anywhere (chariot bench --agents tuned:file=DIR/champion.spec).
func promote(cfg Config, pp, vp string) error {
	for _, c := range [][2]string{{pp, "policy.json"}, {vp, "value.json"}} {
		b, err := os.ReadFile(c[0])
		if err != nil {
			return err
		}
		if err := atomicfile.WriteFile(filepath.Join(cfg.Dir, c[1]), b); err != nil {
			return err
		}
	}
	spec, err := withModels(cfg.Search, "policy.json", "value.json")
	if err != nil {
		return err
	}
	text := "# champion of chariot train iterate; its files are named beside it; run with\n# chariot bench --agents tuned:file=" +
		filepath.Join(cfg.Dir, "champion.spec") + "\n" + spec + "\n"
	return atomicfile.WriteFile(filepath.Join(cfg.Dir, "champion.spec"), []byte(text))
}

func metrics(m *model.Model) string {
	var parts []string
	for _, x := range m.Metrics {
		parts = append(parts, fmt.Sprintf("%s=%.3f", x.Name, x.Value))
	}
	return strings.Join(parts, " ")
}
