package stnazaire

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Options are the rule variants of Commandos at St. Nazaire. The zero value
// is not the default: use DefaultOptions.
type Options struct {
	// BirneyAssist is optional rule 5.2.3: if Birney fails, another assault
	// team landing at the Old Mole may attack FlaK #12.
	BirneyAssist bool
	// GermanVariant is the rules variant of 8.1: Germans spread evenly over
	// equal-cost spaces next to a commando, prefer square spaces, and a D10
	// settles what remains.
	GermanVariant bool
	// Mortar is optional rule 9.3: Hodgson's team may fire its mortar along
	// a dashed connection.
	Mortar bool
	// EasyPinned is the easier variant of 10: a pinned unit may occupy a
	// vacated space with a group that attacked it, one of which is not pinned.
	EasyPinned bool
	// AnyCommando is the optional rule of 11.3: a replacement for an
	// eliminated commando need not be of the same type.
	AnyCommando bool
	// EliminatedOnly reads 11.2 and 11.3 as printed: a commando's mission
	// passes to another only once it is eliminated. By default it passes
	// once the commando is gone however it left play: eliminated, never
	// landed, or exited (ruling R26).
	EliminatedOnly bool
	// DemolitionTarget is the modified D10 a demolition needs. The 11.1
	// table says ">= 6" (the default); its text says "3-6" (see RULINGS.md).
	DemolitionTarget int
	// DashedFireAll lets every unit fire along dashed connections, reading
	// rule 9.1 literally; by default only FlaK and the mortar do (9.2, 9.3).
	DashedFireAll bool
	// OriginalTerrain swaps the terrain effects back to the original French
	// rules (round spaces give cover), undoing the erratum of 1.1.
	OriginalTerrain bool
	// Turns is the game length (1.2: 10).
	Turns int
	// GermanSeat opens the German side as seat 1 (opponent=seat): its pieces
	// move and fire as the seat chooses, within the rules of play, instead
	// of by the priorities of 8.1 and 9.1.1. The agent "rules" plays those
	// priorities exactly.
	GermanSeat bool
}

// DefaultOptions are the rules as published with errata, optional rules on:
// every option at its documented default.
func DefaultOptions() Options { return env.DocumentedDefaults(ParseOptions) }

// optionDocs document every option, for the registry and the CLI.
var optionDocs = []env.OptionDoc{
	{Name: "birney_assist", Default: "true", Help: "optional rule 5.2.3: another assault team may attack FlaK #12 if Birney fails"},
	{Name: "german_variant", Default: "false", Help: "rules variant of 8.1: spread evenly, prefer square spaces, D10 for ties"},
	{Name: "mortar", Default: "true", Help: "optional rule 9.3: Hodgson's mortar fires along dashed connections"},
	{Name: "easy_pinned", Default: "false", Help: "easier variant of 10: pinned units may advance with an unpinned group"},
	{Name: "any_commando", Default: "false", Help: "optional rule 11.3: a replacement demolisher may be of any type"},
	{Name: "mission_passes", Default: "gone", Help: "11.2, 11.3: a commando's mission passes to another (Burtinshaw, or one of its type) once it is gone: eliminated, never landed or exited (gone), or only once eliminated, as printed (eliminated) (ruling R26)"},
	{Name: "demolition_target", Default: "6", Help: "modified D10 a demolition needs (11.1 table: 6; its text reads 3-6)"},
	{Name: "dashed_fire_all", Default: "false", Help: "every unit may fire along dashed connections (9.1 read literally)"},
	{Name: "original_terrain", Default: "false", Help: "round spaces give cover, as in the original French rules before the 1.1 erratum"},
	{Name: "turns", Default: "10", Help: "number of game turns (1.2)"},
	{Name: "opponent", Default: "rules", Help: "rules: the Germans follow the priorities of 8.1 and 9.1.1; seat: they are seat 1, played by any agent (\"rules\" plays the priorities)"},
	{Name: "data", Default: "default", Help: "data set: default (the reconstruction), balanced (reconstructed entries retuned so the historical plan scores serious damage, see data/README.md), or the path of a data file (map, counters, tables)", Kind: env.FileOption},
}

// ParseOptions reads key=value params, each option absent taking its
// documented default. The "data" key is not an option of the rules and is
// returned separately: "" for the default set (data=default is the same
// game, so it is dropped), else the name of an embedded set or a path (see
// OpenData).
func ParseOptions(p env.Params) (Options, string, error) {
	r := env.ReadOptions(p, optionDocs)
	o := Options{
		BirneyAssist:     r.Bool("birney_assist"),
		GermanVariant:    r.Bool("german_variant"),
		Mortar:           r.Bool("mortar"),
		EasyPinned:       r.Bool("easy_pinned"),
		AnyCommando:      r.Bool("any_commando"),
		EliminatedOnly:   r.Choice("mission_passes", "gone", "eliminated") == "eliminated",
		DemolitionTarget: r.Int("demolition_target", 1, 11),
		DashedFireAll:    r.Bool("dashed_fire_all"),
		OriginalTerrain:  r.Bool("original_terrain"),
		Turns:            r.Int("turns", 1, 10),
		GermanSeat:       r.Choice("opponent", "rules", "seat") == "seat",
	}
	data := r.String("data")
	if err := r.Err(); err != nil {
		return Options{}, "", err
	}
	if data == DataDefault {
		data = ""
	}
	return o, data, nil
}

// Params writes the options as canonical key=value text.
func (o Options) Params() env.Params {
	return env.Params{
		"birney_assist": strconv.FormatBool(o.BirneyAssist), "german_variant": strconv.FormatBool(o.GermanVariant),
		"mortar": strconv.FormatBool(o.Mortar), "easy_pinned": strconv.FormatBool(o.EasyPinned),
		"any_commando": strconv.FormatBool(o.AnyCommando), "demolition_target": strconv.Itoa(o.DemolitionTarget),
		"dashed_fire_all": strconv.FormatBool(o.DashedFireAll), "original_terrain": strconv.FormatBool(o.OriginalTerrain),
		"turns": strconv.Itoa(o.Turns), "opponent": o.opponent(), "mission_passes": o.missionPasses(),
	}
}

func (o Options) opponent() string {
	if o.GermanSeat {
		return "seat"
	}
	return "rules"
}

func (o Options) missionPasses() string {
	if o.EliminatedOnly {
		return "eliminated"
	}
	return "gone"
}
