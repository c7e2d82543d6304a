package ahraid

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Options are the variants of the game. The zero value is not the
// default: use DefaultOptions.
type Options struct {
	// Turns is the game length; 0 takes the data set's turn track.
	Turns int
	// OpponentSeat opens the German side as seat 1: where the aid's
	// procedures choose (a German unit's move, its target, consolidation),
	// seat 1 chooses among what the pieces may physically do.
	OpponentSeat bool
	// TargetByNumber picks the boat a harbour or quay hit falls on by a die
	// read as a boat number, the nearest afloat number standing in for a
	// sunk or departed one (the aid's wording), instead of a uniform pick
	// among the boats in reach (RULINGS.md A4).
	TargetByNumber bool
	// FightFailElim eliminates a reduced German unit that fires and misses
	// (one reading of step 18; RULINGS.md A11).
	FightFailElim bool
	// GermanExitCost charges German units the movement point for leaving an
	// area commandos hold, as the engine did before ruling A31; the aid
	// charges it to commandos and armoured cars only.
	GermanExitCost bool
}

// DefaultOptions are the rulings of RULINGS.md with the data's turn track:
// every option at its documented default.
func DefaultOptions() Options { return env.DocumentedDefaults(ParseOptions) }

// optionDocs document every option, for the registry and the CLI.
var optionDocs = []env.OptionDoc{
	{Name: "turns", Default: "0", Help: "number of turns, 1-40 (0: the data set's turn track, 20 turns 0128-0322)"},
	{Name: "opponent", Default: "rules", Help: "rules: the aid plays the Germans; seat: the Germans are seat 1 (the rules agent plays them as the aid does)"},
	{Name: "target_by_number", Default: "false", Help: "a hit's target boat is a die read as a boat number, nearest afloat number if gone (ruling A4)"},
	{Name: "fight_fail_elim", Default: "false", Help: "a reduced German unit that fires and misses is eliminated (ruling A11)"},
	{Name: "german_exit_cost", Default: "false", Help: "German units also pay the 1 MF for leaving an area commandos hold (the aid: commandos and armoured cars only; ruling A31)"},
	{Name: "data", Default: "", Help: "default (the embedded reconstruction, as when left out) or the path of an alternative data file (map, counters, tables)", Kind: env.FileOption},
}

// ParseOptions reads key=value params, each option absent taking its
// documented default. The "data" key is not an option of the rules and is
// returned separately.
func ParseOptions(p env.Params) (Options, string, error) {
	r := env.ReadOptions(p, optionDocs)
	o := Options{
		Turns:          r.Int("turns", 0, 40),
		OpponentSeat:   r.Choice("opponent", "rules", "seat") == "seat",
		TargetByNumber: r.Bool("target_by_number"),
		FightFailElim:  r.Bool("fight_fail_elim"),
		GermanExitCost: r.Bool("german_exit_cost"),
	}
	data := r.String("data")
	if err := r.Err(); err != nil {
		return Options{}, "", err
	}
	return o, data, nil
}

// Params writes the options as canonical key=value text.
func (o Options) Params() env.Params {
	opp := "rules"
	if o.OpponentSeat {
		opp = "seat"
	}
	return env.Params{"turns": strconv.Itoa(o.Turns), "opponent": opp,
		"target_by_number": strconv.FormatBool(o.TargetByNumber), "fight_fail_elim": strconv.FormatBool(o.FightFailElim),
		"german_exit_cost": strconv.FormatBool(o.GermanExitCost)}
}
