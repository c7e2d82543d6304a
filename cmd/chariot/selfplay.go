package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/train/selfplay"
)

func init() {
	register("selfplay", command{"play games with an agent and record its decisions as a training dataset", runSelfplay})
}

// runSelfplay plays games with one agent in every seat (or one per seat) and appends each
// game's decisions to a dataset (see package train/dataset for the format). A
// progress bar goes to stderr when it is a terminal.
func runSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	gameSpec := fs.String("game", defaultGame, "game spec")
	dataPath := fs.String("data", "", dataFlagHelp)
	seat := fs.Int("seat", -1, "record this seat's decisions only (-1: every seat; seats with features of their own need one at a time)")
	agentSpec := fs.String("agent", "", "agent spec that plays every seat (default: mcts:sims=200 rolling out with the game's rollout agent as its prior, as mcts:sims=200,rollout=greedy,prior=3 on St. Nazaire)")
	seatList := fs.String("seats", "", "one agent spec per seat instead, as greedy,concentrate for "+defaultGame+":opponent=seat")
	games := fs.Int("games", 100, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the run: game i has the seed and dice of game i of `chariot bench --seed` with the same seed")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	out := fs.String("out", "", "dataset file (JSON lines), appended game by game")
	resume := fs.Bool("resume", false, "continue the --out file: play only the games not in it")
	quiet := fs.Bool("quiet", false, "no progress bar")
	teacher := fs.String("teacher", "", "agent spec that labels each recorded decision instead of the player's choice (DAgger: the positions the players reach, the teacher's choices and visit counts)")
	stateOnly := fs.Bool("state-only", false, "record no state–action features (enough for a value model and a policy head, train --model mlp --head)")
	sharding := addShardFlags(fs)
	dryRun := addDryRunFlag(fs)
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	shard, err := sharding.resolve(os.Getenv)
	if err != nil {
		return usageError(stderr, "selfplay", err.Error())
	}
	if *dryRun {
		sayDryRun(stdout, fs, shard, nil)
		return exitOK
	}
	switch {
	case *out == "":
		return usageError(stderr, "selfplay", "missing --out")
	case *games < 1:
		return usageError(stderr, "selfplay", fmt.Sprintf("--games %d: need at least 1", *games))
	case *workers < 1:
		return usageError(stderr, "selfplay", fmt.Sprintf("--workers %d: need at least 1", *workers))
	}
	g, err := newGame(*gameSpec, *dataPath)
	if err != nil {
		return fail(stderr, err)
	}
	if *agentSpec == "" && *seatList == "" {
		*agentSpec = "mcts:sims=200"
		if r := agents.RolloutAgent(g); r != "" {
			*agentSpec += ",rollout=" + r + ",prior=3"
		}
	}
	cfg := selfplay.Config{Game: g, Agent: *agentSpec, Seats: eval.SplitAgents(*seatList), Games: *games, Seed: *seed, Workers: *workers, Out: *out, Resume: *resume, Seat: *seat, Shard: shard, StateOnly: *stateOnly, Teacher: *teacher}
	cfg.Progress = progressTo(stderr, isTerminal(stderr), *quiet)
	cfg.Warn = stderr
	n, err := interruptible(func(ctx context.Context) (int, error) {
		return selfplay.Run(ctx, cfg)
	}, func(n int) string {
		return fmt.Sprintf(" after %d games in %s; rerun with --resume to finish it", n, *out)
	})
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%d games played into %s\n", n, *out)
	return exitOK
}
