package ahraid

import "github.com/chariot-ai/chariot/env"

// stepsPerTurn bounds the steps of one game turn for MaxGameLength: a
// documented bound, not a proof, over ten times the longest turn (121
// steps) of 500 random games, with the Germans played by the aid and as a
// seat.
const stepsPerTurn = 1500

// Facts implements env.FactsDeclarer. The British VP (VP2) are at most
// every objective and gun destroyed and every commando unit saved, and
// never below 0. The game's turns, and the set-up before them, each take
// at most stepsPerTurn steps; a chance node is a D6, 2D6 (11 outcomes), a
// draw from the cup or a pick of at most MaxPick.
func (g *Game) Facts() env.Facts {
	d := g.data
	hi := 0
	for _, o := range d.Objectives {
		hi += 2 * max(0, int(o.VP))
	}
	for _, k := range d.Guns {
		hi += 2 * max(0, int(k.VP))
	}
	hi += 4 * len(d.Commandos)
	return env.SeatVPFacts(0, float64(hi)/2, g.NumPlayers() == 2, (g.turns+1)*stepsPerTurn, max(11, MaxPick))
}
