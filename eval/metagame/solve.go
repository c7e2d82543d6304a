// Package metagame analyses an empirical two-sided zero-sum game: the
// payoff matrix of a population of policies of one side (the rows, seat 0)
// against a population of the other (the columns), each cell the mean of
// games played through package eval on the same seeds.
//
// Solve finds each side's equilibrium mixture and the game's value by
// linear programming, with gonum's simplex. Analyse adds what the matrix
// alone does not say: each cell's confidence interval, the value's
// interval by a bootstrap over games (resampling game indices, the same for
// every cell, so that the pairing of the seeds is kept), and each policy's
// regret against the other side's mixture.
package metagame

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Equilibrium is a solution of a zero-sum matrix game: mixtures over the
// rows and the columns, and the value to the rows.
type Equilibrium struct {
	Row, Col []float64
	Value    float64
}

// Solve finds a Nash equilibrium of the zero-sum game whose payoff to the
// row player is a[i][j] (the column player receives -a[i][j]): each side's
// maximin mixture, by linear programming.
func Solve(a [][]float64) (Equilibrium, error) {
	m := len(a)
	if m == 0 || len(a[0]) == 0 {
		return Equilibrium{}, errors.New("metagame: an empty payoff matrix")
	}
	n := len(a[0])
	for _, row := range a {
		if len(row) != n {
			return Equilibrium{}, errors.New("metagame: payoff rows of different lengths")
		}
		for _, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return Equilibrium{}, fmt.Errorf("metagame: payoff %v", v)
			}
		}
	}
	row, v, err := maximin(a)
	if err != nil {
		return Equilibrium{}, err
	}
	neg := make([][]float64, n) // the column player's game: -aᵀ
	for j := range n {
		neg[j] = make([]float64, m)
		for i := range m {
			neg[j][i] = -a[i][j]
		}
	}
	col, w, err := maximin(neg)
	if err != nil {
		return Equilibrium{}, err
	}
	if math.Abs(v+w) > 1e-6*(1+math.Abs(v)) {
		return Equilibrium{}, fmt.Errorf("metagame: the two sides' programs disagree on the value (%v and %v)", v, -w)
	}
	return Equilibrium{Row: row, Col: col, Value: v}, nil
}

// maximin is the row player's maximin mixture of a and its value. With the
// payoffs shifted to be positive, b = a - min + 1, the value is 1/Σu for u
// minimising Σu subject to bᵀu ≥ 1, u ≥ 0, and the mixture is u/Σu: in the
// simplex's standard form, [bᵀ -I][u; s] = 1 with slacks s.
func maximin(a [][]float64) ([]float64, float64, error) {
	m, n := len(a), len(a[0])
	lo := math.Inf(1)
	for _, row := range a {
		lo = min(lo, slices.Min(row))
	}
	shift := 1 - lo
	A := mat.NewDense(n, m+n, nil)
	for j := range n {
		for i := range m {
			A.Set(j, i, a[i][j]+shift)
		}
		A.Set(j, m+j, -1)
	}
	c := make([]float64, m+n)
	for i := range m {
		c[i] = 1
	}
	b := make([]float64, n)
	for j := range b {
		b[j] = 1
	}
	sum, x, err := lp.Simplex(c, A, b, 1e-10, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("metagame: linear program: %w", err)
	}
	if !(sum > 0) {
		return nil, 0, fmt.Errorf("metagame: linear program: optimum %v, want a positive sum", sum)
	}
	mix := make([]float64, m)
	for i := range m {
		mix[i] = max(0, x[i]) / sum
	}
	total := 0.0
	for _, p := range mix {
		total += p
	}
	for i := range mix {
		mix[i] /= total
	}
	return mix, 1/sum - shift, nil
}

// RowPayoffs is each row's payoff against the column mixture col.
func RowPayoffs(a [][]float64, col []float64) []float64 {
	out := make([]float64, len(a))
	for i, row := range a {
		for j, v := range row {
			out[i] += v * col[j]
		}
	}
	return out
}

// ColPayoffs is each column's payoff to the rows against the row mixture
// row (the column player receives its negation).
func ColPayoffs(a [][]float64, row []float64) []float64 {
	out := make([]float64, len(a[0]))
	for i, r := range a {
		for j, v := range r {
			out[j] += v * row[i]
		}
	}
	return out
}

// Regrets are what each pure policy loses against the other side's
// equilibrium mixture compared with the game's value, never below 0 at an
// exact equilibrium: for a row, value - its payoff against the column
// mixture; for a column, its payoff to the rows against the row mixture -
// value (what it concedes beyond the value).
func Regrets(a [][]float64, eq Equilibrium) (rows, cols []float64) {
	rows = RowPayoffs(a, eq.Col)
	for i := range rows {
		rows[i] = eq.Value - rows[i]
	}
	cols = ColPayoffs(a, eq.Row)
	for j := range cols {
		cols[j] -= eq.Value
	}
	return rows, cols
}
