package skirmish

import (
	"maps"
	"slices"
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Options are the variants of the skirmish. The zero value is not the
// default: use DefaultOptions.
type Options struct {
	// Reactions names the authored German reaction set: "sleepy" or
	// "alert" (reactions.go).
	Reactions string
	// Seat makes the Germans seat 1 (opponent=seat): their choices are a
	// player's, and the reaction rules are what the rules agent plays.
	Seat bool
	// Turns overrides the scenario's turn limit (0: the scenario's).
	Turns int
}

// DefaultOptions: a sleepy garrison played by the reaction rules, every
// option at its documented default.
func DefaultOptions() Options { return env.DocumentedDefaults(ParseOptions) }

// optionDocs document every option.
var optionDocs = []env.OptionDoc{
	{Name: "reactions", Default: "sleepy", Help: "authored German reaction set: sleepy (a garrison to be woken) or alert (alarm raised, lights lit)"},
	{Name: "opponent", Default: "rules", Help: "rules: the Germans are played by the reaction rules; seat: the Germans are seat 1"},
	{Name: "turns", Default: "0", Help: "turn limit, overriding the scenario's (0: the scenario's)"},
	{Name: "data", Default: "", Help: "default (the embedded reconstruction, as when left out) or the path of a scenario file (table, terrain, forces, victory)", Kind: env.FileOption},
}

// ParseOptions reads key=value params, each option absent taking its
// documented default; "data" is returned apart.
func ParseOptions(p env.Params) (Options, string, error) {
	r := env.ReadOptions(p, optionDocs)
	o := Options{
		Reactions: r.Choice("reactions", slices.Sorted(maps.Keys(reactionSets))...),
		Seat:      r.Choice("opponent", "rules", "seat") == "seat",
		Turns:     r.Int("turns", 0, 20),
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
	if o.Seat {
		opp = "seat"
	}
	return env.Params{"reactions": o.Reactions, "opponent": opp, "turns": strconv.Itoa(o.Turns)}
}
