package chancewalk

import "github.com/chariot-ai/chariot/env"

// Facts implements env.FactsDeclarer: one seat scoring 0 or 1; each turn
// is a choice and at most one die (jump or slip), so a game takes at most
// two steps a turn.
func (g *Game) Facts() env.Facts {
	return env.Facts{Utility: env.GeneralSum, MinReturn: 0, MaxReturn: 1, MaxGameLength: 2 * g.turns, MaxChanceOutcomes: 2}
}
