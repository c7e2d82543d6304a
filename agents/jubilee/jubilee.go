// Package jubilee holds rule-of-thumb baselines for Operation Jubilee: one
// planner with a few dials, registered under three plans a wargamer would
// recognise (clear the beaches, raid the objectives, get out early). They
// look no further than straight-line hex distances, so they are fast
// enough to serve as rollout policies. raidsearch (focus.go) is the
// commando-raid plan with IS-MCTS at the decisions the plans settle by a
// draw, the landing boxes above all: a preset of the search option at.
package jubilee

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	jub "github.com/chariot-ai/chariot/env/jubilee"
)

// Params are the dials of the planner.
type Params struct {
	// Aggression, 0 to 1: how readily units attack German positions, and
	// whether idle units make for the nearest German rather than an
	// objective.
	Aggression float64
	// Objectives weighs closing on undestroyed objectives.
	Objectives float64
	// Caution weighs the German fields of fire a move enters.
	Caution float64
	// LeaveTurn is the turn from which units make for the boarding beaches
	// whether or not their map is evacuating yet.
	LeaveTurn int
}

var plans = []struct {
	name, description string
	params            Params
}{
	{"beach", "beach-clearing plan: units attack the German positions over their beaches when the odds look even or better, push inland to the nearest German, destroy objectives they stand on, and board when their map evacuates",
		Params{Aggression: 0.9, Objectives: 0.3, Caution: 0.2, LeaveTurn: 20}},
	{"raid", "commando-raid plan: every unit makes for the nearest undestroyed objective (the batteries first on the flanks), attacks only what stands on one, destroys it, then heads for the boats",
		Params{Aggression: 0.4, Objectives: 1, Caution: 0.5, LeaveTurn: 16}},
	{"evacuate", "early-evacuation plan: units hold near their beaches, attack only what is next to them, and board as soon as their map is in evacuation mode",
		Params{Aggression: 0.2, Objectives: 0.2, Caution: 1, LeaveTurn: 8}},
}

var optionDocs = []env.OptionDoc{
	{Name: "aggression", Help: "0..1: how readily units attack"},
	{Name: "objectives", Help: "0..5: weight of closing on objectives"},
	{Name: "caution", Help: "0..10: weight of German fields of fire entered"},
	{Name: "leave_turn", Help: "1..24: turn from which units make for the boats"},
}

func init() {
	for _, c := range plans {
		c := c
		docs := make([]env.OptionDoc, len(optionDocs))
		copy(docs, optionDocs)
		docs[0].Default = fmt.Sprint(c.params.Aggression)
		docs[1].Default = fmt.Sprint(c.params.Objectives)
		docs[2].Default = fmt.Sprint(c.params.Caution)
		docs[3].Default = fmt.Sprint(c.params.LeaveTurn)
		agents.Register(agents.Registration{
			Name:        c.name,
			Description: c.description,
			Options:     docs,
			Baseline:    true,
			Supports:    func(g env.Game) bool { _, ok := g.(*jub.Game); return ok },
			New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
				var err error
				pr := c.params
				if pr.Aggression, err = agents.Float(p, docs[0], 0, 1); err != nil {
					return nil, err
				}
				if pr.Objectives, err = agents.Float(p, docs[1], 0, 5); err != nil {
					return nil, err
				}
				if pr.Caution, err = agents.Float(p, docs[2], 0, 10); err != nil {
					return nil, err
				}
				if pr.LeaveTurn, err = agents.Int(p, docs[3], 1, 24); err != nil {
					return nil, err
				}
				return New(g, pr, seed)
			},
		})
	}
}

// Agent plays the Commonwealth by rules of thumb.
type Agent struct {
	p                    Params
	d                    *jub.Data
	rng                  *rand.Rand
	buf                  []env.Action
	boats, objs, germans []int
	haveObjs             bool
	goal                 []int              // the goal list's hexes on the selected unit's map
	units                [jub.MaxHexes]int8 // CW units a hex, while verb scores moves
}

// New builds a planner for a Jubilee game.
func New(g env.Game, p Params, seed uint64) (*Agent, error) {
	jg, ok := g.(*jub.Game)
	if !ok {
		return nil, fmt.Errorf("jubilee agents play jubilee, not %s", g.Name())
	}
	return &Agent{p: p, d: jg.Data(), rng: rand.New(rand.NewPCG(seed, 0x4a5542))}, nil
}

// Act chooses the Commonwealth action.
func (a *Agent) Act(_ context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*jub.State)
	if !ok {
		return 0, errors.New("jubilee agent: not a jubilee state")
	}
	if p := s.CurrentPlayer(); p != 0 {
		return 0, fmt.Errorf("the Commonwealth baselines play the Commonwealth seat, not the %s (give that seat a German agent, e.g. rules)", env.SeatName(s.Game(), p))
	}
	a.buf = s.LegalActions(a.buf)
	if len(a.buf) == 0 {
		return 0, errors.New("jubilee agent: no legal action")
	}
	switch s.Decision() {
	case "select", "join":
		// The first unit able to act (or join), else end the phase.
		for _, x := range a.buf {
			if k, _ := jub.DecodeAction(x); k == jub.KindUnit {
				return x, nil
			}
		}
		return jub.ActPass, nil
	case "verb":
		return a.verb(s), nil
	case "delay", "infiltrate":
		return jub.ActYes, nil
	case "attrition":
		return jub.ActPass, nil
	case "stack", "fire_tie":
		return a.weakest(s), nil
	}
	return a.buf[a.rng.IntN(len(a.buf))], nil
}

// weakest picks the listed unit with the fewest steps.
func (a *Agent) weakest(s *jub.State) env.Action {
	best, bs := a.buf[0], 99
	for _, x := range a.buf {
		if k, u := jub.DecodeAction(x); k == jub.KindUnit && s.UnitSteps(u) < bs {
			best, bs = x, s.UnitSteps(u)
		}
	}
	return best
}

// nearest is the distance from h to the closest hex of list on its map.
func (a *Agent) nearest(h int, list []int) int {
	best := 1000
	for _, x := range list {
		best = min(best, a.d.Distance(h, x))
	}
	return best
}

// objectives is s.Objectives, read once a verb.
func (a *Agent) objectives(s *jub.State) []int {
	if !a.haveObjs {
		a.objs, a.haveObjs = s.Objectives(a.objs[:0]), true
	}
	return a.objs
}

// verb scores the selected unit's actions and plays the best.
func (a *Agent) verb(s *jub.State) env.Action {
	u := s.Selected()
	h := s.UnitHex(u)
	leaving := s.Evacuating(h) || s.Turn() >= a.p.LeaveTurn
	if a.boats == nil {
		a.boats = s.BoardingHexes(a.boats) // fixed by the map
	}
	a.haveObjs = false // read at the first attack or move that asks
	// What moves are scored by, read once at the first move: the goal's
	// hexes on the unit's map (a move stays on it, and other maps' hexes
	// are 1000 away, never the nearest), the distance from h, the units a
	// hex and the live fields.
	moves := false
	here := 0
	var danger jub.Danger
	best, bestScore := jub.ActPass, 0.0
	for _, x := range a.buf {
		k, arg := jub.DecodeAction(x)
		score := 0.0
		switch {
		case x == jub.ActDestroy:
			score = 100
		case x == jub.ActBoard:
			score = 90
		case x == jub.ActBoard1 || x == jub.ActBoard2:
			score = 85 + float64(x-jub.ActBoard1)
		case k == jub.KindAttack:
			def, _ := s.KnownDefence(arg, 3)
			odds := float64(s.UnitStrength(u)) - float64(def)
			score = 10*a.p.Aggression + 5*odds
			if a.nearest(arg, a.objectives(s)) == 0 {
				score += 20 * a.p.Objectives
			}
			if leaving {
				score -= 30
			}
		case k == jub.KindBarrage:
			score = 8
		case k == jub.KindMove:
			if !moves {
				moves = true
				for v := range s.NumUnits() {
					if hx := s.UnitHex(v); hx >= 0 {
						a.units[hx]++
					}
				}
				var goal []int
				switch {
				case leaving:
					goal = a.boats
				case a.p.Aggression > 0.5:
					a.germans = s.GermanHexes(a.germans[:0])
					goal = a.germans
				default:
					goal = a.objectives(s)
				}
				m := a.d.Hexes[h].Map
				a.goal = a.goal[:0]
				for _, x := range goal {
					if a.d.Hexes[x].Map == m {
						a.goal = append(a.goal, x)
					}
				}
				here = a.nearest(h, a.goal)
				danger = s.Danger()
			}
			if a.units[arg] >= 2 { // 10.16: a third unit would be lost
				continue
			}
			gain := float64(here - a.nearest(arg, a.goal))
			if gain > 50 || gain < -50 {
				gain = 0
			}
			w := 6.0
			if !leaving && a.p.Aggression <= 0.5 {
				w = 6 * a.p.Objectives
			}
			score = w*gain - 4*a.p.Caution*float64(danger.At(arg))
		}
		if score > bestScore {
			best, bestScore = x, score
		}
	}
	if moves {
		for v := range s.NumUnits() {
			if hx := s.UnitHex(v); hx >= 0 {
				a.units[hx] = 0
			}
		}
	}
	return best
}
