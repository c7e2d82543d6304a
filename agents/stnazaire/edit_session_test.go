package stnazaire_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// editSomeone plays the session's first moves until some commando on the
// map can be set pinned by hand, and returns the edit.
func editSomeone(t *testing.T, s *advise.Session) string {
	t.Helper()
	d := stnazaire.Default().Data()
	for range 60 {
		toDecision(t, s)
		st := s.State().(*stnazaire.State)
		for u, b := range d.British {
			if !st.OnMap(u) || st.Pinned(u) {
				continue
			}
			cmd := "set " + b.Name + " pinned"
			if err := s.Edit(cmd); err == nil {
				return cmd
			}
		}
		if err := s.Play(s.Legal()[len(s.Legal())-1]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no commando could be set pinned in 60 decisions")
	return ""
}

// TestSessionEditIsAStepOfTheGame: a result set by hand is recorded among
// the moves as "set ...", repeated by a save file's load, and taken back
// by undo.
func TestSessionEditIsAStepOfTheGame(t *testing.T) {
	dir := t.TempDir()
	s, err := advise.NewSession(stnazaire.Default(), 3, filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := editSomeone(t, s)
	name := strings.TrimSuffix(strings.TrimPrefix(cmd, "set "), " pinned")
	u := -1
	for i, b := range stnazaire.Default().Data().British {
		if b.Name == name {
			u = i
		}
	}
	if m := s.Moves(); m[len(m)-1] != cmd {
		t.Fatalf("last move %q, want the edit %q", m[len(m)-1], cmd)
	}
	if !s.State().(*stnazaire.State).Pinned(u) {
		t.Fatalf("after %q nobody is pinned:\n%s", cmd, s.State())
	}
	// The autosave holds the edit and loads back to the same position.
	l, err := advise.LoadFile(filepath.Join(dir, "auto.json"), nil, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, l.State()) != stateJSON(t, s.State()) {
		t.Fatal("the loaded game differs from the edited one")
	}
	// Undo takes the edit back, and only it.
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if m := s.Moves(); (len(m) > 0 && m[len(m)-1] == cmd) || s.State().(*stnazaire.State).Pinned(u) {
		t.Fatal("undo kept the edit")
	}
	if err := s.Edit("set vp 12"); err == nil || !strings.Contains(err.Error(), "VP follow from the counters") {
		t.Errorf("set vp: %v", err)
	}
}

// TestOldSaveFilesWithSpaceIDs: save files written before moves named the
// printed spaces hold ids ("to S03"); they still load.
func TestOldSaveFilesWithSpaceIDs(t *testing.T) {
	dir := t.TempDir()
	s, err := advise.NewSession(stnazaire.Default(), 5, "")
	if err != nil {
		t.Fatal(err)
	}
	for range 25 {
		toDecision(t, s)
		if err := s.Play(s.Legal()[len(s.Legal())-1]); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "new.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	d := stnazaire.Default().Data()
	ids := 0
	for i, m := range f["moves"].([]any) {
		name, ok := strings.CutPrefix(m.(string), "to ")
		if !ok {
			continue
		}
		for sp := range d.Spaces {
			if d.SpaceName(sp) == name {
				f["moves"].([]any)[i] = "to " + d.Spaces[sp].ID
				ids++
			}
		}
	}
	if ids == 0 {
		t.Fatal("the game made no move to a space")
	}
	old, _ := json.Marshal(f)
	oldPath := filepath.Join(dir, "old.json")
	if err := os.WriteFile(oldPath, old, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := advise.LoadFile(oldPath, nil, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, l.State()) != stateJSON(t, s.State()) {
		t.Fatal("the old file loads to another position")
	}
}

// TestConsoleSet: the console's set command lists the edits, takes one,
// and explains a refusal on one line.
func TestConsoleSet(t *testing.T) {
	s, err := advise.NewSession(stnazaire.Default(), 3, "")
	if err != nil {
		t.Fatal(err)
	}
	cmd := editSomeone(t, s)
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(s.Game(), advise.Options{Agent: "greedy", Top: 3, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &advise.Console{S: s, A: a, Futures: -1, In: strings.NewReader("set\n" + cmd + "\nset vp 12\nquit\n"), Out: &out}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"set COMMANDO pinned | unpinned", cmd + ": done (undo takes it back)", "? \"set vp 12\": VP follow from the counters"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if m := s.Moves(); m[len(m)-1] != cmd {
		t.Errorf("last move %q, want %q", m[len(m)-1], cmd)
	}
}
