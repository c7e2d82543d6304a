package model

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Net is a small multilayer perceptron: the input row standardised by the
// training data's means and spreads, hidden layers with ReLU, and one
// linear output, scaled back to the target's units (a value model's VP; a
// policy model's score, a logit of the softmax over a decision's legal
// actions). Its matrix products are gonum's (mat.Dense.Mul), in pure Go.
type Net struct {
	Mean, Std []float64 // per input feature
	Layers    []Layer
	// OutScale and OutShift map the last layer's output to the target's
	// units: prediction = output × OutScale + OutShift.
	OutScale, OutShift float64
}

// Layer is one affine layer: out = in × W + B, W being In × Out.
type Layer struct {
	In, Out int
	W       []float64 // row-major, In × Out
	B       []float64
}

// netFile is a Net as the model file holds it.
type netFile struct {
	Mean     []float64   `json:"mean"`
	Std      []float64   `json:"std"`
	Layers   []layerFile `json:"layers"`
	OutScale float64     `json:"out_scale"`
	OutShift float64     `json:"out_shift"`
}

type layerFile struct {
	In  int       `json:"in"`
	Out int       `json:"out"`
	W   []float64 `json:"w"`
	B   []float64 `json:"b"`
}

func (n *Net) file() netFile {
	f := netFile{Mean: n.Mean, Std: n.Std, OutScale: n.OutScale, OutShift: n.OutShift}
	for _, l := range n.Layers {
		f.Layers = append(f.Layers, layerFile(l))
	}
	return f
}

// netChecksum is the SHA-256 of the network's compact JSON.
func netChecksum(raw json.RawMessage) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// decodeNet reads and checks a network of a model with the given number
// of features and outputs.
func decodeNet(raw json.RawMessage, features, outputs int) (*Net, error) {
	var f netFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, errors.New(jsonProblem(err))
	}
	n := &Net{Mean: f.Mean, Std: f.Std, OutScale: f.OutScale, OutShift: f.OutShift}
	switch {
	case len(f.Mean) != features || len(f.Std) != features:
		return nil, fmt.Errorf("the network standardises %d and %d inputs, but the model has %d features", len(f.Mean), len(f.Std), features)
	case len(f.Layers) == 0:
		return nil, errors.New("the network has no layers")
	}
	in := features
	for i, l := range f.Layers {
		switch {
		case l.In != in:
			return nil, fmt.Errorf("layer %d takes %d inputs, the layer before gives %d", i+1, l.In, in)
		case l.Out < 1 || len(l.W) != l.In*l.Out || len(l.B) != l.Out:
			return nil, fmt.Errorf("layer %d: %d weights and %d biases for %d × %d", i+1, len(l.W), len(l.B), l.In, l.Out)
		}
		n.Layers = append(n.Layers, Layer(l))
		in = l.Out
	}
	if in != outputs {
		return nil, fmt.Errorf("the last layer gives %d outputs, not %d", in, outputs)
	}
	for _, v := range n.Std {
		if !(v > 0) {
			return nil, errors.New("an input's spread is not positive")
		}
	}
	return n, nil
}

// clone is a deep copy of n, to train without changing n.
func (n *Net) clone() *Net {
	c := &Net{Mean: slices.Clone(n.Mean), Std: slices.Clone(n.Std), OutScale: n.OutScale, OutShift: n.OutShift}
	for _, l := range n.Layers {
		c.Layers = append(c.Layers, Layer{In: l.In, Out: l.Out, W: slices.Clone(l.W), B: slices.Clone(l.B)})
	}
	return c
}

// forInference is a copy of n with its subnormal weights and biases made
// zero, to score with. Weight decay shrinks the weights of units that no
// longer learn towards zero until they are subnormal numbers (a third of
// St. Nazaire's policy networks' weights), and x86 processors multiply a
// subnormal operand in microcode, many times slower than a normal one.
// Their products lie far below the rounding of any sum they join, so the
// scores are the same, bit for bit (TestInferenceKeepsScores). Training
// keeps them: a fit, warm start included, stays byte for byte reproducible.
func (n *Net) forInference() *Net {
	c := n.clone()
	for _, l := range c.Layers {
		flushSubnormal(l.W)
		flushSubnormal(l.B)
	}
	return c
}

// flushSubnormal makes the subnormal numbers of v zero.
func flushSubnormal(v []float64) {
	for i, x := range v {
		if x != 0 && math.Abs(x) < 0x1p-1022 {
			v[i] = 0
		}
	}
}

// Hidden lists the widths of the hidden layers.
func (n *Net) Hidden() []int {
	var h []int
	for _, l := range n.Layers[:len(n.Layers)-1] {
		h = append(h, l.Out)
	}
	return h
}

// Params counts the weights and biases.
func (n *Net) Params() int {
	p := 0
	for _, l := range n.Layers {
		p += len(l.W) + len(l.B)
	}
	return p
}

// netScratch holds one caller's activations, grown as needed, so that a
// forward pass allocates nothing once warm.
type netScratch struct {
	acts []*mat.Dense // acts[0] the standardised input, acts[i+1] layer i's output
	bufs [][]float64
}

// matrix is a rows × cols matrix over buffer k of s, reusing its memory.
func (s *netScratch) matrix(k, rows, cols int) *mat.Dense {
	for len(s.bufs) <= k {
		s.bufs = append(s.bufs, nil)
		s.acts = append(s.acts, nil)
	}
	if cap(s.bufs[k]) < rows*cols {
		s.bufs[k] = make([]float64, rows*cols)
	}
	s.acts[k] = mat.NewDense(rows, cols, s.bufs[k][:rows*cols])
	return s.acts[k]
}

// forward runs the rows through the net, keeping every layer's
// activations in s, and returns the last layer's raw outputs (before
// OutScale): a row of outputs for each row.
func (n *Net) forward(rows [][]float64, s *netScratch) *mat.Dense {
	x := s.matrix(0, len(rows), len(n.Mean))
	raw := x.RawMatrix()
	for i, r := range rows {
		d := raw.Data[i*raw.Stride : i*raw.Stride+len(n.Mean)]
		for j, v := range r {
			d[j] = (v - n.Mean[j]) / n.Std[j]
		}
	}
	for li, l := range n.Layers {
		out := s.matrix(li+1, len(rows), l.Out)
		out.Mul(x, mat.NewDense(l.In, l.Out, l.W))
		o := out.RawMatrix()
		last := li == len(n.Layers)-1
		for i := range len(rows) {
			d := o.Data[i*o.Stride : i*o.Stride+l.Out]
			for j := range d {
				v := d[j] + l.B[j]
				if !last && v < 0 {
					v = 0
				}
				d[j] = v
			}
		}
		x = out
	}
	return x
}

// Outputs counts the net's outputs: 1, or one logit per action of the
// game for a policy head.
func (n *Net) Outputs() int { return n.Layers[len(n.Layers)-1].Out }

// netScorer scores rows with a Net; each goroutine needs its own.
type netScorer struct {
	net *Net
	s   netScratch
}

// Score implements Scorer.
func (sc *netScorer) Score(rows [][]float64, out []float64) []float64 {
	out = out[:0]
	if len(rows) == 0 {
		return out
	}
	o := sc.net.forward(rows, &sc.s).RawMatrix()
	for i := range rows {
		out = append(out, o.Data[i*o.Stride]*sc.net.OutScale+sc.net.OutShift)
	}
	return out
}

// Logits are the outputs of a policy head for one state row: a logit for
// every action of the game, valid until the next call.
func (sc *netScorer) Logits(row []float64) []float64 {
	o := sc.net.forward([][]float64{row}, &sc.s).RawMatrix()
	return o.Data[:o.Cols]
}

// Predict is the net's estimate for one row (allocating: for tests and
// metrics; a hot loop keeps a Scorer).
func (n *Net) Predict(row []float64) float64 {
	sc := netScorer{net: n}
	return sc.Score([][]float64{row}, nil)[0]
}

// finiteNet reports whether every weight is a finite number: training
// that diverged is refused rather than saved.
func finiteNet(n *Net) bool {
	for _, l := range n.Layers {
		for _, v := range append(l.W[:len(l.W):len(l.W)], l.B...) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
	}
	return true
}
