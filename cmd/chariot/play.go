package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
)

// runPlay plays one game with the same agent spec at every seat and prints
// a log of the steps, the final position and the score.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	gameSpec := fs.String("game", "", "game spec, name or name:k=v,k=v (see chariot games)")
	agentSpec := fs.String("agent", "random", "agent spec for every seat (see chariot agents)")
	seed := fs.Uint64("seed", 1, "seed of the game, its dice and the agents")
	logSteps := fs.Bool("log", true, "print one line per step")
	dataPath := fs.String("data", "", dataFlagHelp)
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	if *gameSpec == "" {
		return usageError(stderr, "play", "missing --game (see chariot games)")
	}
	g, err := newGame(*gameSpec, *dataPath)
	if err != nil {
		return fail(stderr, err)
	}
	players := make([]agents.Agent, g.NumPlayers())
	for i := range players {
		if players[i], err = agents.New(*agentSpec, g, agents.SeatSeed(*seed, i)); err != nil {
			return fail(stderr, err)
		}
	}

	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "game %s:%s, agent %s, seed %d\n", g.Name(), g.Options(), *agentSpec, *seed)
	step, phase := 0, ""
	var observer func(env.State, env.Action, env.Player)
	if *logSteps {
		observer = func(s env.State, a env.Action, who env.Player) {
			if p, ok := s.(env.Phaser); ok && p.Phase() != phase {
				phase = p.Phase()
				fmt.Fprintf(w, "-- %s\n", phase)
			}
			step++
			line := fmt.Sprintf("%5d  %-7s  %-28s", step, whoString(who), s.ActionString(a))
			if p, ok := s.(env.Prompter); ok && p.Prompt() != "" {
				line += "  " + p.Prompt()
			}
			fmt.Fprintln(w, strings.TrimRight(line, " "))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	end, runErr := agents.RunEpisode(ctx, g, *seed, players, observer)
	if end != nil {
		printEnd(w, end)
	}
	if err := errors.Join(runErr, w.Flush()); err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// whoString names the chooser of an action.
func whoString(p env.Player) string {
	if p == env.Chance {
		return "chance"
	}
	return fmt.Sprintf("seat %d", p)
}

// printEnd writes the final position and its score.
func printEnd(w io.Writer, s env.State) {
	sc := s.Score()
	fmt.Fprintln(w)
	fmt.Fprintln(w, s.String())
	fmt.Fprintf(w, "value: %g\n", sc.Value)
	fmt.Fprintf(w, "verdict: %s\n", sc.Verdict)
	for _, m := range sc.Metrics {
		fmt.Fprintf(w, "%s: %g\n", m.Name, m.Value)
	}
}
