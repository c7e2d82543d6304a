package anvil

import "github.com/chariot-ai/chariot/env"

// stepsPerTurn bounds the steps of one game turn for MaxGameLength: a
// documented bound, not a proof, over ten times the longest turn (240
// steps) of 500 random games of each scenario, and with combat groups.
const stepsPerTurn = 2500

// Facts implements env.FactsDeclarer. The return is the Allied margin,
// zero-sum: the Allies score at most every German step lost and every
// area's port and town VP; the Germans at most every Allied step lost, the
// strength of every German unit exited and the port VP of every fortified
// area held. The game's turns, and the set-up before them, each take at
// most stepsPerTurn steps; every die is a D6.
func (g *Game) Facts() env.Facts {
	d := g.data
	v := &d.File.VP
	allied, german, exitSP, forts := 0, 0, 0, 0
	for _, u := range d.Units {
		if u.Class != ClassCombat {
			continue
		}
		lost := max(0, u.Steps*v.PerStep)
		if u.Side == German {
			allied += lost
			exitSP += max(0, u.Full, u.Reduced)
		} else {
			german += lost
		}
	}
	for _, a := range d.Areas {
		if a.Fortified {
			allied += max(0, v.Port)
			forts++
		}
		allied += max(0, v.Towns[a.ID])
	}
	if v.ExitSPPerVP > 0 {
		german += exitSP / v.ExitSPPerVP
	}
	german += forts * max(0, v.PortHeld)
	m := float64(max(allied, german))
	return env.Facts{Utility: env.ZeroSum, MinReturn: -m, MaxReturn: m, MaxGameLength: (g.turns + 1) * stepsPerTurn, MaxChanceOutcomes: 6}
}
