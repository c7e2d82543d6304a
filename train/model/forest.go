package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/chariot-ai/chariot/internal/pool"
	"github.com/sjwhitworth/golearn/base"
	"github.com/sjwhitworth/golearn/trees"
)

// FitConfig sets how a forest is grown.
type FitConfig struct {
	// Trees is the number of bagged trees.
	Trees int `json:"trees"`
	// MaxDepth bounds each tree's depth (golearn's maxDepth; -1: no bound).
	MaxDepth int `json:"max_depth"`
	// Sample is the size of each tree's bootstrap sample, drawn with
	// replacement (0: as many as the rows).
	Sample int `json:"sample"`
	// Seed fixes the bootstrap samples: tree t draws from
	// rand.NewPCG(Seed, t).
	Seed uint64 `json:"seed"`
	// Workers grows trees in parallel (0: runtime.NumCPU()). The forest
	// does not depend on it, and the model file does not record it.
	Workers int `json:"-"`
	// Progress, if not nil, receives a progress bar counting the trees
	// grown, redrawn in place: give it a terminal.
	Progress io.Writer `json:"-"`
}

// DefaultFit is a reasonable forest for a few thousand games' decisions.
func DefaultFit() FitConfig {
	return FitConfig{Trees: 24, MaxDepth: 14, Sample: 15000, Seed: 1}
}

// Forest is a bag of golearn CART regression trees whose prediction is
// the mean of theirs. The trees are golearn's
// (trees.CARTDecisionTreeRegressor, fitted by golearn and stored in its
// JSON form); Predict walks them directly, as golearn's own Predict does,
// without building a golearn data grid for every call (see Golearn for
// golearn's path, which the tests check gives identical predictions).
type Forest struct {
	Features int
	raw      []json.RawMessage // each tree, as golearn's JSON
	flat     []flatTree
}

// flatTree is a golearn regression tree laid out in an array: node 0 is
// the root; a child index of -1 means the node's own prediction for that
// side is the answer.
type flatTree []flatNode

type flatNode struct {
	feature     int
	threshold   float64
	left, right int32
	lpred       float64
	rpred       float64
}

// goNode mirrors golearn's regressorNode, whose exported fields are its
// JSON form.
type goNode struct {
	Left      *goNode
	Right     *goNode
	Threshold float64
	Feature   int64
	LeftPred  float64
	RightPred float64
}

// Fit grows a forest on rows x (each of the same length) and targets y
// with golearn's CART regressor (mean squared error), each tree on its own
// seeded bootstrap sample. Fitting is deterministic for a fixed cfg.Seed:
// golearn's CART regressor draws nothing at random, and the bootstrap uses
// our own PCG streams (golearn's RandomForest uses the global math/rand
// from goroutines, so it is not reproducible, and is not used).
func Fit(x [][]float64, y []float64, names []string, cfg FitConfig) (*Forest, error) {
	if len(x) == 0 || len(x) != len(y) {
		return nil, fmt.Errorf("fit: %d rows and %d targets", len(x), len(y))
	}
	nf := len(names)
	for i, r := range x {
		if len(r) != nf {
			return nil, fmt.Errorf("fit: row %d has %d features, want %d", i, len(r), nf)
		}
	}
	if cfg.Trees < 1 {
		return nil, fmt.Errorf("fit: %d trees", cfg.Trees)
	}
	sample := cfg.Sample
	if sample <= 0 || sample > len(x) {
		sample = len(x)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	f := &Forest{Features: nf, raw: make([]json.RawMessage, cfg.Trees)}
	errs := make([]error, cfg.Trees)
	bar := pool.NewBar(cfg.Progress, cfg.Trees, "fitting", "trees")
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(t)))
				idx := make([]int, sample)
				for i := range idx {
					idx[i] = rng.IntN(len(x))
				}
				f.raw[t], errs[t] = fitTree(x, y, idx, names, cfg.MaxDepth)
				bar.Add()
			}
		}()
	}
	for t := range cfg.Trees {
		next <- t
	}
	close(next)
	wg.Wait()
	bar.End(errors.Join(errs...) == nil)
	for t, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("fit: tree %d: %w", t, err)
		}
	}
	if err := f.compile(); err != nil {
		return nil, err
	}
	return f, nil
}

// grid builds a golearn data grid of the rows idx of x, with the targets y
// (nil: zeros) as the class attribute.
func grid(x [][]float64, y []float64, idx []int, names []string) (*base.DenseInstances, error) {
	inst := base.NewDenseInstances()
	specs := make([]base.AttributeSpec, len(names))
	for j, n := range names {
		specs[j] = inst.AddAttribute(base.NewFloatAttribute(n))
	}
	cls := base.NewFloatAttribute("__target")
	cspec := inst.AddAttribute(cls)
	if err := inst.AddClassAttribute(cls); err != nil {
		return nil, err
	}
	if err := inst.Extend(len(idx)); err != nil {
		return nil, err
	}
	for r, i := range idx {
		for j := range names {
			inst.Set(specs[j], r, base.PackFloatToBytes(x[i][j]))
		}
		v := 0.0
		if y != nil {
			v = y[i]
		}
		inst.Set(cspec, r, base.PackFloatToBytes(v))
	}
	return inst, nil
}

func fitTree(x [][]float64, y []float64, idx []int, names []string, maxDepth int) (json.RawMessage, error) {
	inst, err := grid(x, y, idx, names)
	if err != nil {
		return nil, err
	}
	tree := trees.NewDecisionTreeRegressor(trees.MSE, int64(maxDepth))
	if err := tree.Fit(inst); err != nil {
		return nil, err
	}
	return json.Marshal(tree)
}

// compile lays out every tree of f.raw for Predict.
func (f *Forest) compile() error {
	f.flat = make([]flatTree, len(f.raw))
	for t, raw := range f.raw {
		var tree struct{ RootNode *goNode }
		if err := json.Unmarshal(raw, &tree); err != nil {
			return fmt.Errorf("tree %d: %s", t+1, jsonProblem(err))
		}
		if tree.RootNode == nil {
			return fmt.Errorf("tree %d: no root", t+1)
		}
		var ft flatTree
		var add func(n *goNode) (int32, error)
		add = func(n *goNode) (int32, error) {
			if n.Feature < 0 || int(n.Feature) >= f.Features {
				return 0, fmt.Errorf("tree %d: feature index %d, but the model has %d features", t+1, n.Feature, f.Features)
			}
			id := int32(len(ft))
			ft = append(ft, flatNode{feature: int(n.Feature), threshold: n.Threshold, left: -1, right: -1, lpred: n.LeftPred, rpred: n.RightPred})
			if n.Left != nil {
				c, err := add(n.Left)
				if err != nil {
					return 0, err
				}
				ft[id].left = c
			}
			if n.Right != nil {
				c, err := add(n.Right)
				if err != nil {
					return 0, err
				}
				ft[id].right = c
			}
			return id, nil
		}
		if _, err := add(tree.RootNode); err != nil {
			return err
		}
		f.flat[t] = ft
	}
	return nil
}

// Predict is the forest's estimate for one row: the mean of its trees'.
// Each tree is walked as golearn's regressorPredictSingle walks it: left
// when the feature is below the threshold.
func (f *Forest) Predict(row []float64) float64 {
	sum := 0.0
	for _, t := range f.flat {
		n := &t[0]
		for {
			if row[n.feature] < n.threshold {
				if n.left < 0 {
					sum += n.lpred
					break
				}
				n = &t[n.left]
			} else {
				if n.right < 0 {
					sum += n.rpred
					break
				}
				n = &t[n.right]
			}
		}
	}
	return sum / float64(len(f.flat))
}

// Golearn predicts rows x through golearn itself: each tree is rebuilt
// from its JSON as a trees.CARTDecisionTreeRegressor and asked for
// Predict on a data grid of x. It gives the same numbers as Predict, much
// more slowly (a grid per call); it is kept to check that.
func (f *Forest) Golearn(x [][]float64, names []string) ([]float64, error) {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	inst, err := grid(x, nil, idx, names)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(x))
	for t, raw := range f.raw {
		var tree trees.CARTDecisionTreeRegressor
		if err := json.Unmarshal(raw, &tree); err != nil {
			return nil, fmt.Errorf("tree %d: %w", t, err)
		}
		for i, p := range tree.Predict(inst) {
			out[i] += p
		}
	}
	for i := range out {
		out[i] /= float64(len(f.raw))
	}
	return out, nil
}

// Trees counts the trees.
func (f *Forest) Trees() int { return len(f.raw) }

// Nodes counts the nodes of every tree.
func (f *Forest) Nodes() int {
	n := 0
	for _, t := range f.flat {
		n += len(t)
	}
	return n
}
