package eval

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// SplitAgents splits a comma-separated list of agent specs, such as
// "random,mcts:sims=800,c=1.4,greedy". Since a spec's options are separated
// by commas too, a piece of the form key=value without a colon continues
// the options of the spec before it: the example gives "random",
// "mcts:sims=800,c=1.4" and "greedy". (Agent names contain neither "=" nor
// ":", so the reading is unambiguous.) Empty pieces are dropped.
func SplitAgents(list string) []string {
	var out []string
	for _, piece := range strings.Split(list, ",") {
		piece = strings.TrimSpace(piece)
		switch {
		case piece == "":
		case len(out) > 0 && isOption(piece):
			if !strings.Contains(out[len(out)-1], ":") {
				out[len(out)-1] += ":" + piece
			} else {
				out[len(out)-1] += "," + piece
			}
		default:
			out = append(out, piece)
		}
	}
	return out
}

// isOption tells an option "key=value" (whose value may hold ':' and '=',
// as in rollout=learned:model=p.json) from an agent "name" or
// "name:key=value": an option's key, before its first '=', has no ':'.
func isOption(piece string) bool {
	key, _, ok := strings.Cut(piece, "=")
	return ok && !strings.Contains(key, ":")
}

// CanonicalAgent rewrites an agent spec "name" or "name:k=v,k=v" in the
// canonical form: spaces trimmed, options sorted by key, no colon without
// options. Specs that name the same agent with the same options compare
// equal, and seed the agent alike. It checks the syntax only; agents.New
// checks the name and options.
func CanonicalAgent(spec string) (string, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fmt.Errorf("empty agent spec %q", spec)
	}
	p, err := env.ParseParams(rest)
	if err != nil {
		return "", fmt.Errorf("agent %s: %w", name, err)
	}
	if len(p) == 0 {
		return name, nil
	}
	// Paths in their shortest form (filepath.Clean), nested agents'
	// included, so that ./m.json and m.json name one agent, seeded alike.
	return agents.MapPaths(name+":"+p.String(), filepath.Clean), nil
}

// GameSpec is the spec of g as the results file records it: Name:Options,
// or the bare name for a game without options.
func GameSpec(g env.Game) string {
	if g.Options() == "" {
		return g.Name()
	}
	return g.Name() + ":" + g.Options()
}

// ShortSpec is the spec of g as a person reads it: the name and only the
// options that differ from the game's defaults, "pig:target=30", or the
// bare name. GameSpec, with every option, stays the identity a results
// file records.
func ShortSpec(g env.Game) string {
	return shortSpec(GameSpec(g))
}

func shortSpec(spec string) string {
	name, opts, _ := strings.Cut(spec, ":")
	p, err := env.ParseParams(opts)
	if err != nil {
		return spec
	}
	for k, v := range p {
		if d, ok := defaultOption(name, k); ok && d == v {
			delete(p, k)
		}
	}
	if len(p) == 0 {
		return name
	}
	return name + ":" + p.String()
}

// defaultOption is the default of a registered game's option.
func defaultOption(game, key string) (string, bool) {
	r, err := env.Lookup(game)
	if err != nil {
		return "", false
	}
	for _, o := range r.Options {
		if o.Name == key {
			return o.Default, true
		}
	}
	return "", false
}

// specDiff names the options in which two game specs differ, as
// "turns: 10 in the file, 5 asked", joined by "; ". A game's other name is
// said as such.
func specDiff(inFile, asked string) string {
	fn, fo, _ := strings.Cut(inFile, ":")
	an, ao, _ := strings.Cut(asked, ":")
	if fn != an {
		return fmt.Sprintf("game: %s in the file, %s asked", fn, an)
	}
	fp, err1 := env.ParseParams(fo)
	ap, err2 := env.ParseParams(ao)
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("%s in the file, %s asked", inFile, asked)
	}
	// value is an option's value, its default where the spec leaves it out.
	value := func(p env.Params, k string) (v string, given bool) {
		if v, ok := p[k]; ok {
			return v, true
		}
		if d, ok := defaultOption(fn, k); ok {
			return d, false
		}
		return "unset", false
	}
	keys := map[string]bool{}
	for k := range fp {
		keys[k] = true
	}
	for k := range ap {
		keys[k] = true
	}
	var diffs []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		f, fGiven := value(fp, k)
		a, aGiven := value(ap, k)
		switch {
		case f == a && fGiven == aGiven:
		case f == a && !fGiven:
			// The file's spec has no such option: made by a chariot
			// before it, or by hand.
			diffs = append(diffs, fmt.Sprintf("%s: not recorded in the file (an older chariot's?), %s asked", k, a))
		case f == a:
			diffs = append(diffs, fmt.Sprintf("%s: %s in the file, not recorded in the spec asked", k, f))
		default:
			if !fGiven && f != "unset" {
				f += " (the default)"
			}
			if !aGiven && a != "unset" {
				a += " (the default)"
			}
			diffs = append(diffs, fmt.Sprintf("%s: %s in the file, %s asked", k, f, a))
		}
	}
	return strings.Join(diffs, "; ")
}

// GameMismatch says how the game spec a file was made with differs from
// the one asked, for an error: "pig, not pig:target=30 (target: 20 in the
// file, 30 asked)".
func GameMismatch(inFile, asked string) string {
	return fmt.Sprintf("%s, not %s (%s)", shortSpec(inFile), shortSpec(asked), specDiff(inFile, asked))
}
