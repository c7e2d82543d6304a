package agents

import (
	"fmt"

	registrypkg "github.com/chariot-ai/chariot/internal/registry"
)

// Recommendation is what the agents side recommends for a game under its
// default options, from measured tables: the agents a newcomer should
// start from. `chariot games --json` prints it with the advisor's default
// (advise.DefaultAgent), and a test builds every spec for its game.
type Recommendation struct {
	// Baseline is the strongest baseline; Search the strongest search
	// found within 10 s of CPU a game. Each is one spec for every seat, or
	// one spec a seat in seat order (a two-sided game); empty where
	// nothing has been measured.
	Baseline, Search []string
	// Source says where the figures are (a README section, a results
	// file).
	Source string
}

// For is the spec recommended for seat p of a game of players seats from
// specs (Baseline or Search): the one spec for all seats, or seat p's, or
// "" where none is given.
func For(specs []string, p, players int) string {
	switch {
	case len(specs) == 1:
		return specs[0]
	case len(specs) == players && p >= 0 && p < players:
		return specs[p]
	}
	return ""
}

var recommendations = registrypkg.New[Recommendation]("recommendation")

// Recommend records the recommendation for the game registered as game,
// from the package that registers its agents. It panics on a second
// recommendation for one game: a programming error at init time.
func Recommend(game string, r Recommendation) {
	if game == "" || r.Source == "" {
		panic(fmt.Sprintf("agents: recommendation for %q without a game or a source", game))
	}
	recommendations.Add(game, r)
}

// Recommended is the recommendation for the game registered as game, and
// whether there is one.
func Recommended(game string) (Recommendation, bool) {
	r, err := recommendations.Get(game)
	return r, err == nil
}
