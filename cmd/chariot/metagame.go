package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/eval/metagame"
	"github.com/chariot-ai/chariot/internal/atomicfile"
)

func init() {
	register("metagame", command{"play a payoff matrix of one side's agents against the other's and solve the zero-sum meta-game", runMetagame})
}

// metagameFlags are the flags of a run of games that metagame and psro
// share: the game, the games a cell, the seed, the workers, the results
// file and the shard.
type metagameFlags struct {
	game, data    *string
	agents, opps  *string
	games         *int
	seed          *uint64
	workers, boot *int
	quiet         *bool
	sharding      shardFlags
}

func addMetagameFlags(fs *flag.FlagSet, games int) metagameFlags {
	return metagameFlags{
		game:     fs.String("game", defaultGame+":opponent=seat", "game spec: two sides, seat 0 (the rows) against the other seats (the columns); a solitaire game opens its automated side with opponent=seat"),
		data:     fs.String("data", "", dataFlagHelp),
		agents:   fs.String("agents", "", "comma-separated agent specs of seat 0's side: the rows"),
		opps:     fs.String("opponents", "", "comma-separated agent specs of the other side: the columns"),
		games:    fs.Int("games", games, "games a cell of the matrix: game i has the same seed and dice in every cell"),
		seed:     fs.Uint64("seed", 1, "seed of the games, and of the bootstrap"),
		workers:  fs.Int("workers", runtime.NumCPU(), "games played at once"),
		boot:     fs.Int("boot", 1000, "bootstrap replicates over games for the value's and the regrets' intervals"),
		quiet:    fs.Bool("quiet", false, "no progress bar"),
		sharding: addShardFlags(fs),
	}
}

// sides are the agents of the two sides, or a usage error's status.
func (f metagameFlags) sides(cmd string, stderr io.Writer) (rows, cols []string, status int) {
	rows, cols = eval.SplitAgents(*f.agents), eval.SplitAgents(*f.opps)
	switch {
	case len(rows) == 0:
		return nil, nil, usageError(stderr, cmd, "--agents lists no agent")
	case len(cols) == 0:
		return nil, nil, usageError(stderr, cmd, "--opponents lists no agent")
	}
	return rows, cols, -1
}

// maxBoot bounds --boot (the replicates are held in memory; intervals
// settle long before), maxCellGames --games (each cell holds its games).
const (
	maxBoot      = 100_000
	maxCellGames = 1_000_000
)

// check validates the flags and builds the game and the shard.
func (f metagameFlags) check(cmd string, stderr io.Writer) (env.Game, eval.Shard, int) {
	shard, err := f.sharding.resolve(os.Getenv)
	if err != nil {
		return nil, shard, usageError(stderr, cmd, err.Error())
	}
	switch {
	case *f.games < 2:
		return nil, shard, usageError(stderr, cmd, fmt.Sprintf("--games %d: need at least 2, for an interval", *f.games))
	case *f.games > maxCellGames:
		return nil, shard, usageError(stderr, cmd, fmt.Sprintf("--games %d: at most %d a cell (each cell keeps every game's return)", *f.games, maxCellGames))
	case *f.workers < 1:
		return nil, shard, usageError(stderr, cmd, fmt.Sprintf("--workers %d: need at least 1", *f.workers))
	case *f.boot < 1 || *f.boot > maxBoot:
		return nil, shard, usageError(stderr, cmd, fmt.Sprintf("--boot %d: want 1 to %d", *f.boot, maxBoot))
	}
	g, err := newGame(*f.game, *f.data)
	if err != nil {
		return nil, shard, fail(stderr, err)
	}
	if g.NumPlayers() < 2 {
		return nil, shard, fail(stderr, fmt.Errorf("%s has one seat: a meta-game needs two sides (does it open its automated side as a seat with opponent=seat?)", eval.ShortSpec(g)))
	}
	return g, shard, -1
}

// runMetagame plays the matrix of --agents (seat 0) against --opponents
// (the other seats) through the harness, then solves and prints the
// meta-game.
func runMetagame(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("metagame", flag.ContinueOnError)
	mf := addMetagameFlags(fs, 100)
	out := fs.String("out", "", "results file of the games (.jsonl), resumed with --resume; a run's shards are joined by chariot merge, then analysed by --out MERGED --resume")
	resume := fs.Bool("resume", false, "continue the --out file: play only the games not in it")
	jsonOut := fs.String("json", "", "also write the analysis to this file as JSON (for notebooks)")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	rows, cols, st := mf.sides("metagame", stderr)
	if st >= 0 {
		return st
	}
	switch {
	case *resume && *out == "":
		return usageError(stderr, "metagame", "--resume needs --out")
	}
	g, shard, st := mf.check("metagame", stderr)
	if st >= 0 {
		return st
	}
	cfg := eval.Config{Game: g, Agents: rows, Opponents: cols, Games: *mf.games, Seed: *mf.seed, Workers: *mf.workers,
		Out: *out, Resume: *resume, Shard: shard, Progress: progressTo(stderr, isTerminal(stderr), *mf.quiet)}
	p, err := interruptible(func(ctx context.Context) (*metagame.Payoffs, error) {
		return metagame.Play(ctx, cfg)
	}, func(*metagame.Payoffs) string {
		if *out != "" {
			return fmt.Sprintf("; rerun with --resume to finish %s", *out)
		}
		return ""
	})
	if err != nil {
		return fail(stderr, err)
	}
	if shard.Sharded() {
		lo, hi := shard.Range(*mf.games)
		fmt.Fprintf(stdout, "%s: shard %s played (games %d to %d); join the shards with chariot merge, then analyse with chariot metagame --out MERGED --resume and the same flags\n",
			eval.ShortSpec(g), shard, lo, hi-1)
		return exitOK
	}
	an, err := metagame.Analyse(p, *mf.boot, *mf.seed)
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s, seed %d, %d games a cell; payoff: the %s side's return\n\n", eval.ShortSpec(g), *mf.seed, *mf.games, env.SeatName(g, 0))
	if err := writeMetagame(stdout, g, p, an); err != nil {
		return fail(stderr, err)
	}
	if *jsonOut != "" {
		if err := writeAnalysisJSON(*jsonOut, g, *mf.seed, p, an); err != nil {
			return fail(stderr, err)
		}
	}
	return exitOK
}

// writeMetagame prints the matrix, the equilibrium and the regrets.
func writeMetagame(w io.Writer, g env.Game, p *metagame.Payoffs, an metagame.Analysis) error {
	row, col := env.SeatName(g, 0), env.SeatName(g, 1)
	fmt.Fprintf(w, "Payoff matrix: %s's mean return with 95%% CI, %s agents by row, %s by column\n", row, row, col)
	t := eval.NewTable(w, append([]string{row + " \\ " + col}, p.Cols...))
	for i, r := range p.Rows {
		line := []string{r}
		for j := range p.Cols {
			line = append(line, ci(an.Mean[i][j], an.Half[i][j]))
		}
		t.Append(line)
	}
	t.Render()
	fmt.Fprintf(w, "\nValue of the meta-game to the %s: %.3f (95%% bootstrap interval %.3f to %.3f, %d replicates over games)\n\n",
		row, an.Value.Mean, an.Value.Lo, an.Value.Hi, an.Boot)
	side := func(name string, specs []string, mix []float64, regret []metagame.Interval, against string) {
		fmt.Fprintf(w, "%s: equilibrium mixture, and each agent's regret against the %s mixture (what it gives up against the value)\n", name, against)
		t := eval.NewTable(w, []string{"agent", "weight", "regret", "95% interval"})
		for i, s := range specs {
			t.Append([]string{s, num(mix[i]), num(regret[i].Mean), num(regret[i].Lo) + " to " + num(regret[i].Hi)})
		}
		t.Render()
	}
	side(row, p.Rows, an.Eq.Row, an.RowRegret, col)
	fmt.Fprintln(w)
	side(col, p.Cols, an.Eq.Col, an.ColRegret, row)
	return nil
}

// num writes a figure of the meta-game to three places, a rounding error
// below them as 0 (never "-0.000").
func num(v float64) string {
	if math.Abs(v) < 5e-4 {
		v = 0
	}
	return fmt.Sprintf("%.3f", v)
}

// analysisJSON is the analysis as a notebook reads it.
type analysisJSON struct {
	Game      string              `json:"game"`
	Seed      uint64              `json:"seed"`
	Games     int                 `json:"games"`
	RowSide   string              `json:"row_side"`
	ColSide   string              `json:"col_side"`
	Rows      []string            `json:"rows"`
	Cols      []string            `json:"cols"`
	Mean      [][]float64         `json:"mean"`
	Half      [][]float64         `json:"half"`
	RowMix    []float64           `json:"row_mixture"`
	ColMix    []float64           `json:"col_mixture"`
	Value     metagame.Interval   `json:"value"`
	RowRegret []metagame.Interval `json:"row_regret"`
	ColRegret []metagame.Interval `json:"col_regret"`
	Boot      int                 `json:"boot"`
}

func writeAnalysisJSON(path string, g env.Game, seed uint64, p *metagame.Payoffs, an metagame.Analysis) error {
	b, err := json.MarshalIndent(analysisJSON{
		Game: eval.GameSpec(g), Seed: seed, Games: p.Games, RowSide: env.SeatName(g, 0), ColSide: env.SeatName(g, 1),
		Rows: p.Rows, Cols: p.Cols, Mean: an.Mean, Half: an.Half, RowMix: an.Eq.Row, ColMix: an.Eq.Col,
		Value: an.Value, RowRegret: an.RowRegret, ColRegret: an.ColRegret, Boot: an.Boot,
	}, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(b, '\n'))
}
