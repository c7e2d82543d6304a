package agents

import (
	"time"

	"github.com/chariot-ai/chariot/env"
)

// The helpers below read one option of an agent; they are env's option
// readers under the names agents have always used, so games and agents
// parse options one way. The value is p[o.Name] if given, else o.Default,
// so the documented default is the one in force. Errors name the option
// and the value: `option sims="x": not an integer`.

// Int reads an integer option within [lo, hi] (env.IntOption).
func Int(p env.Params, o env.OptionDoc, lo, hi int) (int, error) { return env.IntOption(p, o, lo, hi) }

// Float reads a number within [lo, hi]; NaN is not one (env.FloatOption).
func Float(p env.Params, o env.OptionDoc, lo, hi float64) (float64, error) {
	return env.FloatOption(p, o, lo, hi)
}

// Bool reads true/false, also 1/0 and t/f (env.BoolOption).
func Bool(p env.Params, o env.OptionDoc) (bool, error) { return env.BoolOption(p, o) }

// Duration reads a duration such as "500ms" or "5s" within [lo, hi]
// (env.DurationOption).
func Duration(p env.Params, o env.OptionDoc, lo, hi time.Duration) (time.Duration, error) {
	return env.DurationOption(p, o, lo, hi)
}

// Choices reads an option naming some of allowed, joined by sep
// ("move+fire"); an empty value is an empty list (env.ChoicesOption).
func Choices(p env.Params, o env.OptionDoc, sep string, allowed []string, what string) ([]string, error) {
	return env.ChoicesOption(p, o, sep, allowed, what)
}
