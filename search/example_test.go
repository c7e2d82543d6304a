package search_test

import (
	"context"
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/search"
)

// A searcher runs MCTS on any game of the env API. With a simulation budget
// and a seed it is reproducible; the result has the chosen move and each
// root move's visits and mean return.
func ExampleNewSearcher() {
	g, _ := env.NewGame("tictactoe")
	s := g.NewInitialState(0)
	for _, m := range []string{"a1", "b1", "b2"} { // x threatens c3
		a, _ := s.ParseAction(m)
		_ = s.Apply(a)
	}
	searcher, err := search.NewSearcher(g, search.Config{Mode: search.ClosedLoop, Sims: 2000, C: 1.4, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := searcher.Search(context.Background(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("o blocks at", s.ActionString(res.Action), "after", res.Sims, "simulations")
	// Output:
	// o blocks at c3 after 2000 simulations
}
