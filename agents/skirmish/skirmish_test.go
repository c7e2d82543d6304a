package skirmish

import (
	"context"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/skirmish"
)

// TestBaselinesBeatRandom plays each baseline and random on the same 40
// seeds and dice under both reaction sets: every baseline must score more
// than random on the sum, and play only legal actions (RunEpisode fails
// on an illegal one).
func TestBaselinesBeatRandom(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"skirmish", "skirmish:reactions=alert"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		score := func(name string) float64 {
			sum := 0.0
			for seed := uint64(1); seed <= 40; seed++ {
				a, err := agents.New(name, g, seed)
				if err != nil {
					t.Fatal(err)
				}
				s, err := agents.RunEpisode(ctx, g, seed, []agents.Agent{a}, nil)
				if err != nil {
					t.Fatal(err)
				}
				sum += s.Returns()[0]
			}
			return sum
		}
		r := score("random")
		for _, c := range characters {
			if b := score(c.name); b <= r {
				t.Errorf("%s on %s: %v over 40 games, random %v", c.name, spec, b, r)
			}
		}
	}
}

func TestBaselinesPlayOnlyTheSkirmish(t *testing.T) {
	pig, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range agents.Baselines(pig) {
		for _, c := range characters {
			if n == c.name {
				t.Fatalf("%s offered for Pig", n)
			}
		}
	}
	g, _ := env.NewGame("skirmish")
	have := map[string]bool{}
	for _, n := range agents.Baselines(g) {
		have[n] = true
	}
	for _, c := range characters {
		if !have[c.name] {
			t.Errorf("%s is not a baseline of the skirmish", c.name)
		}
	}
}
