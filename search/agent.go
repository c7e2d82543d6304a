package search

import (
	"context"
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/internal/registry"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// The search agents, registered by name with their options.
var modeAgents = []struct {
	name, description string
	mode              Mode
}{
	{"mcts", "UCT Monte Carlo tree search with chance nodes in the tree (closed loop)", ClosedLoop},
	{"openloop", "open-loop MCTS: the tree is keyed by decisions, chance re-sampled every simulation", OpenLoop},
	{"ismcts", "information-set MCTS: open loop, hidden counters redrawn every simulation", ISMCTS},
	{"determinized", "determinized MCTS: one closed-loop tree per redrawn world, root statistics summed", Determinized},
	{"halving", "rollouts on common random numbers: every move played from the same redrawn worlds with the same dice; sequential halving keeps the better half each round", Halving},
}

// ModeOf is the mode of the search agent registered as name ("ismcts"),
// or false where name is not one.
func ModeOf(name string) (Mode, bool) {
	for _, m := range modeAgents {
		if m.name == name {
			return m.mode, true
		}
	}
	return 0, false
}

// optionDocs documents the options of the search agents, each of which
// takes those its mode reads (OptionDocs).
var optionDocs = [...]env.OptionDoc{
	{Name: "sims", Default: "1000", Help: "simulations per move (0: use time alone)"},
	{Name: "time", Default: "0", Help: "wall-clock budget per move, e.g. 50ms (0: none)"},
	{Name: "c", Default: "1.4", Help: "UCT exploration constant on values normalised to [0,1]"},
	{Name: "rollout", Default: "random", Help: "agent spec that plays rollouts, options separated by ';' (e.g. learned:model=p.json;temp=1)", Kind: env.AgentOption},
	{Name: "depth", Default: "0", Help: "rollout cutoff in decisions, scored by eval (0: play to the end)"},
	{Name: "eval", Default: "", Help: "leaf evaluator at the cutoff, NAME or NAME:MODEL (see search.Evaluators); default: the running score", Kind: env.NamedFileOption},
	{Name: "mix", Default: "0", Help: "weight of eval's estimate of the state a rollout starts from, mixed with the rollout's return (0: none; needs eval and depth=0)"},
	{Name: "final", Default: "visits", Help: "final move: visits (most visited) or value (best mean)"},
	{Name: "expand", Default: "false", Help: "closed loop: visit chance outcomes in proportion to their probability"},
	{Name: "reuse", Default: "false", Help: "start the next move's search from the subtree of the position reached"},
	{Name: "prior", Default: "0", Help: "weight of the rollout agent's own choice as a prior (0: none), or of policy's"},
	{Name: "policy", Default: "", Help: "PUCT prior, NAME:MODEL (see search.Policies; e.g. learned:p.json), weighted by prior (default: the rollout agent's choice)", Kind: env.NamedFileOption},
	{Name: "sure", Default: "0", Help: "with policy: play its choice unsearched where it gives one legal action at least this probability (0: search every decision)"},
	{Name: "workers", Default: "1", Help: "parallel workers"},
	{Name: "parallel", Default: "tree", Help: "tree (shared tree, virtual loss) or root (one tree per worker)"},
	{Name: "worlds", Default: "8", Help: "determinized: number of redrawn worlds"},
	{Name: "at", Default: "", Help: "decision kinds searched, joined by '+' (games that name them); the rollout agent plays the others (openloop, ismcts, halving)"},
	{Name: "margin", Default: "0", Help: "halving: keep the rollout agent's move, leaving it only for one that beats it by margin standard errors of their paired difference (0: the best mean)"},
	{Name: "opponent", Default: "", Help: "opponent model: the agent that plays the other seats inside the search, as chance (its options separated by ';'), or a mixture SPEC@W|SPEC@W; the search is a best response to it", Kind: env.MixtureOption},
	{Name: "opponent_seats", Default: "", Help: "seats the opponent model plays, by name or number joined by '+' (default: every seat but the searcher's)"},
	{Name: "early", Default: "false", Help: "stop once no other move can overtake the most visited in the simulations left (same move, less work; needs final=visits and sims)"},
}

func init() {
	for _, m := range modeAgents {
		m := m
		agents.Register(agents.Registration{
			Name:        m.name,
			Description: m.description,
			Options:     OptionDocs(m.mode),
			New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
				cfg, err := ParseConfig(g, p)
				if err != nil {
					return nil, err
				}
				cfg.Mode, cfg.Seed = m.mode, seed
				s, err := NewSearcher(g, cfg)
				if err != nil {
					return nil, err
				}
				return &Agent{S: s}, nil
			},
		})
	}
}

// ParseConfig reads the agent options into a Config over DefaultConfig.
func ParseConfig(g env.Game, p env.Params) (Config, error) {
	cfg := DefaultConfig()
	doc := func(name string) env.OptionDoc {
		for _, d := range optionDocs {
			if d.Name == name {
				return d
			}
		}
		panic("search: undocumented option " + name)
	}
	var err error
	if cfg.Sims, err = agents.Int(p, doc("sims"), 0, 100_000_000); err != nil {
		return cfg, err
	}
	if cfg.Time, err = agents.Duration(p, doc("time"), 0, 1<<40); err != nil {
		return cfg, err
	}
	if cfg.C, err = agents.Float(p, doc("c"), 0, 100); err != nil {
		return cfg, err
	}
	if cfg.Depth, err = agents.Int(p, doc("depth"), 0, 1_000_000); err != nil {
		return cfg, err
	}
	if cfg.Mix, err = agents.Float(p, doc("mix"), 0, 1); err != nil {
		return cfg, err
	}
	if cfg.ExpandChance, err = agents.Bool(p, doc("expand")); err != nil {
		return cfg, err
	}
	if cfg.Reuse, err = agents.Bool(p, doc("reuse")); err != nil {
		return cfg, err
	}
	if cfg.Early, err = agents.Bool(p, doc("early")); err != nil {
		return cfg, err
	}
	if cfg.Margin, err = agents.Float(p, doc("margin"), 0, 100); err != nil {
		return cfg, err
	}
	if cfg.PriorWeight, err = agents.Float(p, doc("prior"), 0, 1000); err != nil {
		return cfg, err
	}
	if cfg.Sure, err = agents.Float(p, doc("sure"), 0, 1); err != nil {
		return cfg, err
	}
	if cfg.Workers, err = agents.Int(p, doc("workers"), 1, 256); err != nil {
		return cfg, err
	}
	if cfg.Worlds, err = agents.Int(p, doc("worlds"), 1, 10_000); err != nil {
		return cfg, err
	}
	if v, ok := p["rollout"]; ok {
		// Within an option the rollout agent's own options are separated by
		// ';', since ',' separates the searcher's.
		cfg.Rollout = strings.ReplaceAll(v, ";", ",")
	}
	if _, err := agents.New(cfg.Rollout, g, 0); err != nil {
		return cfg, fmt.Errorf("option rollout: %w", err)
	}
	switch v := p["final"]; v {
	case "", "visits":
	case "value":
		cfg.FinalByValue = true
	default:
		return cfg, fmt.Errorf("option final=%q: want visits or value", v)
	}
	switch v := p["parallel"]; v {
	case "", "tree":
	case "root":
		cfg.RootParallel = true
	default:
		return cfg, fmt.Errorf("option parallel=%q: want tree or root", v)
	}
	if cfg.RootParallel && (cfg.Reuse || cfg.Early) {
		// One tree per worker: no shared subtree to keep, no shared visits
		// that settle the move.
		return cfg, fmt.Errorf("options reuse and early need the shared tree (parallel=tree), not parallel=root")
	}
	if cfg.Opponent, err = parseOpponent(g, p); err != nil {
		return cfg, err
	}
	if spec := p["at"]; spec != "" {
		if cfg.At, err = decisionKinds(g, spec); err != nil {
			return cfg, err
		}
	}
	if spec := p["eval"]; spec != "" {
		if cfg.Evaluator, err = NewEvaluator(spec, g); err != nil {
			return cfg, fmt.Errorf("option eval: %w", err)
		}
	}
	if spec := p["policy"]; spec != "" {
		if cfg.Policy, err = NewPolicy(spec, g); err != nil {
			return cfg, fmt.Errorf("option policy: %w", err)
		}
		if cfg.PriorWeight == 0 {
			return cfg, fmt.Errorf("option policy needs a prior weight (prior=W)")
		}
	}
	if cfg.Sure > 0 && cfg.Policy == nil {
		return cfg, fmt.Errorf("option sure needs a policy (policy=NAME:MODEL): it trusts the policy's choice")
	}
	if cfg.Mix > 0 && (cfg.Evaluator == nil || cfg.Depth > 0) {
		return cfg, fmt.Errorf("option mix needs eval and depth=0: it mixes eval's estimate with whole rollouts")
	}
	if cfg.Sims == 0 && cfg.Time == 0 {
		return cfg, fmt.Errorf("options sims=0 and time=0 leave no budget")
	}
	if cfg.Early && (cfg.FinalByValue || cfg.Sims == 0) {
		return cfg, fmt.Errorf("option early=true needs final=visits and a sims budget")
	}
	return cfg, nil
}

// decisionKinds reads option at: kinds of g's decisions joined by '+'.
func decisionKinds(g env.Game, spec string) ([]string, error) {
	dk, ok := g.(env.DecisionKinds)
	if !ok {
		return nil, fmt.Errorf("option at: %s does not name its kinds of decision", g.Name())
	}
	return agents.Choices(env.Params{"at": spec}, env.OptionDoc{Name: "at"}, "+", dk.DecisionKinds(), "a kind of decision of "+g.Name())
}

// Agent plays the searcher's choice; with one legal action it does not
// search.
type Agent struct {
	S    *Searcher
	Last Result
	buf  []env.Action
}

// Act implements agents.Agent. The caller's cancellation (or its
// context's deadline) is an error, before or during the search, even where
// there is nothing to search: a move cut short is not the one asked for.
// Only the searcher's own budget, Config.Time, ends a search normally.
func (a *Agent) Act(ctx context.Context, s env.State) (env.Action, error) {
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("search: not started: %w", err)
	}
	a.buf = s.LegalActions(a.buf)
	if len(a.buf) == 1 {
		a.S.kept = -1
		return a.buf[0], nil
	}
	r, err := a.S.Search(ctx, s)
	if err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		a.S.kept = -1 // the next search starts afresh
		return 0, fmt.Errorf("search: cancelled after %d simulations: %w", r.Sims, err)
	}
	a.Last = r
	return r.Action, nil
}

// evaluators holds the leaf evaluators, which live beside their games and
// register here by name.
var evaluators = registry.New[func(env.Game, string) (Evaluator, error)]("evaluator")

// RegisterEvaluator adds a named leaf evaluator. make builds it for a game,
// with the argument of a spec "NAME:ARG" ("" for "NAME", such as a model
// file), or says why it cannot.
func RegisterEvaluator(name string, make func(g env.Game, arg string) (Evaluator, error)) {
	evaluators.Add(name, make)
}

// Evaluators lists the registered evaluator names.
func Evaluators() []string { return evaluators.Names() }

// NewEvaluator builds the evaluator of a spec "NAME" or "NAME:ARG" for g.
func NewEvaluator(spec string, g env.Game) (Evaluator, error) {
	name, arg, _ := strings.Cut(spec, ":")
	make, err := evaluators.Get(name)
	if err != nil {
		return nil, err
	}
	return make(g, arg)
}
