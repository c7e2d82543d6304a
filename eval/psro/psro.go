// Package psro grows two populations of policies by policy-space response
// oracles (PSRO, Lanctot et al. 2017): starting from given populations of
// each side, every round solves the empirical meta-game (package
// metagame), then adds for each side an approximate best response to the
// other side's equilibrium mixture, a search whose opponent model is that
// mixture (search option opponent). The gain of the new responses over the
// meta-game's value, measured on the next round's games, estimates how
// exploitable the round's mixtures are; it should fall as the populations
// grow.
//
// Every game is played through package eval on the run's seeds, so the
// cells are paired. Round 0 plays the starting matrix; round r ≥ 1 plays
// only the new cells, as two runs: the new row against every column, and
// the old rows against the new column. Each run has its own results file
// in the run's directory, resumed when the command is run again, and a run
// may be split in shards, merged with chariot merge before the next round.
// The mixtures, and so the responses' specs, are functions of the games,
// so a resumed run takes the same path.
package psro

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/eval/metagame"
	"github.com/chariot-ai/chariot/internal/flock"
	"github.com/chariot-ai/chariot/search"
)

// Config is a PSRO run.
type Config struct {
	Game env.Game
	// Rows and Cols are the starting populations: agent specs of seat 0
	// and of the other seats.
	Rows, Cols []string
	// RowBR and ColBR are the searches that respond, each given the other
	// side's mixture as its option opponent.
	RowBR, ColBR string
	// Rounds of response after round 0.
	Rounds int
	// Games a cell, Seed of the games and of the bootstrap, Boot
	// replicates, Workers and Progress as in eval.Config.
	Games, Boot, Workers int
	Seed                 uint64
	Progress             io.Writer
	// Dir holds the results files, one per run of games.
	Dir string
	// Shard, if set, plays this shard of the first run whose merged file
	// is not yet in Dir, and stops with ErrShardPlayed.
	Shard eval.Shard
	// MinWeight drops from a mixture given to a response the policies
	// weighted below it (the LP's round-off, mostly).
	MinWeight float64
	// Surrogate bounds the nesting of searches: inside a later response's
	// search, a response is played by a surrogate. "sims=N": the same
	// search at N simulations whose own opponent model is the other side's
	// starting policies alone (its mixture restricted to them, or equal
	// weights where it gave them none); "rollout": the response's rollout
	// agent, a plan that costs no search at all. "" or "exact": the
	// response itself, its own model and all, which costs the product of
	// the simulations of every level a round adds.
	Surrogate string
}

// ErrShardPlayed ends a sharded run once its shard of a run is played:
// the shards are to be merged before the next round can be chosen.
var ErrShardPlayed = errors.New("shard played")

// Estimate is a mean over the games with the half-width of its 95%
// confidence interval.
type Estimate struct {
	Mean float64 `json:"mean"`
	Half float64 `json:"half"`
}

// Round is one round's meta-game and its responses.
type Round struct {
	N      int               `json:"round"`
	Rows   []string          `json:"rows"`
	Cols   []string          `json:"cols"`
	RowMix []float64         `json:"row_mixture"`
	ColMix []float64         `json:"col_mixture"`
	Value  metagame.Interval `json:"value"`
	Mean   [][]float64       `json:"mean"`
	RowBR  string            `json:"row_response,omitempty"`
	ColBR  string            `json:"col_response,omitempty"`
	// RowGain is what the row response wins against the column mixture
	// beyond the value; ColGain what the column response holds the row
	// mixture to below it; Exploitability their sum (NashConv's
	// estimate), per game with paired intervals. Set once the next
	// round's games are played.
	RowGain        *Estimate `json:"row_gain,omitempty"`
	ColGain        *Estimate `json:"col_gain,omitempty"`
	Exploitability *Estimate `json:"exploitability,omitempty"`
}

// Run plays the rounds and returns them, the last one's gains unset (no
// response to it has been played).
func Run(ctx context.Context, cfg Config) ([]Round, error) {
	if cfg.Game.NumPlayers() < 2 {
		return nil, fmt.Errorf("psro needs a game of two sides; %s has one seat", cfg.Game.Name())
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	// One process at a time on a run: two would play every game twice.
	lock, err := flock.Dir(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("psro run directory: %w", err)
	}
	defer lock.Unlock()
	rows, err := metagame.Canonical(cfg.Rows)
	if err != nil {
		return nil, err
	}
	cols, err := metagame.Canonical(cfg.Cols)
	if err != nil {
		return nil, err
	}
	// runs are the games played so far, each a run of its own.
	type run struct {
		path       string
		rows, cols []string
	}
	runs := []run{{filepath.Join(cfg.Dir, "round-0.jsonl"), rows, cols}}
	startRows, startCols := rows, cols
	models := map[string]string{} // a response's surrogate inside later mixtures
	var rounds []Round
	for r := 0; ; r++ {
		for _, rn := range runs[max(0, 2*r-1):] {
			if err := cfg.play(ctx, rn.path, rn.rows, rn.cols); err != nil {
				return rounds, err
			}
		}
		p := metagame.NewPayoffs(rows, cols, cfg.Games)
		for _, rn := range runs {
			if err := cfg.load(ctx, rn.path, rn.rows, rn.cols, p); err != nil {
				return rounds, err
			}
		}
		an, err := metagame.Analyse(p, cfg.Boot, cfg.Seed)
		if err != nil {
			return rounds, fmt.Errorf("round %d: %w", r, err)
		}
		if r > 0 {
			rounds[r-1].gains(p)
		}
		round := Round{N: r, Rows: rows, Cols: cols, RowMix: an.Eq.Row, ColMix: an.Eq.Col, Value: an.Value, Mean: an.Mean}
		if r == cfg.Rounds {
			return append(rounds, round), nil
		}
		if round.RowBR, err = cfg.respond(fmt.Sprintf("round-%d-row", r+1), cfg.RowBR, cols, an.Eq.Col, startCols, models); err != nil {
			return rounds, err
		}
		if round.ColBR, err = cfg.respond(fmt.Sprintf("round-%d-col", r+1), cfg.ColBR, rows, an.Eq.Row, startRows, models); err != nil {
			return rounds, err
		}
		rounds = append(rounds, round)
		oldRows := rows
		if !slices.Contains(rows, round.RowBR) {
			rows = append(slices.Clone(rows), round.RowBR)
		}
		if !slices.Contains(cols, round.ColBR) {
			cols = append(slices.Clone(cols), round.ColBR)
		}
		runs = append(runs,
			run{filepath.Join(cfg.Dir, fmt.Sprintf("round-%d-row.jsonl", r+1)), []string{round.RowBR}, cols},
			run{filepath.Join(cfg.Dir, fmt.Sprintf("round-%d-col.jsonl", r+1)), oldRows, []string{round.ColBR}})
	}
}

// play plays a run's missing games into path; sharded, while path is not
// there yet, it plays this process's shard into a shard file and stops.
func (cfg Config) play(ctx context.Context, path string, rows, cols []string) error {
	c := eval.Config{Game: cfg.Game, Agents: rows, Opponents: cols, Games: cfg.Games, Seed: cfg.Seed, Workers: cfg.Workers,
		Out: path, Resume: true, Progress: cfg.Progress, FilesBeside: true}
	if _, err := os.Stat(path); cfg.Shard.Sharded() && err != nil {
		c.Shard, c.Out = cfg.Shard, ShardPath(path, cfg.Shard)
		if err := eval.Stream(ctx, c, nil, func(eval.GameResult) error { return nil }); err != nil {
			return err
		}
		return fmt.Errorf("%w: %s of %s; once every shard is played, merge them and run again: chariot merge %s %s", ErrShardPlayed, cfg.Shard, path, path,
			strings.Replace(ShardPath(path, cfg.Shard), fmt.Sprintf("shard-%d-", cfg.Shard.I), "shard-*-", 1))
	}
	return eval.Stream(ctx, c, nil, func(eval.GameResult) error { return nil })
}

// load reads a played run's games into p.
func (cfg Config) load(ctx context.Context, path string, rows, cols []string, p *metagame.Payoffs) error {
	c := eval.Config{Game: cfg.Game, Agents: rows, Opponents: cols, Games: cfg.Games, Seed: cfg.Seed, Workers: cfg.Workers,
		Out: path, Resume: true, FilesBeside: true}
	return eval.Stream(ctx, c, nil, p.Add)
}

// ShardPath is the file of shard s of the run whose merged file is path.
func ShardPath(path string, s eval.Shard) string {
	return strings.TrimSuffix(path, ".jsonl") + fmt.Sprintf(".shard-%d-of-%d.jsonl", s.I, s.N)
}

// respond writes the response, the search br with the mixture over specs
// as its opponent model, to the spec file NAME.spec in the run's
// directory, and returns the agent that plays it (tuned:file=PATH): a
// response's own mixture may hold earlier responses, and a spec file keeps
// their options from nesting in the mixture's. Earlier responses go in the
// mixture as their surrogates, where models has them. With ModelSims it
// also writes the response's surrogate, NAME.model.spec, into models: its
// opponent model the mixture restricted to start, the other side's
// starting policies.
func (cfg Config) respond(name, br string, specs []string, mix []float64, start []string, models map[string]string) (string, error) {
	var keep, base []string
	var w, bw []float64
	for i, s := range specs {
		if mix[i] <= cfg.MinWeight {
			continue
		}
		m, ok := models[s]
		if !ok {
			m = s
		}
		keep, w = append(keep, m), append(w, mix[i])
		if slices.Contains(start, s) {
			base, bw = append(base, s), append(bw, mix[i])
		}
	}
	if len(keep) == 0 {
		return "", errors.New("psro: the mixture has no policy above the minimum weight")
	}
	member, err := cfg.writeSpec(name+".spec", withOptions(br, "opponent="+search.MixtureSpec(keep, w)))
	if err != nil {
		return member, err
	}
	var surrogate string
	switch sims, isSims := strings.CutPrefix(cfg.Surrogate, "sims="); {
	case cfg.Surrogate == "" || cfg.Surrogate == "exact":
		return member, nil
	case cfg.Surrogate == "rollout":
		_, opts, _ := strings.Cut(br, ":")
		p, _ := env.ParseParams(opts)
		if surrogate = strings.ReplaceAll(p["rollout"], ";", ","); surrogate == "" {
			surrogate = "random"
		}
	case isSims:
		if len(base) == 0 {
			base, bw = start, nil
			for range start {
				bw = append(bw, 1)
			}
		}
		surrogate = withOptions(br, "opponent="+search.MixtureSpec(base, bw), "sims="+sims)
	default:
		return "", fmt.Errorf("psro: surrogate %q: want exact, rollout or sims=N", cfg.Surrogate)
	}
	model, err := cfg.writeSpec(name+".model.spec", surrogate)
	models[member] = model
	return member, err
}

// withOptions is spec with the options given set (key=value), replacing
// those it has.
func withOptions(spec string, opts ...string) string {
	name, rest, _ := strings.Cut(spec, ":")
	p, err := env.ParseParams(rest)
	if err != nil {
		return spec // agents.New will say what is wrong with it
	}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		p[k] = v
	}
	return name + ":" + p.String()
}

// writeSpec saves spec in the run's directory as name and returns the
// agent that plays it (tuned:file=NAME), after checking it builds. A file
// already there must hold the same spec: the directory is of this run.
// The agent names its file relative to the run's directory (the games are
// played with eval.Config.FilesBeside), and the responses inside the spec
// name theirs relative to the spec file (agents.ResolvePaths): nothing of
// the run names the directory, so a response's spec, which seeds its games
// (eval.AgentSeed), and the run's figures are the same from any path, and
// the directory can be moved.
func (cfg Config) writeSpec(name, spec string) (string, error) {
	spec, err := eval.CanonicalAgent(spec)
	if err != nil {
		return "", err
	}
	if _, err := agents.New(agents.ResolvePaths(spec, cfg.Dir), cfg.Game, 0); err != nil {
		return "", fmt.Errorf("psro: response %s: %w", spec, err)
	}
	path := filepath.Join(cfg.Dir, name)
	if old, err := agents.LoadSpec(path); err == nil && old != spec {
		return "", fmt.Errorf("%s holds %s, but this run's response is %s: the directory holds another run", path, old, spec)
	}
	if err := agents.SaveSpec(path, spec); err != nil {
		return "", err
	}
	return "tuned:file=" + name, nil
}

// gains sets the round's gains from the games of the next round's
// matrix p, which holds the round's rows and columns and its responses.
func (rd *Round) gains(p *metagame.Payoffs) {
	bi, bj := slices.Index(p.Rows, rd.RowBR), slices.Index(p.Cols, rd.ColBR)
	row, col, sum := make([]float64, p.Games), make([]float64, p.Games), make([]float64, p.Games)
	for k := range p.Games {
		value := 0.0 // the round's mixtures against each other in game k
		for i, ri := range rd.Rows {
			for j, cj := range rd.Cols {
				value += rd.RowMix[i] * rd.ColMix[j] * p.Values(slices.Index(p.Rows, ri), slices.Index(p.Cols, cj))[k]
			}
		}
		br, bc := 0.0, 0.0
		for j, cj := range rd.Cols {
			br += rd.ColMix[j] * p.Values(bi, slices.Index(p.Cols, cj))[k]
		}
		for i, ri := range rd.Rows {
			bc += rd.RowMix[i] * p.Values(slices.Index(p.Rows, ri), bj)[k]
		}
		row[k], col[k], sum[k] = br-value, value-bc, br-bc
	}
	est := func(xs []float64) *Estimate {
		m, h := eval.MeanCI(xs)
		return &Estimate{m, h}
	}
	rd.RowGain, rd.ColGain, rd.Exploitability = est(row), est(col), est(sum)
}
