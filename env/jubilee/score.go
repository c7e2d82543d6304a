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

// LeafValue estimates the final points for a search cut off early: a
// linear fit of the final points on LeafFeatures over 400 games of the
// commando-raid baseline (26,661 positions, R² 0.37: the dice and chits
// decide much of what is left). Steps in boxes are worth most, then those
// on the Dieppe map and still on the track; the flank maps' steps little.
func (s *State) LeafValue() []float64 {
	v := float64(s.Points())
	if s.phase != phOver {
		var f [leafFeatures]float64
		s.leafFeatures(&f)
		v = 0
		for i, w := range leafWeights {
			v += w * f[i]
		}
	}
	if s.g.opts.OpponentSeat {
		return []float64{v, -v}
	}
	return []float64{v}
}

// leafWeights are the fitted weights of LeafFeatures.
var leafWeights = [leafFeatures]float64{6.18, 0.853, 0.053, 0.456, 0.288, 0.613, 0.455, 0.173}

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

// LeafFeatures are the figures LeafValue weighs: a constant, the points so
// far, the steps on each map, in boxes and on the track, and the turns left
// times the steps on the map.
func (s *State) LeafFeatures() []float64 {
	var f [leafFeatures]float64
	s.leafFeatures(&f)
	return f[:]
}

const leafFeatures = 8

func (s *State) leafFeatures(f *[leafFeatures]float64) {
	d := s.data()
	f[0], f[1] = 1, float64(s.Points())
	left := float64(s.opts().Turns - int(s.turn))
	for u := range d.CW {
		st := float64(s.cwSteps[u])
		switch s.cwSt[u] {
		case cwMap:
			f[2+d.Hexes[s.cwAt[u]].Map] += st
			f[7] += st * left / 24
		case cwBox:
			f[5] += st
		case cwTrack:
			f[6] += st
		}
	}
	for _, n := range s.boxLoose {
		f[5] += float64(n)
	}
}
