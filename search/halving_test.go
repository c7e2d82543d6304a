package search

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/pig"
)

// twinRoll is Pig with a second action that means roll: under common
// random numbers the two must score exactly alike.
type twinRoll struct{ *pig.State }

const twin env.Action = 99

func (s twinRoll) LegalActions(buf []env.Action) []env.Action {
	buf = s.State.LegalActions(buf)
	if s.CurrentPlayer() >= 0 {
		buf = append(buf, twin)
	}
	return buf
}

func (s twinRoll) Apply(a env.Action) error {
	if a == twin {
		a = pig.Roll
	}
	return s.State.Apply(a)
}

func (s twinRoll) Clone() env.State { return twinRoll{s.State.Clone().(*pig.State)} }

func (s twinRoll) Resample(p env.Player, rng *rand.Rand) env.State {
	return twinRoll{env.Resample(s.State, p, rng).(*pig.State)}
}

type twinGame struct{ env.Game }

func (g twinGame) NumDistinctActions() int { return int(twin) + 1 }

// TestHalvingCommonNumbers: two moves that are the same move get the same
// returns sample for sample, the dice and the redrawn world being common to
// every candidate of a sample.
func TestHalvingCommonNumbers(t *testing.T) {
	g := twinGame{mustGame(t, "pig")}
	root := twinRoll{g.NewInitialState(3).(*pig.State)}
	for root.CurrentPlayer() == env.Chance {
		out := root.ChanceOutcomes(nil)
		if err := root.Apply(out[0].Action); err != nil {
			t.Fatal(err)
		}
	}
	cfg := DefaultConfig()
	cfg.Mode, cfg.Sims, cfg.Seed = Halving, 600, 5
	r := searchOnce(t, g, root, cfg)
	var roll, twins Stat
	for _, st := range r.Stats {
		switch st.Action {
		case pig.Roll:
			roll = st
		case twin:
			twins = st
		}
	}
	if roll.Visits == 0 || roll.Visits != twins.Visits || roll.Value != twins.Value {
		t.Errorf("roll %+v and its twin %+v: want the same returns", roll, twins)
	}
	if r.Action == pig.Stop {
		t.Errorf("stopped at 0 points: %v", r.Stats)
	}
}

// TestHalvingTakesTheWin: at a position where one move wins at once, every
// rollout of it wins and the halving keeps it, protecting the rollout
// agent's move or not.
func TestHalvingTakesTheWin(t *testing.T) {
	g := mustGame(t, "tictactoe")
	root := g.NewInitialState(0)
	for _, m := range []string{"a1", "b2", "a2", "c3"} {
		a, err := root.ParseAction(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := root.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for _, margin := range []float64{0, 3} {
		cfg := DefaultConfig()
		cfg.Mode, cfg.Sims, cfg.Seed, cfg.Margin = Halving, 200, 1, margin
		r := searchOnce(t, g, root, cfg)
		if got := root.ActionString(r.Action); got != "a3" {
			t.Errorf("margin %v: chose %s, not the winning a3; %v", margin, got, r.Stats)
		}
		if r.Sims > cfg.Sims {
			t.Errorf("margin %v: %d rollouts, over the budget of %d", margin, r.Sims, cfg.Sims)
		}
	}
}
