package agents

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	registrypkg "github.com/chariot-ai/chariot/internal/registry"
)

// Agent chooses actions. An Agent is not safe for concurrent use; build one
// per goroutine.
type Agent interface {
	// Act chooses a legal action for s.CurrentPlayer() (a seat, never
	// Chance). It must not modify s; an agent that searches clones it.
	Act(ctx context.Context, s env.State) (env.Action, error)
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
	// Seats lists the seats the agent plays, for an agent of one side of
	// an asymmetric game; nil means any seat.
	Seats []int
	// Rollout marks a fast agent that search may use as its rollout
	// policy: a game's default search (the advisor's) rolls out with the
	// first such agent, by name, that supports the game.
	Rollout bool
	// New builds the agent for g. p holds only documented options (New of
	// the package checks); seed fixes the agent's own randomness.
	New func(g env.Game, p env.Params, seed uint64) (Agent, error)
	// SeedAs, if set, names the spec whose seed the agent plays with: an
	// agent that plays another's moves (advice) is seeded as that agent,
	// so that a benchmark gives both the same games. Nil: its own spec.
	SeedAs func(g env.Game, p env.Params) string
}

var registry = registrypkg.New[Registration]("agent")

// Register adds an agent. It panics on a duplicate or empty name or a nil
// New: those are programming errors at init time, not bad input.
func Register(r Registration) {
	if r.Name == "" || strings.ContainsAny(r.Name, ":,= ") || r.New == nil {
		panic(fmt.Sprintf("agents: bad registration %q", r.Name))
	}
	registry.Add(r.Name, r)
}

// List returns the registered agents, sorted by name.
func List() []Registration { return registry.All() }

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

// BaselinesFor names the baseline agents that support g and play seat p,
// sorted.
func BaselinesFor(g env.Game, p int) []string {
	var out []string
	for _, r := range List() {
		if r.Baseline && (r.Supports == nil || r.Supports(g)) && (r.Seats == nil || slices.Contains(r.Seats, p)) {
			out = append(out, r.Name)
		}
	}
	return out
}

// OneSided reports whether some baseline of g plays only some seats: the
// game's sides want agents of their own.
func OneSided(g env.Game) bool {
	for _, r := range List() {
		if r.Baseline && r.Seats != nil && (r.Supports == nil || r.Supports(g)) {
			return true
		}
	}
	return false
}

// CheckSeat reports, as a one-line error, an agent spec whose agent plays
// only other seats of g than seat p ("coastalpush plays the Allied only").
// An unknown agent is left to New to report.
func CheckSeat(spec string, g env.Game, p int) error {
	name, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	r, err := Lookup(name)
	if err != nil || r.Seats == nil || slices.Contains(r.Seats, p) {
		return nil
	}
	seats := make([]string, len(r.Seats))
	for i, q := range r.Seats {
		seats[i] = env.SeatName(g, env.Player(q))
	}
	return fmt.Errorf("agent %s plays %s only, not %s", name, strings.Join(seats, " and "), env.SeatName(g, env.Player(p)))
}

// RolloutAgent names the first agent, by name, marked Rollout that
// supports g, or "" if none does.
func RolloutAgent(g env.Game) string {
	for _, r := range List() {
		if r.Rollout && (r.Supports == nil || r.Supports(g)) {
			return r.Name
		}
	}
	return ""
}

// Lookup finds a registered agent by name.
func Lookup(name string) (Registration, error) { return registry.Get(name) }

// SeedSpec is the spec whose seed the agent of spec plays with in a
// benchmark (Registration.SeedAs): spec itself for most agents. A spec
// that does not parse is returned as it is, for New to refuse.
func SeedSpec(spec string, g env.Game) string {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	r, err := Lookup(name)
	if err != nil || r.SeedAs == nil {
		return spec
	}
	p, err := env.ParseParams(rest)
	if err != nil {
		return spec
	}
	return r.SeedAs(g, p)
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
