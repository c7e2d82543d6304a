package envtest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// maxFuzzSteps caps how far FuzzActionNames plays into a game to reach the
// state it checks.
const maxFuzzSteps = 2000

// CheckActionNames checks the action notation of s for every action number
// ParseAction accepts, legal or not: each of 0 to NumDistinctActions-1
// written "N", "#N" or "action N" that ParseAction reads must be named by
// ActionString in words ParseAction reads back to the same number
// (CheckActionText). A game may refuse numbers that name nothing in its
// data. It reports the first failure through t and returns whether all
// passed.
func CheckActionNames(t TB, s env.State) bool {
	t.Helper()
	n := s.Game().NumDistinctActions()
	for a := range n {
		num := strconv.Itoa(a)
		for _, text := range [...]string{num, "#" + num, "action " + num} {
			if !checkText(t, s, text) {
				return false
			}
		}
	}
	// Out-of-range numbers are named too, without a panic.
	_, _ = s.ActionString(-1), s.ActionString(env.Action(n))
	return true
}

// CheckActionText checks one text against s: if ParseAction accepts it as
// action a, ActionString(a) is not empty and ParseAction reads it back as a;
// and Apply of a on a clone plays it exactly when it is legal, refusing it
// otherwise with an error wrapping env.ErrIllegal.
func CheckActionText(t TB, s env.State, text string) bool {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		return checkText(t, s, text)
	}
	if !checkName(t, s, a, text) {
		return false
	}
	legal := s.LegalActions(nil)
	_, isLegal := slices.BinarySearch(legal, a)
	err = s.Clone().Apply(a)
	switch {
	case isLegal && err != nil:
		t.Errorf("ParseAction(%q) = %d, legal, but Apply refuses it: %v", text, a, err)
		return false
	case !isLegal && err == nil:
		t.Errorf("ParseAction(%q) = %d, not legal, but Apply plays it", text, a)
		return false
	case !isLegal && !errors.Is(err, env.ErrIllegal):
		t.Errorf("ParseAction(%q) = %d, not legal: Apply's error %q does not wrap env.ErrIllegal", text, a, err)
		return false
	}
	return true
}

// checkText checks that text, if ParseAction accepts it, names an action
// that round-trips, and that a refusal says why.
func checkText(t TB, s env.State, text string) bool {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		if err.Error() == "" {
			t.Errorf("ParseAction(%q): an empty error", text)
			return false
		}
		return true
	}
	return checkName(t, s, a, text)
}

// checkName checks that ActionString(a) is not empty and parses back to a;
// text, if set, is what a was parsed from.
func checkName(t TB, s env.State, a env.Action, text string) bool {
	t.Helper()
	from := ""
	if text != "" {
		from = fmt.Sprintf(" (parsed from %q)", text)
	}
	name := s.ActionString(a)
	if name == "" {
		t.Errorf("ActionString(%d)%s is empty", a, from)
		return false
	}
	back, err := s.ParseAction(name)
	if err != nil {
		t.Errorf("ActionString(%d)%s = %q, which ParseAction refuses: %v", a, from, name, err)
		return false
	}
	if back != a {
		t.Errorf("ActionString(%d)%s = %q, which ParseAction reads as %d", a, from, name, back)
		return false
	}
	return true
}

// PlayTo plays up to steps random actions (decisions and chance outcomes,
// chosen uniformly among the legal ones from a stream seeded by seed) from
// g's initial state of seed, stopping early at the end of the game.
func PlayTo(g env.Game, seed uint64, steps int) (env.State, error) {
	s := g.NewInitialState(seed)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var buf []env.Action
	for k := 0; k < steps && !s.IsTerminal(); k++ {
		buf = s.LegalActions(buf)
		if len(buf) == 0 {
			return s, errors.New("no legal action before the end")
		}
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			return s, err
		}
	}
	return s, nil
}

// CheckActionNamesInPlay plays games random games of g (seeds seed,
// seed+1, ...) and runs CheckActionNames at steps 0, 1, 2, 4, 8, ... of
// each, up to its end (also checked), so that early and late states of the
// game are covered. It stops at the first failure.
func CheckActionNamesInPlay(t TB, g env.Game, games int, seed uint64) {
	t.Helper()
	for i := range uint64(games) {
		s := g.NewInitialState(seed + i)
		rng := rand.New(rand.NewPCG(seed+i, 0x5eed))
		var buf []env.Action
		for k, next := 0, 0; ; k++ {
			if k == next || s.IsTerminal() {
				if !CheckActionNames(t, s) {
					t.Errorf("%s, game of seed %d, step %d", g.Name(), seed+i, k)
					return
				}
				next = 2*next + 1
			}
			if s.IsTerminal() || k >= DefaultMaxSteps {
				break
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Errorf("%s, game of seed %d, step %d: no legal action before the end", g.Name(), seed+i, k)
				return
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Errorf("%s, game of seed %d, step %d: %v", g.Name(), seed+i, k, err)
				return
			}
		}
	}
}

// FuzzActionNames is a game's action-notation fuzz target: each input picks
// one of games, a seed and a number of random steps (up to maxFuzzSteps)
// to reach a state, and a text that must pass CheckActionText there. texts
// seed the corpus, each paired with a few states; testdata/fuzz/<target>
// adds to it. Every action number is covered by CheckActionNamesInPlay,
// which is too slow for a fuzz body on some games.
//
//	func FuzzParseAction(f *testing.F) {
//		envtest.FuzzActionNames(f, []env.Game{Default()}, "pass", "roll 4", "17")
//	}
func FuzzActionNames(f *testing.F, games []env.Game, texts ...string) {
	f.Helper()
	if len(games) == 0 {
		f.Fatal("FuzzActionNames: no game")
	}
	for i, text := range texts {
		for _, steps := range []uint16{0, 40, 400} {
			f.Add(uint8(i%len(games)), uint64(i), steps, text)
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, steps uint16, text string) {
		g := games[int(game)%len(games)]
		s, err := PlayTo(g, seed, int(steps)%(maxFuzzSteps+1))
		if err != nil {
			t.Fatalf("%s, seed %d: %v", g.Name(), seed, err)
		}
		CheckActionText(t, s, text)
	})
}

// Walk plays games random games of g from the initial states of seeds 0,
// 1, ...: chance outcomes drawn by their probabilities and decisions chosen
// uniformly among the legal actions, both from rng. visit sees each
// decision's state and legal actions before the choice, and may stop the
// walk by returning an error, which Walk returns with the game and step.
func Walk(g env.Game, games int, rng *rand.Rand, visit func(s env.State, legal []env.Action) error) error {
	var legal []env.Action
	var outs []env.Outcome
	for game := range games {
		s := g.NewInitialState(uint64(game))
		for step := 0; !s.IsTerminal(); step++ {
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				outs = s.ChanceOutcomes(outs)
				a = env.SampleChance(outs, rng)
			} else {
				legal = s.LegalActions(legal)
				if err := visit(s, legal); err != nil {
					return fmt.Errorf("%s game %d step %d: %w", g.Name(), game, step, err)
				}
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				return fmt.Errorf("%s game %d step %d: %w", g.Name(), game, step, err)
			}
		}
	}
	return nil
}
