package envtest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// RandomEdits plays random games with random hand edits (env.Editor) among
// the steps, as a person correcting results at the table would, most of
// them commands the game must refuse.
type RandomEdits struct {
	// Games is how many games to play; NewState gives the start of game i.
	Games    int
	NewState func(i int) env.State
	// Tries is how many edits to try before the step at s; nil: one, a
	// third of the time.
	Tries func(s env.State, rng *rand.Rand) int
	// Command makes a command to try at s, in the game's words.
	Command func(s env.State, rng *rand.Rand) string
	// Invariant, if not nil, checks a state after each edit taken and each
	// step.
	Invariant func(env.State) error
	// Min is how many edits, at least, must be taken and how many refused,
	// so the test exercises both.
	Min int
}

// CheckRandomEdits plays c's games with rng: a refused edit leaves the
// state exactly as it was and says why in one line; a taken one keeps the
// invariant and round-trips through JSON byte for byte; every game plays
// on to its end, its chance outcomes drawn by their probabilities. It
// reports the first failure.
func CheckRandomEdits(t TB, rng *rand.Rand, c RandomEdits) {
	t.Helper()
	taken, refused, err := c.play(rng)
	if err != nil {
		t.Errorf("envtest: random edits: %v", err)
		return
	}
	t.Logf("edits taken %d, refused %d", taken, refused)
	if taken < c.Min || refused < c.Min {
		t.Errorf("envtest: random edits: taken %d, refused %d: want at least %d of each, so the test exercises both", taken, refused, c.Min)
	}
}

func (c *RandomEdits) play(rng *rand.Rand) (taken, refused int, err error) {
	tries := c.Tries
	if tries == nil {
		tries = func(_ env.State, rng *rand.Rand) int {
			if rng.IntN(3) == 0 {
				return 1
			}
			return 0
		}
	}
	invariant := func(s env.State) error {
		if c.Invariant == nil {
			return nil
		}
		return c.Invariant(s)
	}
	var buf []env.Action
	for i := range c.Games {
		s := c.NewState(i)
		ed, ok := s.(env.Editor)
		if !ok {
			return taken, refused, fmt.Errorf("%T is no env.Editor", s)
		}
		for step := 0; !s.IsTerminal(); step++ {
			at := func(format string, args ...any) error {
				return fmt.Errorf("game %d step %d: "+format, append([]any{i, step}, args...)...)
			}
			for k := tries(s, rng); k > 0 && !s.IsTerminal(); k-- {
				cmd := c.Command(s, rng)
				before := s.Clone()
				if err := ed.Edit(cmd); err != nil {
					refused++
					if !reflect.DeepEqual(before, s) {
						return taken, refused, at("%q refused (%v) but the state changed", cmd, err)
					}
					if strings.Contains(err.Error(), "\n") {
						return taken, refused, at("%q refused in more than one line: %q", cmd, err)
					}
					continue
				}
				taken++
				if err := invariant(s); err != nil {
					return taken, refused, at("after %q: %v\n%s", cmd, err, s)
				}
				if err := jsonRoundTrip(s); err != nil {
					return taken, refused, at("after %q: %v", cmd, err)
				}
			}
			if s.IsTerminal() {
				break
			}
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			} else {
				if buf = s.LegalActions(buf); len(buf) == 0 {
					return taken, refused, at("no legal action at\n%s", s)
				}
				a = buf[rng.IntN(len(buf))]
			}
			if err := s.Apply(a); err != nil {
				return taken, refused, at("%v", err)
			}
			if err := invariant(s); err != nil {
				return taken, refused, at("%v\n%s", err, s)
			}
		}
	}
	return taken, refused, nil
}

// jsonRoundTrip checks that s's JSON reads back, through its game, to a
// state of the same JSON.
func jsonRoundTrip(s env.State) error {
	j, err := s.MarshalJSON()
	if err != nil {
		return fmt.Errorf("MarshalJSON: %v", err)
	}
	back, err := s.Game().UnmarshalState(j)
	if err != nil {
		return fmt.Errorf("the JSON does not read back: %v", err)
	}
	if j2, _ := back.MarshalJSON(); !bytes.Equal(j2, j) {
		return errors.New("the JSON reads back as another state")
	}
	return nil
}

// RefusedEdit is an edit command a state must refuse, then a phrase its
// error must contain.
type RefusedEdit [2]string

// CheckRefusedEdits checks that s refuses each edit with a one-line error
// containing its phrase, and leaves its JSON as it was.
func CheckRefusedEdits(t TB, s env.Editor, edits []RefusedEdit) {
	t.Helper()
	st, ok := s.(env.State)
	if !ok {
		t.Errorf("envtest: %T is no env.State", s)
		return
	}
	for _, e := range edits {
		cmd, want := e[0], e[1]
		before, _ := st.MarshalJSON()
		err := s.Edit(cmd)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line with %q", cmd, err, want)
		}
		if after, _ := st.MarshalJSON(); !bytes.Equal(before, after) {
			t.Errorf("%q: refused but changed the state", cmd)
		}
	}
}
