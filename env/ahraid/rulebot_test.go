package ahraid

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// TestRuleBotReproducesDefault: with opponent=seat, the generic rules agent
// playing the Germans gives exactly the game the aid's procedures give,
// under the same British actions and dice, over many seeds.
func TestRuleBotReproducesDefault(t *testing.T) {
	def := Default()
	seatG, err := env.NewGame(Name + ":opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	rules := agents.Rules{}
	germanMoves := 0
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 99))
		s := def.newState()
		var script []env.Action
		var buf []env.Action
		for !s.IsTerminal() {
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			} else {
				buf = s.LegalActions(buf)
				a = buf[rng.IntN(len(buf))]
			}
			script = append(script, a)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		r := seatG.NewInitialState(0).(*State)
		i := 0
		for !r.IsTerminal() {
			var a env.Action
			if r.CurrentPlayer() == 1 {
				a, err = rules.Act(t.Context(), r)
				if err != nil {
					t.Fatal(err)
				}
				germanMoves++
			} else {
				if i >= len(script) {
					t.Fatalf("seed %d: the seat game outlasts the default game", seed)
				}
				a = script[i]
				i++
			}
			if err := r.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if i != len(script) || !reflect.DeepEqual(position(r), position(s)) {
			t.Fatalf("seed %d: the rules agent's game differs from the default game:\n%s\nvs\n%s", seed, r, s)
		}
	}
	if germanMoves == 0 {
		t.Fatal("the German seat never decided")
	}
}

// TestRuleActionOnlyForGermans: the aid does not script the British.
func TestRuleActionOnlyForGermans(t *testing.T) {
	s := Default().newState()
	for s.CurrentPlayer() != 0 {
		s.Apply(s.LegalActions(nil)[0])
	}
	if _, err := s.RuleAction(); err == nil {
		t.Fatal("RuleAction answered a British decision")
	}
}

// position is the state without the machine's scratch fields, which the
// seat's decisions use differently.
func position(s *State) core {
	c := s.core
	c.Aux, c.Aux2, c.Opts, c.NOpts, c.Last, c.Cursor, c.Sub = 0, 0, [MaxPick]int8{}, 0, [4]int8{}, 0, 0
	return c
}
