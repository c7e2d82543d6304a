package env

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The readers below parse one option of a game or agent from its OptionDoc.
// The value is p[doc.Name] if given, else doc.Default, so the documented
// default is the one in force and is written nowhere else. Errors are one
// line naming the option and the value: `option turns="x": not an integer`.

// Value is the text of the documented option: p's value if given, else the
// default.
func (p Params) Value(doc OptionDoc) string {
	if s, ok := p[doc.Name]; ok {
		return s
	}
	return doc.Default
}

// FindOption returns the doc of the option called name. Not finding it is
// a programming error of the caller (an option read but not documented),
// reported as an error rather than a panic so that it reaches a test.
func FindOption(docs []OptionDoc, name string) (OptionDoc, error) {
	for _, d := range docs {
		if d.Name == name {
			return d, nil
		}
	}
	return OptionDoc{}, fmt.Errorf("option %q is read but not documented", name)
}

// IntOption reads an integer option within [lo, hi].
func IntOption(p Params, doc OptionDoc, lo, hi int) (int, error) {
	s := p.Value(doc)
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: not an integer", doc.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%d: out of range %d to %d", doc.Name, v, lo, hi)
	}
	return v, nil
}

// FloatOption reads a number within [lo, hi]; NaN is not a number.
func FloatOption(p Params, doc OptionDoc, lo, hi float64) (float64, error) {
	s := p.Value(doc)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v {
		return 0, fmt.Errorf("option %s=%q: not a number", doc.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%v: out of range %v to %v", doc.Name, v, lo, hi)
	}
	return v, nil
}

// BoolOption reads true or false (also 1/0, t/f, as strconv.ParseBool does).
func BoolOption(p Params, doc OptionDoc) (bool, error) {
	s := p.Value(doc)
	v, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("option %s=%q: not true or false", doc.Name, s)
	}
	return v, nil
}

// DurationOption reads a duration such as "500ms" or "5s" within [lo, hi].
func DurationOption(p Params, doc OptionDoc, lo, hi time.Duration) (time.Duration, error) {
	s := p.Value(doc)
	v, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: not a duration such as 500ms or 5s", doc.Name, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%v: out of range %v to %v", doc.Name, v, lo, hi)
	}
	return v, nil
}

// ChoiceOption reads an option that names one of allowed, exactly (case
// matters, and an empty value names nothing).
func ChoiceOption(p Params, doc OptionDoc, allowed ...string) (string, error) {
	s := p.Value(doc)
	if !slices.Contains(allowed, s) {
		return "", fmt.Errorf("option %s=%q: want %s", doc.Name, s, orList(allowed))
	}
	return s, nil
}

// orList writes "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// ChoicesOption reads an option naming some of allowed, joined by sep
// ("move+fire"). An empty value is an empty list; each item must be one of
// allowed, what naming them in the error: `option at: "x" is not a decision
// (want move, fire, joined by '+')`.
func ChoicesOption(p Params, doc OptionDoc, sep string, allowed []string, what string) ([]string, error) {
	s := p.Value(doc)
	if s == "" {
		return nil, nil
	}
	items := strings.Split(s, sep)
	for _, it := range items {
		if !slices.Contains(allowed, it) {
			return nil, fmt.Errorf("option %s: %q is not %s (want %s, joined by '%s')", doc.Name, it, what, strings.Join(allowed, ", "), sep)
		}
	}
	return items, nil
}

// OptionReader reads a game's options by name from its docs, keeping the
// first error, so that New lists its options in a row and checks Err once.
// After an error every read returns the zero value.
type OptionReader struct {
	p    Params
	docs []OptionDoc
	err  error
}

// ReadOptions starts reading p by docs; a key of p that docs do not name is
// the reader's error.
func ReadOptions(p Params, docs []OptionDoc) *OptionReader {
	return &OptionReader{p: p, docs: docs, err: p.CheckKnown(docs)}
}

// Err is the first error met, nil if every option read so far is good.
func (r *OptionReader) Err() error { return r.err }

// Int reads an integer option within [lo, hi] (IntOption).
func (r *OptionReader) Int(name string, lo, hi int) int {
	return read(r, name, func(d OptionDoc) (int, error) { return IntOption(r.p, d, lo, hi) })
}

// Float reads a number within [lo, hi] (FloatOption).
func (r *OptionReader) Float(name string, lo, hi float64) float64 {
	return read(r, name, func(d OptionDoc) (float64, error) { return FloatOption(r.p, d, lo, hi) })
}

// Bool reads true or false (BoolOption).
func (r *OptionReader) Bool(name string) bool {
	return read(r, name, func(d OptionDoc) (bool, error) { return BoolOption(r.p, d) })
}

// Choice reads one of allowed (ChoiceOption).
func (r *OptionReader) Choice(name string, allowed ...string) string {
	return read(r, name, func(d OptionDoc) (string, error) { return ChoiceOption(r.p, d, allowed...) })
}

// String reads the option's text as given, or its default: for a value
// its reader checks elsewhere, such as a data file's path.
func (r *OptionReader) String(name string) string {
	return read(r, name, func(d OptionDoc) (string, error) { return r.p.Value(d), nil })
}

func read[T any](r *OptionReader, name string, parse func(OptionDoc) (T, error)) T {
	var zero T
	if r.err != nil {
		return zero
	}
	d, err := FindOption(r.docs, name)
	if err != nil {
		r.err = err
		return zero
	}
	v, err := parse(d)
	if err != nil {
		r.err = err
		return zero
	}
	return v
}

// DocumentedDefaults are the options parse reads when none is given: each
// at its documented default, for a game's DefaultOptions. The docs are part
// of the build, so a default they cannot parse is a programming error, and
// a panic here fails every test of the game.
func DocumentedDefaults[O any](parse func(Params) (O, string, error)) O {
	o, _, err := parse(nil)
	if err != nil {
		panic("documented defaults: " + err.Error())
	}
	return o
}
