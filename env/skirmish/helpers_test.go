package skirmish

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// table builds a test scenario on an open 48" x 36" table with the given
// terrain, features and figures (JSON array bodies).
func table(t testing.TB, terrain, features, figures string) *Data {
	t.Helper()
	src := fmt.Sprintf(`{"name":"test","version":1,"width":48,"height":36,"turns":3,"exit_from_turn":1,
	"victory":{"lost_vp":-1,"exited_vp":1,"levels":[{"name":"win","min_vp":1},{"name":"loss","min_vp":-100}],"source":"reconstructed"},
	"terrain":[%s],"features":[%s],"figures":[%s],"entries":[{"name":"north","at":[24,0.6],"source":"reconstructed"}]}`, terrain, features, figures)
	d, err := ParseData([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fig is a figure line for table.
func figure(name, side, kind string, x, y float64, extra string) string {
	return fmt.Sprintf(`{"name":%q,"side":%q,"kind":%q,"at":[%v,%v],"source":"reconstructed"%s}`, name, side, kind, x, y, extra)
}

// game builds a game on d.
func game(t testing.TB, d *Data, o Options) *Game {
	t.Helper()
	if o.Reactions == "" {
		o.Reactions = "sleepy"
	}
	g, err := NewGame(d, o, "")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// idx finds a figure or feature by name.
func idx(t testing.TB, s *State, name string) int {
	t.Helper()
	for i, f := range s.data().Figures {
		if f.Name == name {
			return i
		}
	}
	for i, f := range s.data().Features {
		if f.Name == name {
			return i
		}
	}
	t.Fatalf("no %q", name)
	return -1
}

// play applies actions given by name.
func play(t testing.TB, s *State, actions ...string) {
	t.Helper()
	for _, text := range actions {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: %v\n%s", text, err, s)
		}
	}
}

// legal reports whether the named action is legal.
func legal(t testing.TB, s *State, text string) bool {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range s.LegalActions(nil) {
		if b == a {
			return true
		}
	}
	return false
}

// legalNames lists the legal actions by name.
func legalNames(s *State) string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return strings.Join(out, ", ")
}

// prob is the exact probability, over every die, that pred holds once the
// dice stop (or depth runs out, for rerolled draws).
func prob(s *State, pred func(*State) bool, depth int) float64 {
	if s.CurrentPlayer() != env.Chance || depth == 0 {
		if pred(s) {
			return 1
		}
		return 0
	}
	p := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		c := *s
		if err := c.Apply(o.Action); err != nil {
			panic(err)
		}
		p += o.Prob * prob(&c, pred, depth-1)
	}
	return p
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
