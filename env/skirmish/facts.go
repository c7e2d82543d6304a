package skirmish

import "github.com/chariot-ai/chariot/env"

// stepsPerTurn bounds the steps of one game turn for MaxGameLength: a
// documented bound, not a proof, over ten times the longest turn (88
// steps) of 500 random games, sleepy and alert, with the Germans played by
// the reactions and as a seat.
const stepsPerTurn = 1000

// Facts implements env.FactsDeclarer. The British VP are the features
// destroyed (each once) and, for each British figure, at most one of the
// scenario's VP for a figure that exits or for one lost or captured. The
// game's turns, and the set-up before them, each take at most stepsPerTurn
// steps; every die is a D6.
func (g *Game) Facts() env.Facts {
	d := g.data
	lo, hi := 0, 0
	for _, f := range d.Features {
		lo, hi = lo+min(0, f.VP), hi+max(0, f.VP)
	}
	for _, f := range d.Figures {
		if f.Side == British {
			lo += min(0, d.ExitedVP, d.LostVP)
			hi += max(0, d.ExitedVP, d.LostVP)
		}
	}
	return env.SeatVPFacts(float64(lo), float64(hi), g.opts.Seat, (g.turns+1)*stepsPerTurn, 6)
}
