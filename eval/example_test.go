package eval_test

import (
	"context"
	"fmt"

	_ "github.com/chariot-ai/chariot/agents/pig" // Pig's baselines
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	_ "github.com/chariot-ai/chariot/search" // the search agents
)

// A benchmark, as `chariot bench` runs it: every agent plays the same games
// (game i has the same seed and dice for each), and the report has each
// agent's mean with its 95% interval. Results are the same for any number
// of workers.
func ExampleStream() {
	g, _ := env.NewGame("pig:target=20")
	cfg := eval.Config{Game: g, Agents: []string{"random", "mcts:sims=100"}, Games: 200, Seed: 1, Workers: 2}
	var tally *eval.Tally
	err := eval.Stream(context.Background(), cfg,
		func(mode eval.Mode, labels []string) { tally = eval.NewTally(mode, labels, "random") },
		func(r eval.GameResult) error { tally.Add(r); return nil })
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := tally.Report()
	if err != nil {
		fmt.Println(err)
		return
	}
	m := rep.Match
	fmt.Printf("%s against %s: %+.0f Elo (± %.0f)\n", m.Agents[1], m.Agents[0], m.Ratings[1], m.RatingHalf[1])
	// Output:
	// mcts:sims=100 against random: +248 Elo (± 43)
}

// PairedCI compares two agents on the same games: the mean difference and
// the half-width of its 95% interval.
func ExamplePairedCI() {
	a := []float64{10, 12, 9, 14, 11}
	b := []float64{8, 11, 9, 10, 10}
	mean, half := eval.PairedCI(a, b)
	fmt.Printf("%.2f ± %.2f\n", mean, half)
	// Output:
	// 1.60 ± 1.88
}
