package advise

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// TestFailedAutosaveIsTold: once an autosave fails (its directory gone, as
// a full disk would fail it), the session says so, and the note on quit
// says the game is not saved and which step the file holds, not that it
// was saved after the last step.
func TestFailedAutosaveIsTold(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "saves")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(g, 1, filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	play := func() error {
		a, err := s.ParseMove("1")
		if err != nil {
			a, err = s.ParseRoll("r")
		}
		if err != nil {
			t.Fatal(err)
		}
		return s.Play(a)
	}
	if err := play(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := play(); !IsAutosave(err) {
		t.Fatalf("a step whose autosave fails: %v, want an autosave error", err)
	}
	if s.AutosaveErr() == nil {
		t.Error("AutosaveErr is nil after a failed autosave")
	}
	note := s.SavedNote()
	if !strings.HasPrefix(note, "The game is NOT saved: autosave: ") || !strings.Contains(note, "as it was after step 1, not step 2") {
		t.Errorf("note on quit %q, want it not saved, the file at step 1", note)
	}
	// Once an autosave succeeds, the note is the plain one again.
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := play(); err != nil {
		t.Fatal(err)
	}
	if note := s.SavedNote(); !strings.HasPrefix(note, "The game is saved in "+filepath.Join(dir, "auto.json")+" after step 3") {
		t.Errorf("note after a good autosave %q", note)
	}
}

// TestAutosaveNeverReplacesOtherFiles: an autosave (or a save) named after
// a file that is not a chariot save, a model say, fails and leaves it.
func TestAutosaveNeverReplacesOtherFiles(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(t.TempDir(), "m.json")
	const content = `{"kind":"forest","trees":[]}`
	if err := os.WriteFile(model, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = NewSession(g, 1, model)
	var ns *NotSaveError
	if !IsAutosave(err) || !errors.As(err, &ns) {
		t.Errorf("autosave over a model: %v, want a NotSaveError", err)
	}
	if got, _ := os.ReadFile(model); string(got) != content {
		t.Errorf("the model was replaced: %q", got)
	}
}
