package ahraid

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/search"
)

// keySearch is a search of this game that fits ten seconds a game: a plan
// (withdraw) plays the routine decisions (hundreds a game, where a search
// of a few milliseconds each would only add noise), and IS-MCTS with the
// plan's rollouts and the plan as a prior takes the few decisions named by
// at. It does not yet beat the plan it builds on (env/ahraid/README.md).
var keySearch = agents.Registration{
	Name: "keysearch",
	Description: "a plan (withdraw by default), with IS-MCTS (the plan's rollouts, the plan as a prior) at the key decisions named by at; " +
		"the other search options as for ismcts",
	Options:  keySearchDocs(),
	Supports: func(g env.Game) bool { _, ok := g.(*raid.Game); return ok },
	New:      newKeySearch,
}

func init() { agents.Register(keySearch) }

// keyDefaults are the tuned settings, over the search package's defaults.
var keyDefaults = map[string]string{
	"sims":    "200",
	"rollout": keyPlan,
	"prior":   "3",
	"c":       "1.4",
}

// keyPlan is the default of option plan: the plan that plays the routine
// decisions and the rollouts.
const keyPlan = "withdraw"

// keyMargin is the default of option margin.
const keyMargin = "10"

// keyDefault is the default of option at: the kinds of decision searched.
const keyDefault = "exit"

func keySearchDocs() []env.OptionDoc {
	docs := []env.OptionDoc{{Name: "at", Default: keyDefault,
		Help: "the decisions searched, joined by '+': " + strings.Join(searchable, ", ") + "; the plan plays the others"},
		{Name: "plan", Default: keyPlan, Help: "the plan that plays the other decisions (rollout defaults to it)"},
		{Name: "margin", Default: keyMargin,
			Help: "VP: the search departs from the plan's choice only for a mean above it by margin*sqrt(1/n+1/n_plan) (0: the search's own choice)"}}
	for _, d := range search.OptionDocs {
		if d.Name == "at" || d.Name == "margin" {
			continue // its own, above
		}
		if v, ok := keyDefaults[d.Name]; ok {
			d.Default = v
		}
		docs = append(docs, d)
	}
	return docs
}

// searchable are the British decisions (env/ahraid's Pending names).
// and "exit", a commando's move where it may leave the map.
var searchable = []string{"cover", "boat", "land", "move", "exit", "fire", "long_range", "demolish"}

// KeySearch plays rush, and searches at the decisions in At.
type KeySearch struct {
	At     map[string]bool
	Margin float64
	plan   *Agent
	search *search.Agent
	buf    []env.Action
}

func newKeySearch(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
	name, start, err := optionPlan(p)
	if err != nil {
		return nil, err
	}
	plan, err := New(g, start)
	if err != nil {
		return nil, err
	}
	q := maps.Clone(p)
	if q == nil {
		q = env.Params{}
	}
	delete(q, "at")     // its own: the search is called only there
	delete(q, "margin") // its own: applied to the search's result
	if _, ok := q["rollout"]; !ok {
		q["rollout"] = name
	}
	for k, v := range keyDefaults {
		if _, ok := q[k]; !ok {
			q[k] = v
		}
	}
	cfg, err := search.ParseConfig(g, q)
	if err != nil {
		return nil, err
	}
	cfg.Mode, cfg.Seed = search.ISMCTS, seed
	s, err := search.NewSearcher(g, cfg)
	if err != nil {
		return nil, err
	}
	kinds, err := agents.Choices(p, env.OptionDoc{Name: "at", Default: keyDefault}, "+", searchable, "a British decision")
	if err != nil {
		return nil, err
	}
	at := map[string]bool{}
	for _, w := range kinds {
		at[w] = true
	}
	margin, err := agents.Float(p, env.OptionDoc{Name: "margin", Default: keyMargin}, 0, 1000)
	if err != nil {
		return nil, err
	}
	return &KeySearch{At: at, Margin: margin, plan: plan, search: &search.Agent{S: s}}, nil
}

// optionPlan is the plan option plan names (keyPlan by default), and its
// name.
func optionPlan(p env.Params) (string, Plan, error) {
	name := keyPlan
	if v, ok := p["plan"]; ok {
		name = v
	}
	i := slices.IndexFunc(plans, func(pl namedPlan) bool { return pl.name == name })
	if i < 0 {
		return "", Plan{}, fmt.Errorf("option plan=%q: not a plan of this game", name)
	}
	return name, plans[i].plan, nil
}

// Act searches at a key decision with a choice, and plays the plan otherwise.
func (k *KeySearch) Act(ctx context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*raid.State)
	if !ok {
		return 0, errors.New("keysearch: not an ahraid state")
	}
	dec, _ := s.Pending()
	k.buf = s.LegalActions(k.buf)
	if dec == "move" && slices.Contains(k.buf, raid.ActExit) && k.At["exit"] {
		dec = "exit"
	}
	if k.At[dec] {
		if len(k.buf) > 1 {
			return k.decide(ctx, s)
		}
	}
	return k.plan.Act(ctx, st)
}

// decide searches, and takes the search's best action only where its mean
// beats rush's choice by the margin: a rollout's VP varies by a dozen
// points with the dice, so at a few hundred simulations the best of a
// dozen means is mostly the luckiest, and following it blindly loses to
// the plan.
func (k *KeySearch) decide(ctx context.Context, s *raid.State) (env.Action, error) {
	plan, err := k.plan.Act(ctx, s)
	if err != nil {
		return 0, err
	}
	r, err := k.search.S.Search(ctx, s)
	if err != nil {
		return 0, err
	}
	return depart(r, plan, k.Margin), nil
}

// depart is the action a search r chooses over the plan's choice plan:
// the action whose mean beats plan's by the most beyond margin VP ×
// √(1/n + 1/n_plan), else plan; with margin 0, the search's own choice.
func depart(r search.Result, plan env.Action, margin float64) env.Action {
	if margin <= 0 {
		return r.Action
	}
	var base search.Stat
	for _, st := range r.Stats {
		if st.Action == plan {
			base = st
		}
	}
	if base.Visits == 0 {
		return plan
	}
	choice, best := plan, 0.0
	for _, st := range r.Stats {
		if st.Action == plan || st.Visits == 0 {
			continue
		}
		gap := st.Value - base.Value - margin*math.Sqrt(1/float64(st.Visits)+1/float64(base.Visits))
		if gap > best {
			choice, best = st.Action, gap
		}
	}
	return choice
}
