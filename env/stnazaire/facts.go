package stnazaire

import "github.com/chariot-ai/chariot/env"

// stepsPerTurn bounds the steps of one game turn for MaxGameLength: a
// documented bound, not a proof, over ten times the longest turn (136
// steps) of 500 random games, with the Germans played by the rules and as
// a seat.
const stepsPerTurn = 1500

// Facts implements env.FactsDeclarer. The British VP fall by 2 for each
// commando eliminated or captured, never more than once a commando, and
// rise by an objective's VP for each objective space destroyed and each
// FlaK of an objective eliminated, each once; so they lie between -2 a
// commando and the sum of those VP. The game's turns, and the set-up
// before them, each take at most stepsPerTurn steps; every die is a D10,
// read whole or as 1 to k (k at most 10).
func (g *Game) Facts() env.Facts {
	d := g.data
	hi := 0
	for _, sp := range d.Spaces {
		if sp.Objective > 0 {
			hi += max(0, d.ObjVP[sp.Objective])
		}
	}
	for _, gu := range d.German {
		if isFlak(gu.Class) && gu.Objective > 0 {
			hi += max(0, d.ObjVP[gu.Objective])
		}
	}
	lo := -2 * len(d.British)
	return env.SeatVPFacts(float64(lo), float64(hi), g.opts.GermanSeat, (g.opts.Turns+1)*stepsPerTurn, 10)
}
