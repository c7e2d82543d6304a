package model

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/chariot-ai/chariot/internal/pool"
	"gonum.org/v1/gonum/mat"
)

// NetConfig sets how a network is trained.
type NetConfig struct {
	// Hidden are the widths of the hidden layers.
	Hidden []int `json:"hidden"`
	// Epochs passes over the training data, in Batch decisions (a policy)
	// or rows (a value) a step of Adam with step size LR and weight decay
	// L2.
	Epochs int     `json:"epochs"`
	Batch  int     `json:"batch"`
	LR     float64 `json:"lr"`
	L2     float64 `json:"l2"`
	// Seed fixes the initial weights and the order of the batches.
	Seed uint64 `json:"seed"`
	// Init, if set, is the network training starts from instead of drawn
	// weights (a warm start): its input standardisation, output scale and
	// weights, refined on the data. Its layers must be Hidden's.
	Init *Net `json:"-"`
	// Progress, if not nil, receives a progress bar counting the epochs.
	Progress io.Writer `json:"-"`
}

// DefaultNet is a network that trains on a few hundred games' decisions
// in a few minutes of one core.
func DefaultNet() NetConfig {
	return NetConfig{Hidden: []int{64, 64}, Epochs: 20, Batch: 64, LR: 1e-3, L2: 1e-5, Seed: 1}
}

func (c NetConfig) check() error {
	switch {
	case len(c.Hidden) == 0:
		return fmt.Errorf("fit: a network needs a hidden layer")
	case c.Epochs < 1 || c.Batch < 1:
		return fmt.Errorf("fit: %d epochs of batches of %d", c.Epochs, c.Batch)
	case !(c.LR > 0) || c.L2 < 0:
		return fmt.Errorf("fit: step size %g, weight decay %g", c.LR, c.L2)
	}
	for _, h := range c.Hidden {
		if h < 1 || h > 4096 {
			return fmt.Errorf("fit: hidden layer of %d units", h)
		}
	}
	return nil
}

// FitNet trains a network on rows x. With groups nil it regresses the
// targets y (mean squared error). With groups, rows groups[k] to
// groups[k+1]-1 are the legal actions of decision k, y their target shares
// (summing to 1), and the net learns a score whose softmax over each
// decision's actions matches them (cross-entropy): a policy. Training is
// deterministic for a fixed cfg.Seed: one goroutine, batches in an order
// drawn from a PCG stream.
func FitNet(x [][]float64, y []float64, groups []int, cfg NetConfig) (*Net, error) {
	if len(x) != len(y) {
		return nil, fmt.Errorf("fit: %d rows and %d targets", len(x), len(y))
	}
	n, rng, err := startNet(x, 1, cfg)
	if err != nil {
		return nil, err
	}
	target := y
	if groups == nil {
		if cfg.Init == nil { // a warm start keeps the scale its weights learned in
			n.OutShift, n.OutScale = meanStd(y)
		}
		target = make([]float64, len(y))
		for i, v := range y {
			target[i] = (v - n.OutShift) / n.OutScale
		}
	}
	units := len(x) // what a batch draws: rows, or decisions
	if groups != nil {
		units = len(groups) - 1
	}
	var rows [][]float64
	var ys []float64
	var starts []int
	return n, trainNet(n, cfg, rng, units, func(us []int) ([][]float64, func(*mat.Dense) *mat.Dense) {
		rows, ys, starts = rows[:0], ys[:0], starts[:0]
		for _, u := range us {
			if groups == nil {
				rows, ys = append(rows, x[u]), append(ys, target[u])
				continue
			}
			starts = append(starts, len(rows))
			rows, ys = append(rows, x[groups[u]:groups[u+1]]...), append(ys, target[groups[u]:groups[u+1]]...)
		}
		starts = append(starts, len(rows))
		return rows, func(out *mat.Dense) *mat.Dense {
			if groups != nil {
				return softmaxGrad(out, ys, starts)
			}
			return squaredGrad(out, ys)
		}
	})
}

// FitHead trains a policy head: from state row x[i], a logit for each of
// the game's actions, whose softmax over the legal actions legal[i]
// matches their target shares y[i] (cross-entropy). It suits a game whose
// state–action features are its observation with the action's number.
func FitHead(x [][]float64, legal [][]int, y [][]float64, actions int, cfg NetConfig) (*Net, error) {
	if len(x) != len(legal) || len(x) != len(y) {
		return nil, fmt.Errorf("fit: %d rows, %d legal sets and %d targets", len(x), len(legal), len(y))
	}
	for i := range legal {
		if len(legal[i]) != len(y[i]) || slices.ContainsFunc(legal[i], func(a int) bool { return a < 0 || a >= actions }) {
			return nil, fmt.Errorf("fit: row %d: %d targets for legal actions %v of %d", i, len(y[i]), legal[i], actions)
		}
	}
	n, rng, err := startNet(x, actions, cfg)
	if err != nil {
		return nil, err
	}
	var rows [][]float64
	var z []float64
	return n, trainNet(n, cfg, rng, len(x), func(us []int) ([][]float64, func(*mat.Dense) *mat.Dense) {
		rows = rows[:0]
		for _, u := range us {
			rows = append(rows, x[u])
		}
		return rows, func(out *mat.Dense) *mat.Dense {
			o := out.RawMatrix()
			for r, u := range us {
				d := o.Data[r*o.Stride : r*o.Stride+actions]
				z = z[:0]
				for _, a := range legal[u] {
					z = append(z, d[a])
				}
				Softmax(z)
				clear(d)
				for k, a := range legal[u] {
					d[a] = (z[k] - y[u][k]) / float64(len(us))
				}
			}
			return out
		}
	})
}

// startNet checks cfg and x and draws the initial net of the given outputs.
func startNet(x [][]float64, outputs int, cfg NetConfig) (*Net, *rand.Rand, error) {
	if err := cfg.check(); err != nil {
		return nil, nil, err
	}
	if len(x) == 0 {
		return nil, nil, fmt.Errorf("fit: no rows")
	}
	for i, r := range x {
		if len(r) != len(x[0]) {
			return nil, nil, fmt.Errorf("fit: row %d has %d features, want %d", i, len(r), len(x[0]))
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6e6574))
	if cfg.Init == nil {
		return newNet(x, cfg.Hidden, outputs, rng), rng, nil
	}
	n := cfg.Init
	switch {
	case len(n.Mean) != len(x[0]):
		return nil, nil, fmt.Errorf("fit: the network started from reads %d features, the data has %d", len(n.Mean), len(x[0]))
	case !slices.Equal(n.Hidden(), cfg.Hidden):
		return nil, nil, fmt.Errorf("fit: the network started from has hidden layers %v, not %v", n.Hidden(), cfg.Hidden)
	case n.Outputs() != outputs:
		return nil, nil, fmt.Errorf("fit: the network started from gives %d outputs, not %d", n.Outputs(), outputs)
	}
	return n.clone(), rng, nil
}

// trainNet runs the epochs: each shuffles the units (rows or decisions)
// and takes a step of Adam on each batch of cfg.Batch of them, batch
// giving the rows of some units and the loss's gradient.
func trainNet(n *Net, cfg NetConfig, rng *rand.Rand, units int, batch func(us []int) ([][]float64, func(*mat.Dense) *mat.Dense)) error {
	tr := newTrainer(n, cfg)
	bar := pool.NewBar(cfg.Progress, cfg.Epochs, "training", "epochs")
	order := make([]int, units)
	for i := range order {
		order[i] = i
	}
	for range cfg.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for b := 0; b < units; b += cfg.Batch {
			tr.step(batch(order[b:min(b+cfg.Batch, units)]))
		}
		bar.Add()
	}
	ok := finiteNet(n)
	bar.End(ok)
	if !ok {
		return fmt.Errorf("fit: training diverged (a weight is not a number): lower the step size")
	}
	return nil
}

// meanStd is the mean and standard deviation of v, the latter 1 where v
// does not vary.
func meanStd(v []float64) (mean, std float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	for _, x := range v {
		std += (x - mean) * (x - mean)
	}
	std = math.Sqrt(std / float64(len(v)))
	if std < 1e-9 {
		std = 1
	}
	return mean, std
}

// newNet standardises the inputs by x's columns and draws He-initialised
// weights (zero biases) from rng.
func newNet(x [][]float64, hidden []int, outputs int, rng *rand.Rand) *Net {
	nf := len(x[0])
	n := &Net{Mean: make([]float64, nf), Std: make([]float64, nf), OutScale: 1}
	col := make([]float64, len(x))
	for j := range nf {
		for i, r := range x {
			col[i] = r[j]
		}
		n.Mean[j], n.Std[j] = meanStd(col)
	}
	in := nf
	for _, out := range append(slices.Clone(hidden), outputs) {
		l := Layer{In: in, Out: out, W: make([]float64, in*out), B: make([]float64, out)}
		sd := math.Sqrt(2 / float64(in))
		for k := range l.W {
			l.W[k] = rng.NormFloat64() * sd
		}
		n.Layers = append(n.Layers, l)
		in = out
	}
	return n
}

// trainer holds Adam's moments and the gradients' scratch.
type trainer struct {
	net    *Net
	cfg    NetConfig
	t      int
	m, v   [][]float64 // per layer: W's moments, then B's
	gw, gb [][]float64
	s      netScratch
}

func newTrainer(n *Net, cfg NetConfig) *trainer {
	tr := &trainer{net: n, cfg: cfg}
	for _, l := range n.Layers {
		tr.m = append(tr.m, make([]float64, len(l.W)+len(l.B)))
		tr.v = append(tr.v, make([]float64, len(l.W)+len(l.B)))
		tr.gw = append(tr.gw, make([]float64, len(l.W)))
		tr.gb = append(tr.gb, make([]float64, len(l.B)))
	}
	return tr
}

// Softmax turns z into the softmax of z, in place.
func Softmax(z []float64) {
	hi := math.Inf(-1)
	for _, v := range z {
		hi = max(hi, v)
	}
	sum := 0.0
	for i, v := range z {
		z[i] = math.Exp(v - hi)
		sum += z[i]
	}
	for i := range z {
		z[i] /= sum
	}
}

// softmaxGrad is the gradient of the mean cross-entropy of the decisions
// of a batch of scores out (one column): rows starts[k] to starts[k+1]-1
// are decision k's actions and ys their target shares; d/d(score) is
// softmax − target. It overwrites out.
func softmaxGrad(out *mat.Dense, ys []float64, starts []int) *mat.Dense {
	g := out.RawMatrix().Data[:len(ys)]
	k := float64(len(starts) - 1)
	for d := 0; d+1 < len(starts); d++ {
		z, t := g[starts[d]:starts[d+1]], ys[starts[d]:starts[d+1]]
		Softmax(z)
		for i := range z {
			z[i] = (z[i] - t[i]) / k
		}
	}
	return out
}

// squaredGrad is the gradient of half the mean squared error of out (one
// column) against ys. It overwrites out.
func squaredGrad(out *mat.Dense, ys []float64) *mat.Dense {
	g := out.RawMatrix().Data[:len(ys)]
	for i := range g {
		g[i] = (g[i] - ys[i]) / float64(len(g))
	}
	return out
}

// step takes one step of Adam on a batch of rows: grad turns the net's
// outputs into the loss's gradient with respect to them.
func (tr *trainer) step(rows [][]float64, grad func(out *mat.Dense) *mat.Dense) {
	n := tr.net
	dz := grad(n.forward(rows, &tr.s))
	for li := len(n.Layers) - 1; li >= 0; li-- {
		l := n.Layers[li]
		in := tr.s.acts[li]
		gw := mat.NewDense(l.In, l.Out, tr.gw[li])
		gw.Mul(in.T(), dz)
		gb := tr.gb[li]
		clear(gb)
		for i := range len(rows) {
			for j := range l.Out {
				gb[j] += dz.At(i, j)
			}
		}
		if li > 0 {
			// The gradient of the layer's input, through the ReLU before it.
			prev := mat.NewDense(len(rows), l.In, nil)
			prev.Mul(dz, mat.NewDense(l.In, l.Out, l.W).T())
			p, a := prev.RawMatrix(), in.RawMatrix()
			for i := range len(rows) {
				for j := range l.In {
					if a.Data[i*a.Stride+j] <= 0 {
						p.Data[i*p.Stride+j] = 0
					}
				}
			}
			dz = prev
		}
	}
	tr.t++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1, c2 := 1-math.Pow(b1, float64(tr.t)), 1-math.Pow(b2, float64(tr.t))
	for li := range n.Layers {
		l := &n.Layers[li]
		m, v := tr.m[li], tr.v[li]
		upd := func(k int, w *float64, grad float64) {
			m[k] = b1*m[k] + (1-b1)*grad
			v[k] = b2*v[k] + (1-b2)*grad*grad
			*w -= tr.cfg.LR * (m[k] / c1) / (math.Sqrt(v[k]/c2) + eps)
		}
		for k := range l.W {
			upd(k, &l.W[k], tr.gw[li][k]+tr.cfg.L2*l.W[k])
		}
		for k := range l.B {
			upd(len(l.W)+k, &l.B[k], tr.gb[li][k])
		}
	}
}
