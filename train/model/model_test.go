package model

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chariot-ai/chariot/train/features"
	"github.com/chariot-ai/chariot/train/selfplay"
	"github.com/sjwhitworth/golearn/trees"
)

// smallData writes a dataset of a few games of Pig between random
// players, both seats recorded, and reads it back.
func smallData(t testing.TB, games int) []Source {
	t.Helper()
	path := filepath.Join(t.TempDir(), "d.jsonl")
	_, err := selfplay.Run(t.Context(), selfplay.Config{Game: envtest.NewGame(t, "pig"), Agent: "random", Games: games, Seed: 3, Workers: 2, Out: path, Seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	src, err := ReadSources([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func smallTrain() TrainConfig {
	cfg := DefaultTrain()
	cfg.Fit = FitConfig{Trees: 3, MaxDepth: 5, Sample: 400, Seed: 7, Workers: 2}
	return cfg
}

func TestTrainSaveLoad(t *testing.T) {
	src := smallData(t, 12)
	g := envtest.NewGame(t, "pig")
	for _, kind := range []Kind{Value, Policy} {
		train := TrainValue
		if kind == Policy {
			train = TrainPolicy
		}
		m, err := train(src, smallTrain())
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Check(g, kind); err != nil {
			t.Fatal(err)
		}
		if len(m.Metrics) == 0 || m.Training.TrainRows == 0 || m.Training.Data[0].Games != 12 {
			t.Fatalf("%s: metrics %v, training %+v", kind, m.Metrics, m.Training)
		}
		path := filepath.Join(t.TempDir(), "m.json")
		if err := m.Save(path); err != nil {
			t.Fatal(err)
		}
		back, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		// Identical predictions after the round trip, and the same as
		// golearn's own Predict on the rows.
		rows := sampleRows(src, kind, 300)
		names := back.Features
		viaGolearn, err := back.Forest.Golearn(rows, names)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			a, b := m.Forest.Predict(r), back.Forest.Predict(r)
			if a != b || a != viaGolearn[i] {
				t.Fatalf("%s row %d: predicted %v, after loading %v, by golearn %v", kind, i, a, b, viaGolearn[i])
			}
		}
		// The file is the same when written again.
		b1, _ := m.Marshal()
		b2, _ := back.Marshal()
		if !bytes.Equal(b1, b2) {
			t.Fatalf("%s: the file changes on a round trip", kind)
		}
	}
}

func sampleRows(src []Source, kind Kind, n int) [][]float64 {
	var rows [][]float64
	for _, r := range src[0].Data.Rows {
		if kind == Value {
			rows = append(rows, r.State)
		} else {
			rows = append(rows, r.Actions...)
		}
		if len(rows) >= n {
			break
		}
	}
	return rows
}

// TestDeterminism: golearn's CART regressor draws nothing at random and
// the bootstrap is ours, so a fixed seed gives the same model for any
// number of workers; another seed gives another.
func TestDeterminism(t *testing.T) {
	src := smallData(t, 6)
	cfg := smallTrain()
	var files [][]byte
	for _, workers := range []int{1, 3} {
		cfg.Fit.Workers = workers
		m, err := TrainPolicy(src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := m.Marshal()
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("the same seed gave different models")
	}
	cfg.Fit.Seed++
	m, _ := TrainPolicy(src, cfg)
	if b, _ := m.Marshal(); bytes.Equal(b, files[0]) {
		t.Fatal("another seed gave the same model")
	}
}

func TestRejected(t *testing.T) {
	src := smallData(t, 4)
	m, err := TrainValue(src, smallTrain())
	if err != nil {
		t.Fatal(err)
	}
	good, _ := m.Marshal()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A digit changed inside the trees.
	i := bytes.Index(good, []byte(`"Threshold":`)) + len(`"Threshold":`)
	flipped := bytes.Clone(good)
	if flipped[i] == '1' {
		flipped[i] = '2'
	} else {
		flipped[i] = '1'
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", good[:len(good)/2], "corrupt or truncated model file"},
		{"empty", nil, "corrupt or truncated model file"},
		{"flipped", flipped, "do not match their checksum"},
		{"dataset", []byte(`{"format":"chariot-selfplay","version":1}`), `its format is "chariot-selfplay", not chariot-model`},
		{"version", bytes.Replace(good, []byte(`"version":1`), []byte(`"version":9`), 1), "model file version 9"},
		{"kind", bytes.Replace(good, []byte(`"kind":"value"`), []byte(`"kind":"q"`), 1), `unknown model kind "q"`},
		{"type", []byte(`{"format":3}`), "not a model file"},
	} {
		_, err := Load(write(c.name, c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", c.name, err, c.want)
		}
	}

	// Mismatches: a model for another game, options, kind or encoding.
	loaded, err := Load(write("good", good))
	if err != nil {
		t.Fatal(err)
	}
	pig, short, ttt := envtest.NewGame(t, "pig"), envtest.NewGame(t, "pig:target=15"), envtest.NewGame(t, "tictactoe")
	old := *loaded
	old.FeatureVersion = features.GenericVersion - 1
	renamed := *loaded
	renamed.Features = append([]string{"x"}, loaded.Features[1:]...)
	otherEncoder := *loaded
	otherEncoder.Encoder = "stnazaire"
	for _, c := range []struct {
		m    *Model
		g    env.Game
		k    Kind
		want string
	}{
		{loaded, ttt, Value, "was trained for game pig:die=6,target=20, not tictactoe"},
		{loaded, short, Value, "not pig:die=6,target=15"},
		{loaded, pig, Policy, "is a value model, not a policy model"},
		{&old, pig, Value, "(version 0,"},
		{&renamed, pig, Value, "no longer computes"},
		{&otherEncoder, pig, Value, "encoder stnazaire)"},
	} {
		if err := c.m.Check(c.g, c.k); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check: %v, want %q", err, c.want)
		}
	}
	if err := loaded.Check(pig, Value); err != nil {
		t.Fatal(err)
	}
}

func TestForestFitsSomething(t *testing.T) {
	// y = 3·x0 when x1 > 0, else -x0: a forest of a few trees gets close.
	rng := rand.New(rand.NewPCG(1, 1))
	var x [][]float64
	var y []float64
	for range 600 {
		a, b := float64(rng.IntN(10)), float64(rng.IntN(2))
		x = append(x, []float64{a, b})
		if b > 0 {
			y = append(y, 3*a)
		} else {
			y = append(y, -a)
		}
	}
	f, err := Fit(x, y, []string{"a", "b"}, FitConfig{Trees: 5, MaxDepth: 8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][3]float64{{2, 1, 6}, {7, 0, -7}, {9, 1, 27}} {
		if p := f.Predict(c[:2]); p < c[2]-0.5 || p > c[2]+0.5 {
			t.Errorf("f(%v, %v) = %v, want about %v", c[0], c[1], p, c[2])
		}
	}
}

// The two ways to predict one row: the forest's own walk of golearn's
// trees, and golearn's Predict, which needs a data grid per call (and
// rebuilding the trees from JSON here, as a loaded model must). The rows
// have 37 features, as many as a hand-made encoding of a wargame's state.
func benchForest(b *testing.B) (*Forest, []float64, []string) {
	rng := rand.New(rand.NewPCG(1, 1))
	var x [][]float64
	var y []float64
	names := make([]string, 37)
	for i := range names {
		names[i] = "f" + strconv.Itoa(i)
	}
	for range 2000 {
		row := make([]float64, len(names))
		for j := range row {
			row[j] = float64(rng.IntN(20))
		}
		x, y = append(x, row), append(y, row[0]*row[1]-row[2])
	}
	f, err := Fit(x, y, names, FitConfig{Trees: 24, MaxDepth: 14, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return f, x[0], names
}

func BenchmarkPredict(b *testing.B) {
	f, row, _ := benchForest(b)
	b.ResetTimer()
	for range b.N {
		f.Predict(row)
	}
}

func BenchmarkPredictGolearn(b *testing.B) {
	f, row, names := benchForest(b)
	ts := make([]trees.CARTDecisionTreeRegressor, len(f.raw))
	for i, raw := range f.raw {
		if err := json.Unmarshal(raw, &ts[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		inst, _ := grid([][]float64{row}, nil, []int{0}, names)
		for i := range ts {
			ts[i].Predict(inst)
		}
	}
}
