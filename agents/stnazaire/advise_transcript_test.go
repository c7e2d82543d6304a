package stnazaire_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// autoPlayer answers the console as a person who lets the tool roll and
// plays the top suggestion: one line per prompt, chosen once the prompt is
// shown. The console reads its input on a goroutine of its own, ahead of
// play; waiting for the prompt, which the console writes before it waits
// for the line, orders the player's look at the session after the last
// move.
type autoPlayer struct {
	s      *advise.Session
	lines  int
	out    bytes.Buffer
	prompt chan struct{}
}

func newAutoPlayer(s *advise.Session) *autoPlayer {
	return &autoPlayer{s: s, prompt: make(chan struct{}, 1)}
}

// Write is the console's output: a write that ends with a prompt lets the
// next Read answer it.
func (p *autoPlayer) Write(b []byte) (int, error) {
	p.out.Write(b)
	if bytes.HasSuffix(b, []byte("> ")) {
		p.prompt <- struct{}{}
	}
	return len(b), nil
}

func (p *autoPlayer) Read(b []byte) (int, error) {
	<-p.prompt
	p.lines++
	line := "best\n"
	switch {
	case p.s.Over() || p.lines > 5000:
		line = "quit\n"
	case p.s.AtChance():
		line = "r\n"
	}
	return copy(b, line), nil
}

// TestAdviseTranscript plays a whole game through the console, every die
// rolled by the tool and every decision the top suggestion, and checks
// that the transcript stays short enough to read: what changed after each
// step, not the whole position.
func TestAdviseTranscript(t *testing.T) {
	s, err := advise.NewSession(stnazaire.Default(), 7, "")
	if err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(s.Game(), advise.Options{Agent: "greedy", Top: 3, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := newAutoPlayer(s)
	c := &advise.Console{S: s, A: a, Futures: 50, In: p, Out: p}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := &p.out
	if !s.Over() {
		t.Fatalf("the game did not end:\n%s", tail(out.String(), 30))
	}
	_ = os.WriteFile(filepath.Join(t.TempDir(), "transcript.txt"), out.Bytes(), 0o644)
	if p := os.Getenv("CHARIOT_TRANSCRIPT"); p != "" {
		_ = os.WriteFile(p, out.Bytes(), 0o644)
	}
	n := strings.Count(out.String(), "\n")
	t.Logf("a whole game in %d lines, %d steps", n, s.Steps())
	if n >= 1500 {
		t.Errorf("a whole game printed %d lines, want under 1,500:\n%s", n, tail(out.String(), 60))
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
