package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// runAgents prints the registered agents with their options; with --game,
// only those that play it, each with the seats it takes, whether it is a
// baseline, and which the game recommends (agents.Recommended) and the
// advisor suggests by.
func runAgents(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("agents", flag.ContinueOnError)
	gameSpec := fs.String("game", "", "list only the agents that play this game (a spec, as "+defaultGame+":opponent=seat)")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	var g env.Game
	if *gameSpec != "" {
		var err error
		if g, err = env.NewGame(*gameSpec); err != nil {
			return fail(stderr, err)
		}
	}
	var entries []entry
	var rec agents.Recommendation
	advisor := ""
	if g != nil {
		rec, _ = agents.Recommended(g.Name())
		advisor = specName(advise.DefaultAgent(g))
	}
	for _, r := range agents.List() {
		desc := r.Description
		if g != nil {
			if r.Supports != nil && !r.Supports(g) {
				continue
			}
			var tags []string
			if r.Baseline {
				tags = append(tags, "baseline")
			}
			if seats := recommendedFor(g, rec.Search, r.Name); seats != "" {
				tags = append(tags, "recommended search"+seats)
			}
			if seats := recommendedFor(g, rec.Baseline, r.Name); seats != "" {
				tags = append(tags, "recommended baseline"+seats)
			}
			if r.Name == advisor {
				tags = append(tags, "the advisor's default")
			}
			if r.Seats != nil && g.NumPlayers() > 1 {
				var seats []string
				for _, p := range r.Seats {
					seats = append(seats, env.SeatName(g, env.Player(p)))
				}
				tags = append(tags, "plays "+strings.Join(seats, ", "))
			}
			if len(tags) > 0 {
				desc += " [" + strings.Join(tags, "; ") + "]"
			}
		}
		entries = append(entries, entry{r.Name, desc, r.Options})
	}
	return printEntries(stdout, stderr, entries)
}

// recommendedFor says whether agent name is among the recommended specs
// of g: "" where not, " (SPEC)" where it is for every seat, " for SEAT
// (SPEC)" for the seats it is recommended for.
func recommendedFor(g env.Game, specs []string, name string) string {
	var seats []string
	spec := ""
	for p := range g.NumPlayers() {
		if s := agents.For(specs, p, g.NumPlayers()); s != "" && specName(s) == name {
			seats = append(seats, env.SeatName(g, env.Player(p)))
			spec = s
		}
	}
	switch {
	case len(seats) == 0:
		return ""
	case len(specs) == 1:
		return " (" + spec + ")"
	}
	return " for " + strings.Join(seats, ", ") + " (" + spec + ")"
}

// specName is the agent name of a spec.
func specName(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

// entry is one game or agent to list.
type entry struct {
	name, description string
	options           []env.OptionDoc
}

// printEntries writes each entry's name and description, then its options
// as an aligned table: name, default, help.
func printEntries(stdout, stderr io.Writer, entries []entry) int {
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for i, e := range entries {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprintf(tw, "%s\t%s\n", e.name, e.description)
		for _, o := range e.options {
			fmt.Fprintf(tw, "  %s\tdefault %s\t%s\n", o.Name, o.Default, o.Help)
		}
	}
	if err := tw.Flush(); err != nil {
		return fail(stderr, fmt.Errorf("writing output: %w", err))
	}
	return exitOK
}
