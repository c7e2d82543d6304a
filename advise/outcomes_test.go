package advise

import (
	"context"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/anvil"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
)

// outcomeGames is how many random games of each game enter their dice at
// the console.
const outcomeGames = 40

// tableForms are the three ways a person enters chance outcome a of st at
// the table (env.TableOutcomes): its number, "roll N", and its label (its
// printed name, or the game's name of it for a face known by its number).
func tableForms(st env.State, a env.Action) []string {
	for _, o := range env.TableOutcomes(st) {
		if o.Action == a {
			n := strconv.Itoa(o.Number)
			label := o.Name
			if label == "" {
				label = st.ActionString(a)
			}
			return []string{n, "roll " + n, label}
		}
	}
	return nil
}

// TestConsoleEntersEveryOutcome plays 40 random games of every game with
// dice and enters every chance outcome at the console in each of the three
// forms a person uses at the table: the number, "roll N" and the label.
// Each form must read as that outcome; the console then plays it in one of
// them, in turn.
func TestConsoleEntersEveryOutcome(t *testing.T) {
	for _, reg := range env.Games() {
		g, err := env.NewGame(reg.Name)
		if err != nil {
			t.Fatal(err)
		}
		if !hasChance(g) {
			continue
		}
		t.Run(reg.Name, func(t *testing.T) {
			t.Parallel()
			entered, refused := 0, map[string]string{}
			for seed := uint64(1); seed <= outcomeGames; seed++ {
				e, r := enterOutcomes(t, g, seed)
				entered += e
				for k, v := range r {
					refused[k] = v
				}
			}
			t.Logf("%s: %d outcomes entered in %d games", reg.Name, entered, outcomeGames)
			for form, err := range refused {
				t.Errorf("%s: %s", form, err)
			}
		})
	}
}

// hasChance reports whether a random game of g meets a chance node within
// its first steps.
func hasChance(g env.Game) bool {
	st := g.NewInitialState(1)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		if st.IsTerminal() {
			return false
		}
		if st.CurrentPlayer() == env.Chance {
			return true
		}
		legal := st.LegalActions(nil)
		if st.Apply(legal[rng.IntN(len(legal))]) != nil {
			return false
		}
	}
	return false
}

// enterOutcomes plays one random game of g through the console's
// commands, decisions by number and every die in its three forms; it
// returns how many outcomes it entered and, by the kind of form refused,
// the first refusal.
func enterOutcomes(t *testing.T, g env.Game, seed uint64) (int, map[string]string) {
	s, err := NewSession(g, seed, "")
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAdvisor(g, Options{Agent: "random"})
	if err != nil {
		t.Fatal(err)
	}
	c := &Console{S: s, A: a, Futures: -1, Out: io.Discard}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 0x0c7c0e5))
	refused := map[string]string{}
	names := []string{"a number", "roll N", "a label"}
	entered := 0
	for step := 0; step < 20000 && !s.Over(); step++ {
		st := s.State()
		line := ""
		if s.AtChance() {
			outs := st.ChanceOutcomes(nil)
			want := env.SampleChance(outs, rng)
			forms := tableForms(st, want)
			for k, f := range forms {
				if got, err := s.ParseRoll(f); err != nil || got != want {
					if _, seen := refused[names[k]]; !seen {
						refused[names[k]] = "at " + strconv.Quote(s.Prompt()) + ": " + strconv.Quote(f) + " reads " +
							strconv.Quote(actionName(st, got, err)) + ", want " + strconv.Quote(st.ActionString(want))
					}
				}
			}
			line = forms[entered%3]
			if _, err := s.ParseRoll(line); err != nil {
				line = st.ActionString(want) // the game's own name of it, to play on
			}
			entered++
		} else {
			line = strconv.Itoa(1 + rng.IntN(len(s.Legal())))
		}
		before := s.Steps()
		if err := c.do(ctx, io.Discard, line); err != nil {
			t.Fatalf("seed %d, step %d: %q: %v", seed, step, line, err)
		}
		if s.Steps() != before+1 {
			t.Fatalf("seed %d, step %d: %q played %d steps", seed, step, line, s.Steps()-before)
		}
	}
	return entered, refused
}

func actionName(st env.State, a env.Action, err error) string {
	if err != nil {
		return err.Error()
	}
	return st.ActionString(a)
}
