package advise

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestTwoDice: at a roll of two dice (the Avalon Hill raid's covering
// fire) the dice are entered as "3 4", "3+4" or their total alike, and the
// prompt says so; a die above six is refused in a line.
func TestTwoDice(t *testing.T) {
	g, err := env.NewGame("ahraid")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(g, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for step := 0; ; step++ {
		if s.Over() || step > 100000 {
			t.Fatal("no roll of two dice in the game")
		}
		if s.AtChance() && strings.Contains(s.Prompt(), "two dice") {
			break
		}
		legal := s.Legal()
		a := legal[r.IntN(len(legal))]
		if s.AtChance() {
			a = env.SampleChance(s.State().ChanceOutcomes(nil), r)
		}
		if err := s.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(s.OutcomeForms(), "3 4 or 3+4") {
		t.Errorf("the prompt does not say that two dice can be entered: %s", s.OutcomeForms())
	}
	want, err := s.ParseRoll("7")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"3 4", "3+4", "4 + 3", "roll 6 1"} {
		if a, err := s.ParseRoll(in); err != nil || a != want {
			t.Errorf("%q: %v, %v; want the total 7 (%v)", in, a, err, want)
		}
	}
	if _, err := s.ParseRoll("7 1"); err == nil || !strings.Contains(err.Error(), "each die shows 1 to 6") {
		t.Errorf(`"7 1": %v, want a refusal that each die shows 1 to 6`, err)
	}
}

// TestRecentAfterResume: a game saved and loaded again says what its last
// steps did, in the words the console printed for them.
func TestRecentAfterResume(t *testing.T) {
	g, err := env.NewGame("skirmish")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(g, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	r := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		legal := s.Legal()
		a := legal[r.IntN(len(legal))]
		if s.AtChance() {
			a = env.SampleChance(s.State().ChanceOutcomes(nil), r)
		}
		before := s.State().Clone()
		if err := s.Play(a); err != nil {
			t.Fatal(err)
		}
		line := OneLine(Narration(before, a, s.State()))
		if line == "" {
			line = before.ActionString(a)
		}
		said = append(said, line)
	}
	path := t.TempDir() + "/game.json"
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadFile(path, g, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	got := back.Recent(10)
	if strings.Join(got, "\n") != strings.Join(said[30:], "\n") {
		t.Errorf("recent steps after loading:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(said[30:], "\n"))
	}
}
