//go:build !race

package stnazaire_test

import (
	"testing"

	"github.com/chariot-ai/chariot/search/searchtest"
)

// The race detector's build allocates on its own account, so this file is
// left out of it (go test -race), not skipped.

// TestSearchAllocatesNothingPerSimulation: St. Nazaire offers the in-place
// copy and returns into a buffer, so one worker's search allocates nothing
// per simulation, the Germans a seat or not. (With two workers the tree's
// shape, and so its arena, varies from search to search.)
func TestSearchAllocatesNothingPerSimulation(t *testing.T) {
	for _, spec := range []string{"stnazaire", "stnazaire:opponent=seat"} {
		g := stnGame(t, spec)
		searchtest.AllocsPerSimulation(t, g, searchtest.FirstDecision(t, g, 0), 50, 500, 1)
	}
}
