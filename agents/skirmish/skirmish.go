// Package skirmish holds the rule-of-thumb baselines for the commando raid
// skirmish (env/skirmish): one planner with a few dials, registered under
// three characters (stealthy, charge, covering). They walk the scenario's
// named features by shortest route and look no further ahead, so they are
// fast enough to serve as rollout policies.
package skirmish

import (
	"context"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	sk "github.com/chariot-ai/chariot/env/skirmish"
)

// Params are the planner's dials.
type Params struct {
	// Fire, 0 to 2: 0 holds fire unless a German is within 6" (shots raise
	// the alarm); 1 fires at what threatens the demolition units; 2 fires
	// at every German in range.
	Fire int
	// Charge sends assault units at Germans in reach (hand to hand).
	Charge bool
	// Escort: assault units walk with the demolition units rather than
	// hunting Germans.
	Escort bool
	// AssaultFirst activates assault units before demolition units.
	AssaultFirst bool
	// ExitMargin is the turns of margin kept when heading for the exit.
	ExitMargin int
}

var characters = []struct {
	name, description string
	params            Params
}{
	{"stealthy", "a stealthy approach: demolition units walk to their targets by the quietest route and hold fire until seen; assault units escort them; officers direct the demolition units; all leave by the exit in time",
		Params{Fire: 0, Charge: false, Escort: true, ExitMargin: 1}},
	{"charge", "a rush on the targets: every unit runs for the targets, assault units charge any German in reach and everyone fires when they can",
		Params{Fire: 2, Charge: true, Escort: false, AssaultFirst: true, ExitMargin: 0}},
	{"covering", "covering fire: assault units activate first and shoot the Germans nearest the demolition units, who then advance and demolish",
		Params{Fire: 1, Charge: false, Escort: true, AssaultFirst: true, ExitMargin: 1}},
}

func init() {
	for _, c := range characters {
		agents.Register(agents.Registration{
			Name:        c.name,
			Description: c.description,
			Baseline:    true,
			Supports: func(g env.Game) bool {
				_, ok := g.(*sk.Game)
				return ok
			},
			New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) { return New(g, c.params) },
		})
	}
}

// Agent plays the British side of the skirmish.
type Agent struct {
	p Params
	// The scenario's features by kind, read once per scenario.
	data           *sk.Data
	exits, targets []int
	// What one decision reads over and over, valid for the state Act was
	// given (Act reads it and changes nothing): the commandos on the
	// table and each figure's goal (goaled marks those known).
	us     []int
	goaled uint32
	goals  [sk.MaxFigures]int
	// The walks from every feature point to each feature, kept across
	// decisions: the state fills a table again when the wire cut differs.
	toward [sk.MaxFeatures]sk.GoalTable
}

// far is longer than any walk on a table.
const far = int64(1) << 40

// New builds the planner for a skirmish game.
func New(g env.Game, p Params) (*Agent, error) {
	if _, ok := g.(*sk.Game); !ok {
		return nil, fmt.Errorf("the skirmish baselines play only the skirmish, not %s", g.Name())
	}
	return &Agent{p: p}, nil
}

// Act implements agents.Agent.
func (a *Agent) Act(_ context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*sk.State)
	if !ok || st.CurrentPlayer() != 0 {
		return 0, errors.New("the skirmish baselines play the British at their decisions")
	}
	a.prepare(s)
	var act env.Action
	switch i := s.Acting(); {
	case s.Selecting():
		act = a.selectUnit(s)
	case i < 0:
		act = a.boost(s)
	default:
		act = a.act(s, i)
	}
	if !s.IsLegal(act) {
		return sk.ActEnd(), nil
	}
	return act, nil
}

// prepare readies the agent for a decision in s: the scenario's features
// (again only if the scenario changed) and the commandos on the table,
// with the walks and goals of the last decision forgotten.
func (a *Agent) prepare(s *sk.State) {
	if d := s.Game().(*sk.Game).Data(); d != a.data {
		a.data, a.exits, a.targets = d, s.Features(sk.FExit), s.Features(sk.FTarget)
	}
	a.us = a.us[:0]
	for i := range s.NumFigures() {
		if f := s.Figure(i); f.British && f.OnTable {
			a.us = append(a.us, i)
		}
	}
	a.goaled = 0
}

// commandos lists the British figures on the table.
func (a *Agent) commandos() []int { return a.us }

// routeLen is the length of s.Route(i, goal) if shorter than below.
func (a *Agent) routeLen(s *sk.State, i, goal int, below int64) (int64, bool) {
	return s.RouteLen(i, goal, &a.toward[goal], below)
}

// selectUnit picks the next unit: officers first when they can direct a
// demolition unit (stealthy, covering), then by role.
func (a *Agent) selectUnit(s *sk.State) env.Action {
	us := a.commandos()
	if a.p.Escort {
		for _, i := range us {
			if s.IsLegal(sk.ActDirect(i)) && a.boostTarget(s, i) >= 0 && !a.threatened(s, i) {
				return sk.ActDirect(i)
			}
		}
	}
	for pass := range 2 {
		for _, i := range us {
			demo := s.Figure(i).Kind == sk.Demolition
			if (pass == 0) == (demo != a.p.AssaultFirst) && s.IsLegal(sk.ActActivate(i)) {
				return sk.ActActivate(i)
			}
		}
	}
	return sk.ActEnd()
}

// boostTarget is the demolition unit an officer directs, or -1.
func (a *Agent) boostTarget(s *sk.State, o int) int {
	for _, j := range a.commandos() {
		if s.Figure(j).Kind == sk.Demolition && s.IsLegal(sk.ActBoost(j)) {
			return j
		}
	}
	return -1
}

func (a *Agent) boost(s *sk.State) env.Action {
	for j := range s.NumFigures() {
		if s.Figure(j).Kind == sk.Demolition && s.IsLegal(sk.ActBoost(j)) {
			return sk.ActBoost(j)
		}
	}
	for j := range s.NumFigures() {
		if s.IsLegal(sk.ActBoost(j)) {
			return sk.ActBoost(j)
		}
	}
	return sk.ActEnd()
}

// threatened: a German stands within 6" of commando i.
func (a *Agent) threatened(s *sk.State, i int) bool {
	for j := range s.NumFigures() {
		if f := s.Figure(j); !f.British && f.OnTable && f.Kind != sk.Searchlight && s.Dist(i, j) <= 6*sk.Inch {
			return true
		}
	}
	return false
}

// goal is the feature unit i heads for: the exit when it is time to
// leave; a demolition unit's nearest unclaimed intact target; an escort's
// demolition unit's target; -1 when a hunter should hunt instead.
func (a *Agent) goal(s *sk.State, i int) int {
	if a.goaled&(1<<i) == 0 {
		a.goals[i] = a.findGoal(s, i)
		a.goaled |= 1 << i
	}
	return a.goals[i]
}

func (a *Agent) findGoal(s *sk.State, i int) int {
	exits := a.exits
	if len(exits) > 0 {
		if d, ok := a.routeLen(s, i, exits[0], far); ok {
			turnsNeeded := int(d/(12*sk.Inch)) + 1 + a.p.ExitMargin
			if s.Turn() >= s.ExitFrom() && s.Turn()+turnsNeeded > s.Turns() {
				return exits[0]
			}
		}
	}
	targets := a.targets
	var claimed uint64 // by feature
	var mine = -1
	for _, u := range a.commandos() {
		if s.Figure(u).Kind != sk.Demolition {
			continue
		}
		best, bd := -1, int64(0)
		for _, t := range targets {
			if !s.Intact(t) || claimed&(1<<t) != 0 {
				continue
			}
			below := far
			if best >= 0 {
				below = bd
			}
			if d, ok := a.routeLen(s, u, t, below); ok {
				best, bd = t, d
			}
		}
		if best >= 0 {
			claimed |= 1 << best
		}
		if u == i {
			return best
		}
		if mine < 0 {
			mine = best
		}
	}
	if s.Figure(i).Kind == sk.Assault && a.p.Escort {
		return mine
	}
	if len(exits) > 0 && s.Turn() >= s.ExitFrom() {
		for _, t := range targets {
			if s.Intact(t) {
				return -1
			}
		}
		return exits[0]
	}
	return -1
}

// act chooses the acting unit's next action.
func (a *Agent) act(s *sk.State, i int) env.Action {
	me := s.Figure(i)
	if s.IsLegal(sk.ActExit()) && a.goal(s, i) == firstOr(a.exits) {
		return sk.ActExit()
	}
	for _, t := range a.targets {
		if s.IsLegal(sk.ActDemolish(t)) {
			return sk.ActDemolish(t)
		}
	}
	if me.Kind == sk.Assault && (a.p.Charge || a.threatened(s, i)) {
		for j := range s.NumFigures() {
			if s.IsLegal(sk.ActAssault(j)) {
				return sk.ActAssault(j)
			}
		}
	}
	if t := a.shootTarget(s, i); t >= 0 {
		if me.Mortar && s.IsLegal(sk.ActMortar(t)) && s.ActionsLeft() >= 2 {
			return sk.ActMortar(t)
		}
		return sk.ActShoot(t)
	}
	if me.Kind == sk.Assault && a.p.Charge {
		if j := a.nearestGerman(s, i, 6*sk.Inch); j >= 0 && s.IsLegal(sk.ActToward(j)) {
			return sk.ActToward(j)
		}
	}
	g := a.goal(s, i)
	if g < 0 && me.Kind == sk.Assault {
		if j := a.nearestGerman(s, i, 48*sk.Inch); j >= 0 && s.IsLegal(sk.ActToward(j)) {
			return sk.ActToward(j)
		}
	}
	if g >= 0 {
		if s.Touches(i, g) {
			return sk.ActEnd()
		}
		hop, d0, ok := s.Route(i, g)
		if ok && s.IsLegal(sk.ActTo(hop)) {
			return sk.ActTo(hop)
		}
		if !ok {
			d0 = far
		}
		// A figure or the 6" stop in the way: the move that leaves the
		// shortest route.
		if m := a.bestMove(s, g, d0); m >= 0 {
			return m
		}
	}
	return sk.ActEnd()
}

func firstOr(fs []int) int {
	if len(fs) == 0 {
		return -2
	}
	return fs[0]
}

// nearestGerman is the nearest German unit (not a searchlight) within r.
func (a *Agent) nearestGerman(s *sk.State, i int, r int64) int {
	best, bd := -1, r+1
	for j := range s.NumFigures() {
		if f := s.Figure(j); !f.British && f.OnTable && f.Kind != sk.Searchlight {
			if d := s.Dist(i, j); d < bd {
				best, bd = j, d
			}
		}
	}
	return best
}

// shootTarget is whom unit i fires at under the Fire dial, or -1: the
// nearest German it may shoot, preferring one not in cover.
func (a *Agent) shootTarget(s *sk.State, i int) int {
	if a.p.Fire == 0 && !a.threatened(s, i) && s.Alarm() == false {
		return -1
	}
	best, bd := -1, int64(0)
	for j := range s.NumFigures() {
		if !s.IsLegal(sk.ActShoot(j)) && !s.IsLegal(sk.ActMortar(j)) {
			continue
		}
		if a.p.Fire == 1 && !a.threatensDemolition(s, j) && !a.threatened(s, i) {
			continue
		}
		if a.p.Fire == 0 && s.Figure(j).Kind == sk.Searchlight {
			continue
		}
		d := s.Dist(i, j)
		if s.InCover(j) {
			d += 6 * sk.Inch
		}
		if best < 0 || d < bd {
			best, bd = j, d
		}
	}
	if best >= 0 && !s.IsLegal(sk.ActShoot(best)) && !s.IsLegal(sk.ActMortar(best)) {
		return -1
	}
	if best >= 0 && !s.IsLegal(sk.ActShoot(best)) {
		return best // mortar only
	}
	return best
}

// threatensDemolition: German j is within 12" of a demolition unit.
func (a *Agent) threatensDemolition(s *sk.State, j int) bool {
	for _, u := range a.commandos() {
		if s.Figure(u).Kind == sk.Demolition && s.Dist(u, j) <= 12*sk.Inch {
			return true
		}
	}
	return false
}

// bestMove is the legal move (compass leg, feature move or away) after
// which the acting unit's route to feature g is shorter than d0 (its
// route now, or far) and shortest, else -1.
func (a *Agent) bestMove(s *sk.State, g int, d0 int64) env.Action {
	best, bd := env.Action(-1), d0
	try := func(m env.Action) {
		// The route after the move, as playing it on a copy would leave it.
		if d, ok := s.RouteLenAfterMove(m, g, &a.toward[g], bd); ok {
			best, bd = m, d
		}
	}
	for dir := range sk.NumDirs {
		for third := range 3 {
			try(sk.ActMove(dir, third))
		}
	}
	try(sk.ActAway())
	return best
}
