package metagame_test

import (
	"fmt"

	"github.com/chariot-ai/chariot/eval/metagame"
)

// Solve finds each side's equilibrium mixture of a zero-sum matrix game and
// its value, by linear programming. Rock, paper, scissors: each side mixes
// evenly, and the game is fair.
func ExampleSolve() {
	eq, err := metagame.Solve([][]float64{
		{0, -1, 1},
		{1, 0, -1},
		{-1, 1, 0},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("rows %.3f, columns %.3f, value %.3f\n", eq.Row, eq.Col, eq.Value)
	// Output:
	// rows [0.333 0.333 0.333], columns [0.333 0.333 0.333], value 0.000
}
