package stnazaire

// The British baselines: one planner with a few dials, registered under
// three characters (greedy, cautious, aggressive).

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

// Params are the dials of the planner.
type Params struct {
	// Aggression, 0 to 1: at 0 assault teams only clear their FlaK and
	// screen the demolition teams, and demolition teams hold their fire;
	// at 1 every unit fires whenever it can and idle assault teams close
	// with the nearest German.
	Aggression float64
	// Caution weighs danger (German-held spaces next to a destination)
	// against progress, in spaces of distance.
	Caution float64
	// ExitMargin is how many turns early a commando leaves for the exits
	// beyond the turns it needs to get there.
	ExitMargin int
	// Historical follows the raid's orders: each party makes for its own
	// objective only, and once it is done withdraws at once towards the
	// Old Mole and the boats (see historical.go), never screening others
	// or seeking a fight.
	Historical bool
}

// Characters registered as baselines, each a plan a player might follow.
var characters = []struct {
	name, description string
	params            Params
}{
	{"greedy", "demolition teams make for their objectives by shortest safe path and demolish on arrival; assault teams clear FlaK and screen them; survivors exit when done or when time runs short",
		Params{Aggression: 0.5, Caution: 0.5, ExitMargin: 0}},
	{"cautious", "as greedy, but values survival: avoids German zones, holds fire unless cornered, and heads for the exits a turn early",
		Params{Aggression: 0.1, Caution: 2, ExitMargin: 1}},
	{"aggressive", "as greedy, but fires at every German in reach and sends idle assault teams at the nearest German",
		Params{Aggression: 1, Caution: 0, ExitMargin: 0}},
}

var optionDocs = []env.OptionDoc{
	{Name: "aggression", Help: "0..1: how readily units fire and seek combat"},
	{Name: "caution", Help: "0..10: weight of danger against progress when moving"},
	{Name: "exit_margin", Help: "0..10: turns of margin when heading for the exits"},
}

func init() {
	for _, c := range characters {
		c := c
		docs := make([]env.OptionDoc, len(optionDocs))
		copy(docs, optionDocs)
		docs[0].Default = fmt.Sprint(c.params.Aggression)
		docs[1].Default = fmt.Sprint(c.params.Caution)
		docs[2].Default = fmt.Sprint(c.params.ExitMargin)
		agents.Register(agents.Registration{
			Name:        c.name,
			Description: c.description,
			Options:     docs,
			Baseline:    true,
			Seats:       []int{0},
			Rollout:     c.name == "greedy", // the advisor's search rolls out with it
			Supports:    func(g env.Game) bool { _, ok := g.(*stn.Game); return ok },
			New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
				var err error
				pr := c.params
				if pr.Aggression, err = agents.Float(p, docs[0], 0, 1); err != nil {
					return nil, err
				}
				if pr.Caution, err = agents.Float(p, docs[1], 0, 10); err != nil {
					return nil, err
				}
				if pr.ExitMargin, err = agents.Int(p, docs[2], 0, 10); err != nil {
					return nil, err
				}
				return New(g, pr, seed)
			},
		})
	}
}

// Agent plays the British side of St. Nazaire by rules of thumb.
type Agent struct {
	p     Params
	d     *stn.Data
	exits []int
	// objectives are the spaces holding an objective, in space order, and
	// objNum their objectives' numbers.
	objectives []int
	objNum     []int8
	// objIdx[n] holds the indices in objectives of the spaces of objective
	// n (bit i: objectives[i]), when there are at most 64 such spaces.
	objIdx [32]uint64
	// withdrawal is where the historical plan's parties go when done: the
	// exit box nearest the Old Mole landing stage.
	withdrawal int
	// exitOf and exitDist are, for each space, nearestExit and the
	// distance to it, worked out once.
	exitOf, exitDist [stn.MaxSpaces]int
	// objGermans lists, for each objective, the German counters that carry
	// it, in counter order.
	objGermans [][]int
	// isExit marks the exit boxes; fireValue is chooseTarget's value of
	// each German counter before the bonus for a commando's own objective.
	isExit    [stn.MaxSpaces]bool
	fireValue [stn.MaxGerman]float64
	rng       *rand.Rand
	buf       []env.Action
	// intact holds the objective numbers with a space not yet destroyed,
	// read by readIntact at each decision that weighs goals.
	intact uint32
}

// New builds a planner for a St. Nazaire game.
func New(g env.Game, p Params, seed uint64) (*Agent, error) {
	sg, ok := g.(*stn.Game)
	if !ok {
		return nil, fmt.Errorf("the St. Nazaire baselines play stnazaire, not %s", g.Name())
	}
	a := &Agent{p: p, d: sg.Data(), rng: rand.New(rand.NewPCG(seed, 0x4845555249))}
	for i, sp := range a.d.Spaces {
		if sp.Exit >= 0 {
			a.exits = append(a.exits, i)
			a.isExit[i] = true
		}
		if sp.Objective > 0 {
			a.objectives = append(a.objectives, i)
			a.objNum = append(a.objNum, sp.Objective)
		}
	}
	for sp := range a.d.Spaces {
		a.exitOf[sp], a.exitDist[sp] = -1, 1<<20
		for _, e := range a.exits {
			if d := a.d.Distance(sp, e); d < a.exitDist[sp] {
				a.exitOf[sp], a.exitDist[sp] = e, d
			}
		}
	}
	if len(a.objectives) <= 64 {
		for i, n := range a.objNum {
			a.objIdx[n] |= 1 << i
		}
	}
	for g := range a.d.German {
		gu := &a.d.German[g]
		v := float64(gu.Strength)
		if gu.Class == stn.ClassFlak || gu.Class == stn.ClassQuadFlak {
			v += 10
		}
		if gu.Objective > 0 {
			v += 10 * float64(a.d.ObjVP[gu.Objective])
		}
		a.fireValue[g] = v
	}
	a.objGermans = make([][]int, len(a.d.ObjVP))
	for g, gu := range a.d.German {
		if gu.Objective > 0 {
			a.objGermans[gu.Objective] = append(a.objGermans[gu.Objective], g)
		}
	}
	a.withdrawal = a.nearestExit(int(a.d.LandingSpace[stn.OldMole]))
	return a, nil
}

// Act chooses the British action.
func (a *Agent) Act(ctx context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*stn.State)
	if !ok {
		return 0, errors.New("St. Nazaire baseline: not a stnazaire state")
	}
	if p := s.CurrentPlayer(); p != 0 {
		return 0, fmt.Errorf("the British baselines play the British seat, not the %s (give that seat a German agent, e.g. rules)", env.SeatName(s.Game(), p))
	}
	kind, u := s.Pending()
	switch kind {
	case stn.PendSelect:
		// Every British decision offers pass, so none lacks a legal
		// action; selectUnit asks Selectable rather than listing them.
		a.readIntact(s)
		return a.selectUnit(s), nil
	case stn.PendAssist:
		return stn.FireAction(a.d.Flak12()), nil
	case stn.PendDemolish:
		return stn.ActDemolish, nil
	case stn.PendMove:
		// A rollout's commonest decision: the destinations are read off
		// the state, in the order LegalActions lists them, not listed.
		a.readIntact(s)
		m := a.startMove(s, u)
		for sp := s.NextDestination(0); sp >= 0; sp = s.NextDestination(sp + 1) {
			a.weigh(s, &m, sp)
		}
		return m.best, nil
	case stn.PendFire:
		// Pass is always offered; the targets are read off the state.
		return a.chooseTarget(s, u), nil
	}
	a.buf = s.LegalActions(a.buf)
	if len(a.buf) == 0 {
		return 0, errors.New("St. Nazaire baseline: no legal action")
	}
	switch kind {
	case stn.PendDisplace:
		a.readIntact(s)
		m := a.startMove(s, u)
		for _, act := range a.buf {
			if kind, sp := stn.DecodeAction(act); kind == "to" {
				a.weigh(s, &m, sp)
			}
		}
		return m.best, nil
	case stn.PendOccupy:
		a.readIntact(s)
		return a.occupy(s, u), nil
	}
	return 0, fmt.Errorf("St. Nazaire baseline: asked to act at a %s node", kind)
}

// readIntact notes the objectives not yet destroyed, for goal and hasWork.
func (a *Agent) readIntact(s *stn.State) { a.intact = s.IntactObjectives() }

// goal is the space commando u is making for, and whether it only needs
// to get next to it (a FlaK it must fire at, a German to fight).
func (a *Agent) goal(s *stn.State, u int) (sp int, adjacent bool) {
	here := s.UnitSpace(u)
	if exit := a.nearestExit(here); exit >= 0 {
		need := (a.exitDist[here] + 2) / 3
		if s.TurnsLeft() < need+a.p.ExitMargin {
			return exit, false
		}
	}
	best, bestD, adj := -1, 1<<20, false
	consider := func(sp int, adjacent bool) {
		d := a.d.Distance(here, sp)
		if adjacent {
			d--
		}
		if d < bestD {
			best, bestD, adj = sp, d, adjacent
		}
	}
	b := a.d.British[u]
	may := s.DemolishableObjectives(u)
	if left := may & a.intact; left != 0 { // something is left that it may take
		if len(a.objectives) <= 64 {
			// The spaces of the objectives it may take, in space order.
			var idx uint64
			for m := left; m != 0; m &= m - 1 {
				idx |= a.objIdx[bits.TrailingZeros32(m)]
			}
			for ; idx != 0; idx &= idx - 1 {
				i := bits.TrailingZeros64(idx)
				sp, obj := a.objectives[i], a.objNum[i]
				if !s.Destroyed(sp) && s.GermansAt(sp) == 0 && (!a.p.Historical || b.Objective == 0 || obj == b.Objective) {
					consider(sp, false)
				}
			}
		} else {
			for i, sp := range a.objectives {
				obj := a.objNum[i]
				if may&(1<<obj) != 0 && !s.Destroyed(sp) && s.GermansAt(sp) == 0 && (!a.p.Historical || b.Objective == 0 || obj == b.Objective) {
					consider(sp, false)
				}
			}
		}
	}

	if b.Objective > 0 {
		for _, g := range a.objGermans[b.Objective] {
			if s.GermanOnMap(g) {
				consider(s.GermanSpace(g), true)
			}
		}
	}
	if best >= 0 {
		return best, adj
	}
	if a.p.Historical && b.Type != stn.HQ && a.withdrawal >= 0 {
		return a.withdrawal, false
	}
	if b.Type == stn.HQ {
		// Newman rallies: join the stack with the most pinned commandos.
		most := 0
		for v := range a.d.British {
			if v == u || !s.OnMap(v) || !s.Pinned(v) {
				continue
			}
			n := 0
			for w := range a.d.British {
				if s.OnMap(w) && s.Pinned(w) && s.UnitSpace(w) == s.UnitSpace(v) {
					n++
				}
			}
			if n > most || (n == most && a.d.Distance(here, s.UnitSpace(v)) < bestD) {
				most, best, bestD = n, s.UnitSpace(v), a.d.Distance(here, s.UnitSpace(v))
			}
		}
		if best >= 0 {
			return best, false
		}
	}
	if b.Type != stn.Demolition {
		// Screen the nearest demolition team still at work, or, when
		// aggressive, close with the nearest German.
		if a.p.Aggression >= 0.75 {
			if g := a.nearestGerman(s, here); g >= 0 {
				return g, true
			}
		}
		for v := range a.d.British {
			if v != u && s.OnMap(v) && a.d.British[v].Type == stn.Demolition && a.hasWork(s, v) {
				consider(s.UnitSpace(v), false)
			}
		}
		if best >= 0 {
			return best, false
		}
	}
	if exit := a.nearestExit(here); exit >= 0 {
		return exit, false
	}
	return here, false
}

// hasWork reports whether commando v has an objective left it may take.
func (a *Agent) hasWork(s *stn.State, v int) bool {
	return s.DemolishableObjectives(v)&a.intact != 0
}

// nearestExit is the exit box nearest from (the first in space order among
// equals), or -1.
func (a *Agent) nearestExit(from int) int { return a.exitOf[from] }

func (a *Agent) nearestGerman(s *stn.State, from int) int {
	best, bestD := -1, 1<<20
	for g := range a.d.German {
		if sp := s.GermanSpace(g); sp >= 0 {
			if d := a.d.Distance(from, sp); d < bestD {
				best, bestD = sp, d
			}
		}
	}
	return best
}

// danger counts German-held spaces next to sp.
func (a *Agent) danger(s *stn.State, sp int) int { return s.GermanHeldNeighbours(sp) }

// cost rates ending a move in sp when making for goal.
func (a *Agent) cost(s *stn.State, sp, goal int, adjacent bool) float64 {
	d := float64(a.d.Distance(sp, goal))
	if adjacent && d > 0 {
		d--
	}
	c := d + a.p.Caution*float64(a.danger(s, sp))
	if s.CommandosAt(sp) >= 3 {
		c += 100 // never overstack (7)
	}
	return c
}

// moveChoice is a move being chosen: the destination nearest the unit's
// goal, weighing danger; pass (stay) wins ties with moving, so units do
// not wander.
type moveChoice struct {
	best     env.Action
	bestC    float64
	goal     int
	adjacent bool
}

// startMove begins choosing commando u's move: staying put.
func (a *Agent) startMove(s *stn.State, u int) moveChoice {
	goal, adj := a.goal(s, u)
	here := s.UnitSpace(u)
	m := moveChoice{best: stn.ActPass, bestC: a.cost(s, here, goal, adj) - 0.01, goal: goal, adjacent: adj}
	if s.CommandosAt(here) > 3 {
		m.bestC += 100
	}
	return m
}

// weigh considers moving to sp; equals are kept or taken on a coin.
func (a *Agent) weigh(s *stn.State, m *moveChoice, sp int) {
	c := a.cost(s, sp, m.goal, m.adjacent)
	if a.isExit[sp] && sp != m.goal {
		return // leaving early is a decision of goal, not of a move
	}
	if c < m.bestC || (c == m.bestC && a.rng.IntN(2) == 0) {
		m.best, m.bestC = stn.ToAction(sp), c
	}
}

// selectUnit moves demolition teams first, then the others, each once; it
// passes when no unit wants to move.
func (a *Agent) selectUnit(s *stn.State) env.Action {
	// The selectable commandos, in counter order (as LegalActions lists
	// them).
	sel := s.Selectable()
	for _, want := range [...]uint8{stn.Demolition, stn.Assault, stn.HQ} {
		for m := sel; m != 0; m &= m - 1 {
			u := bits.TrailingZeros32(m)
			if a.d.British[u].Type != want {
				continue
			}
			if goal, adj := a.goal(s, u); a.cost(s, s.UnitSpace(u), goal, adj) > 0 {
				return stn.UnitAction(u)
			}
		}
	}
	return stn.ActPass
}

// chooseTarget fires at numbered FlaK first, then other FlaK, then the
// strongest German; a team standing on an objective it can demolish holds
// fire in phase C (firing would forbid the demolition, 11.1).
func (a *Agent) chooseTarget(s *stn.State, u int) env.Action {
	here := s.UnitSpace(u)
	if s.PhaseLetter() == "C" && s.MayDemolish(u, here) {
		return stn.ActPass
	}
	if a.d.British[u].Type == stn.Demolition && a.p.Aggression < 0.5 && s.PhaseLetter() == "C" {
		return stn.ActPass
	}
	if a.p.Aggression < 0.25 && a.danger(s, here) < 2 && a.d.British[u].Type != stn.Assault {
		return stn.ActPass
	}
	best, bestV := stn.ActPass, -1.0
	for m := s.FireTargets(); m != 0; m &= m - 1 {
		g := bits.TrailingZeros64(m)
		act := stn.FireAction(g)
		v := a.fireValue[g]
		if obj := a.d.German[g].Objective; obj > 0 && obj == a.d.British[u].Objective {
			v += 50
		}
		if v > bestV {
			best, bestV = act, v
		}
	}
	return best
}

// occupy advances into a vacated space when it brings the unit nearer its
// goal, or always when aggressive.
func (a *Agent) occupy(s *stn.State, u int) env.Action {
	var to env.Action = stn.ActPass
	for _, act := range a.buf {
		if kind, _ := stn.DecodeAction(act); kind == "to" {
			to = act
		}
	}
	if to == stn.ActPass {
		return to
	}
	_, sp := stn.DecodeAction(to)
	goal, adj := a.goal(s, u)
	if a.p.Aggression >= 0.75 || a.cost(s, sp, goal, adj) < a.cost(s, s.UnitSpace(u), goal, adj) {
		return to
	}
	return stn.ActPass
}
