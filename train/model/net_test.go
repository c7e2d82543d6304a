package model

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/train/features"
)

func smallNet() TrainConfig {
	cfg := DefaultTrain()
	cfg.Model = MLP
	cfg.Net = NetConfig{Hidden: []int{16, 8}, Epochs: 4, Batch: 16, LR: 3e-3, L2: 1e-5, Seed: 5}
	return cfg
}

// TestNetLearnsARegression: a value network fits y = 3a − 2b + noise on
// rows it did not see far better than the mean does.
func TestNetLearnsARegression(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	row := func() ([]float64, float64) {
		a, b := rng.Float64()*10, rng.Float64()*10
		return []float64{a, b, rng.Float64()}, 3*a - 2*b + rng.NormFloat64()*0.1
	}
	var x [][]float64
	var y []float64
	for range 2000 {
		r, v := row()
		x, y = append(x, r), append(y, v)
	}
	net, err := FitNet(x, y, nil, NetConfig{Hidden: []int{16}, Epochs: 30, Batch: 32, LR: 1e-2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var sse, sst float64
	for range 500 {
		r, v := row()
		d := net.Predict(r) - v
		sse += d * d
		sst += v * v // y has mean about 5 and spread about 10
	}
	if r2 := 1 - sse/sst; r2 < 0.98 {
		t.Fatalf("held-out R² (about the origin) %.3f, want above 0.98", r2)
	}
}

// TestNetLearnsAPolicy: in each decision the action with the largest
// first feature gets all the visits; the network learns to score it best.
func TestNetLearnsAPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	decision := func() [][]float64 {
		rows := make([][]float64, 2+rng.IntN(5))
		for i := range rows {
			rows[i] = []float64{rng.Float64(), rng.Float64(), float64(len(rows))}
		}
		return rows
	}
	best := func(rows [][]float64) int {
		b := 0
		for i, r := range rows {
			if r[0] > rows[b][0] {
				b = i
			}
		}
		return b
	}
	var x [][]float64
	var y []float64
	var groups []int
	for range 1500 {
		rows := decision()
		groups = append(groups, len(x))
		for i, r := range rows {
			x = append(x, r)
			y = append(y, map[bool]float64{true: 1}[i == best(rows)])
		}
	}
	net, err := FitNet(x, y, append(groups, len(x)), NetConfig{Hidden: []int{16}, Epochs: 20, Batch: 32, LR: 1e-2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sc := (&Model{Net: net}).NewScorer()
	right := 0
	for range 300 {
		rows := decision()
		s := sc.Score(rows, nil)
		top := 0
		for i := range s {
			if s[i] > s[top] {
				top = i
			}
		}
		if top == best(rows) {
			right++
		}
	}
	if right < 270 {
		t.Fatalf("picked the best action in %d of 300 decisions, want at least 270", right)
	}
}

// TestNetModelFile: a network model trained twice with the same seed is
// the same file, byte for byte; it loads back with the same predictions
// and its encoder; a damaged network, or one of another shape, is refused
// in one line.
func TestNetModelFile(t *testing.T) {
	src := smallData(t, 20)
	g := envtest.NewGame(t, "pig")
	dir := t.TempDir()
	for _, kind := range []Kind{Value, Policy} {
		train := TrainValue
		if kind == Policy {
			train = TrainPolicy
		}
		m, err := train(src, smallNet())
		if err != nil {
			t.Fatal(err)
		}
		again, err := train(src, smallNet())
		if err != nil {
			t.Fatal(err)
		}
		a, _ := m.Marshal()
		b, _ := again.Marshal()
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two fits with one seed differ", kind)
		}
		if m.Encoder != "generic" || m.Type() != MLP || len(m.Metrics) == 0 {
			t.Fatalf("%s: encoder %q, type %s, metrics %v", kind, m.Encoder, m.Type(), m.Metrics)
		}
		path := filepath.Join(dir, string(kind)+".json")
		if err := m.Save(path); err != nil {
			t.Fatal(err)
		}
		back, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := back.Check(g, kind); err != nil {
			t.Fatal(err)
		}
		for _, r := range src[0].Data.Rows[:20] {
			x := r.State
			if kind == Policy {
				x = r.Actions[0]
			}
			if p, q := m.Net.Predict(x), back.Net.Predict(x); p != q || math.IsNaN(p) {
				t.Fatalf("%s: prediction %v, loaded %v", kind, p, q)
			}
		}
	}
	good, _ := os.ReadFile(filepath.Join(dir, "value.json"))
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"weight changed", `"w":[`, `"w":[1.5,`, "corrupt model file: the network does not match its checksum"},
		{"trees too", `"checksum":`, `"trees":[{}],"checksum":`, "corrupt model file: both trees and a network"},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%s: nothing replaced", c.name)
		}
		_, err := Unmarshal([]byte(bad))
		if err == nil || err.Error() != c.want || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestNetShapeChecked: a network whose layers do not chain is refused,
// checksum or not.
func TestNetShapeChecked(t *testing.T) {
	for _, c := range []struct {
		raw, want string
	}{
		{`{"mean":[0],"std":[1],"layers":[{"in":1,"out":2,"w":[1,1],"b":[0,0]}],"out_scale":1}`, "the last layer gives 2 outputs, not 1"},
		{`{"mean":[0],"std":[1],"layers":[{"in":2,"out":1,"w":[1,1],"b":[0]}],"out_scale":1}`, "layer 1 takes 2 inputs, the layer before gives 1"},
		{`{"mean":[0],"std":[0],"layers":[{"in":1,"out":1,"w":[1],"b":[0]}],"out_scale":1}`, "an input's spread is not positive"},
		{`{"mean":[0,0],"std":[1,1],"layers":[{"in":1,"out":1,"w":[1],"b":[0]}]}`, "the network standardises 2 and 2 inputs, but the model has 1 features"},
		{`{"mean":[0],"std":[1],"layers":[{"in":1,"out":1,"w":[1,2],"b":[0]}]}`, "layer 1: 2 weights and 1 biases for 1 × 1"},
	} {
		if _, err := decodeNet([]byte(c.raw), 1, 1); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.raw, err, c.want)
		}
	}
}

// TestHeadLearnsAPolicy: a policy head learns, from a state row, to put
// its mass on the legal action the state names, among random legal sets.
func TestHeadLearnsAPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	const actions = 6
	decision := func() ([]float64, []int, int) {
		legal := rng.Perm(actions)[:2+rng.IntN(3)]
		want := legal[rng.IntN(len(legal))]
		state := make([]float64, actions)
		state[want] = 1
		return state, legal, want
	}
	var x [][]float64
	var legal [][]int
	var y [][]float64
	for range 2000 {
		s, l, want := decision()
		share := make([]float64, len(l))
		for k, a := range l {
			if a == want {
				share[k] = 1
			}
		}
		x, legal, y = append(x, s), append(legal, l), append(y, share)
	}
	net, err := FitHead(x, legal, y, actions, NetConfig{Hidden: []int{16}, Epochs: 10, Batch: 32, LR: 1e-2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	m := &Model{Kind: Policy, Net: net, Actions: actions}
	sc := m.NewScorer()
	right := 0
	for range 200 {
		s, l, want := decision()
		acts := make([]env.Action, len(l))
		for k, a := range l {
			acts[k] = env.Action(a)
		}
		scores := m.ScoreDecision(sc, s, nil, acts, nil)
		top := 0
		for k := range scores {
			if scores[k] > scores[top] {
				top = k
			}
		}
		if l[top] == want {
			right++
		}
	}
	if right < 190 {
		t.Fatalf("picked the named action in %d of 200 decisions, want at least 190", right)
	}
	if _, err := FitHead(x[:1], [][]int{{0, actions}}, [][]float64{{1, 0}}, actions, DefaultNet()); err == nil {
		t.Error("an action beyond the game's: no error")
	}
}

// BenchmarkNetScore: one decision of ten actions through a network of two
// hidden layers of 64 on 34 features (St. Nazaire's state–action rows).
func BenchmarkNetScore(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([][]float64, 200)
	y := make([]float64, len(x))
	for i := range x {
		x[i] = make([]float64, 34)
		for j := range x[i] {
			x[i][j] = rng.Float64()
		}
		y[i] = rng.Float64()
	}
	net, err := FitNet(x, y, nil, NetConfig{Hidden: []int{64, 64}, Epochs: 1, Batch: 50, LR: 1e-3, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	sc := (&Model{Net: net}).NewScorer()
	out := make([]float64, 0, 10)
	b.ReportAllocs()
	for b.Loop() {
		out = sc.Score(x[:10], out)
	}
}

// TestCheckReadsOldSpecs: a model trained before its game gained an
// option serves the game at that option's default, not at another value.
func TestCheckReadsOldSpecs(t *testing.T) {
	m := &Model{Kind: Value, Game: "pig:target=20", FeatureVersion: features.GenericVersion,
		Features: FeatureNames(features.NewEncoder(envtest.NewGame(t, "pig"), 0), Value)}
	if err := m.Check(envtest.NewGame(t, "pig"), Value); err != nil {
		t.Errorf("pig:target=20 (die not named) on pig: %v", err)
	}
	if err := m.Check(envtest.NewGame(t, "pig:die=4"), Value); err == nil || !strings.Contains(err.Error(), "was trained for game pig:target=20, not pig:die=4,target=20") {
		t.Errorf("pig:target=20 on pig:die=4: %v", err)
	}
}

// TestWarmStart: a network trained from another (TrainConfig.Init) starts
// from its weights — at a step size too small to move them it is that
// network, where a fresh start is not — records the file it started from,
// and refuses a model it cannot continue, saying why in one line.
func TestWarmStart(t *testing.T) {
	src := smallData(t, 20)
	dir := t.TempDir()
	for _, kind := range []Kind{Value, Policy} {
		train := TrainValue
		if kind == Policy {
			train = TrainPolicy
		}
		first, err := train(src, smallNet())
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, string(kind)+".json")
		if err := first.Save(path); err != nil {
			t.Fatal(err)
		}
		start, err := LoadStart(path)
		if err != nil {
			t.Fatal(err)
		}
		still := smallNet()
		still.Net.LR, still.Net.Epochs, still.Net.Seed = 1e-15, 1, 99
		fresh, err := train(src, still)
		if err != nil {
			t.Fatal(err)
		}
		still.Init = start
		warm, err := train(src, still)
		if err != nil {
			t.Fatal(err)
		}
		rows := sampleRows(src, kind, 50)
		same := func(m *Model) bool {
			a, b := first.NewScorer().Score(rows, nil), m.NewScorer().Score(rows, nil)
			for i := range a {
				if math.Abs(a[i]-b[i]) > 1e-6*(1+math.Abs(a[i])) {
					return false
				}
			}
			return true
		}
		if !same(warm) || same(fresh) {
			t.Fatalf("%s: warm start scores as the model it started from: %v; a fresh start does: %v", kind, same(warm), same(fresh))
		}
		if r := warm.Training.Init; r == nil || r.Path != path || len(r.SHA256) != 64 || fresh.Training.Init != nil {
			t.Fatalf("%s: recorded start %+v (fresh %+v)", kind, r, fresh.Training.Init)
		}

		// What cannot be continued.
		other := Policy
		if kind == Policy {
			other = Value
		}
		wide := smallNet()
		wide.Net.Hidden = []int{32}
		trees := smallTrain()
		for name, c := range map[string]struct {
			cfg   TrainConfig
			train func([]Source, TrainConfig) (*Model, error)
			want  string
		}{
			"other layers": {wide, train, "its hidden layers are [16 8], not [32]"},
			"other kind":   {smallNet(), map[Kind]func([]Source, TrainConfig) (*Model, error){Value: TrainValue, Policy: TrainPolicy}[other], "not a " + string(other) + " model"},
			"trees":        {trees, train, "a warm start is a network's"},
		} {
			c.cfg.Init = start
			_, err := c.train(src, c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s from a %s: error %v, want one line with %q", name, kind, err, c.want)
			}
		}
	}
	treeModel, err := TrainValue(src, smallTrain())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "trees.json")
	if err := treeModel.Save(path); err != nil {
		t.Fatal(err)
	}
	start, err := LoadStart(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallNet()
	cfg.Init = start
	if _, err := TrainValue(src, cfg); err == nil || !strings.Contains(err.Error(), "it is trees, not a network") {
		t.Errorf("from trees: %v", err)
	}
	if _, err := LoadStart(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("from a missing file: %v", err)
	}
}

// TestInferenceKeepsScores: the networks the scorers use, their subnormal
// weights made zero, score rows as the stored networks do, bit for bit, on
// the shipped St. Nazaire policies (a third of whose weights are
// subnormal) and rows drawn about their inputs' means and spreads.
func TestInferenceKeepsScores(t *testing.T) {
	for _, name := range []string{"stnazaire4", "stnazaire5"} {
		b, err := os.ReadFile(filepath.Join("..", "models", name+"-policy.json"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		flushed, subnormal := m.Net.forInference(), 0
		for li, l := range m.Net.Layers {
			for i, w := range l.W {
				if w != flushed.Layers[li].W[i] {
					subnormal++
				}
			}
		}
		if subnormal == 0 {
			t.Fatalf("%s: no subnormal weight: the test compares a network with itself", name)
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		stored, fast := &netScorer{net: m.Net}, m.NewScorer()
		rows := make([][]float64, 24)
		for range 500 {
			for i := range rows {
				rows[i] = make([]float64, len(m.Net.Mean))
				for j := range rows[i] {
					rows[i][j] = m.Net.Mean[j] + m.Net.Std[j]*rng.NormFloat64()
				}
			}
			want, got := stored.Score(rows, nil), fast.Score(rows, nil)
			for i := range want {
				if want[i] != got[i] {
					t.Fatalf("%s, %d subnormal weights made zero: row %d scores %v, the stored network %v", name, subnormal, i, got[i], want[i])
				}
			}
		}
	}
}
