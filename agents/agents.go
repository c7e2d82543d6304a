package agents

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/chariot-ai/chariot/env"
)

// Agent chooses actions. An Agent is not safe for concurrent use; build one
// per goroutine.
type Agent interface {
	// Act chooses a legal action for s.CurrentPlayer() (a seat, never
	// Chance). It must not modify s; an agent that searches clones it.
	Act(s env.State) (env.Action, error)
}

// Registration describes an agent to the registry.
type Registration struct {
	Name        string
	Description string
	Options     []env.OptionDoc
	// Supports reports whether the agent can play g; nil means every game.
	Supports func(g env.Game) bool
	// Baseline marks a fast heuristic agent that `chariot bench` runs by
	// default.
	Baseline bool
	// New builds the agent for g. p holds only documented options (New of
	// the package checks); seed fixes the agent's own randomness.
	New func(g env.Game, p env.Params, seed uint64) (Agent, error)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Registration{}
)

// Register adds an agent. It panics on a duplicate or empty name or a nil
// New: those are programming errors at init time, not bad input.
func Register(r Registration) {
	if r.Name == "" || strings.ContainsAny(r.Name, ":,= ") || r.New == nil {
		panic(fmt.Sprintf("agents: bad registration %q", r.Name))
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[r.Name]; dup {
		panic("agents: agent registered twice: " + r.Name)
	}
	registry[r.Name] = r
}

// List returns the registered agents, sorted by name.
func List() []Registration {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Registration, 0, len(registry))
	for _, n := range namesLocked() {
		out = append(out, registry[n])
	}
	return out
}

// Baselines names the baseline agents that support g, sorted.
func Baselines(g env.Game) []string {
	var out []string
	for _, r := range List() {
		if r.Baseline && (r.Supports == nil || r.Supports(g)) {
			out = append(out, r.Name)
		}
	}
	return out
}

// Lookup finds a registered agent by name.
func Lookup(name string) (Registration, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	r, ok := registry[name]
	if !ok {
		return Registration{}, fmt.Errorf("unknown agent %q (known: %s)", name, strings.Join(namesLocked(), ", "))
	}
	return r, nil
}

func namesLocked() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New builds an agent from a spec "name" or "name:key=value,key=value" for
// game g. Unknown agents, unknown options, bad values and unsupported games
// are one-line errors.
func New(spec string, g env.Game, seed uint64) (Agent, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	r, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	p, err := env.ParseParams(rest)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	if len(r.Options) == 0 && len(p) > 0 {
		return nil, fmt.Errorf("agent %s takes no options (given %s)", name, p)
	}
	if err := p.CheckKnown(r.Options); err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	if r.Supports != nil && !r.Supports(g) {
		return nil, fmt.Errorf("agent %s does not play %s:%s", name, g.Name(), g.Options())
	}
	a, err := r.New(g, p, seed)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	return a, nil
}
