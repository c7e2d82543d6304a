package ahraid

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// Nothing is hidden in this game: every counter is face up once drawn, and
// draws from the cup are chance nodes.

const (
	obsGlobal  = 6
	obsBoat    = 11
	obsUnit    = 12
	obsArea    = 4
	obsGun     = 6
	obsObj     = 6
	obsPending = 12
)

// ObservationSize is the length of the observation vector.
func (g *Game) ObservationSize() int {
	d := g.data
	return obsGlobal + obsBoat*len(d.Boats) + obsUnit*len(d.Commandos) + obsArea*len(d.Areas) +
		obsGun*len(d.Guns) + obsObj*len(d.Objectives) + obsPending
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Observation writes the whole position, the same for both seats.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	d := s.data()
	n := s.g.ObservationSize()
	if cap(buf) < n {
		buf = make([]float32, n)
	}
	buf = buf[:n]
	clear(buf)
	i := 0
	put := func(v float32) { buf[i] = v; i++ }
	put(float32(s.Turn) / float32(s.g.turns))
	put(float32(s.Step) / stepOver)
	put(b2f(s.Lights))
	put(b2f(s.PensDone))
	put(float32(s.VP()) / 100)
	put(float32(s.cupTotal()) / 50)
	for b, bd := range d.Boats {
		buf[i+int(s.BStat[b])] = 1
		i += 3
		f := s.BFlags[b]
		put(float32(s.BZone[b]) / float32(len(d.Zones)))
		put(b2f(f&bfFire != 0))
		put(b2f(f&bfBurning != 0))
		put(b2f(f&bfDead != 0))
		put(b2f(f&bfRammed != 0))
		put(b2f(f&bfLanded != 0))
		put(float32(s.aboard(b)) / float32(max(1, int(bd.Capacity))))
		put(float32(s.BMF[b]) / 4)
	}
	for u := range d.Commandos {
		buf[i+int(s.UStat[u])] = 1
		i += 8
		put(float32(s.UWhere[u]) / float32(len(d.Areas)))
		put(float32(s.UStr[u]) / 6)
		put(float32(s.UGren[u]) / 5)
		put(float32(s.UChg[u]) / 5)
	}
	var gs, gn [MaxAreas]int
	for g := range s.GArea {
		if a := s.GArea[g]; a >= 0 {
			gs[a] += int(s.GStr[g])
			gn[a]++
		}
	}
	for a := range d.Areas {
		_, cs := s.cdoIn(a)
		put(float32(gs[a]) / 12)
		put(float32(gn[a]) / 4)
		put(b2f(s.areaLit(a)))
		put(float32(cs) / 12)
	}
	for k := range d.Guns {
		buf[i+int(s.KStat[k])] = 1
		i += 4
		put(b2f(s.KFired[k]))
		put(float32(s.Beam[k]+1) / float32(len(d.Zones)))
	}
	for o := range d.Objectives {
		buf[i+int(s.OStat[o])] = 1
		i += 4
		put(b2f(s.OCharge[o] >= 0))
		put(b2f(s.ORisk[o]))
	}
	if s.Dec != decNone {
		buf[i+int(s.Dec)-1] = 1
	}
	i += obsPending - 1
	put(float32(s.Cursor) / 64)
	return buf
}

// Observe is the structured view: the state's JSON form as a value.
func (s *State) Observe(p env.Player) any {
	return stateJSON{Game: Name, Options: s.g.Options(), Clock: s.data().Clock(int(s.Turn)), core: s.core}
}

// RuleAction is the aid's choice for the German seat: the destination of
// step 13, the target of steps 16-17 by priorities a-e (a tie already
// settled by its die), consolidation always.
func (s *State) RuleAction() (env.Action, error) {
	switch s.Dec {
	case decGerMove:
		if int(s.Aux2) == int(s.GArea[s.Aux]) {
			return ActPass, nil
		}
		return ToAction(int(s.Aux2)), nil
	case decGerTarget:
		return AtAction(int(s.Aux2)), nil
	case decConsol:
		return ActYes, nil
	}
	return 0, fmt.Errorf("the aid does not script this decision (%s)", s.Prompt())
}

// LeafValue estimates the final VP: the VP so far and, once the destroyer
// has rammed, the expected worth of its explosion.
func (s *State) LeafValue() []float64 {
	d := s.data()
	v := s.VP()
	if s.Step != stepOver && s.BFlags[0]&bfRammed != 0 && d.rammed >= 0 && s.objOpen(int(d.rammed)) {
		vp := float64(d.Objectives[d.rammed].VP)
		if s.OStat[d.rammed] == oDamaged {
			vp /= 2
		}
		for f := 1; f <= 6; f++ {
			switch d.n2(f + s.explosionMod()) {
			case effDestroyed:
				v += vp / 6
			case effDamaged:
				if s.OStat[d.rammed] == oIntact {
					v += vp / 12
				}
			}
		}
	}
	if s.g.NumPlayers() == 2 {
		return []float64{v, -v}
	}
	return []float64{v}
}

// Caveats say what of this game is authored rather than printed.
func (g *Game) Caveats() []string {
	return []string{
		"Built from the Spanish player aid only: the turn sequence and its thresholds are the aid's; every table it names (V-1 to V-4, N-1 to N-3), the map's zones and areas, the boats, units, guns and the mission sheet's VP are authored (data/README.md).",
		"Area numbers 111, 315, 336, 366, 407, 410, 412 and 443 are the aid's; the other areas, their shapes and lines are a reconstruction from the history of the raid.",
		"Turns are 6 minutes from 0128 (the aid's 0146, 0152 and 0222 fall on turns 4, 5 and 10); the game lasts 20 turns, an authored length.",
		"A hit's target boat is a uniform pick among the boats in reach (option target_by_number for the aid's die and nearest number).",
		"Delayed-action torpedoes, German armoured cars and the mission sheet's variants (page 29 of the instructions) are not modelled.",
	}
}
