package anvil

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Options are the rule variants of Striking the Anvil.
type Options struct {
	// Scenario is 1 (historical, 15 August 1944), 2 (what-if 1, 6 June
	// 1944) or 3 (what-if 2, 15 August after the German redeployment).
	Scenario int
	// CombatGroups is the variant of section 10.
	CombatGroups bool
	// CombinedArmsGrouped reads 5.7's item 3 literally: artillery and
	// anti-tank are one combined-arms type (example 3 counts them apart).
	CombinedArmsGrouped bool
	// Turns shortens the game; 0 keeps the scenario's length.
	Turns int
}

// DefaultOptions are the historical scenario without the variant: every
// option at its documented default.
func DefaultOptions() Options { return env.DocumentedDefaults(ParseOptions) }

// optionDocs document every option.
var optionDocs = []env.OptionDoc{
	{Name: "scenario", Default: "1", Help: "1 historical (15 Aug 1944), 2 what-if June 6th 1944, 3 what-if after German redeployment"},
	{Name: "combat_groups", Default: "false", Help: "variant 10: combat groups formed each turn and activated whole"},
	{Name: "combined_arms_grouped", Default: "false", Help: "5.7 item 3 read literally: artillery and anti-tank one combined-arms type"},
	{Name: "turns", Default: "0", Help: "game length in turns; 0 keeps the scenario's"},
	{Name: "data", Default: "", Help: "default (the embedded reconstruction, as when left out) or the path of an alternative data file (map, counters, tables, scenarios)", Kind: env.FileOption},
}

// ParseOptions reads key=value params, each option absent taking its
// documented default; "data" is returned apart.
func ParseOptions(p env.Params) (Options, string, error) {
	r := env.ReadOptions(p, optionDocs)
	o := Options{
		Scenario:            r.Int("scenario", 1, 9),
		CombatGroups:        r.Bool("combat_groups"),
		CombinedArmsGrouped: r.Bool("combined_arms_grouped"),
		Turns:               r.Int("turns", 0, 30),
	}
	data := r.String("data")
	if err := r.Err(); err != nil {
		return Options{}, "", err
	}
	return o, data, nil
}

// Params writes the options canonically.
func (o Options) Params() env.Params {
	return env.Params{
		"scenario": strconv.Itoa(o.Scenario), "combat_groups": strconv.FormatBool(o.CombatGroups),
		"combined_arms_grouped": strconv.FormatBool(o.CombinedArmsGrouped), "turns": strconv.Itoa(o.Turns),
	}
}
