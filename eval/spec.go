package eval

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
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
	return name + ":" + p.String(), nil
}

// GameSpec is the spec of g as the results file records it: Name:Options,
// or the bare name for a game without options.
func GameSpec(g env.Game) string {
	if g.Options() == "" {
		return g.Name()
	}
	return g.Name() + ":" + g.Options()
}
