package search

import (
	"fmt"
	"maps"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Preset is the registration of name as a shorthand for a search spec
// (expansion, such as "ismcts:at=exit,rollout=withdraw,sims=200"): a game's
// tuned search by a name a person remembers. Its options are the search
// agent's, with expansion's settings as their defaults (options the mode
// ignores left out); the options given override them. name with the same
// options and seed plays as the expansion does, move for move.
func Preset(name, description string, supports func(env.Game) bool, expansion string) agents.Registration {
	base, rest, _ := strings.Cut(expansion, ":")
	mode, ok := ModeOf(base)
	defaults, err := env.ParseParams(rest)
	if !ok || err != nil {
		panic(fmt.Sprintf("search: preset %s: bad expansion %q", name, expansion))
	}
	docs := OptionDocs(mode)
	for i, d := range docs {
		if v, ok := defaults[d.Name]; ok {
			docs[i].Default = v
		}
	}
	return agents.Registration{
		Name:        name,
		Description: description + " (" + expansion + ")",
		Options:     docs,
		Supports:    supports,
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			r, err := agents.Lookup(base)
			if err != nil {
				return nil, err
			}
			q := maps.Clone(defaults)
			maps.Copy(q, p)
			return r.New(g, q, seed)
		},
	}
}

// usedBy reports whether a search in mode reads option name: the mode's
// agent refuses the others, so that no ignored option changes its seed or
// its identity in a results file.
func usedBy(mode Mode, name string) bool {
	switch name {
	case "worlds":
		return mode == Determinized
	case "expand":
		return mode == ClosedLoop || mode == Determinized
	case "margin":
		return mode == Halving
	case "at":
		return mode == OpenLoop || mode == ISMCTS || mode == Halving
	case "reuse", "early":
		// Determinized grows a forest: no subtree to keep, no shared tree
		// whose visits settle the move.
		return mode != Halving && mode != Determinized
	case "c", "final", "prior", "policy", "sure", "workers", "parallel":
		// Halving keeps no tree: rollouts alone, on one worker.
		return mode != Halving
	}
	return true
}

// OptionDocs lists the options a search in mode reads, in a slice of the
// caller's own.
func OptionDocs(mode Mode) []env.OptionDoc {
	var docs []env.OptionDoc
	for _, d := range optionDocs {
		if usedBy(mode, d.Name) {
			docs = append(docs, d)
		}
	}
	return docs
}
