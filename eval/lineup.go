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
// and its report lists them, with the mode they make. seatErr, if not nil,
// reports an agent that does not play a seat (an agent of one side): a
// round robin leaves out the lineups that would seat it there, and other
// modes, whose lineups are asked for one by one, refuse them.
func lineups(n int, specs, seats, opponents []string, seatErr func(spec string, seat int) error) (Mode, [][]string, error) {
	if seatErr == nil {
		seatErr = func(string, int) error { return nil }
	}
	// check is the error of the first seat of l its agent does not play.
	check := func(l []string) error {
		for p, s := range l {
			if err := seatErr(s, p); err != nil {
				return err
			}
		}
		return nil
	}
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
		if err := check(seats); err != nil {
			return 0, nil, err
		}
		return Lineup, [][]string{slices.Clone(seats)}, nil
	case len(opponents) > 0:
		if n < 2 {
			return 0, nil, fmt.Errorf("opponents need a game of two seats or more; this one has %d (does it open its automated side as a seat with a game option?)", n)
		}
		var out [][]string
		for _, a := range specs {
			for _, o := range opponents {
				l := fill(a, o)
				if err := check(l); err != nil {
					return 0, nil, err
				}
				out = append(out, l)
			}
		}
		return Opponents, out, nil
	case n < 2 || len(specs) == 1:
		var out [][]string
		for _, a := range specs {
			l := fill(a, a)
			if err := check(l); err != nil {
				return 0, nil, fmt.Errorf("%w: it cannot hold every seat, so meet it with agents of the other side (--agents, --opponents)", err)
			}
			out = append(out, l)
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
					if k := Label(l); !seen[k] && check(l) == nil {
						seen[k] = true
						out = append(out, l)
					}
				}
			}
		}
	}
	if len(out) == 0 {
		return 0, nil, fmt.Errorf("no lineup seats every agent where it plays: %w", check(fill(specs[0], specs[1])))
	}
	return RoundRobin, out, nil
}
