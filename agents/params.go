package agents

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
)

// The helpers below read one option of an agent. The value is p[o.Name] if
// given, else o.Default, so the documented default is the one in force.
// Errors name the option and the value: `option sims="x": not an integer`.

// Int reads an integer option within [lo, hi].
func Int(p env.Params, o env.OptionDoc, lo, hi int) (int, error) {
	s := value(p, o)
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: not an integer", o.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%d: out of range %d to %d", o.Name, v, lo, hi)
	}
	return v, nil
}

// Float reads a finite number within [lo, hi].
func Float(p env.Params, o env.OptionDoc, lo, hi float64) (float64, error) {
	s := value(p, o)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v {
		return 0, fmt.Errorf("option %s=%q: not a number", o.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%v: out of range %v to %v", o.Name, v, lo, hi)
	}
	return v, nil
}

// Bool reads true/false (also 1/0, t/f as strconv.ParseBool does).
func Bool(p env.Params, o env.OptionDoc) (bool, error) {
	s := value(p, o)
	v, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("option %s=%q: not true or false", o.Name, s)
	}
	return v, nil
}

// Duration reads a duration such as "500ms" or "5s" within [lo, hi].
func Duration(p env.Params, o env.OptionDoc, lo, hi time.Duration) (time.Duration, error) {
	s := value(p, o)
	v, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: not a duration such as 500ms or 5s", o.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%v: out of range %v to %v", o.Name, v, lo, hi)
	}
	return v, nil
}

func value(p env.Params, o env.OptionDoc) string {
	if s, ok := p[o.Name]; ok {
		return s
	}
	return o.Default
}

// Choices reads an option naming some of allowed, joined by sep ("move+fire").
// An empty value is an empty list; each item must be one of allowed, what
// naming them in the error: `option at: "x" is not a decision (want move,
// fire, joined by '+')`.
func Choices(p env.Params, o env.OptionDoc, sep string, allowed []string, what string) ([]string, error) {
	s := value(p, o)
	if s == "" {
		return nil, nil
	}
	items := strings.Split(s, sep)
	for _, it := range items {
		if !slices.Contains(allowed, it) {
			return nil, fmt.Errorf("option %s: %q is not %s (want %s, joined by '%s')", o.Name, it, what, strings.Join(allowed, ", "), sep)
		}
	}
	return items, nil
}
