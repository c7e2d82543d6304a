package env_test

import (
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestWinLossReturns: the winner +1, the loser -1, both 0 otherwise, in
// the buffer given.
func TestWinLossReturns(t *testing.T) {
	buf := make([]float64, 0, 2)
	for winner, want := range map[int][]float64{0: {1, -1}, 1: {-1, 1}, -1: {0, 0}} {
		got := env.WinLossReturns(buf, winner)
		if !slices.Equal(got, want) || &got[0] != &buf[:1][0] {
			t.Errorf("winner %d: %v, want %v in the buffer given", winner, got, want)
		}
	}
}
