package env

// WinLossReturns writes the returns of a two-player win-or-lose game into
// buf: +1 to the winner and -1 to the loser, or 0 to both when winner is
// neither seat (a draw, or a game not yet over).
func WinLossReturns(buf []float64, winner int) []float64 {
	switch winner {
	case 0:
		return append(buf[:0], 1, -1)
	case 1:
		return append(buf[:0], -1, 1)
	default:
		return append(buf[:0], 0, 0)
	}
}
