package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAgentIdentityBySpelledPath: one spec file spelled two ways is one
// agent (listed twice, refused), and its rows and table name it by the
// cleaned path; before, ./s.spec and s.spec were two agents, seeded apart.
func TestAgentIdentityBySpelledPath(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "s.spec")
	if err := os.WriteFile(spec, []byte("holdat:n=10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	twice := "tuned:file=" + dir + "/./s.spec,tuned:file=" + dir + "/sub/../s.spec"
	status, _, stderr := runArgs("bench", "--game", "pig", "--agents", twice, "--games", "2")
	if want := "chariot: agent tuned:file=" + spec + " listed twice\n"; status != 1 || stderr != want {
		t.Errorf("one file spelled two ways: status %d, stderr %q, want %q", status, stderr, want)
	}
}
