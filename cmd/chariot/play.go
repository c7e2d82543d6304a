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
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
)

// runPlay plays one game, with the same agent spec at every seat or one
// agent a seat (--seats), and prints a log of the steps, the final
// position and the score.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	gameSpec := fs.String("game", "", "game spec, name or name:k=v,k=v (see chariot games)")
	agentSpec := fs.String("agent", "random", "agent spec for every seat (see chariot agents)")
	seatList := fs.String("seats", "", "one agent spec per seat in seat order, as coastalpush,withdrawal for anvil (instead of --agent)")
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
	specs, err := playAgents(g, *agentSpec, *seatList, flagSet(fs, "agent"))
	if err != nil {
		return usageError(stderr, "play", err.Error())
	}
	players := make([]agents.Agent, g.NumPlayers())
	for i := range players {
		if players[i], err = agents.New(specs[i], g, agents.SeatSeed(*seed, i)); err != nil {
			return fail(stderr, err)
		}
	}

	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "game %s:%s, %s, seed %d\n", g.Name(), g.Options(), seatLine(g, specs), *seed)
	step, phase := 0, ""
	var observer func(env.State, env.Action, env.Player)
	if *logSteps {
		observer = func(s env.State, a env.Action, who env.Player) {
			if p, ok := s.(env.Phaser); ok && p.Phase() != phase {
				phase = p.Phase()
				fmt.Fprintf(w, "-- %s\n", phase)
			}
			step++
			line := fmt.Sprintf("%5d  %-7s  %-28s", step, env.SeatName(g, who), s.ActionString(a))
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

// flagSet reports whether the flag name was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// playAgents is the agent spec of each seat of g: --seats, one a seat, or
// --agent at every seat. An agent that plays only some seats is refused
// before the game, with the seats it plays, rather than at its first turn
// in another.
func playAgents(g env.Game, agent, seatList string, agentSet bool) ([]string, error) {
	n := g.NumPlayers()
	if seatList != "" {
		if agentSet {
			return nil, errors.New("--seats names every seat's agent: no --agent with it")
		}
		specs := eval.SplitAgents(seatList)
		if len(specs) != n {
			return nil, fmt.Errorf("--seats lists %d agents for the %d seats of %s (%s)", len(specs), n, g.Name(), seatNames(g))
		}
		for p, spec := range specs {
			if err := agents.CheckSeat(spec, g, p); err != nil {
				return nil, fmt.Errorf("--seats: %w", err)
			}
		}
		return specs, nil
	}
	specs := make([]string, n)
	for p := range specs {
		if err := agents.CheckSeat(agent, g, p); err != nil {
			return nil, fmt.Errorf("--agent: %w: give each seat its agent with --seats (%s)", err, seatNames(g))
		}
		specs[p] = agent
	}
	return specs, nil
}

func seatNames(g env.Game) string {
	names := make([]string, g.NumPlayers())
	for p := range names {
		names[p] = env.SeatName(g, env.Player(p))
	}
	return strings.Join(names, ", ")
}

// seatLine says which agent plays which seat: "agent random" when one
// plays them all.
func seatLine(g env.Game, specs []string) string {
	if slices.Equal(specs, slices.Repeat(specs[:1], len(specs))) {
		return "agent " + specs[0]
	}
	parts := make([]string, len(specs))
	for p, spec := range specs {
		parts[p] = env.SeatName(g, env.Player(p)) + " " + spec
	}
	return "agents " + strings.Join(parts, ", ")
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
