package skirmish

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// AUTHORED: the German reaction rules.
//
// The text promises the defender's reaction rules "in the next post" and
// does not have them. Everything in this file is authored for chariot, in
// the genre of solo raid games and from the text's own mechanisms only
// (activation d6-1, 6" moves, 12" shooting, searchlights, officers). Each
// rule is numbered G1-G5 and tested by that name; RULINGS.md and
// data/README.md say why. Two sets are offered (option reactions=).
//
//   G1 Alarm. The garrison is Quiet or Raised. It is Raised at once when a
//      commando shoots, fires the mortar or assaults, when a demolition
//      goes bang, or when a German fires. Otherwise, at the start of each
//      German phase while Quiet, roll a die: +1 if a commando is within 6"
//      of a German figure, +1 from turn 3 on; it is Raised on AlarmOn or
//      more. Once Raised it stays Raised.
//   G2 Searchlights. While Quiet every searchlight is dark. While Raised
//      and the power station stands, each searchlight rolls a die each
//      German phase: lit on LitOn or more, dark otherwise. Without power
//      all are dark. (The text's -2 then applies to the closest commando.)
//   G3 Pillboxes. Each fires its one shot of the text at, in order: a
//      commando at work (touching a target or wire), the commando picked
//      out by a lit searchlight, the nearest, one not in cover, the first
//      listed. While Quiet it sees only commandos within SentryRange.
//   G4 German activations. While Quiet only units with a commando within
//      SentryRange are awake and may activate (sentries). Units activate
//      nearest-to-a-commando first. With OfficerBoosts the officer first
//      gives up its roll to direct the awake unit nearest a commando. An
//      activated unit: (1) shoots with every action at the priority
//      target (a commando at work, a demolition unit, the nearest, not in
//      cover, the first listed) while it can; (2) while Quiet, stays put;
//      (3) guards: within 6" of an intact target's point with a commando
//      within 12" of it, it stays put; (4) otherwise closes on the nearest
//      commando (straight at it, or the full-length compass leg that gains most), then
//      shoots with what is left. Germans never assault or demolish (text).
//   G5 Reinforcements. While Raised, each entry point whose spot is free
//      rolls a die at the end of the German phase; on ReinforceOn or more
//      the next unit of the scenario's reinforcement list arrives there. It
//      acts from the next German phase.

// Reactions is one set of authored reaction rules' parameters.
type Reactions struct {
	Name          string
	AlarmAtStart  bool  // G1: Raised from the start
	AlarmOn       int   // G1: modified die to raise the alarm
	LitAtStart    bool  // G2: searchlights lit at the start
	LitOn         int   // G2: die for a searchlight to be lit
	ReinforceOn   int   // G5: die for a reinforcement at an entry
	SentryRange   int64 // G3, G4: what a quiet garrison sees
	OfficerBoosts bool  // G4: the German officer directs
}

// reactionSets are the authored sets: a sleepy garrison surprised in the
// night, and an alert one (the raid of 28 March 1942 found the flak crews
// at their guns after an air raid).
var reactionSets = map[string]Reactions{
	"sleepy": {Name: "sleepy", AlarmOn: 6, LitOn: 4, ReinforceOn: 6, SentryRange: 6 * Inch},
	"alert": {Name: "alert", AlarmAtStart: true, LitAtStart: true, LitOn: 2, ReinforceOn: 5,
		SentryRange: 6 * Inch, OfficerBoosts: true},
}

// awake: G4, a German unit may activate once the alarm is Raised, or
// while Quiet when a commando is within SentryRange.
func (s *State) awake(i int) bool {
	if s.alarm {
		return true
	}
	p := s.f[i].pos()
	for j := range s.nf() {
		if s.side(j) == British && s.on(j) && within(p, s.f[j].pos(), s.g.react.SentryRange) {
			return true
		}
	}
	return false
}

// alarmMod is G1's modifier.
func (s *State) alarmMod() int {
	m := 0
	if s.turn >= 3 {
		m++
	}
	for j := range s.nf() {
		if s.side(j) != British || !s.on(j) {
			continue
		}
		for g := range s.nf() {
			if s.side(g) == German && s.on(g) && within(s.f[j].pos(), s.f[g].pos(), StopRange) {
				return m + 1
			}
		}
	}
	return m
}

// nextReinforcement is G5's next unit, or -1 when the list is spent.
func (s *State) nextReinforcement() int {
	for i, f := range s.data().Figures {
		if f.Pool && s.f[i].st == stAway {
			return i
		}
	}
	return -1
}

// entryFree: no figure stands on entry e's spot.
func (s *State) entryFree(e int) bool {
	p := s.data().Entries[e].At
	for j := range s.nf() {
		if s.on(j) && dist2(p, s.f[j].pos()) < Base*Base {
			return false
		}
	}
	return true
}

// atWork: commando j touches an intact target or uncut wire.
func (s *State) atWork(j int) bool {
	for f := range s.data().Features {
		if s.touchesTarget(j, f) || s.touchesWire(j, f) {
			return true
		}
	}
	return false
}

// nearestCommando is the commando on the table nearest figure i, or -1.
func (s *State) nearestCommando(i int) (int, int64) {
	best, bd := -1, int64(0)
	p := s.f[i].pos()
	for j := range s.nf() {
		if s.side(j) == British && s.on(j) {
			if dd := dist2(p, s.f[j].pos()); best < 0 || dd < bd {
				best, bd = j, dd
			}
		}
	}
	return best, bd
}

// priority is a target's rank for G3 and G4: lower is first.
type priority [5]int64

func less(a, b priority) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

func flag(b bool) int64 {
	if b {
		return 0
	}
	return 1
}

// rank ranks commando j as a target of German shooter i: G3 for a
// pillbox, G4 for a unit.
func (s *State) rank(i, j int) priority {
	second := flag(s.def(j).Kind == Demolition)
	if s.def(i).Kind == Pillbox {
		second = flag(s.litOn(j))
	}
	return priority{flag(s.atWork(j)), second, dist2(s.f[i].pos(), s.f[j].pos()), 1 - flag(s.inCover(j)), int64(j)}
}

// bestTarget is shooter i's priority target, or -1.
func (s *State) bestTarget(i int) int {
	best := -1
	var br priority
	for j := range s.nf() {
		if s.canShoot(i, j) {
			if r := s.rank(i, j); best < 0 || less(r, br) {
				best, br = j, r
			}
		}
	}
	return best
}

// guarding: G4.3, i stands within 6" of an intact target's point with a
// commando within 12" of that point.
func (s *State) guarding(i int) bool {
	d := s.data()
	p := s.f[i].pos()
	for f, ft := range d.Features {
		if ft.Kind != FTarget || s.isGone(f) || !within(p, ft.At, 6*Inch) {
			continue
		}
		for j := range s.nf() {
			if s.side(j) == British && s.on(j) && within(ft.At, s.f[j].pos(), Range) {
				return true
			}
		}
	}
	return false
}

// ruleChoice is the German decision the reaction rules make. It is only
// called at a German decision, where it returns a legal action.
func (s *State) ruleChoice() int {
	n := s.nf()
	switch s.step {
	case stepSelect:
		if s.g.react.OfficerBoosts {
			for o := range n {
				if s.side(o) == German && s.canDirect(o) {
					return aDirect + o
				}
			}
		}
		best, bd := -1, int64(0)
		for i := range n {
			if s.side(i) == German && s.canActivate(i) {
				_, d := s.nearestCommando(i)
				if best < 0 || d < bd {
					best, bd = i, d
				}
			}
		}
		if best < 0 {
			return aEnd
		}
		return aActivate + best
	case stepBoost:
		best, bd := -1, int64(0)
		for j := range n {
			if s.canBoost(int(s.aux), j) {
				_, d := s.nearestCommando(j)
				if best < 0 || d < bd {
					best, bd = j, d
				}
			}
		}
		return aBoost + best
	case stepPillbox:
		if t := s.bestTarget(int(s.cur)); t >= 0 {
			return aShoot + t
		}
		return aEnd
	case stepAct:
		i := int(s.cur)
		if s.mayShoot() {
			if t := s.bestTarget(i); t >= 0 {
				return aShoot + t
			}
		}
		if !s.alarm || s.guarding(i) || !s.mayMove() {
			return aEnd
		}
		return s.closeIn(i)
	}
	return aEnd
}

// closeIn is G4.4's move: straight at the nearest commando if that leg is
// legal, else the full-length compass leg that brings it nearest, else end.
func (s *State) closeIn(i int) int {
	j, d0 := s.nearestCommando(i)
	if j < 0 {
		return aEnd
	}
	close := s.closeMask(i)
	if _, _, ok := s.leg(i, aToward+j, close); ok {
		return aToward + j
	}
	best, bd := aEnd, d0
	goal := s.f[j].pos()
	for k := range nDirs {
		a := aMove + k*nLens + nLens - 1 // full legs only
		if end, _, ok := s.leg(i, a, close); ok {
			if dd := dist2(end, goal); dd < bd {
				best, bd = a, dd
			}
		}
	}
	return best
}

// RuleAction is the action the authored reaction rules choose for the
// Germans (env.RuleBot), with opponent=seat.
func (s *State) RuleAction() (env.Action, error) {
	if s.phase == phOver || s.step >= dieActivation || s.phaseSide() != German {
		return 0, fmt.Errorf("the reaction rules choose only for the Germans, and it is not their decision (%s)", s.Prompt())
	}
	return env.Action(s.ruleChoice()), nil
}
