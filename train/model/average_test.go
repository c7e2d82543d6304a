package model

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestAverage: the mean of a network and its warm-started refinement has
// each weight and bias the mean of theirs, scores between them where they
// differ, survives its file, and records the models it came from and the
// union of their data; networks that do not share one standardisation,
// shape, kind or game are refused in one line naming the file.
func TestAverage(t *testing.T) {
	src := smallData(t, 20)
	dir := t.TempDir()
	cfg := smallNet()
	a, err := TrainPolicy(src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	pa := filepath.Join(dir, "a.json")
	if err := a.Save(pa); err != nil {
		t.Fatal(err)
	}
	start, err := LoadStart(pa)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Init, cfg.Net.Seed, cfg.Net.LR = start, 11, 3e-2 // far enough to differ
	b, err := TrainPolicy(src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	refs := []ModelRef{start.Ref, {Path: "b.json", SHA256: strings.Repeat("b", 64)}}
	m, err := Average([]*Model{a, b}, refs)
	if err != nil {
		t.Fatal(err)
	}
	differ := false
	for li, l := range m.Net.Layers {
		for i, w := range l.W {
			x, y := a.Net.Layers[li].W[i], b.Net.Layers[li].W[i]
			if math.Abs(w-(x+y)/2) > 1e-12*(1+math.Abs(w)) {
				t.Fatalf("layer %d weight %d: %v, the mean of %v and %v is %v", li, i, w, x, y, (x+y)/2)
			}
			differ = differ || x != y
		}
		for i, v := range l.B {
			if x, y := a.Net.Layers[li].B[i], b.Net.Layers[li].B[i]; math.Abs(v-(x+y)/2) > 1e-12*(1+math.Abs(v)) {
				t.Fatalf("layer %d bias %d: %v, the mean of %v and %v", li, i, v, x, y)
			}
		}
	}
	if !differ {
		t.Fatal("the refinement did not change a weight: the test averages nothing")
	}
	if a.Net.Layers[0].W[0] == m.Net.Layers[0].W[0] && b.Net.Layers[0].W[0] == m.Net.Layers[0].W[0] {
		t.Fatal("the mean's weights are its sources'")
	}
	path := filepath.Join(dir, "mean.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rows := sampleRows(src, Policy, 20)
	want, got := m.NewScorer().Score(rows, nil), back.NewScorer().Score(rows, nil)
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("row %d: the saved mean scores %v, the mean %v", i, got[i], want[i])
		}
	}
	tr := back.Training
	if len(tr.Averaged) != 2 || tr.Averaged[0] != refs[0] || tr.Averaged[1] != refs[1] || len(tr.Data) != 1 || tr.Data[0] != a.Training.Data[0] || len(back.Metrics) != 0 {
		t.Fatalf("the mean records %+v, metrics %v", tr, back.Metrics)
	}

	wide := smallNet()
	wide.Net.Hidden = []int{32}
	other, err := TrainPolicy(src, wide)
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := TrainPolicy(smallData(t, 12), smallNet()) // its own data: another standardisation
	if err != nil {
		t.Fatal(err)
	}
	value, err := TrainValue(src, smallNet())
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		models []*Model
		want   string
	}{
		"one model":         {[]*Model{a}, "want two models or more"},
		"other layers":      {[]*Model{a, other}, "its hidden layers are [32], not [16 8]"},
		"other kind":        {[]*Model{a, value}, "it is a value model, not a policy model"},
		"other input scale": {[]*Model{a, drawn}, "standardises its inputs"},
	} {
		_, err := Average(c.models, refs[:len(c.models)])
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line saying %q", name, err, c.want)
		}
		if err != nil && len(c.models) > 1 && !strings.Contains(err.Error(), "b.json") {
			t.Errorf("%s: %v does not name the file", name, err)
		}
	}
}
