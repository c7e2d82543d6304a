package jubilee

import "github.com/chariot-ai/chariot/env"

// Winning and losing (14).

// Points is the victory total of 14.3: objective VP plus evacuated steps,
// less the variants' adjustments (16).
func (s *State) Points() int {
	return int(s.vp) + int(s.evacSteps) - s.opts().penalty()
}

// Level names the victory level (14.2, 14.3).
func (s *State) Level() string {
	d := s.data()
	if int(s.vp) >= d.OpVP {
		return d.Levels[0].Name
	}
	pts := s.Points()
	for _, l := range d.Levels {
		if pts >= l.Min {
			return l.Name
		}
	}
	return d.Levels[len(d.Levels)-1].Name
}

// Returns gives the CW points (and their negation for a German seat).
func (s *State) Returns() []float64 {
	v := float64(s.Points())
	if s.g.opts.OpponentSeat {
		return []float64{v, -v}
	}
	return []float64{v}
}

// Score summarises the game: points, level and the figures of 12 and 14.
func (s *State) Score() env.Score {
	return env.Score{Value: float64(s.Points()), Verdict: s.Level(), Metrics: []env.Metric{
		{Name: "objective_vp", Value: float64(s.vp)},
		{Name: "evacuated_steps", Value: float64(s.evacSteps)},
		{Name: "eliminated_steps", Value: float64(s.elimSteps)},
		{Name: "three_step_infantry_eliminated", Value: float64(s.elim3)},
		{Name: "turn", Value: float64(s.turn)},
	}}
}

// LeafValue estimates the final points for a search cut off early: the
// points so far, plus half the steps still on the map or in boxes, which
// may yet get away, plus all the steps still to land on a map that will
// go into evacuation mode before they do.
func (s *State) LeafValue() []float64 {
	v := float64(s.Points())
	if s.phase != phOver {
		for u := range s.data().CW {
			switch s.cwSt[u] {
			case cwMap:
				v += 0.5 * float64(s.cwSteps[u])
			case cwBox:
				v += 0.8 * float64(s.cwSteps[u])
			}
		}
	}
	if s.g.opts.OpponentSeat {
		return []float64{v, -v}
	}
	return []float64{v}
}

// RuleAction is what the German rules choose at a German seat's decision
// (env.RuleBot, with opponent=seat).
func (s *State) RuleAction() (env.Action, error) {
	switch s.dec {
	case decGFire:
		_, group := s.fireGroup(s.curPos())
		return env.Action(aUnit + lowest(group)), nil
	case decGMove:
		var m moveCheck
		s.checkMove(s.curPos(), &m)
		return env.Action(m.rule), nil
	case decGDepth:
		p := s.depthChoice(s.cand)
		return env.Action(aHex + int(s.data().Positions[p].Hex)), nil
	}
	return 0, errNoRule
}
