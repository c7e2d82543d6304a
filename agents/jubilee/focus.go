package jubilee

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	jub "github.com/chariot-ai/chariot/env/jubilee"
	"github.com/chariot-ai/chariot/search"
)

// A focused search plays a plan's routine moves itself and searches only
// the decisions the plan leaves to chance or to a crude rule. Some 600
// decisions a game leave a 10-second budget about 15 one-millisecond
// rollouts each, too few for a search over all of them to find anything;
// spent on the forty or so decisions where the plan is weakest (the
// landing boxes of 5.2 above all, which the plans draw at random), the
// same budget gives each a few hundred.
//
// Inside the search the state is wrapped (focused) so that every routine
// decision offers the plan's choice alone: the tree branches only at the
// searched decisions, and every simulation plays the plan elsewhere.

// focused is a Jubilee state whose routine Commonwealth decisions offer the
// plan's choice as their one legal action, and whose German decisions (with
// opponent=seat) offer the rules' choice.
type focused struct {
	*jub.State
	f *focus
}

// focus is what the focused states of one search share: the plan that
// makes the routine choices and the decisions left open. The plan keeps
// scratch space, so one search (one worker) uses it at a time.
type focus struct {
	plan agents.Agent
	open [32]bool // by decision name's index in decisionNames
}

// The decisions a focused search can be told to search, as
// jub.State.Decision names them.
var decisionNames = []string{"remove", "box", "delay", "fire_tie", "retreat", "air_strike", "recall", "select", "verb", "join", "attrition", "infiltrate", "stack", "drift"}

// defaultOpen are the decisions searched by default: those the plans
// settle by a draw or by a fixed rule (which unit takes the hit).
const defaultOpen = "box;air_strike;recall;retreat;remove;drift"

func (f *focus) isOpen(s *jub.State) bool {
	i := slices.Index(decisionNames, s.Decision())
	return i >= 0 && f.open[i]
}

// forced is the one action a routine decision offers, or false where the
// decision is open (or a die, or the game is over).
func (f *focus) forced(s *jub.State) (env.Action, bool) {
	switch p := s.CurrentPlayer(); {
	case p == env.Chance || p == env.Terminal:
		return 0, false
	case p != 0:
		a, err := s.RuleAction()
		return a, err == nil
	case f.isOpen(s):
		return 0, false
	}
	a, err := f.plan.Act(context.Background(), s)
	return a, err == nil
}

// LegalActions implements env.State.
func (s *focused) LegalActions(buf []env.Action) []env.Action {
	if a, ok := s.f.forced(s.State); ok {
		return append(buf[:0], a)
	}
	return s.State.LegalActions(buf)
}

// Clone implements env.State.
func (s *focused) Clone() env.State {
	return &focused{State: s.State.Clone().(*jub.State), f: s.f}
}

// Resample implements env.State.
func (s *focused) Resample(p env.Player, rng *rand.Rand) env.State {
	return &focused{State: s.State.Resample(p, rng).(*jub.State), f: s.f}
}

// unwrap finds the Jubilee state in st, focused or not.
func unwrap(st env.State) (*jub.State, bool) {
	switch s := st.(type) {
	case *jub.State:
		return s, true
	case *focused:
		return s.State, true
	}
	return nil, false
}

// Focused plays the plan at routine decisions and the search's choice at
// the open ones.
type Focused struct {
	plan     agents.Agent
	searcher *search.Searcher
	f        *focus
	buf      []env.Action
}

// Act implements agents.Agent.
func (a *Focused) Act(ctx context.Context, st env.State) (env.Action, error) {
	s, ok := unwrap(st)
	if !ok {
		return 0, errors.New("focused search: not a jubilee state")
	}
	if s.CurrentPlayer() != 0 || !a.f.isOpen(s) {
		return a.plan.Act(ctx, s)
	}
	if a.buf = s.LegalActions(a.buf); len(a.buf) == 1 {
		return a.buf[0], nil
	}
	r, err := a.searcher.Search(ctx, &focused{State: s, f: a.f})
	if err != nil {
		return 0, err
	}
	return r.Action, nil
}

// focusOptions are the focused search's own options; the search options
// (search.OptionDocs) pass through, but for those fixed by its design.
var focusOptions = []env.OptionDoc{
	{Name: "plan", Default: "raid", Help: "the Commonwealth plan that plays the routine decisions and the rollouts (beach, raid, evacuate; its options separated by ';', e.g. raid:caution=1;leave_turn=18)"},
	{Name: "open", Default: defaultOpen, Help: "the decisions searched, separated by ';': " + strings.Join(decisionNames, ", ")},
}

// searchDefaults are the tuned search settings of a focused search.
var searchDefaults = map[string]string{"sims": "150", "c": "1.4", "final": "visits"}

func init() {
	var docs []env.OptionDoc
	docs = append(docs, focusOptions...)
	for _, d := range search.OptionDocs {
		switch d.Name {
		case "rollout", "workers", "parallel", "worlds", "reuse", "expand":
			continue // the plan rolls out; one worker shares the plan
		case "at":
			continue // option open says what is searched
		}
		if v, ok := searchDefaults[d.Name]; ok {
			d.Default = v
		}
		docs = append(docs, d)
	}
	agents.Register(agents.Registration{
		Name: "raidsearch",
		Description: "the commando-raid plan, with IS-MCTS (the plan rolling out) at the decisions it settles by a draw: " +
			"the landing boxes, the air strike's target, the recalled track",
		Options:  docs,
		Supports: func(g env.Game) bool { _, ok := g.(*jub.Game); return ok },
		New:      newFocused,
	})
}

func newFocused(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
	sp := env.Params{}
	for k, v := range searchDefaults {
		sp[k] = v
	}
	for k, v := range p {
		if k != "plan" && k != "open" {
			sp[k] = v
		}
	}
	plan := "raid"
	if v, ok := p["plan"]; ok {
		plan = strings.ReplaceAll(v, ";", ",")
	}
	sp["rollout"] = strings.ReplaceAll(plan, ",", ";")
	cfg, err := search.ParseConfig(g, sp)
	if err != nil {
		return nil, err
	}
	cfg.Mode, cfg.Seed = search.ISMCTS, seed
	f := &focus{}
	if f.plan, err = agents.New(plan, g, seed); err != nil {
		return nil, fmt.Errorf("option plan: %w", err)
	}
	open, err := agents.Choices(p, env.OptionDoc{Name: "open", Default: defaultOpen}, ";", decisionNames, "a decision")
	if err != nil {
		return nil, err
	}
	for _, name := range open {
		f.open[slices.Index(decisionNames, name)] = true
	}
	s, err := search.NewSearcher(g, cfg)
	if err != nil {
		return nil, err
	}
	top, err := agents.New(plan, g, seed^0x746f70)
	if err != nil {
		return nil, err
	}
	return &Focused{plan: top, searcher: s, f: f}, nil
}
