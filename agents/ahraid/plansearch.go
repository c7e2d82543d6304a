package ahraid

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/search"
)

// planSearch searches at the grain of plans: once a turn, IS-MCTS over
// planGame chooses how to change the plan (keep it, leave now, stay
// longer, toggle one of its rules), rolling out with the plan kept; the
// plan plays every decision in between. A handful of choices a turn can
// be told apart by a few hundred noisy rollouts where a dozen primitive
// actions a decision cannot (keysearch).
var planSearch = agents.Registration{
	Name: "plansearch",
	Description: "IS-MCTS over plans: once a turn it chooses how to change the plan (withdraw by default) among the moves named by moves, " +
		"rolling out with the plan kept; the plan plays every other decision",
	Options:  planSearchDocs(),
	Supports: func(g env.Game) bool { rg, ok := g.(*raid.Game); return ok && rg.NumPlayers() == 1 },
	New:      newPlanSearch,
}

func init() { agents.Register(planSearch) }

// planDefaults are the tuned settings, over the search package's defaults.
var planDefaults = map[string]string{
	"sims":  "300",
	"prior": "3",
	"c":     "1.4",
}

const (
	planMovesDefault  = "leave+stay+rush+guns+dock+cover"
	planMarginDefault = "10"
	planFromDefault   = "1"
)

func planSearchDocs() []env.OptionDoc {
	var help []string
	for m := moveLeave; m < numMoves; m++ {
		help = append(help, moveNames[m]+" ("+moveHelp[m]+")")
	}
	docs := []env.OptionDoc{
		{Name: "moves", Default: planMovesDefault, Help: "the plan moves searched besides keep, joined by '+': " + strings.Join(help, ", ")},
		{Name: "plan", Default: keyPlan, Help: "the plan to start from"},
		{Name: "from", Default: planFromDefault, Help: "the first turn with a plan decision"},
		{Name: "margin", Default: planMarginDefault,
			Help: "VP: the search changes the plan only for a mean above keep's by margin*sqrt(1/n+1/n_keep) (0: the search's own choice)"},
	}
	for _, d := range search.OptionDocs {
		if d.Name == "rollout" {
			continue // the plan, kept
		}
		if v, ok := planDefaults[d.Name]; ok {
			d.Default = v
		}
		docs = append(docs, d)
	}
	return docs
}

// PlanSearch plays a plan, and changes it once a turn by search.
type PlanSearch struct {
	Margin float64
	game   *planGame
	start  Plan
	plan   *Agent // plan.p is the plan in force
	asked  int    // the turn of the last plan decision
	search *search.Searcher
	// Changes counts the plan moves made other than keep, by move.
	Changes [numMoves]int
}

func newPlanSearch(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
	rg, ok := g.(*raid.Game)
	if !ok || rg.NumPlayers() != 1 {
		return nil, errors.New("plansearch plays the British of ahraid, with the aid's Germans")
	}
	if _, ok := p["rollout"]; ok {
		return nil, errors.New("option rollout: plansearch rolls out with its plan kept")
	}
	name := keyPlan
	if v, ok := p["plan"]; ok {
		name = v
	}
	i := slices.IndexFunc(plans, func(pl namedPlan) bool { return pl.name == name })
	if i < 0 {
		return nil, fmt.Errorf("option plan=%q: not a plan of this game", name)
	}
	start := plans[i].plan
	start.Withdraw = withdrawTurns(start)
	plan, err := New(g, start)
	if err != nil {
		return nil, err
	}
	spec := planMovesDefault
	if v, ok := p["moves"]; ok {
		spec = v
	}
	moves, err := parseMoves(spec)
	if err != nil {
		return nil, fmt.Errorf("option moves: %w", err)
	}
	from, err := agents.Int(p, env.OptionDoc{Name: "from", Default: planFromDefault}, 1, rg.Turns())
	if err != nil {
		return nil, err
	}
	margin, err := agents.Float(p, env.OptionDoc{Name: "margin", Default: planMarginDefault}, 0, 1000)
	if err != nil {
		return nil, err
	}
	pg := &planGame{g: rg, moves: moves, from: from}
	q := maps.Clone(p)
	if q == nil {
		q = env.Params{}
	}
	for _, k := range []string{"moves", "plan", "from", "margin"} {
		delete(q, k)
	}
	for k, v := range planDefaults {
		if _, ok := q[k]; !ok {
			q[k] = v
		}
	}
	q["rollout"] = keepPlan.Name
	cfg, err := search.ParseConfig(pg, q)
	if err != nil {
		return nil, err
	}
	cfg.Mode, cfg.Seed = search.ISMCTS, seed
	s, err := search.NewSearcher(pg, cfg)
	if err != nil {
		return nil, err
	}
	return &PlanSearch{Margin: margin, game: pg, start: start, plan: plan, search: s}, nil
}

// Plan is the plan in force.
func (k *PlanSearch) Plan() Plan { return k.plan.p }

// Act chooses the turn's plan move at the turn's first decision, then
// plays the plan.
func (k *PlanSearch) Act(ctx context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*raid.State)
	if !ok {
		return 0, errors.New("plansearch: not an ahraid state")
	}
	if s.TurnNumber() < k.asked {
		k.asked, k.plan.p = 0, k.start // a new game
	}
	if planPoint(s, k.asked, k.game.from) {
		root := k.game.newState(s.Clone().(*raid.State), k.plan.p, k.asked)
		m := env.Action(moveKeep)
		if legal := root.LegalActions(nil); len(legal) > 1 {
			r, err := k.search.Search(ctx, root)
			if err != nil {
				return 0, err
			}
			m = depart(r, env.Action(moveKeep), k.Margin)
		}
		if m != env.Action(moveKeep) {
			k.Changes[m]++
		}
		k.plan.p, _ = planMove(m).apply(k.plan.p, s.TurnNumber(), k.game.g.Turns())
		k.asked = s.TurnNumber()
	}
	return k.plan.Act(ctx, st)
}
