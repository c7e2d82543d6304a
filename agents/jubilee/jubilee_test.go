package jubilee

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	jub "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// play runs one game of g with agent spec (nil: uniform random) on seed,
// dice from their own stream, and returns the points.
func play(t *testing.T, g env.Game, spec string, seed uint64) float64 {
	t.Helper()
	var a agents.Agent
	if spec != "" {
		var err error
		if a, err = agents.New(spec, g, seed); err != nil {
			t.Fatal(err)
		}
	}
	s := g.NewInitialState(seed)
	dice := rand.New(rand.NewPCG(seed, 7))
	pick := rand.New(rand.NewPCG(seed, 8))
	var buf []env.Action
	var out []env.Outcome
	for !s.IsTerminal() {
		var act env.Action
		switch {
		case s.CurrentPlayer() == env.Chance:
			out = s.ChanceOutcomes(out)
			act = env.SampleChance(out, dice)
		case a == nil:
			buf = s.LegalActions(buf)
			act = buf[pick.IntN(len(buf))]
		default:
			var err error
			if act, err = a.Act(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Apply(act); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
	}
	return s.Score().Value
}

// TestBaselinesBeatRandom: over 40 paired games each plan scores more than
// uniform random play on average.
func TestBaselinesBeatRandom(t *testing.T) {
	g := jub.Default()
	for _, spec := range []string{"beach", "raid", "evacuate"} {
		diff := 0.0
		for seed := range uint64(40) {
			diff += play(t, g, spec, seed) - play(t, g, "", seed)
		}
		if diff <= 0 {
			t.Errorf("%s: mean difference over random %.1f", spec, diff/40)
		}
	}
}

func TestBaselinesPlayTheCommonwealthSeat(t *testing.T) {
	if _, err := agents.New("raid", otherGame(t), 1); err == nil {
		t.Error("the baselines play jubilee only")
	}
	if _, err := agents.New("raid:aggression=2", jub.Default(), 1); err == nil {
		t.Error("aggression out of range accepted")
	}
	// With opponent=seat and the German seat played by the rules, a
	// baseline plays the same game as in the solitaire game.
	seat, err := env.NewGame("jubilee:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	a, err := agents.New("raid", seat, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := seat.NewInitialState(3)
	for s.CurrentPlayer() != 1 && !s.IsTerminal() {
		var act env.Action
		if s.CurrentPlayer() == env.Chance {
			act = s.LegalActions(nil)[0]
		} else if act, err = a.Act(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Act(context.Background(), s); err == nil {
		t.Error("asked to play the German seat, a Commonwealth baseline says so")
	}
}

func otherGame(t *testing.T) env.Game {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	return g
}
