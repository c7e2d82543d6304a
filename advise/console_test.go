package advise

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// syncBuffer is an output the test reads while Run writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newConsole(t *testing.T, in io.Reader, out io.Writer) *Console {
	t.Helper()
	s, err := NewSession(testGame(t), 1, filepath.Join(t.TempDir(), "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAdvisor(s.Game(), Options{Agent: "random"})
	if err != nil {
		t.Fatal(err)
	}
	return &Console{S: s, A: a, Futures: -1, In: in, Out: out}
}

// TestConsoleInterrupt: a Ctrl-C while a line is half typed stops at once,
// applies nothing and says where the game is saved.
func TestConsoleInterrupt(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	out := &syncBuffer{}
	c := newConsole(t, r, out)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	if _, err := io.WriteString(w, "roll\n"); err != nil { // a line entered
		t.Fatal(err)
	}
	// The session belongs to Run until it returns: the test watches the
	// output alone, for the prompt after the line's move. A hang is
	// caught by go test's own timeout, not by a clock here.
	for strings.Count(out.String(), "> ") < 2 || !strings.HasSuffix(out.String(), "> ") {
		time.Sleep(5 * time.Millisecond)
	}
	go io.WriteString(w, "hold") // half typed: never ended by Enter
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if c.S.Steps() != 1 || !strings.Contains(out.String(), "The game is saved in "+c.S.AutosavePath()+" after step 1") {
		t.Errorf("after the interrupt: %d steps\n%s", c.S.Steps(), out)
	}
}

// TestConsoleEndOfInput: the end of the input (Ctrl-D) applies no
// unfinished line, and on a terminal a Ctrl-D after some text ends the
// input at once.
func TestConsoleEndOfInput(t *testing.T) {
	var out bytes.Buffer
	c := newConsole(t, strings.NewReader("roll\nhold"), &out)
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c.S.Steps() != 1 || !strings.Contains(out.String(), `(the unfinished line "hold" is not applied)`) ||
		!strings.Contains(out.String(), "The game is saved in ") {
		t.Errorf("%d steps:\n%s", c.S.Steps(), out.String())
	}
	out.Reset()
	c = newConsole(t, &terminal{reads: []string{"roll\n", "hold"}}, &out)
	c.Terminal = true
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c.S.Steps() != 1 || !strings.Contains(out.String(), `(the unfinished line "hold" is not applied)`) {
		t.Errorf("on a terminal: %d steps:\n%s", c.S.Steps(), out.String())
	}
}

// terminal returns one read at a time, as a terminal in canonical mode
// does, and then blocks: a Ctrl-D after "hold" must end the input without
// another read.
type terminal struct{ reads []string }

func (t *terminal) Read(p []byte) (int, error) {
	if len(t.reads) == 0 {
		select {} // a terminal waiting for the person
	}
	n := copy(p, t.reads[0])
	t.reads = t.reads[1:]
	return n, nil
}

// TestConsoleTwoSided: the person plays O; the tool plays X by its agent,
// and undo takes back the person's move with the tool's answer.
func TestConsoleTwoSided(t *testing.T) {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(g, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseSeat(g, "1")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetTool(ToolSpecs(g, o, "random")); err != nil {
		t.Fatal(err)
	}
	a, _ := NewAdvisor(g, Options{Agent: "random"})
	var out bytes.Buffer
	c := &Console{S: s, A: a, Futures: -1, In: strings.NewReader("1\nundo\nquit\n"), Out: &out}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	seat0 := env.SeatName(g, 0)
	if strings.Count(text, seat0+" (random): ") < 2 || s.Steps() != 1 || s.State().CurrentPlayer() != o {
		t.Errorf("two-sided game: %d steps, seat %d to play\n%s", s.Steps(), s.State().CurrentPlayer(), text)
	}
	if err := s.Undo(); err != ErrNoUndo {
		t.Errorf("undo of the tool's first move alone: %v, want ErrNoUndo", err)
	}
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data, nil, 0, "")
	if err != nil || strings.Join(back.Tool(), ",") != strings.Join(s.Tool(), ",") {
		t.Errorf("the seats the tool plays do not survive a save: %v (%v)", back, err)
	}
	if err := s.SetTool([]string{"random", "random"}); err == nil {
		t.Error("the tool took every seat")
	}
}
