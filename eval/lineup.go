package eval

import (
	"fmt"
	"slices"
	"strings"
)

// Mode says how a run puts agents in seats.
type Mode int

const (
	// Solo: every seat of a game is played by one agent, each agent in
	// turn (a solitaire game, or a seat game with a single agent). The
	// report is the score table and the paired differences.
	Solo Mode = iota
	// RoundRobin: every pair of agents meets, each taking every seat
	// against the other, so neither gains from moving first. The report
	// adds win, draw and loss rates, a pairwise matrix and ratings.
	RoundRobin
	// Lineup: one agent per seat, as Config.Seats gives them.
	Lineup
	// Opponents: each agent plays seat 0 against each opponent in every
	// other seat (the side a solitaire game's rules play, opened as a
	// seat). The report adds the robustness table: seat 0's mean score
	// by agent and opponent.
	Opponents
)

// lineupSep separates the agents of a lineup in its label. Agent specs
// never hold it (their options are separated by commas).
const lineupSep = " vs "

// Label names a lineup, the agents of seats 0, 1, ... in order: the
// agent's spec alone when one agent holds every seat, so a solo run's rows
// are labelled as they always were.
func Label(seats []string) string {
	if len(seats) > 0 && !slices.ContainsFunc(seats, func(s string) bool { return s != seats[0] }) {
		return seats[0]
	}
	return strings.Join(seats, lineupSep)
}

// lineups lists the seat assignments a run plays, in the order its jobs go
// and its report lists them, with the mode they make.
func lineups(n int, specs, seats, opponents []string) (Mode, [][]string, error) {
	fill := func(first, rest string) []string {
		l := make([]string, n)
		for p := range l {
			l[p] = rest
		}
		l[0] = first
		return l
	}
	switch {
	case len(seats) > 0:
		if len(specs) > 0 || len(opponents) > 0 {
			return 0, nil, fmt.Errorf("seats are given one agent each: no other agents or opponents with them")
		}
		if len(seats) != n {
			return 0, nil, fmt.Errorf("%d seats given, but the game has %d", len(seats), n)
		}
		return Lineup, [][]string{slices.Clone(seats)}, nil
	case len(opponents) > 0:
		if n < 2 {
			return 0, nil, fmt.Errorf("opponents need a game of two seats or more; this one has %d (does it open its automated side as a seat with a game option?)", n)
		}
		var out [][]string
		for _, a := range specs {
			for _, o := range opponents {
				out = append(out, fill(a, o))
			}
		}
		return Opponents, out, nil
	case n < 2 || len(specs) == 1:
		var out [][]string
		for _, a := range specs {
			out = append(out, fill(a, a))
		}
		return Solo, out, nil
	}
	// Every pair meets in every lineup where one of the two holds one seat
	// and the other the rest, both ways round; for two seats that is A
	// against B and B against A.
	var out [][]string
	seen := map[string]bool{}
	for i, a := range specs {
		for _, b := range specs[i+1:] {
			for _, pair := range [][2]string{{a, b}, {b, a}} {
				for p := range n {
					l := fill(pair[1], pair[1])
					l[p] = pair[0]
					if k := Label(l); !seen[k] {
						seen[k] = true
						out = append(out, l)
					}
				}
			}
		}
	}
	return RoundRobin, out, nil
}
