package model

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFitShowsProgress: given a writer (a terminal), Fit draws a bar
// counting the trees; without one it draws nothing (Progress is nil).
func TestFitShowsProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([][]float64, 200)
	y := make([]float64, len(x))
	for i := range x {
		x[i] = []float64{rng.Float64(), rng.Float64()}
		y[i] = x[i][0] * 3
	}
	var bar bytes.Buffer
	if _, err := Fit(x, y, []string{"a", "b"}, FitConfig{Trees: 4, MaxDepth: 4, Seed: 1, Workers: 2, Progress: &bar}); err != nil {
		t.Fatal(err)
	}
	if out := bar.String(); !strings.Contains(out, "fitting") || !strings.Contains(out, "/4") {
		t.Errorf("progress %q, want a bar of 4 trees", out)
	}
}
