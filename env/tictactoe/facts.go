package tictactoe

import "github.com/chariot-ai/chariot/env"

// Facts implements env.FactsDeclarer: won, lost or drawn, no chance, and
// no game longer than the board has cells.
func (g *Game) Facts() env.Facts { return env.WinLossFacts(Cells, 0) }
