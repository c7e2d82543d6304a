package search_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/search"
)

// TestRolloutErrorFailsTheGame: a search agent whose rollout agent fails
// mid-game fails the game through eval.Run: the error names the game's
// index, seed and step, the seat, and the rollout agent, and no result row
// is made of it.
func TestRolloutErrorFailsTheGame(t *testing.T) {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	const seed = 7
	// The test agent "failing" (fail_test.go) fails after 150 calls: a few
	// searches of the game in.
	spec := "mcts:rollout=failing:after=150,sims=20"
	res, err := eval.Run(context.Background(), eval.Config{Game: g, Seats: []string{spec, "random"}, Games: 1, Seed: seed, Workers: 1})
	if err == nil {
		t.Fatal("the game did not fail")
	}
	want := fmt.Sprintf(`game 0: tictactoe seed %d step [1-9]\d*: seat 0: search: rollout agent failing:after=150 for .*: call 151: `, eval.GameSeed(seed, 0))
	if !regexp.MustCompile(want).MatchString(err.Error()) {
		t.Errorf("error %q\ndoes not match %q", err, want)
	}
	t.Log(err)
	if len(res) != 0 {
		t.Errorf("a failed game gave results: %+v", res)
	}
	if !errors.Is(err, search.ErrFailing) {
		t.Errorf("error %v does not wrap the agent's", err)
	}
}
