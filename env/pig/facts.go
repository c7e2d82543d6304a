package pig

import "github.com/chariot-ai/chariot/env"

// Facts implements env.FactsDeclarer: won, lost or drawn at the horizon,
// one die of g.die faces. With a horizon of h decisions a game has at most
// 2h steps, each decision a roll followed by its die at most; without one
// it has no bound: two players who never stop roll for ever, every 1
// wiping out the turn.
func (g *Game) Facts() env.Facts { return env.WinLossFacts(2*g.horizon, g.die) }
