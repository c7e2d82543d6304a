package searchtest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// PresetPlaysAsExpansion checks that the agent name (a search.Preset)
// plays as the spec it stands for, expansion: with the budget cut to sims
// simulations in both, the games of each seed (either agent in every seat)
// are the same move for move and end with the same returns.
func PresetPlaysAsExpansion(t *testing.T, g env.Game, name, expansion string, sims int, seeds ...uint64) {
	t.Helper()
	base, rest, _ := strings.Cut(expansion, ":")
	p, err := env.ParseParams(rest)
	if err != nil {
		t.Fatal(err)
	}
	p["sims"] = fmt.Sprint(sims)
	specs := [2]string{fmt.Sprintf("%s:sims=%d", name, sims), base + ":" + p.String()}
	for _, seed := range seeds {
		var moves [2][]env.Action
		var returns [2][]float64
		for i, spec := range specs {
			seats := make([]agents.Agent, g.NumPlayers())
			for q := range seats {
				if seats[q], err = agents.New(spec, g, seed+uint64(q)); err != nil {
					t.Fatal(err)
				}
			}
			end, err := agents.RunEpisode(context.Background(), g, seed, seats, func(_ env.State, a env.Action, who env.Player) {
				if who >= 0 {
					moves[i] = append(moves[i], a)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			returns[i] = end.Returns()
		}
		if !slices.Equal(moves[0], moves[1]) || !slices.Equal(returns[0], returns[1]) {
			t.Errorf("seed %d: %s played %d moves to %v, %s %d to %v", seed, specs[0], len(moves[0]), returns[0], specs[1], len(moves[1]), returns[1])
		}
	}
}
