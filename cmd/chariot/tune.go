package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/tune"
)

func init() {
	register("tune", command{"tune an agent's options by successive halving over common-random-number games", runTune})
}

// runTune searches an agent's options (see package train/tune), prints the
// candidates with their paired confidence intervals against the agent's
// defaults, and saves the best spec for the agent "tuned".
func runTune(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	gameSpec := fs.String("game", defaultGame, "game spec")
	dataPath := fs.String("data", "", dataFlagHelp)
	agentSpec := fs.String("agent", "mcts:sims=50", "agent and its fixed options; also the reference candidate")
	params := fs.String("params", "", "options to tune: name=lo:hi (a range) or name=a|b|c (a list), comma-separated, e.g. c=0.5:4,sims=100:2000")
	budget := fs.Int("budget", 400, "games to play in all")
	candidates := fs.Int("candidates", 8, "candidates drawn, besides the reference")
	seed := fs.Uint64("seed", 1, "seed of the candidates and of the games")
	confirm := fs.Int("confirm", 0, "then play the best and the reference on this many fresh games (seed+1)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	out := fs.String("out", "tuned.spec", "file to save the best spec in (for tuned:file=...)")
	results := fs.String("results", "", "results file of the games, resumed if it exists (default: --out with .games.jsonl)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	seatName := fs.String("seat", "0", "in a game of several seats, the seat to improve, by name or number (seat 0, or seat 1 of a two-seat game)")
	population := fs.String("population", "", "in a game of several seats, the agents of the other side the candidates meet, comma-separated: each candidate is ranked by its mean return against them, on the same games")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	switch {
	case *params == "":
		return usageError(stderr, "tune", "missing --params")
	case *budget < 1:
		return usageError(stderr, "tune", "--budget: need at least 1 game")
	case *candidates < 1:
		return usageError(stderr, "tune", "--candidates: need at least 1")
	case *workers < 1:
		return usageError(stderr, "tune", "--workers: need at least 1")
	case *confirm < 0:
		return usageError(stderr, "tune", fmt.Sprintf("--confirm %d: want 0 (none) or more games", *confirm))
	}
	space, err := tune.ParseSpace(*params)
	if err != nil {
		return usageError(stderr, "tune", "--params: "+err.Error())
	}
	g, err := newGame(*gameSpec, *dataPath)
	if err != nil {
		return fail(stderr, err)
	}
	seat, err := search.ParseSeat(g, *seatName)
	if err != nil {
		return usageError(stderr, "tune", "--seat: "+err.Error())
	}
	if *results == "" {
		*results = strings.TrimSuffix(*out, ".spec") + ".games.jsonl"
	}
	cfg := tune.Config{Game: g, Agent: *agentSpec, Space: space, Candidates: *candidates, Budget: *budget, Seed: *seed,
		Workers: *workers, Out: *results, Log: stderr, Confirm: *confirm, ConfirmSeed: *seed + 1,
		ConfirmOut: strings.TrimSuffix(*results, ".jsonl") + ".confirm.jsonl", Seat: seat, Population: eval.SplitAgents(*population)}
	cfg.Progress = progressTo(stderr, isTerminal(stderr), *quiet)
	res, err := interruptible(func(ctx context.Context) (tune.Result, error) {
		return tune.Run(ctx, cfg)
	}, func(tune.Result) string {
		return "; rerun the same command to resume from " + *results
	})
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s, seed %d, budget %d games; reference (untuned): %s\n\n", eval.GameSpec(g), *seed, *budget, res.Reference)
	fmt.Fprintln(stdout, "Candidates, by the last round reached, then mean score; paired difference against the reference over the games both played (95% CI)")
	t := eval.NewTable(stdout, []string{"candidate", "rounds", "games", "mean ± 95% CI", "paired vs reference"})
	for _, c := range res.Candidates {
		diff := "(reference)"
		if c.Spec != res.Reference {
			diff = ci(c.Diff, c.DiffHalf)
		}
		t.Append([]string{c.Spec, fmt.Sprint(c.Round + 1), fmt.Sprint(c.Games), ci(c.Mean, c.Half), diff})
	}
	t.Render()
	if res.Confirmed.Games > 0 {
		fmt.Fprintf(stdout, "\nConfirmation on %d fresh games (seed %d): best %s\n", res.Confirmed.Games, *seed+1, ci(res.Confirmed.Mean, res.Confirmed.Half))
		fmt.Fprintf(stdout, "reference %s; paired difference best − reference %s\n", ci(res.ConfirmedRef.Mean, res.ConfirmedRef.Half), ci(res.Confirmed.Diff, res.Confirmed.DiffHalf))
	}
	if err := agents.SaveSpec(*out, res.Best); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "\nbest: %s\nsaved in %s: chariot bench --agents %s,tuned:file=%s\n", res.Best, *out, res.Reference, *out)
	return exitOK
}

// ci writes a mean and the half-width of its interval.
func ci(mean, half float64) string {
	if half != half {
		return fmt.Sprintf("%.2f", mean)
	}
	return fmt.Sprintf("%.2f ± %.2f", mean, half)
}
