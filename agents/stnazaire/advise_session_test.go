package stnazaire_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// toDecision rolls with the tool until a decision is pending.
func toDecision(t *testing.T, s *advise.Session) {
	t.Helper()
	for i := 0; s.AtChance(); i++ {
		if i > 200 {
			t.Fatal("no decision after 200 rolls")
		}
		a, err := s.ParseRoll("r")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(a); err != nil {
			t.Fatal(err)
		}
	}
}

func stateJSON(t *testing.T, st env.State) string {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRollsAndMoves(t *testing.T) {
	g := stnazaire.Default()
	auto := filepath.Join(t.TempDir(), "auto.json")
	s, err := advise.NewSession(g, 1, auto)
	if err != nil {
		t.Fatal(err)
	}
	if !s.AtChance() {
		t.Fatal("a new game starts with a landing die")
	}
	if got := s.Faces(); len(got) != 10 || got[0] != 1 || got[9] != 10 {
		t.Errorf("faces %v, want 1..10", got)
	}
	for _, tt := range []struct{ in, err string }{
		{"", "enter 1 to 10 or roll N, or r to let me roll"},
		{"eleven", `"eleven" is not a face of this die`},
		{"11", "11 is not a face of this die: enter 1 to 10"},
		{"roll 0", "0 is not a face of this die"},
	} {
		if _, err := s.ParseRoll(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseRoll(%q) = %v, want an error with %q", tt.in, err, tt.err)
		}
	}
	if _, err := s.ParseMove("1"); !errors.Is(err, advise.ErrAtChance) {
		t.Errorf("ParseMove at a die: %v, want ErrAtChance", err)
	}
	for _, in := range []string{"7", "roll 7", " Roll 7 "} {
		a, err := s.ParseRoll(in)
		if err != nil || s.State().ActionString(a) != "roll 7" {
			t.Errorf("ParseRoll(%q) = %v, %v; want roll 7", in, s.State().ActionString(a), err)
		}
	}
	// The tool's roll depends on the seed and the step, not on when it is asked.
	r1, _ := s.ParseRoll("r")
	r2, _ := s.ParseRoll("R")
	if r1 != r2 {
		t.Errorf("two tool rolls at the same step differ: %d, %d", r1, r2)
	}
	if err := s.Play(r1); err != nil {
		t.Fatal(err)
	}
	before := stateJSON(t, s.State())
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if r3, _ := s.ParseRoll("r"); r3 != r1 {
		t.Errorf("after undo the tool rolls %d, before %d", r3, r1)
	}
	if err := s.Play(r1); err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, s.State()) != before {
		t.Error("undo and replay of the same roll gives another position")
	}

	toDecision(t, s)
	legal := s.Legal()
	if _, err := s.ParseRoll("3"); !errors.Is(err, advise.ErrNotChance) {
		t.Errorf("ParseRoll at a decision: %v, want ErrNotChance", err)
	}
	for _, tt := range []struct{ in, err string }{
		{"0", "no move number 0"},
		{"99", "no move number 99"},
		{"r", "no die is pending"},
		{"fly away", `action "fly away": want pass`},
		{"to XX", `no space "XX"`},
		{"demolish", "is not legal now"},
	} {
		if _, err := s.ParseMove(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseMove(%q) = %v, want an error with %q", tt.in, err, tt.err)
		}
	}
	last := legal[len(legal)-1]
	byName, err := s.ParseMove(s.State().ActionString(last))
	if err != nil || byName != last {
		t.Errorf("ParseMove by name = %d, %v; want %d", byName, err, last)
	}
	byNumber, err := s.ParseMove("1")
	if err != nil || byNumber != legal[0] {
		t.Errorf("ParseMove(1) = %d, %v; want %d", byNumber, err, legal[0])
	}
	if err := s.Play(byName); err != nil {
		t.Fatal(err)
	}

	// The autosave holds the game as played.
	back, err := advise.LoadFile(auto, nil, 99, "")
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, back.State()) != stateJSON(t, s.State()) || back.Steps() != s.Steps() || back.Seed() != 1 {
		t.Errorf("autosave reloads to step %d seed %d, want step %d seed 1", back.Steps(), back.Seed(), s.Steps())
	}
	for s.Steps() > 0 {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if !errors.Is(s.Undo(), advise.ErrNoUndo) {
		t.Error("undo at the start should say there is nothing to undo")
	}
	if stateJSON(t, s.State()) != stateJSON(t, g.NewInitialState(1)) {
		t.Error("undoing every step does not give the start")
	}
}

func TestSaveAndLoad(t *testing.T) {
	g := stnazaire.Default()
	dir := t.TempDir()
	s, err := advise.NewSession(g, 5, "")
	if err != nil {
		t.Fatal(err)
	}
	toDecision(t, s)
	a, _ := s.ParseMove("1")
	if err := s.Play(a); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	want := stateJSON(t, s.State())
	moves := s.Moves()

	o, _ := advise.NewSession(g, 9, "")
	if err := o.Load(path); err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, o.State()) != want || strings.Join(o.Moves(), ";") != strings.Join(moves, ";") || o.Seed() != 5 {
		t.Errorf("loaded %v seed %d, want %v seed 5", o.Moves(), o.Seed(), moves)
	}
	if err := o.Undo(); err != nil {
		t.Errorf("undo after load: %v", err)
	}

	// A bare position loads as a game with no moves yet.
	bare := filepath.Join(dir, "bare.json")
	if err := os.WriteFile(bare, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := advise.LoadFile(bare, nil, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, b.State()) != want || b.Steps() != 0 || b.Seed() != 3 {
		t.Errorf("bare load: steps %d seed %d", b.Steps(), b.Seed())
	}

	data, _ := os.ReadFile(path)
	for _, tt := range []struct{ name, content, err string }{
		{"garbage", "not json", "not a JSON object"},
		{"other format", `{"format":"chess/2"}`, `format "chess/2"`},
		{"unknown field", strings.Replace(string(data), `"seed"`, `"colour": 1, "seed"`, 1), "unknown field"},
		{"bad move", strings.Replace(string(data), `"moves": [`, `"moves": [ "fly",`, 1), `move 1 "fly"`},
		{"tampered", strings.Replace(string(data), `"vp": 0`, `"vp": 40`, 1), ""},
		{"other options", strings.ReplaceAll(string(data), "turns=10", "turns=9"), "options"},
	} {
		p := filepath.Join(dir, tt.name+".json")
		if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		err := o.Load(p)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: Load = %v, want an error with %q", tt.name, err, tt.err)
		}
	}
	if stateJSON(t, o.State()) == "" || o.Steps() != len(moves)-1 {
		t.Error("a failed load changed the game")
	}
	if err := o.Load(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.json")
	for _, content := range []string{"one", "two"} {
		if err := advise.WriteFileAtomic(p, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, []byte(content)) {
			t.Errorf("file holds %q, want %q", got, content)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want only f.json", len(entries))
	}
	if err := advise.WriteFileAtomic(filepath.Join(dir, "no", "such", "dir.json"), nil); err == nil {
		t.Error("writing into a missing directory should fail")
	}
}

func TestAutosaveFailureIsAWarning(t *testing.T) {
	s, err := advise.NewSession(stnazaire.Default(), 1, filepath.Join(t.TempDir(), "missing", "auto.json"))
	if !advise.IsAutosave(err) || s == nil {
		t.Fatalf("NewSession = %v, want an autosave error and a session", err)
	}
	a, _ := s.ParseRoll("4")
	if err := s.Play(a); !advise.IsAutosave(err) || s.Steps() != 1 {
		t.Errorf("Play = %v at step %d, want the move made and an autosave error", err, s.Steps())
	}
}
