package jubilee

import (
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Options are the variants of Operation Jubilee. Use DefaultOptions.
type Options struct {
	// Turns is the game length (14.1: 24).
	Turns int
	// NoConvoy is optional rule 16.2: five commandos and four TP at both
	// Yellow and Orange; -5 VP.
	NoConvoy bool
	// Bombardment is optional rule 16.3: two Dieppe-town coastal units
	// removed, the survivor disrupted, the tank wall down, three chits on
	// turn 1; -5 VP.
	Bombardment bool
	// EarlyFlanks is optional rule 16.4: the turn 3 landing column for
	// infantry landing on turns 1 and 2, two chits on turn 2; -3 VP.
	EarlyFlanks bool
	// OpponentSeat makes the Germans seat 1 (opponent=seat): they decide
	// where the rules leave their pieces a choice.
	OpponentSeat bool
	// StrictEvac does not count units still in Beach Landing boxes at the
	// end as evacuated (ruling J2).
	StrictEvac bool
	// DriftChoice lets the player choose the direction of a drift result
	// (ruling J6); by default the landing table says east or west.
	DriftChoice bool
	// GreedyFire assigns German hits position by position, each by its own
	// fire priorities (ruling J9), instead of first hitting the most CW
	// units possible across the chit's positions as 6.11 asks (J39).
	GreedyFire bool
	// BoardFromHex reads 10.13 by its example: once a unit boards on the
	// Yellow or Orange map, the others board only from that same hex. By
	// default they may board from any hex of the same beach (ruling J38).
	BoardFromHex bool
	// InfiltrationKeeps sets the chit of an infiltration's special draw
	// aside until the cup is refilled (ruling J7); by default it goes back.
	InfiltrationKeeps bool
}

// DefaultOptions are the rules as written, no variants: every option at its
// documented default.
func DefaultOptions() Options { return env.DocumentedDefaults(ParseOptions) }

// optionDocs document every option.
var optionDocs = []env.OptionDoc{
	{Name: "turns", Default: "24", Help: "number of game turns (14.1)"},
	{Name: "no_convoy", Default: "false", Help: "optional rule 16.2: no convoy met; 5 commandos and 4 TP at Yellow and Orange; -5 VP"},
	{Name: "bombardment", Default: "false", Help: "optional rule 16.3: pre-landing bombardment of Dieppe; -5 VP"},
	{Name: "early_flanks", Default: "false", Help: "optional rule 16.4: earlier flank landings; -3 VP"},
	{Name: "opponent", Default: "rules", Help: "rules: the Germans are played by the rules; seat: they are seat 1, choosing where their pieces have a choice"},
	{Name: "strict_evac", Default: "false", Help: "units still in Beach Landing boxes at the end are not evacuated (ruling J2)"},
	{Name: "drift", Default: "table", Help: "table: the landing table says east or west; choice: the player chooses the direction of a drift (ruling J6)"},
	{Name: "fire_assign", Default: "most", Help: "6.11: a chit's German hits go first to hitting the most CW units possible across its positions (most), or position by position by fire priority alone (greedy) (rulings J9, J39)"},
	{Name: "board_from", Default: "beach", Help: "10.13 on the Yellow and Orange maps: once a unit boards, the others board from that same beach (its rule) or that same hex (its example) (ruling J38)"},
	{Name: "infiltration_keeps", Default: "false", Help: "the chit of an infiltration's special draw stays out of the cup until it is refilled (ruling J7)"},
	{Name: "data", Default: "", Help: "default (the embedded reconstruction, as when left out) or the path of an alternative data file (maps, counters, chits, tables)", Kind: env.FileOption},
}

// ParseOptions reads key=value params, each option absent taking its
// documented default; "data" is returned separately.
func ParseOptions(p env.Params) (Options, string, error) {
	r := env.ReadOptions(p, optionDocs)
	o := Options{
		Turns:             r.Int("turns", 1, numTurns),
		NoConvoy:          r.Bool("no_convoy"),
		Bombardment:       r.Bool("bombardment"),
		EarlyFlanks:       r.Bool("early_flanks"),
		StrictEvac:        r.Bool("strict_evac"),
		InfiltrationKeeps: r.Bool("infiltration_keeps"),
	}
	for _, c := range o.choices() {
		*c.dst = r.Choice(c.key, c.off, c.on) == c.on
	}
	data := r.String("data")
	if err := r.Err(); err != nil {
		return Options{}, "", err
	}
	return o, data, nil
}

// choice is an option of two named values, off (false) and on (true).
type choice struct {
	key, off, on string
	dst          *bool
}

// choices are the options of two named values.
func (o *Options) choices() []choice {
	return []choice{{"drift", "table", "choice", &o.DriftChoice}, {"opponent", "rules", "seat", &o.OpponentSeat},
		{"board_from", "beach", "hex", &o.BoardFromHex}, {"fire_assign", "most", "greedy", &o.GreedyFire}}
}

// Params writes the options as canonical key=value text.
func (o Options) Params() env.Params {
	p := env.Params{"turns": strconv.Itoa(o.Turns), "no_convoy": strconv.FormatBool(o.NoConvoy),
		"bombardment": strconv.FormatBool(o.Bombardment), "early_flanks": strconv.FormatBool(o.EarlyFlanks),
		"strict_evac": strconv.FormatBool(o.StrictEvac), "infiltration_keeps": strconv.FormatBool(o.InfiltrationKeeps)}
	for _, c := range o.choices() {
		p[c.key] = c.off
		if *c.dst {
			p[c.key] = c.on
		}
	}
	return p
}

// penalty is the VP the variants in force subtract (16.2-16.4).
func (o Options) penalty() int {
	p := 0
	if o.NoConvoy {
		p += 5
	}
	if o.Bombardment {
		p += 5
	}
	if o.EarlyFlanks {
		p += 3
	}
	return p
}
