package advise

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/jubilee"
)

// sessionAt plays random moves and rolls of spec from seed until prompt
// (env.Prompter) holds want, and returns the session there.
func sessionAt(t *testing.T, spec string, seed uint64, want string) *Session {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(g, seed, "")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for step := 0; step < 5000 && !s.Over(); step++ {
		if s.AtChance() && strings.Contains(s.Prompt(), want) {
			return s
		}
		var a env.Action
		if s.AtChance() {
			a = env.SampleChance(s.State().ChanceOutcomes(nil), rng)
		} else {
			legal := s.Legal()
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s, seed %d: no chance node %q", spec, seed, want)
	return nil
}

// TestParseRollForms: a pick or a draw is entered by its number, as roll
// N or by the name of what is picked or drawn, as a die is (issue 24: the
// Avalon Hill raid refused "1" at a pick of boats, and Jubilee answered
// "1" at a draw of chits with "not a face").
func TestParseRollForms(t *testing.T) {
	for _, tt := range []struct {
		spec, prompt string
		entries      []string // each enters the same outcome
	}{
		{"ahraid", "harbour defence: a pick of 1 to", []string{"1", "roll 1", "HMS Campbeltown", "roll 1 (HMS Campbeltown)"}},
		{"jubilee", "pick a commando at random", []string{"1", "roll 1", "3 Cdo 1", "unit 3 Cdo 1"}},
	} {
		s := sessionAt(t, tt.spec, 1, tt.prompt)
		want, err := s.ParseRoll(tt.entries[0])
		if err != nil {
			t.Fatalf("%s: ParseRoll(%q): %v", tt.spec, tt.entries[0], err)
		}
		for _, in := range tt.entries[1:] {
			if a, err := s.ParseRoll(in); err != nil || a != want {
				t.Errorf("%s: ParseRoll(%q) = %q, %v; want %q", tt.spec, in, s.State().ActionString(a), err, s.State().ActionString(want))
			}
		}
		if len(s.Faces()) != 0 || len(s.Outcomes()) == 0 {
			t.Errorf("%s: faces %v and outcomes %v: a pick shows its names", tt.spec, s.Faces(), s.Outcomes())
		}
		if _, err := s.ParseRoll("99"); err == nil || !strings.Contains(err.Error(), s.OutcomeForms()+", or r to let me draw") {
			t.Errorf("%s: ParseRoll(99) = %v, want the forms %q", tt.spec, err, s.OutcomeForms())
		}
	}
}
