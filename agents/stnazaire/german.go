package stnazaire

// The German baselines, for the German seat (stnazaire:opponent=seat): two
// plans a wargamer would recognise, besides "rules" (the priorities the
// printed game prescribes) and "random".
//
//   - concentrate: every German not yet in contact converges on the
//     demolition teams, the men who score, by the shortest way open to it;
//     with no demolition team left it closes with the nearest commando. A
//     German next to a commando stays and fights.
//   - hold: a German standing on an objective that a commando may still
//     destroy stays there (a space a German holds cannot be entered, so
//     cannot be demolished); one within a turn's move of such an objective
//     that no German holds goes to hold it; the rest concentrate.
//
// Both fire alike: at a commando without a result in this exchange before
// one already hit (spreading pins, which stop movement and demolition),
// demolition teams with an objective left first, then one that a step
// loss eliminates, then the strongest.

import (
	"context"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

type germanPlan int

const (
	planConcentrate germanPlan = iota
	planHold
)

// holdReach is how far a German goes to hold an objective: one turn's move.
const holdReach = 3

func init() {
	for _, r := range []struct {
		name, description string
		plan              germanPlan
	}{
		{"concentrate", "German seat of stnazaire:opponent=seat: every German converges on the demolition teams; fire spreads over them first", planConcentrate},
		{"hold", "German seat of stnazaire:opponent=seat: Germans stand on the objectives the demolition teams still threaten, the rest converge on them; fire as concentrate", planHold},
	} {
		r := r
		agents.Register(agents.Registration{
			Name:        r.name,
			Description: r.description,
			Baseline:    true,
			Seats:       []int{1},
			Supports: func(g env.Game) bool {
				sg, ok := g.(*stn.Game)
				return ok && sg.GermanSeat()
			},
			New: func(g env.Game, _ env.Params, _ uint64) (agents.Agent, error) {
				sg, ok := g.(*stn.Game)
				if !ok || !sg.GermanSeat() {
					return nil, fmt.Errorf("%s plays the German seat of stnazaire:opponent=seat, not %s:%s", r.name, g.Name(), g.Options())
				}
				return &German{plan: r.plan, d: sg.Data()}, nil
			},
		})
	}
}

// German plays the German seat by a plan. It is deterministic: ties go to
// the lowest action.
type German struct {
	plan germanPlan
	d    *stn.Data
	buf  []env.Action
	dist [stn.MaxSpaces]int
	q    [stn.MaxSpaces]int
}

// Act chooses the German action.
func (a *German) Act(_ context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*stn.State)
	if !ok {
		return 0, errors.New("German baseline: not a stnazaire state")
	}
	if p := s.CurrentPlayer(); p != 1 {
		return 0, fmt.Errorf("the German baselines play the German seat, not the %s", env.SeatName(s.Game(), p))
	}
	a.buf = s.LegalActions(a.buf)
	if len(a.buf) == 0 {
		return 0, errors.New("German baseline: no legal action")
	}
	switch kind, _ := s.Pending(); kind {
	case stn.PendGermanMove:
		return a.move(s, s.GermanDeciding()), nil
	case stn.PendGermanFire:
		return a.target(s), nil
	default:
		return 0, fmt.Errorf("German baseline: asked to act at a %s node", kind)
	}
}

// move takes the step the plan wants, or stays (pass).
func (a *German) move(s *stn.State, g int) env.Action {
	here := s.GermanCounterSpace(g)
	if a.plan == planHold {
		if a.threatened(s, here) {
			return stn.ActPass
		}
		a.field(s, func(sp int) bool { return s.GermansAt(sp) == 0 && a.threatened(s, sp) }, false)
		if a.dist[here] <= holdReach {
			return a.descend(here)
		}
	}
	if a.nextToCommando(s, here) {
		return stn.ActPass // in contact: stay and fight rather than break off
	}
	a.field(s, func(sp int) bool { return a.isDemolitionTeamAt(s, sp) }, true)
	if a.dist[here] == unreached {
		a.field(s, func(sp int) bool { return s.CommandosAt(sp) > 0 }, true)
	}
	return a.descend(here)
}

const unreached = 1 << 20

// field labels every space with the length of the shortest way, through
// spaces a German may cross (no commando, no exit box), to a goal space:
// 0 on a goal, or 1 next to one when the goals hold commandos (adjacent).
func (a *German) field(s *stn.State, goal func(sp int) bool, adjacent bool) {
	open := func(sp int) bool { return s.CommandosAt(sp) == 0 && a.d.Spaces[sp].Exit < 0 }
	head, tail := 0, 0
	for sp := range a.d.Spaces {
		a.dist[sp] = unreached
	}
	for sp := range a.d.Spaces {
		if !goal(sp) {
			continue
		}
		if !adjacent {
			a.dist[sp], a.q[tail] = 0, sp
			tail++
			continue
		}
		for _, n := range a.d.Move[sp] {
			if open(int(n)) && a.dist[n] == unreached {
				a.dist[n], a.q[tail] = 1, int(n)
				tail++
			}
		}
	}
	for head < tail {
		sp := a.q[head]
		head++
		for _, n := range a.d.Move[sp] {
			if open(int(n)) && a.dist[n] == unreached {
				a.dist[n], a.q[tail] = a.dist[sp]+1, int(n)
				tail++
			}
		}
	}
}

// descend steps to the legal space nearest the goals, if nearer than here.
func (a *German) descend(here int) env.Action {
	best, bestD := stn.ActPass, a.dist[here]
	for _, act := range a.buf {
		if kind, sp := stn.DecodeAction(act); kind == "to" && a.dist[sp] < bestD {
			best, bestD = act, a.dist[sp]
		}
	}
	return best
}

func (a *German) isDemolitionTeamAt(s *stn.State, sp int) bool {
	for u, b := range a.d.British {
		if b.Type == stn.Demolition && s.OnMap(u) && s.UnitSpace(u) == sp {
			return true
		}
	}
	return false
}

// threatened: sp holds an intact objective that a commando on the map may
// still destroy.
func (a *German) threatened(s *stn.State, sp int) bool {
	if a.d.Spaces[sp].Objective == 0 || s.Destroyed(sp) {
		return false
	}
	for u := range a.d.British {
		if s.OnMap(u) && s.MayDemolish(u, sp) {
			return true
		}
	}
	return false
}

// target chooses the commando to attack (see the package comment).
func (a *German) target(s *stn.State) env.Action {
	best, bestV := a.buf[0], -1
	for _, act := range a.buf {
		kind, u := stn.DecodeAction(act)
		if kind != "attack" {
			continue
		}
		b := a.d.British[u]
		v := s.Strength(u)
		if b.Reduced == 0 || s.Strength(u) == int(b.Reduced) {
			v += 10 // a step loss eliminates it
		}
		if b.Type == stn.Demolition && a.hasWork(s, u) {
			v += 100
		}
		if !s.HasResult(u) {
			v += 1000
		}
		if v > bestV {
			best, bestV = act, v
		}
	}
	return best
}

func (a *German) hasWork(s *stn.State, u int) bool {
	for sp := range a.d.Spaces {
		if s.MayDemolish(u, sp) {
			return true
		}
	}
	return false
}

func (a *German) nextToCommando(s *stn.State, sp int) bool {
	for _, n := range a.d.Move[sp] {
		if s.CommandosAt(int(n)) > 0 {
			return true
		}
	}
	return false
}
