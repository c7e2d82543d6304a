package jubilee

import "github.com/chariot-ai/chariot/env"

// stepsPerTurn bounds the steps of one game turn for MaxGameLength: a
// documented bound, not a proof, over ten times the longest turn (98
// steps) of 500 random games, with the Germans played by the rules and as
// a seat, and with drift by table and by choice.
const stepsPerTurn = 1000

// Facts implements env.FactsDeclarer. The CW points are the objective VP
// (each position destroyed once) and the evacuated steps (at most every
// step the CW units have), less the fixed penalty of the optional rules in
// force (16.2 to 16.4). The game's turns, and the set-up before them, each
// take at most stepsPerTurn steps; a chance node is a D6, a pick of a CW
// unit or a draw of a chit from the cup.
func (g *Game) Facts() env.Facts {
	d := g.data
	hi := 0
	for _, p := range d.Positions {
		hi += max(0, int(p.VP))
	}
	for _, u := range d.CW {
		hi += int(u.MaxSteps)
	}
	pen := g.opts.penalty()
	chance := max(6, len(d.CW), len(d.Chits))
	return env.SeatVPFacts(float64(-pen), float64(hi-pen), g.opts.OpponentSeat, (g.opts.Turns+1)*stepsPerTurn, chance)
}
