package env

import (
	"fmt"
	"sort"
	"strings"

	"github.com/chariot-ai/chariot/internal/registry"
)

// OptionDoc documents one option of a game or agent.
type OptionDoc struct {
	Name    string
	Default string
	Help    string
	// Kind says what the value names where more than its text decides the
	// results: a file read, or agents of their own. A run records the
	// content of every file its specs read, found by these declarations
	// (eval.FileHashes), and refuses to resume or merge when one changed.
	Kind OptionKind
}

// OptionKind is what an option's value names.
type OptionKind uint8

const (
	// PlainOption: the value alone decides (a number, a name).
	PlainOption OptionKind = iota
	// FileOption: the value, or the default where it is left out, is the
	// path of a file read (a model, a data file, a saved spec); a value
	// that is no file names something built in (a shipped model, an
	// embedded data set).
	FileOption
	// AgentOption: an agent spec, its options separated by ';' (rollout).
	AgentOption
	// MixtureOption: agent specs as AgentOption, each with an optional
	// weight, SPEC@W joined by '|' (an opponent model).
	MixtureOption
	// NamedFileOption: NAME or NAME:PATH, PATH a FileOption's value (a leaf
	// evaluator or prior policy and its model).
	NamedFileOption
)

// Registration describes a game to the registry.
type Registration struct {
	Name        string
	Description string
	Options     []OptionDoc
	// New builds the game from key=value options; unknown keys and bad
	// values are errors.
	New func(opts Params) (Game, error)
}

var games = registry.New[Registration]("game")

// Register adds a game. It panics on a duplicate name: that is a programming
// error at init time, not bad input.
func Register(r Registration) { games.Add(r.Name, r) }

// Lookup finds a registered game by name.
func Lookup(name string) (Registration, error) { return games.Get(name) }

// Games lists the registered games, sorted by name.
func Games() []Registration { return games.All() }

// NewGame builds a game from a spec "name" or "name:key=value,key=value".
func NewGame(spec string) (Game, error) {
	name, rest, _ := strings.Cut(spec, ":")
	r, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	p, err := ParseParams(rest)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", name, err)
	}
	g, err := r.New(p)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", name, err)
	}
	return g, nil
}

// Params are key=value options, as parsed from "k=v,k=v".
type Params map[string]string

// ParseParams reads "k=v,k=v". Empty text gives no params. A key without
// "=" or a repeated key is an error.
func ParseParams(s string) (Params, error) {
	p := Params{}
	s = strings.TrimSpace(s)
	if s == "" {
		return p, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q is not key=value", kv)
		}
		if _, dup := p[k]; dup {
			return nil, fmt.Errorf("option %q given twice", k)
		}
		p[k] = v
	}
	return p, nil
}

// String writes the params canonically: keys sorted, "k=v" joined by ",".
func (p Params) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + p[k]
	}
	return strings.Join(parts, ",")
}

// CheckKnown returns an error naming the first key of p not in docs.
func (p Params) CheckKnown(docs []OptionDoc) error {
	known := map[string]bool{}
	names := make([]string, len(docs))
	for i, d := range docs {
		known[d.Name] = true
		names[i] = d.Name
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !known[k] {
			return fmt.Errorf("unknown option %q (known: %s)", k, strings.Join(names, ", "))
		}
	}
	return nil
}
