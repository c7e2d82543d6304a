package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// FuzzResume: whatever an existing results file holds, resuming a run on
// it finishes the run or stops with a one-line error, never a panic.
func FuzzResume(f *testing.F) {
	pig, err := env.NewGame("pig")
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	for _, ext := range []string{formatJSONL, formatCSV} {
		out := filepath.Join(dir, "seed"+ext)
		if _, err := Run(context.Background(), Config{Game: pig, Agents: []string{"random"}, Games: 2, Seed: 1, Out: out}); err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			f.Fatal(err)
		}
		csv := ext == formatCSV
		f.Add(data, csv)
		f.Add(data[:len(data)*2/3], csv)
	}
	f.Add([]byte("{}\n"), false)
	f.Add([]byte("game,agent\n1,2\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, csv bool) {
		ext := formatJSONL
		if csv {
			ext = formatCSV
		}
		out := filepath.Join(t.TempDir(), "results"+ext)
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(context.Background(), Config{Game: pig, Agents: []string{"random"}, Games: 2, Seed: 1, Out: out, Resume: true})
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
		}
	})
}
