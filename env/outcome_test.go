package env_test

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// chanceState returns the first chance node of spec reached by playing
// moves by name.
func chanceState(t *testing.T, spec string, moves ...string) env.State {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState(1)
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if s.CurrentPlayer() != env.Chance {
		t.Fatalf("%s after %v: not a chance node", spec, moves)
	}
	return s
}

// TestParseOutcome: a die face is entered as its number or "roll N"; an
// outcome the game does not label is numbered by its place and named by
// its ActionString; anything else is a one-line error saying what to
// enter.
func TestParseOutcome(t *testing.T) {
	die := chanceState(t, "pig", "roll")
	coin := chanceState(t, "chancewalk", "risky")
	tests := []struct {
		s       env.State
		in      string
		want    string // ActionString of the outcome, or "" for an error
		wantErr string
	}{
		{die, "4", "4", ""},
		{die, "roll 4", "4", ""},
		{die, "  ROLL   6 ", "6", ""},
		{die, "7", "", "7 is not a face of this die: enter 1 to 6 or roll N"},
		{die, "roll 0", "", "0 is not a face of this die"},
		{die, "seven", "", `"seven" is not a face of this die: enter 1 to 6 or roll N`},
		{die, "roll", "", `"roll" is not a face of this die`},
		{die, "", "", "enter 1 to 6 or roll N"},
		{coin, "1", "jump", ""},
		{coin, "roll 2", "slip", ""},
		{coin, "Slip", "slip", ""},
		{coin, "fall", "", `"fall" is not one of the outcomes: enter 1 to 2 or roll N, or a name: jump, slip`},
	}
	for _, tt := range tests {
		a, err := env.ParseOutcome(tt.s, tt.in)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseOutcome(%q) = %v, %v; want an error with %q", tt.in, a, err, tt.wantErr)
			}
		case err != nil || tt.s.ActionString(a) != tt.want:
			t.Errorf("ParseOutcome(%q) = %q, %v; want %q", tt.in, tt.s.ActionString(a), err, tt.want)
		}
	}
	g, _ := env.NewGame("pig")
	if _, err := env.ParseOutcome(g.NewInitialState(0), "3"); err == nil {
		t.Error("ParseOutcome away from a chance node: no error")
	}
}

// TestOutcomeForms: the line a prompt shows, faces as a range or a list,
// names after.
func TestOutcomeForms(t *testing.T) {
	if got, want := env.OutcomeForms(chanceState(t, "pig:die=10", "roll")), "1 to 10 or roll N"; got != want {
		t.Errorf("OutcomeForms of a D10 = %q, want %q", got, want)
	}
	if got, want := env.OutcomeForms(chanceState(t, "chancewalk", "risky")), "1 to 2 or roll N, or a name: jump, slip"; got != want {
		t.Errorf("OutcomeForms of the coin = %q, want %q", got, want)
	}
	s := chanceState(t, "chancewalk", "risky")
	if n, name := env.OutcomeLabel(s, s.LegalActions(nil)[1]); n != 2 || name != "slip" {
		t.Errorf("OutcomeLabel of slip = %d, %q; want 2, slip", n, name)
	}
	if n, name := env.OutcomeLabel(s, 0); n != -1 || name != "" {
		t.Errorf("OutcomeLabel of a decision = %d, %q; want -1, \"\"", n, name)
	}
}
