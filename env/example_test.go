package env_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/allgames"
)

// A game is built from a spec, its options after the name; a state is
// played by actions, named in the printed game's words.
func ExampleNewGame() {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := g.NewInitialState(1)
	for _, name := range []string{"b2", "a1", "c3"} {
		a, err := s.ParseAction(name)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(s)
	fmt.Println("legal moves:", len(s.LegalActions(nil)))
	// Output:
	// 3 . . x
	// 2 . x .
	// 1 o . .
	//   a b c
	// o to move
	// legal moves: 6
}

// Every die is a chance node: its outcomes and their probabilities are
// listed, and a person at the table enters the face they rolled.
func ExampleParseOutcome() {
	g, _ := env.NewGame("pig")
	s := g.NewInitialState(1)
	roll, _ := s.ParseAction("roll")
	if err := s.Apply(roll); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("chance:", s.CurrentPlayer() == env.Chance, "-", env.OutcomeForms(s))
	face, err := env.ParseOutcome(s, "roll 5")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("entered:", s.ActionString(face))
	if _, err := env.ParseOutcome(s, "roll 9"); err != nil {
		fmt.Println("refused:", err)
	}
	// Output:
	// chance: true - 1 to 6 or roll N
	// entered: 5
	// refused: 9 is not a face of this die: enter 1 to 6 or roll N
}

// Hidden information stays in the state: Resample redraws what a seat
// cannot see, for a determinized search, and keeps what it can.
func ExampleResample() {
	g, _ := env.NewGame("stnazaire")
	s := g.NewInitialState(1)
	view := fmt.Sprint(s.Observe(0))
	redrawn := env.Resample(s, 0, rand.New(rand.NewPCG(1, 2)))
	fmt.Println("the British view is unchanged:", fmt.Sprint(redrawn.Observe(0)) == view)
	// Output:
	// the British view is unchanged: true
}
