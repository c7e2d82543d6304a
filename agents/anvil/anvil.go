package anvil

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	game "github.com/chariot-ai/chariot/env/anvil"
)

// Plan is the character of a baseline.
type Plan struct {
	Name, Description string
	Side              int
	// Goals are area ids in order of priority: the first not yet held by
	// the side is where its free units head.
	Goals []string
	// Exit sends units that reach the north edge off the map (the German
	// withdrawal).
	Exit bool
	// Garrison keeps Good Order units in the fortified ports.
	Garrison bool
	// Reinforce is how far from a port (in areas) German units go to its
	// defence rather than withdraw.
	Reinforce int
	// BombPorts sends the bombing markers on the ports' fortifications.
	BombPorts bool
	// Odds is the ratio of own to enemy strength needed to attack.
	Odds float64
}

// plans are the registered baselines.
var plans = []Plan{
	{Name: "coastalpush", Side: game.Allied, Odds: 1, BombPorts: true,
		Description: "Allied coastal push: bomb and storm Toulon, then Marseille, then the towns; attack at even odds",
		Goals:       []string{"09", "10", "12", "25", "29", "30", "14", "23"}},
	{Name: "rhonedrive", Side: game.Allied, Odds: 1.5,
		Description: "Allied drive up the Rhone: Aix, Avignon, Montelimar, Valence to cut the German retreat; ports later",
		Goals:       []string{"12", "27", "25", "28", "29", "30", "09", "10"}},
	{Name: "withdrawal", Side: game.German, Odds: 1.5, Exit: true, Garrison: true,
		Description: "German fighting withdrawal: the port garrisons hold, everyone else falls back up the Rhone and exits north, pursuing and counter-attacking on the way"},
	{Name: "holdports", Side: game.German, Odds: 1, Garrison: true, Exit: true, Reinforce: 2,
		Description: "German defence of the ports: garrisons hold, every unit within two areas of Toulon or Marseille joins them and counter-attacks; the rest withdraw north",
		Goals:       []string{"09", "10", "11", "03"}},
}

// Doctrine is the two-sided agent: the Allies push on the ports, the
// Germans withdraw, as the campaign went. It plays either seat, so search
// can roll out with it.
const Doctrine = "doctrine"

func init() {
	agents.Register(agents.Registration{
		Name:        Doctrine,
		Description: "both sides by the historical plans: the Allies as coastalpush, the Germans as withdrawal (a rollout policy for search)",
		Rollout:     true,
		Supports:    func(g env.Game) bool { return g.Name() == game.Name },
		New: func(g env.Game, _ env.Params, _ uint64) (agents.Agent, error) {
			ag, ok := g.(*game.Game)
			if !ok {
				return nil, fmt.Errorf("%s plays only %s", Doctrine, game.Name)
			}
			return doctrine{newPlanner(ag, plans[0]), newPlanner(ag, plans[2])}, nil
		},
	})
	for _, p := range plans {
		p := p
		agents.Register(agents.Registration{
			Name: p.Name, Description: p.Description + " (plays the " + game.SideName(p.Side) + " only)", Baseline: true,
			Seats:    []int{int(p.Side)},
			Supports: func(g env.Game) bool { return g.Name() == game.Name },
			New: func(g env.Game, _ env.Params, _ uint64) (agents.Agent, error) {
				ag, ok := g.(*game.Game)
				if !ok {
					return nil, fmt.Errorf("%s plays only %s", p.Name, game.Name)
				}
				return newPlanner(ag, p), nil
			},
		})
	}
}

// planner plays one Plan.
type planner struct {
	g     *game.Game
	d     *game.Data
	plan  Plan
	dist  [][]int // hops between areas
	goals []int
	legal []env.Action
	// Read from the state once an Act, when first asked: the areas each
	// side may attack, and each side's SP by area (Good Order, all).
	haveAtt   [2]bool
	att       [2]uint64
	haveSP    bool
	good, all [2][game.MaxAreas]int
	northDist []int // hops from each area to the nearest north-edge area
}

func newPlanner(g *game.Game, p Plan) *planner {
	d := g.Data()
	n := len(d.Areas)
	pl := &planner{g: g, d: d, plan: p, dist: make([][]int, n), legal: make([]env.Action, 0, g.NumDistinctActions())}
	for a := range n {
		pl.dist[a] = make([]int, n)
		for i := range pl.dist[a] {
			pl.dist[a][i] = 1 << 20
		}
		pl.dist[a][a] = 0
		queue := []int{a}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, nb := range d.Areas[x].Nbr {
				if pl.dist[a][nb.Area] > pl.dist[a][x]+1 {
					pl.dist[a][nb.Area] = pl.dist[a][x] + 1
					queue = append(queue, nb.Area)
				}
			}
		}
	}
	pl.northDist = make([]int, n)
	for a := range n {
		pl.northDist[a] = 1 << 20
		for b, ar := range d.Areas {
			if ar.NorthEdge {
				pl.northDist[a] = min(pl.northDist[a], pl.dist[a][b])
			}
		}
	}
	for _, id := range p.Goals {
		if a, ok := d.AreaByID(id); ok {
			pl.goals = append(pl.goals, a)
		}
	}
	return pl
}

// Act chooses by the plan; it refuses to play the other side.
func (pl *planner) Act(_ context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*game.State)
	if !ok {
		return 0, errors.New(pl.plan.Name + " plays only Striking the Anvil")
	}
	if int(s.CurrentPlayer()) != pl.plan.Side {
		return 0, fmt.Errorf("%s plays the %s side, but the %s side is to move (seat it as seat %d)", pl.plan.Name,
			game.SideName(pl.plan.Side), env.SeatName(pl.g, s.CurrentPlayer()), pl.plan.Side)
	}
	pl.legal = s.LegalActions(pl.legal)
	pl.haveAtt, pl.haveSP = [2]bool{}, false
	if len(pl.legal) == 0 {
		return 0, errors.New("no legal action")
	}
	if a, ok := pl.choose(s); ok && pl.isLegal(a) {
		return a, nil
	}
	for _, a := range []env.Action{game.ActDone(), game.ActPass()} {
		if pl.isLegal(a) {
			return a, nil
		}
	}
	return pl.legal[0], nil
}

func (pl *planner) isLegal(a env.Action) bool {
	_, found := slices.BinarySearch(pl.legal, a)
	return found
}

// goalDist is the distance from a to where the plan sends free units: the
// north edge (exit), the nearest of the goals (German), or the first goal
// the Allies do not hold yet.
func (pl *planner) goalDist(s *game.State, a int) int {
	best := 1 << 20
	if pl.plan.Reinforce > 0 {
		port := 1 << 20
		for _, g := range pl.goals {
			if pl.d.Areas[g].Fortified && s.Fortification(g) > 0 {
				port = min(port, pl.dist[a][g])
			}
		}
		if port <= pl.plan.Reinforce {
			return port
		}
	}
	switch {
	case pl.plan.Exit:
		best = pl.northDist[a]
	case pl.plan.Side == game.German:
		for _, g := range pl.goals {
			best = min(best, pl.dist[a][g])
		}
	default:
		for _, g := range pl.goals {
			if s.Controller(g) != game.Allied || s.Fortification(g) > 0 {
				return pl.dist[a][g]
			}
		}
		return 0
	}
	return best
}

// attackable is s.Attackable(side, a), read once an Act.
func (pl *planner) attackable(s *game.State, side, a int) bool {
	if !pl.haveAtt[side] {
		pl.att[side], pl.haveAtt[side] = s.AttackableSet(side), true
	}
	return pl.att[side]&(1<<a) != 0
}

// sideSP is s.SideSP(side, a, good), read once an Act.
func (pl *planner) sideSP(s *game.State, side, a int, good bool) int {
	if !pl.haveSP {
		s.SPByArea(&pl.good, &pl.all)
		pl.haveSP = true
	}
	if good {
		return pl.good[side][a]
	}
	return pl.all[side][a]
}

func (pl *planner) mySP(s *game.State, a int, good bool) int {
	return pl.sideSP(s, pl.plan.Side, a, good)
}
func (pl *planner) enemySP(s *game.State, a int) int { return pl.sideSP(s, 1-pl.plan.Side, a, false) }

// garrison: a's units stay put (a fortified port the plan holds).
func (pl *planner) garrison(s *game.State, a int) bool {
	return pl.plan.Garrison && pl.d.Areas[a].Fortified && s.Fortification(a) > 0
}

func (pl *planner) favourable(s *game.State, a int) bool {
	my, en := float64(pl.mySP(s, a, true)), float64(pl.enemySP(s, a))
	if en == 0 {
		en = 1 // CD or fortification levels alone
	}
	return my >= pl.plan.Odds*en
}

func (pl *planner) choose(s *game.State) (env.Action, bool) {
	switch s.Pending() {
	case game.PendingImpulse:
		return pl.impulse(s)
	case game.PendingSelect:
		return pl.selectUnits(s)
	case game.PendingMove:
		return pl.move(s)
	case game.PendingCounter, game.PendingPursuit:
		return pl.intercept(s)
	case game.PendingHits:
		return pl.hits(s)
	case game.PendingFFI:
		return pl.nearest(s, func(a env.Action) bool { return true })
	case game.PendingBombing:
		return pl.bombing(s)
	case game.PendingSurrender:
		for _, a := range pl.legal {
			if a != game.ActDone() {
				if ar := int(a - game.ActArea(0)); s.Fortification(ar) <= 4 {
					return a, true
				}
			}
		}
		return game.ActDone(), true
	}
	return game.ActDone(), true
}

// nearest picks the area action nearest the plan's goals.
func (pl *planner) nearest(s *game.State, ok func(env.Action) bool) (env.Action, bool) {
	best, bestD := env.Action(-1), 1<<30
	for _, a := range pl.legal {
		ar := int(a - game.ActArea(0))
		if ar < 0 || ar >= len(pl.d.Areas) || !ok(a) {
			continue
		}
		if d := pl.goalDist(s, ar); d < bestD {
			best, bestD = a, d
		}
	}
	return best, best >= 0
}

func (pl *planner) impulse(s *game.State) (env.Action, bool) {
	best, bestScore := game.ActPass(), 0.0
	for _, a := range pl.legal {
		ar := int(a - game.ActArea(0))
		if ar < 0 || ar >= len(pl.d.Areas) {
			continue
		}
		score := 0.0
		switch {
		case pl.attackable(s, pl.plan.Side, ar) && pl.favourable(s, ar):
			score = 100 + float64(pl.mySP(s, ar, true)-pl.enemySP(s, ar))
		case pl.garrison(s, ar) || pl.enemySP(s, ar) > 0:
			score = 0 // hold the port; do not walk away from a fight we cannot win
		case !s.Supplied(pl.plan.Side, ar):
			score = 0
		default:
			if d := pl.goalDist(s, ar); d > 0 {
				score = 10 + float64(min(d, 20))
			} else if pl.plan.Exit {
				score = 50
			}
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best, true
}

// selectUnits takes the strongest combat units the limits allow, then
// every support and transport, then the verb.
func (pl *planner) selectUnits(s *game.State) (env.Action, bool) {
	bestU, bestSP := -1, -1
	u0 := game.ActUnit(0)
	for _, a := range pl.legal { // sorted: the units in order
		u := int(a - u0)
		if u < 0 || u >= len(pl.d.Units) {
			continue
		}
		un := &pl.d.Units[u]
		sp := s.UnitSP(u)
		if un.Class != game.ClassCombat && un.Class != game.ClassTrain {
			sp = 0
		}
		if sp > bestSP {
			bestU, bestSP = u, sp
		}
	}
	if bestU >= 0 {
		return game.ActUnit(bestU), true
	}
	a := s.ActivatedArea()
	if pl.isLegal(game.ActAttack()) && pl.favourable(s, a) {
		return game.ActAttack(), true
	}
	if pl.isLegal(game.ActMobile()) && pl.plan.Odds <= 1 {
		return game.ActMobile(), true
	}
	if pl.isLegal(game.ActMove()) {
		return game.ActMove(), true
	}
	if pl.isLegal(game.ActAttack()) {
		return game.ActAttack(), true
	}
	return pl.legal[len(pl.legal)-1], true // a bridge
}

func (pl *planner) move(s *game.State) (env.Action, bool) {
	if pl.plan.Exit && (pl.isLegal(game.ActExitNorth()) || pl.isLegal(game.ActExitItaly())) {
		if pl.isLegal(game.ActExitNorth()) {
			return game.ActExitNorth(), true
		}
		return game.ActExitItaly(), true
	}
	here := pl.goalDist(s, s.StackArea())
	mine := pl.mySP(s, s.StackArea(), true)
	best, bestD := game.ActDone(), here
	for _, a := range pl.legal {
		ar := int(a - game.ActArea(0))
		if ar < 0 || ar >= len(pl.d.Areas) {
			continue
		}
		if pl.attackable(s, pl.plan.Side, ar) {
			en := max(pl.enemySP(s, ar), 1)
			odds := float64(mine) / float64(en)
			if s.MobileCombat() {
				odds /= 2
			}
			if odds < pl.plan.Odds {
				continue
			}
		}
		if d := pl.goalDist(s, ar); d < bestD {
			best, bestD = a, d
		}
	}
	return best, true
}

// intercept joins every unit it may, then declares if it has strength.
func (pl *planner) intercept(s *game.State) (env.Action, bool) {
	for u := range pl.d.Units {
		if pl.isLegal(game.ActUnit(u)) {
			return game.ActUnit(u), true
		}
	}
	sel := 0
	for u := range pl.d.Units {
		if s.Selected(u) {
			sel += s.UnitSP(u)
		}
	}
	if sel >= 4 {
		for _, a := range []env.Action{game.ActCounter(), game.ActPursue()} {
			if pl.isLegal(a) {
				return a, true
			}
		}
	}
	return game.ActDone(), true
}

// hits absorbs at the least cost: disorganize first, then supports and
// fortification levels, then flip, then eliminate; overshooting costs.
func (pl *planner) hits(s *game.State) (env.Action, bool) {
	due := s.HitsDue()
	best, bestCost := env.Action(-1), 1e9
	for _, a := range pl.legal {
		h := s.HitValue(a)
		if h == 0 {
			continue
		}
		var cost float64
		switch {
		case a == game.ActFortHit():
			cost = 1.2
			if pl.plan.Garrison {
				cost = 3
			}
		case a >= game.ActElim(0):
			u := int(a - game.ActElim(0))
			switch pl.d.Units[u].Class {
			case game.ClassCombat:
				cost = 2 * float64(h)
			case game.ClassCD:
				cost = 2.5
			default:
				cost = 1.5
			}
		case a >= game.ActReduce(0):
			cost = 1.5 * float64(h)
		default:
			cost = 0.6
		}
		cost += 0.4 * float64(max(0, h-due))
		cost /= float64(min(h, due))
		if cost < bestCost {
			best, bestCost = a, cost
		}
	}
	return best, best >= 0
}

func (pl *planner) bombing(s *game.State) (env.Action, bool) {
	for _, g := range pl.goals {
		if pl.d.Areas[g].Fortified && s.Fortification(g) > 0 && pl.plan.BombPorts {
			return game.ActArea(g), true
		}
	}
	// Otherwise support the biggest Allied stack in contact.
	best, bestSP := env.Action(-1), 0
	for a := range pl.d.Areas {
		if pl.attackable(s, game.Allied, a) {
			if sp := pl.mySP(s, a, true); sp > bestSP {
				best, bestSP = game.ActArea(a), sp
			}
		}
	}
	if best < 0 {
		return game.ActDone(), true
	}
	return best, true
}

// doctrine hands each decision to the plan of the side to move.
type doctrine [2]*planner

func (d doctrine) Act(ctx context.Context, s env.State) (env.Action, error) {
	p := s.CurrentPlayer()
	if p != game.Allied && p != game.German {
		return 0, fmt.Errorf("%s: no side to move", Doctrine)
	}
	return d[p].Act(ctx, s)
}
