package anvil

import (
	"fmt"
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

// DefaultOptions are the historical scenario without the variant.
func DefaultOptions() Options { return Options{Scenario: 1} }

// optionDocs document every option.
var optionDocs = []env.OptionDoc{
	{Name: "scenario", Default: "1", Help: "1 historical (15 Aug 1944), 2 what-if June 6th 1944, 3 what-if after German redeployment"},
	{Name: "combat_groups", Default: "false", Help: "variant 10: combat groups formed each turn and activated whole"},
	{Name: "combined_arms_grouped", Default: "false", Help: "5.7 item 3 read literally: artillery and anti-tank one combined-arms type"},
	{Name: "turns", Default: "0", Help: "game length in turns; 0 keeps the scenario's"},
	{Name: "data", Default: "", Help: "default (the embedded reconstruction, as when left out) or the path of an alternative data file (map, counters, tables, scenarios)", Kind: env.FileOption},
}

// ParseOptions reads key=value params over the defaults; "data" is
// returned apart.
func ParseOptions(p env.Params) (Options, string, error) {
	o := DefaultOptions()
	if err := p.CheckKnown(optionDocs); err != nil {
		return o, "", err
	}
	for k, dst := range map[string]*bool{"combat_groups": &o.CombatGroups, "combined_arms_grouped": &o.CombinedArmsGrouped} {
		if v, ok := p[k]; ok {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, "", fmt.Errorf("option %s=%q: want true or false", k, v)
			}
			*dst = b
		}
	}
	for _, it := range []struct {
		key    string
		dst    *int
		lo, hi int
	}{{"scenario", &o.Scenario, 1, 9}, {"turns", &o.Turns, 0, 30}} {
		if v, ok := p[it.key]; ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < it.lo || n > it.hi {
				return o, "", fmt.Errorf("option %s=%q: want a whole number from %d to %d", it.key, v, it.lo, it.hi)
			}
			*it.dst = n
		}
	}
	return o, p["data"], nil
}

// Params writes the options canonically.
func (o Options) Params() env.Params {
	return env.Params{
		"scenario": strconv.Itoa(o.Scenario), "combat_groups": strconv.FormatBool(o.CombatGroups),
		"combined_arms_grouped": strconv.FormatBool(o.CombinedArmsGrouped), "turns": strconv.Itoa(o.Turns),
	}
}
