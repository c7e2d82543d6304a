package dataset

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestTarget(t *testing.T) {
	r := Row{Legal: []env.Action{0, 5, 9}, Chosen: 5}
	if got := r.Target(); !slices.Equal(got, []float64{0, 1, 0}) {
		t.Errorf("chosen only: %v", got)
	}
	r.Visits = []int{1, 6, 3}
	if got := r.Target(); !slices.Equal(got, []float64{0.1, 0.6, 0.3}) {
		t.Errorf("visits: %v", got)
	}
}

func TestWriteReadAndErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.jsonl")
	h := Header{Game: "g", FeatureVersion: 1, Agent: "a", Seed: 2, StateFeatures: []string{"x"}, ActionFeatures: []string{"y", "z"}}
	w, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	row := Row{GameSeed: 7, State: []float64{1.5}, Legal: []env.Action{0, 3}, Actions: [][]float64{{1, 2}, {3, -1}}, Chosen: 3, FinalVP: -4}
	if err := w.Write(Game{Index: 1, Rows: []Row{row, row}}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	d, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if d.Games() != 1 || len(d.Rows) != 2 || d.Rows[1].Step != 1 || !d.Rows[1].Last || d.Rows[0].Last || d.Rows[0].State[0] != 1.5 {
		t.Fatalf("read back %+v", d.Rows)
	}
	good, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(good), "\n")
	for _, c := range []struct{ name, data, want string }{
		{"not a dataset", "{}\n", "not a chariot self-play dataset"},
		{"bad row", lines[0] + "{\"game\":\n", "line 2"},
		{"wrong width", lines[0] + strings.Replace(lines[1], `"state":[1.5]`, `"state":[1.5,2]`, 1), "2 state features, the header names 1"},
		{"illegal choice", lines[0] + strings.Replace(lines[1], `"chosen":3`, `"chosen":4`, 1), "chosen action 4 is not legal"},
	} {
		p := filepath.Join(dir, "bad.jsonl")
		os.WriteFile(p, []byte(c.data), 0o644)
		if _, err := Read(p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Resuming with another game names the option that differs.
	h.Game = "g:x=1"
	if _, _, err := Resume(path, h); err == nil || !strings.Contains(err.Error(), "made with game g, not g:x=1 (x: unset in the file, 1 asked)") {
		t.Errorf("resume with another game: %v", err)
	}
	h.Game = "g"
	// Resuming with another seed is refused.
	h.Seed = 3
	if _, _, err := Resume(path, h); err == nil || !strings.Contains(err.Error(), "made with seed 2") {
		t.Errorf("resume with another seed: %v", err)
	}
	// Resuming with another version of a file the run reads is refused.
	h.Seed = 2
	h.Files = map[string]string{"model.json": "aaaa"}
	if _, _, err := Resume(path, h); err == nil || !strings.Contains(err.Error(), "made without a content hash of model.json") {
		t.Errorf("resume reading a file: %v", err)
	}
	other := filepath.Join(dir, "f.jsonl")
	w, err = Create(other, h)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	h.Files["model.json"] = "bbbb"
	if _, _, err := Resume(other, h); err == nil || !strings.Contains(err.Error(), "model.json has changed since it was made (content aaaa then, bbbb now)") {
		t.Errorf("resume with a changed file: %v", err)
	}
}
