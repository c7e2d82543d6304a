package advise

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/anvil"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
)

// TestNarrationTellsTheTruth walks 20 random games of every raid game and
// reads what the console says after each die or draw. Where the outcome
// changed the game (another outcome of the same die would have left
// another state), the console must not call it "no effect"; where the
// table did not change, it must say what the game waits for now (a hit
// awaiting its save, the next shot of the exchange), in the words of the
// next prompt.
func TestNarrationTellsTheTruth(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, name := range []string{"stnazaire", "jubilee", "skirmish", "anvil", "ahraid"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := env.NewGame(name)
			if err != nil {
				t.Fatal(err)
			}
			c := &Console{}
			bad := 0
			for seed := uint64(1); seed <= uint64(games); seed++ {
				r := rand.New(rand.NewPCG(seed, 0x7a11))
				s := g.NewInitialState(seed)
				for step := 0; !s.IsTerminal(); step++ {
					legal := s.LegalActions(nil)
					a := legal[r.IntN(len(legal))]
					chance := s.CurrentPlayer() == env.Chance
					if chance {
						a = env.SampleChance(s.ChanceOutcomes(nil), r)
					}
					before := s.Clone()
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
					if !chance {
						continue
					}
					var out bytes.Buffer
					c.narrate(&out, before, a, s, "", "")
					said := out.String()
					where := fmt.Sprintf("seed %d step %d, %s", seed, step, before.ActionString(a))
					if strings.Contains(said, "no effect") && mattered(t, before, a, s) {
						bad++
						if bad <= 5 {
							t.Errorf("%s changed the game, but the console says: %s", where, said)
						}
					}
					if !TableChanged(before, s) && !s.IsTerminal() {
						if p, ok := s.(env.Prompter); ok && p.Prompt() != "" && !strings.Contains(said, "next: "+p.Prompt()) {
							t.Errorf("%s left the table as it was, but the console does not say what comes next (%q): %s", where, p.Prompt(), said)
						}
					}
				}
			}
			if bad > 5 {
				t.Errorf("%d such outcomes in all", bad)
			}
		})
	}
}

// mattered reports whether chance outcome a of before, reaching after,
// changed the game: some other outcome of the die leads to another state.
func mattered(t *testing.T, before env.State, a env.Action, after env.State) bool {
	t.Helper()
	want, err := after.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range before.ChanceOutcomes(nil) {
		if o.Action == a {
			continue
		}
		other := before.Clone()
		if err := other.Apply(o.Action); err != nil {
			t.Fatal(err)
		}
		got, err := other.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			return true
		}
	}
	return false
}
