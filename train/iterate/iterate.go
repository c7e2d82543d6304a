// Package iterate runs expert iteration: it alternates self-play, with the
// current models inside a search, and refitting the models on all the data
// so far, and promotes a refitted model only when its search beats the
// current one by a paired 95% confidence interval above zero.
//
// Round 0 plays a bootstrap agent (a fast heuristic) and fits the first
// models, which become the champion. Round r ≥ 1 plays the champion's
// search, fits candidates on the data of rounds 0..r, and benchmarks the
// baselines, both learned policies and both searches through package eval
// on the same games (the same seeds every round, apart from the
// self-play's). Everything goes in one directory: data-rN.jsonl,
// policy-rN.json, value-rN.json, bench-rN.jsonl, and the champion's models
// as policy.json and value.json with its spec in champion.spec, which
// names them and runs as it is (tuned:file=DIR/champion.spec). A killed
// run is resumed by running it again: datasets and results files are
// resumed, models refitted (fitting is deterministic).
package iterate

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	// Games of self-play per round; EvalGames to compare agents.
	Games, EvalGames int
	// Baselines are benchmarked beside the learned agents every round.
	Baselines []string
	Seed      uint64
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

// Round is what one round did.
type Round struct {
	N         int
	Candidate string // the search spec of the round's models
	Champion  string // the search spec of the champion before the round
	// Diff is the candidate search's paired mean difference against the
	// champion's, Half its 95% half-width (zero in round 0).
	Diff, Half float64
	Promoted   bool
}

// Run runs the rounds and returns them.
func Run(ctx context.Context, cfg Config) ([]Round, error) {
	if n := cfg.Game.NumPlayers(); n != 1 && len(cfg.Population) == 0 {
		return nil, fmt.Errorf("expert iteration promotes a model by its own score, which a game of %d seats does not give without a population of the other side to play against", n)
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
	var rounds []Round
	var data []string
	champ := -1
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
		d, err := cfg.selfplay(ctx, agent, games, r, logf)
		if err != nil {
			return rounds, err
		}
		data = append(data, d...)
		pp, vp := path("policy-r%d.json", r), path("value-r%d.json", r)
		pol, val, err := model.TrainPair(data, train, pp, vp)
		if err != nil {
			return rounds, err
		}
		logf("round %d: policy held-out %s; value held-out %s\n", r, metrics(pol), metrics(val))

		round := Round{N: r, Candidate: searchSpec(r)}
		specs := append([]string{}, cfg.Baselines...)
		specs = append(specs, policy(r), round.Candidate)
		if champ >= 0 {
			round.Champion = searchSpec(champ)
			specs = append(specs, policy(champ), round.Champion)
		}
		if err := cfg.bench(ctx, arena, specs, evalSeed, path("bench-r%d.jsonl", r), r, &round, logf); err != nil {
			return rounds, err
		}
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
		rounds = append(rounds, round)
	}
	return rounds, nil
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
func (cfg Config) bench(ctx context.Context, arena tune.Arena, specs []string, seed uint64, out string, r int, round *Round, logf func(string, ...any)) error {
	if len(cfg.Population) > 0 {
		scores, err := arena.Play(ctx, specs, cfg.EvalGames, seed, out)
		if err != nil {
			return err
		}
		for _, sp := range specs {
			c, _ := eval.CanonicalAgent(sp)
			m, h, _, _, n := tune.Compare(scores[c], nil)
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
// writes its spec, naming them by absolute paths, so that the spec runs as
// it is from any directory (chariot bench --agents tuned:file=DIR/champion.spec).
func promote(cfg Config, pp, vp string) error {
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return err
	}
	for _, c := range [][2]string{{pp, "policy.json"}, {vp, "value.json"}} {
		b, err := os.ReadFile(c[0])
		if err != nil {
			return err
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, c[1]), b); err != nil {
			return err
		}
	}
	spec, err := withModels(cfg.Search, filepath.Join(dir, "policy.json"), filepath.Join(dir, "value.json"))
	if err != nil {
		return err
	}
	text := "# champion of chariot train iterate; run with\n# chariot bench --agents tuned:file=" +
		filepath.Join(dir, "champion.spec") + "\n" + spec + "\n"
	return atomicfile.WriteFile(filepath.Join(dir, "champion.spec"), []byte(text))
}

func metrics(m *model.Model) string {
	var parts []string
	for _, x := range m.Metrics {
		parts = append(parts, fmt.Sprintf("%s=%.3f", x.Name, x.Value))
	}
	return strings.Join(parts, " ")
}
