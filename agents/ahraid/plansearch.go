package ahraid

import (
	"context"
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/search"
)

// planSearch searches at the grain of plans: once a turn from turn 10,
// IS-MCTS over planGame chooses how to change the plan (keep it, leave
// now, stay longer; on request, toggle one of its rules), rolling out with
// the plan kept; the plan plays every decision in between. Three choices
// a turn, compared in the same dice worlds (crn), can be told apart by a
// thousand noisy rollouts where a dozen primitive actions a decision
// cannot (a search of the exits alone, ismcts:at=exit, gains nothing over
// withdraw). It gains about one VP over withdraw, at the edge
// of what a few hundred games show (env/ahraid/README.md).
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
	"sims":  "1000",
	"prior": "3",
	"c":     "1.4",
}

const (
	planMovesDefault  = "leave+stay"
	planMarginDefault = "10"
	planFromDefault   = "10"
	planZDefault      = "1"
	planCRNDefault    = "true"
)

func planSearchDocs() []env.OptionDoc {
	var help []string
	for m := moveLeave; m < numMoves; m++ {
		help = append(help, moveNames[m]+" ("+moveHelp[m]+")")
	}
	docs := []env.OptionDoc{
		{Name: "moves", Default: planMovesDefault, Help: "the plan moves searched besides keep, joined by '+': " + strings.Join(help, ", ")},
		{Name: "plan", Default: defaultPlan, Help: "the plan to start from"},
		{Name: "from", Default: planFromDefault, Help: "the first turn with a plan decision"},
		{Name: "margin", Default: planMarginDefault,
			Help: "VP, without crn: the search changes the plan only for a mean above keep's by margin*sqrt(1/n+1/n_keep) (0: the search's own choice)"},
		{Name: "crn", Default: planCRNDefault, Help: "common random numbers: the i-th simulation through each root move plays the same dice, and moves are compared world by world"},
		{Name: "z", Default: planZDefault, Help: "with crn: the search changes the plan only for a mean gain over keep, in the same worlds, above z standard errors"},
	}
	for _, d := range search.OptionDocs(search.ISMCTS) {
		switch d.Name {
		case "rollout", "at", "margin":
			continue // the plan kept; plan decisions only; its own margin
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
	Z      float64
	seed   uint64
	game   *planGame
	start  Plan
	plan   *Agent // plan.p is the plan in force
	asked  int    // the turn of the last plan decision
	search *search.Searcher
	// changes are this game's plan moves other than keep.
	changes []planChange
}

// planChange is a plan move made at a turn.
type planChange struct {
	turn int
	move planMove
}

func newPlanSearch(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
	rg, ok := g.(*raid.Game)
	if !ok || rg.NumPlayers() != 1 {
		return nil, errors.New("plansearch plays the British of ahraid, with the aid's Germans")
	}
	if _, ok := p["rollout"]; ok {
		return nil, errors.New("option rollout: plansearch rolls out with its plan kept")
	}
	_, start, err := optionPlan(p)
	if err != nil {
		return nil, err
	}
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
	crn, err := agents.Bool(p, env.OptionDoc{Name: "crn", Default: planCRNDefault})
	if err != nil {
		return nil, err
	}
	z, err := agents.Float(p, env.OptionDoc{Name: "z", Default: planZDefault}, 0, 100)
	if err != nil {
		return nil, err
	}
	pg := &planGame{g: rg, moves: moves, from: from}
	if crn {
		if w, ok := p["workers"]; ok && w != "1" {
			return nil, errors.New("option crn: one worker only (the worlds are dealt in turn)")
		}
		if d, ok := p["depth"]; ok && d != "0" {
			return nil, errors.New("option crn: no depth cutoff (the worlds are compared by their final VP)")
		}
		pg.book = &worldBook{}
	}
	q := maps.Clone(p)
	if q == nil {
		q = env.Params{}
	}
	for _, k := range []string{"moves", "plan", "from", "margin", "crn", "z"} {
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
	return &PlanSearch{Margin: margin, Z: z, seed: seed, game: pg, start: start, plan: plan, search: s}, nil
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
		k.asked, k.plan.p, k.changes = 0, k.start, k.changes[:0] // a new game
	}
	if planPoint(s, k.asked, k.game.from) {
		root := k.game.newState(s.Clone().(*raid.State), k.plan.p, k.asked)
		m := env.Action(moveKeep)
		if legal := root.LegalActions(nil); len(legal) > 1 {
			book := k.game.book
			if book != nil {
				book.reset(rng.Mix64(k.seed ^ rng.Mix64(uint64(s.TurnNumber()))))
			}
			r, err := k.search.SearchMove(ctx, root)
			if err != nil {
				return 0, err
			}
			if book != nil {
				m = book.paired(k.Z)
			} else {
				m = depart(r, env.Action(moveKeep), k.Margin)
			}
		}
		if m != env.Action(moveKeep) {
			k.changes = append(k.changes, planChange{s.TurnNumber(), planMove(m)})
		}
		k.plan.p, _ = planMove(m).apply(k.plan.p, s.TurnNumber(), k.game.g.Turns())
		k.asked = s.TurnNumber()
	}
	return k.plan.Act(ctx, st)
}

// paired is the root move whose gain over keep, in the worlds both were
// played in, is the largest beyond z standard errors of the mean
// difference, or keep.
func (b *worldBook) paired(z float64) env.Action {
	choice, best := env.Action(moveKeep), 0.0
	keep := b.vp[moveKeep]
	for m := moveKeep + 1; m < numMoves; m++ {
		n := min(len(b.vp[m]), len(keep))
		if n < 2 {
			continue
		}
		sum, sum2 := 0.0, 0.0
		for i, v := range b.vp[m][:n] {
			d := v - keep[i]
			sum += d
			sum2 += d * d
		}
		mean := sum / float64(n)
		sd := math.Sqrt(max(0, (sum2-sum*mean)/float64(n-1)))
		if gap := mean - z*sd/math.Sqrt(float64(n)); gap > best {
			choice, best = env.Action(m), gap
		}
	}
	return choice
}

// defaultPlan is the default of option plan.
const defaultPlan = "withdraw"

// optionPlan is the plan option plan names (defaultPlan by default), and its
// name.
func optionPlan(p env.Params) (string, Plan, error) {
	name := defaultPlan
	if v, ok := p["plan"]; ok {
		name = v
	}
	i := slices.IndexFunc(plans, func(pl namedPlan) bool { return pl.name == name })
	if i < 0 {
		return "", Plan{}, fmt.Errorf("option plan=%q: not a plan of this game", name)
	}
	return name, plans[i].plan, nil
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
