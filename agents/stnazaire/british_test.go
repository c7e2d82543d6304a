package stnazaire

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/pig" // a game the baselines must refuse
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

// meanVP plays n games with an agent spec and returns the mean final VP.
// RunEpisode rejects illegal actions, so this also checks legality.
func meanVP(t *testing.T, spec string, n int) float64 {
	t.Helper()
	g := stn.Default()
	sum := 0.0
	for i := range n {
		ag, err := agents.New(spec, g, uint64(1000+i))
		if err != nil {
			t.Fatal(err)
		}
		end, err := agents.RunEpisode(context.Background(), g, uint64(i), []agents.Agent{ag}, nil)
		if err != nil {
			t.Fatalf("%s game %d: %v", spec, i, err)
		}
		sum += end.Returns()[0]
	}
	return sum / float64(n)
}

func TestBaselinesPlayLegallyAndBeatRandom(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	random := meanVP(t, "random", n)
	for _, spec := range []string{"greedy", "cautious", "aggressive", "greedy:aggression=0.7,caution=1,exit_margin=2"} {
		vp := meanVP(t, spec, n)
		t.Logf("%-12s mean VP %.2f (random %.2f)", spec, vp, random)
		if vp <= random {
			t.Errorf("%s (%.2f) does not beat random (%.2f)", spec, vp, random)
		}
	}
}

func TestOptionsAreChecked(t *testing.T) {
	g := stn.Default()
	for _, spec := range []string{"greedy:aggression=2", "cautious:caution=x", "aggressive:bogus=1"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s: want an error", spec)
		}
	}
}

func TestOnlyStNazaire(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"greedy", "cautious", "aggressive"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s must refuse a game it cannot play", spec)
		}
	}
}
