package envtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"

	"github.com/chariot-ai/chariot/env"
)

// playOn is how many moves playOnDecoded plays on both states; it does so
// every playOnEvery steps, from the middle of each run of them.
const (
	playOn      = 6
	playOnEvery = 8
)

// playOnDecoded reports the first way in which the state decoded from
// j0, the JSON of s, behaves otherwise than a clone of s along up to
// playOn moves played on both (random decisions, chance by its
// probabilities, drawn from a stream of its own seeded by seed, so that
// the game under check plays on as it would without). A field MarshalJSON
// drops that matters only later shows here.
func playOnDecoded(s env.State, j0 []byte, seed uint64) error {
	b, err := s.Game().UnmarshalState(j0)
	if err != nil {
		return err
	}
	a := s.Clone()
	rng := rand.New(rand.NewPCG(seed, 0x6a736f6e))
	var legal []env.Action
	for k := range playOn {
		if legal = a.LegalActions(legal); len(legal) == 0 {
			return nil
		}
		m := legal[rng.IntN(len(legal))]
		if a.CurrentPlayer() == env.Chance {
			m = env.SampleChance(a.ChanceOutcomes(nil), rng)
		}
		name := a.ActionString(m)
		errA, errB := a.Apply(m), b.Apply(m)
		if errA != nil || errB != nil {
			return fmt.Errorf("after %d more moves: Apply(%q) gives %v, the original %v", k, name, errB, errA)
		}
		ja, _ := a.MarshalJSON()
		if jb, _ := b.MarshalJSON(); !bytes.Equal(ja, jb) {
			return fmt.Errorf("after %d more moves, to %q, is %s, the original %s", k+1, name, clip(jb), clip(ja))
		}
		if err := sameNow(a, b); err != nil {
			return fmt.Errorf("after %d more moves, to %q, %w", k+1, name, err)
		}
	}
	return nil
}

// sameNow compares what a caller can ask of two states.
func sameNow(a, b env.State) error {
	differ := func(what string, x, y any) error {
		return fmt.Errorf("differs in %s: %v, the original %v", what, y, x)
	}
	if a.CurrentPlayer() != b.CurrentPlayer() || a.IsTerminal() != b.IsTerminal() {
		return differ("player", a.CurrentPlayer(), b.CurrentPlayer())
	}
	la, lb := a.LegalActions(nil), b.LegalActions(nil)
	if !slices.Equal(la, lb) {
		return differ("legal actions", la, lb)
	}
	if oa, ob := a.ChanceOutcomes(nil), b.ChanceOutcomes(nil); !slices.Equal(oa, ob) {
		return differ("chance outcomes", oa, ob)
	}
	for _, m := range la {
		if x, y := a.ActionString(m), b.ActionString(m); x != y {
			return differ(fmt.Sprintf("the name of action %d", m), x, y)
		}
	}
	for p := range env.Player(a.Game().NumPlayers()) {
		if x, y := a.Observation(p, nil), b.Observation(p, nil); !slices.Equal(x, y) {
			return differ(fmt.Sprintf("seat %d's observation", p), x, y)
		}
		x, _ := json.Marshal(a.Observe(p))
		if y, _ := json.Marshal(b.Observe(p)); !bytes.Equal(x, y) {
			return differ(fmt.Sprintf("seat %d's view (Observe)", p), string(x), string(y))
		}
	}
	if x, y := a.Returns(), b.Returns(); !slices.Equal(x, y) {
		return differ("returns", x, y)
	}
	if x, y := a.Score(), b.Score(); !reflect.DeepEqual(x, y) {
		return differ("score", x, y)
	}
	if x, y := a.String(), b.String(); x != y {
		return differ("String", fmt.Sprintf("%q", x), fmt.Sprintf("%q", y))
	}
	return nil
}
