package envtest

import (
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestWithoutPieces: a place inside a piece's name is not a place a move
// names, while the same place outside it is.
func TestWithoutPieces(t *testing.T) {
	pieces := []env.Piece{{Side: "German", Name: "North caisson sentry", Cell: -1}, {Side: "German", Name: "?", Cell: 2}}
	cells := []string{"North caisson"}
	for _, c := range []struct {
		text  string
		place bool
	}{
		{"toward North caisson sentry", false},
		{"shoot north CAISSON SENTRY", false},
		{"to North caisson", true},
		{"toward North caisson sentry, then to North caisson", true},
		{"toward North caisson sentryman", true}, // not the piece's name
	} {
		got := slices.ContainsFunc(cells, func(n string) bool { return names(withoutPieces(c.text, pieces), n) })
		if got != c.place {
			t.Errorf("%q names a place: %v, want %v", c.text, got, c.place)
		}
	}
}
