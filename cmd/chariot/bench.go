package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
	"golang.org/x/term"
)

// runBench plays many games with each of several agents and prints their
// scores and paired differences; see package eval. A progress bar goes to
// stderr when it is a terminal.
func runBench(args []string, stdout, stderr io.Writer) int {
	return bench(args, stdout, stderr, isTerminal(stderr))
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// bench is runBench with the terminal test made: tty says whether stderr
// may receive a progress bar.
func bench(args []string, stdout, stderr io.Writer, tty bool) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	gameSpec := fs.String("game", defaultGame, "game spec, name or name:k=v,k=v (see chariot games)")
	dataPath := fs.String("data", "", dataFlagHelp)
	agentList := fs.String("agents", "", "comma-separated agent specs, as random,mcts:sims=800,c=1.4 (default: the baseline agents of the game, random first); in a game of two seats or more they meet in a round robin, seats swapped")
	seatList := fs.String("seats", "", "one agent spec per seat, as mcts,random: a single match instead of --agents")
	opponentList := fs.String("opponents", "", "agent specs that hold every seat but the first, each against each of --agents: the robustness table")
	wide := fs.Bool("wide", false, "add every verdict share, metric mean and the time per decision to the score table")
	fs.BoolVar(wide, "metrics", false, "the same as --wide")
	games := fs.Int("games", 1000, "games per agent, or per lineup of agents in seats")
	seed := fs.Uint64("seed", 1, "seed of the run: game i has the same seed, set-up and dice for every agent")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	ref := fs.String("ref", "", "reference agent of the paired differences, or of the ratings in a round robin, or the opponent the others are compared with against --opponents (default: the first agent, or opponent)")
	out := fs.String("out", "", "append one row per game to this file, .jsonl or .csv")
	resume := fs.Bool("resume", false, "continue the --out file: play only the games not in it, and report them all")
	quiet := fs.Bool("quiet", false, "no progress bar")
	sharding := addShardFlags(fs)
	dryRun := addDryRunFlag(fs)
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	shard, err := sharding.resolve(os.Getenv)
	if err != nil {
		return usageError(stderr, "bench", err.Error())
	}
	if *dryRun {
		sayDryRun(stdout, fs, shard, nil)
		return exitOK
	}
	switch {
	case *games < 1:
		return usageError(stderr, "bench", fmt.Sprintf("--games %d: need at least 1", *games))
	case *workers < 1:
		return usageError(stderr, "bench", fmt.Sprintf("--workers %d: need at least 1", *workers))
	case *resume && *out == "":
		return usageError(stderr, "bench", "--resume needs --out")
	}
	if *out != "" {
		if _, err := eval.OutFormat(*out); err != nil {
			return usageError(stderr, "bench", "--out "+*out+": want a .jsonl or .csv file")
		}
	}

	if shard.Sharded() && *out != "" && !strings.EqualFold(filepath.Ext(*out), ".jsonl") {
		return usageError(stderr, "bench", "--out "+*out+": a shard writes a .jsonl file, which carries the run's identity for chariot merge")
	}
	g, err := newGame(*gameSpec, *dataPath)
	if err != nil {
		return fail(stderr, err)
	}
	var specs, seats, opponents []string
	if *seatList != "" {
		if *agentList != "" || *opponentList != "" {
			return usageError(stderr, "bench", "--seats names every seat's agent: no --agents or --opponents with it")
		}
		if seats = eval.SplitAgents(*seatList); len(seats) == 0 {
			return usageError(stderr, "bench", "--seats lists no agent")
		}
	} else if *agentList == "" {
		specs = agents.Baselines(g)
		if g.NumPlayers() == 2 && agents.OneSided(g) && *opponentList == "" {
			// Sides with baselines of their own: each first-seat baseline
			// against each second-seat one, sides fixed by the game.
			specs, opponents = agents.BaselinesFor(g, 0), agents.BaselinesFor(g, 1)
			if r, err := agents.Lookup("rules"); err == nil && r.Supports(g) {
				// The printed rules' own side, the reference of the others.
				opponents = append([]string{"rules"}, opponents...)
			}
		}
		if len(specs) == 0 {
			return fail(stderr, fmt.Errorf("no baseline agent plays %s; name agents with --agents", g.Name()))
		}
		// Random first, so that it is the reference the others are
		// compared with.
		specs = randomFirst(specs)
		if len(opponents) > 0 && opponents[0] != "rules" {
			opponents = randomFirst(opponents)
		}
	} else {
		specs = eval.SplitAgents(*agentList)
		if len(specs) == 0 {
			return usageError(stderr, "bench", "--agents lists no agent")
		}
	}
	if *opponentList != "" {
		if opponents = eval.SplitAgents(*opponentList); len(opponents) == 0 {
			return usageError(stderr, "bench", "--opponents lists no agent")
		}
	}
	for _, list := range [][]string{specs, seats, opponents} {
		for i, s := range list {
			if list[i], err = eval.CanonicalAgent(s); err != nil {
				return fail(stderr, err)
			}
		}
	}
	refSpec := ""
	if *ref != "" {
		if refSpec, err = eval.CanonicalAgent(*ref); err != nil {
			return fail(stderr, err)
		}
		switch {
		case len(seats) > 0:
			return usageError(stderr, "bench", "--ref "+refSpec+": a single lineup (--seats) has no reference agent")
		case len(opponents) > 0:
			// Against opponents each agent is compared with itself against
			// the first opponent: the reference is an opponent, moved first.
			i := slices.Index(opponents, refSpec)
			if i < 0 {
				return usageError(stderr, "bench", fmt.Sprintf("--ref %s: against opponents the reference is one of the opponents (%s)", refSpec, strings.Join(opponents, ", ")))
			}
			opponents = slices.Concat([]string{refSpec}, opponents[:i], opponents[i+1:])
			refSpec = ""
		case !slices.Contains(specs, refSpec):
			return usageError(stderr, "bench", fmt.Sprintf("--ref %s is not one of the agents (%s)", refSpec, strings.Join(specs, ", ")))
		}
	}

	cfg := eval.Config{
		Game:      g,
		Agents:    specs,
		Seats:     seats,
		Opponents: opponents,
		Games:     *games,
		Seed:      *seed,
		Workers:   *workers,
		Out:       *out,
		Resume:    *resume,
		Shard:     shard,
	}
	cfg.Progress = progressTo(stderr, tty, *quiet)
	cfg.Warn = stderr
	// The games are summarised as they finish, so memory does not grow
	// with their number, and an interrupted run still has its table.
	var tally *eval.Tally
	_, err = interruptible(func(ctx context.Context) (struct{}, error) {
		return struct{}{}, eval.Stream(ctx, cfg, func(mode eval.Mode, labels []string) {
			r := refSpec
			if r == "" && mode == eval.RoundRobin {
				// The first agent, whichever seat its first lineup gives it.
				r = specs[0]
			}
			tally = eval.NewTally(mode, labels, r)
		}, func(r eval.GameResult) error {
			tally.Add(r)
			return nil
		})
	}, func(struct{}) string {
		if *out != "" {
			return fmt.Sprintf(" with %d games in %s; rerun with --resume to finish it", tally.Games(), *out)
		}
		return fmt.Sprintf(" after %d games", tally.Games())
	})
	// Without a results file, an interrupted run's games are only in the
	// tally: print their table before saying it was interrupted.
	if err != nil && (*out != "" || !errors.Is(err, errInterrupted) || tally == nil || tally.Games() == 0) {
		return fail(stderr, err)
	}
	rep, rerr := tally.Report()
	if rerr != nil {
		return fail(stderr, rerr)
	}
	rep.NoteSeats(g)
	heading := benchHeading(eval.ShortSpec(g), *seed, tabled(rep, *games), rep.Mode)
	if shard.Sharded() {
		lo, hi := shard.Range(*games)
		heading += fmt.Sprintf(", shard %s (games %d to %d)", shard, lo, hi-1)
	}
	if werr := writeReport(stdout, heading, rep, *wide); werr != nil {
		return fail(stderr, werr)
	}
	if err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// benchHeading is the line above bench's tables; games is how many each
// lineup played, as tabled says.
func benchHeading(game string, seed uint64, games string, mode eval.Mode) string {
	per := "lineup"
	if mode == eval.Solo {
		per = "agent"
	}
	return fmt.Sprintf("%s, seed %d, %s games per %s", game, seed, games, per)
}

// tabled is how many games each lineup of the tables has, "50" or "10 to
// 50": a resumed file may hold more than --games asked (the default when
// there are none).
func tabled(rep eval.Report, asked int) string {
	if len(rep.Agents) == 0 {
		return fmt.Sprint(asked)
	}
	lo, hi := rep.Agents[0].Games, rep.Agents[0].Games
	for _, a := range rep.Agents {
		lo, hi = min(lo, a.Games), max(hi, a.Games)
	}
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// writeReport prints the heading and the tables of a bench or a merge.
func writeReport(stdout io.Writer, heading string, rep eval.Report, wide bool) error {
	var opts []eval.Option
	if wide {
		opts = append(opts, eval.Wide)
	}
	if _, err := fmt.Fprintf(stdout, "%s\n\n", heading); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	if err := eval.WriteTables(stdout, rep, opts...); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// randomFirst moves random to the head of a list of agents.
func randomFirst(specs []string) []string {
	if i := slices.Index(specs, "random"); i > 0 {
		return slices.Concat([]string{"random"}, specs[:i], specs[i+1:])
	}
	return specs
}
