package stnazaire

import (
	"context"
	"fmt"
	"github.com/chariot-ai/chariot/internal/sweep"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
)

// britishTrace plays one game and returns the final VP, the British
// decisions, a hash of every British decision and die, and the German
// seat's decisions, which the hash leaves out.
func britishTrace(t *testing.T, g env.Game, seed uint64, players []agents.Agent) (vp float64, decisions int, trace uint64, german int) {
	t.Helper()
	h := fnv.New64a()
	end, err := agents.RunEpisode(context.Background(), g, seed, players, func(_ env.State, a env.Action, who env.Player) {
		if who == 1 {
			german++
			return
		}
		if who == 0 {
			decisions++
		}
		fmt.Fprintf(h, "%d:%d,", who, a)
	})
	if err != nil {
		t.Fatal(err)
	}
	return end.Returns()[0], decisions, h.Sum64(), german
}

// TestRulesAgentPlaysTheGermansAsTheRules is issue 10's invariant: with
// opponent=seat and the agent "rules" in the German seat, every game is the
// default game of the same seed, British decision for decision, die for
// die and VP for VP, whatever the British agent does; under german_variant
// too, since the tie die stays a chance node where the rules roll it.
func TestRulesAgentPlaysTheGermansAsTheRules(t *testing.T) {
	seeds := sweep.Size(2000, 300, 200)
	for _, c := range []struct {
		opts    string
		british []string
		seeds   int
	}{
		{"opponent=seat", []string{"random", "greedy"}, seeds},
		{"opponent=seat,german_variant=true", []string{"random", "aggressive"}, seeds / 4},
	} {
		solo, err := env.NewGame("stnazaire:" + strings.Replace(c.opts, "opponent=seat", "opponent=rules", 1))
		if err != nil {
			t.Fatal(err)
		}
		seat, err := env.NewGame("stnazaire:" + c.opts)
		if err != nil {
			t.Fatal(err)
		}
		germanDecisions := 0
		for _, spec := range c.british {
			for i := range c.seeds {
				seed := eval.GameSeed(7, i)
				agentSeed := agents.SeatSeed(eval.AgentSeed(7, i, spec), 0)
				b1, err := agents.New(spec, solo, agentSeed)
				if err != nil {
					t.Fatal(err)
				}
				b2, _ := agents.New(spec, seat, agentSeed)
				rules, err := agents.New("rules", seat, 0)
				if err != nil {
					t.Fatal(err)
				}
				vp1, n1, h1, _ := britishTrace(t, solo, seed, []agents.Agent{b1})
				vp2, n2, h2, german := britishTrace(t, seat, seed, []agents.Agent{b2, rules})
				germanDecisions += german
				if vp1 != vp2 || n1 != n2 || h1 != h2 {
					t.Fatalf("%s %s seed %d: default game VP %v after %d decisions (trace %x); German seat played by rules: VP %v after %d (trace %x)",
						c.opts, spec, seed, vp1, n1, h1, vp2, n2, h2)
				}
			}
		}
		// The seat is no formality: the Germans had choices to make.
		if germanDecisions == 0 {
			t.Fatalf("%s: the German seat never decided", c.opts)
		}
		t.Logf("%s: %d German decisions taken by rules", c.opts, germanDecisions)
	}
}

// TestBritishBaselinesRefuseTheGermanSeat: asked to play the Germans, a
// British baseline says so instead of playing a British move.
func TestBritishBaselinesRefuseTheGermanSeat(t *testing.T) {
	g, err := env.NewGame("stnazaire:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	greedy, _ := agents.New("greedy", g, 1)
	_, err = agents.RunEpisode(context.Background(), g, 3, []agents.Agent{greedy, greedy}, nil)
	if err == nil || !strings.Contains(err.Error(), "not the German") {
		t.Fatalf("greedy in the German seat: got %v, want a refusal naming the German seat", err)
	}
	if got := env.SeatName(g, 1); got != "German" {
		t.Errorf("seat 1 is %q, want German", got)
	}
	if _, ok := g.(env.Caveats); !ok {
		t.Error("the game offers no caveats")
	}
}
