package dataset

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// FuzzRead: any bytes read as a self-play dataset give a dataset or a
// one-line error, never a panic; every row read fits its header.
func FuzzRead(f *testing.F) {
	path := filepath.Join(f.TempDir(), "d.jsonl")
	h := Header{Game: "g", FeatureVersion: 1, Agent: "a", Seed: 2, StateFeatures: []string{"x"}, ActionFeatures: []string{"y", "z"}}
	w, err := Create(path, h)
	if err != nil {
		f.Fatal(err)
	}
	row := Row{GameSeed: 7, State: []float64{1.5}, Legal: []env.Action{0, 3}, Actions: [][]float64{{1, 2}, {3, -1}}, Visits: []int{1, 4}, Chosen: 3, FinalVP: -4}
	if err := w.Write(Game{Index: 1, Rows: []Row{row, row}}); err != nil {
		f.Fatal(err)
	}
	if err := w.Close(); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)*3/4])
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "d.jsonl")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Read(p)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		for i := range d.Rows {
			r := &d.Rows[i]
			if err := r.check(&d.Header); err != nil {
				t.Fatalf("row %d read but does not fit its header: %v", i, err)
			}
			r.Target()
		}
	})
}
