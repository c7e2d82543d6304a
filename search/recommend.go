package search

import "github.com/chariot-ai/chariot/env/agents"

// The small games have no agents of their own: the search package, which
// plays them, recommends for them.
func init() {
	agents.Recommend("pig", agents.Recommendation{
		Baseline: []string{"random"},
		Search:   []string{"mcts:sims=200"},
		Source:   "docs/benchmark.md, Round robins: 1,000 games a pair, seats swapped",
	})
	for _, g := range []string{"tictactoe", "connectfour", "chancewalk"} {
		agents.Recommend(g, agents.Recommendation{Baseline: []string{"random"}, Source: "random is the only baseline; no search measured"})
	}
}
