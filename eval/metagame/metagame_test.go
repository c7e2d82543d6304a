package metagame

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/eval"
)

const tol = 1e-9

// TestSolveKnownGames: values and mixtures worked out by hand.
func TestSolveKnownGames(t *testing.T) {
	for _, c := range []struct {
		name     string
		a        [][]float64
		value    float64
		row, col []float64 // nil: not unique, left unchecked
	}{
		{"rock paper scissors", [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, 0, []float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}},
		{"matching pennies", [][]float64{{1, -1}, {-1, 1}}, 0, []float64{0.5, 0.5}, []float64{0.5, 0.5}},
		// Row mixes 3/7 on the first: 3p - 2(1-p) = -p + (1-p).
		{"two by two", [][]float64{{3, -1}, {-2, 1}}, 1. / 7, []float64{3. / 7, 4. / 7}, []float64{2. / 7, 5. / 7}},
		{"saddle point", [][]float64{{4, 2, 5}, {1, 0, 3}}, 2, []float64{1, 0}, []float64{0, 1, 0}},
		{"a dominated row", [][]float64{{1, -1}, {-1, 1}, {-2, -2}}, 0, []float64{0.5, 0.5, 0}, []float64{0.5, 0.5}},
		{"one cell", [][]float64{{-7.5}}, -7.5, []float64{1}, []float64{1}},
		{"all equal", [][]float64{{2, 2}, {2, 2}}, 2, nil, nil},
	} {
		eq, err := Solve(c.a)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.Abs(eq.Value-c.value) > tol {
			t.Errorf("%s: value %v, want %v", c.name, eq.Value, c.value)
		}
		for _, m := range []struct{ got, want []float64 }{{eq.Row, c.row}, {eq.Col, c.col}} {
			if m.want != nil && !slices.EqualFunc(m.got, m.want, func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }) {
				t.Errorf("%s: mixture %v, want %v", c.name, m.got, m.want)
			}
		}
		checkEquilibrium(t, c.name, c.a, eq)
	}
}

// checkEquilibrium: neither side gains by a pure deviation, and the
// mixtures are distributions.
func checkEquilibrium(t *testing.T, name string, a [][]float64, eq Equilibrium) {
	t.Helper()
	for _, mix := range [][]float64{eq.Row, eq.Col} {
		sum := 0.0
		for _, p := range mix {
			if p < 0 {
				t.Fatalf("%s: negative weight in %v", name, mix)
			}
			sum += p
		}
		if math.Abs(sum-1) > tol {
			t.Fatalf("%s: mixture %v sums to %v", name, mix, sum)
		}
	}
	rows, cols := Regrets(a, eq)
	if slices.Min(rows) < -1e-7 || slices.Min(cols) < -1e-7 {
		t.Fatalf("%s: a pure deviation gains: row regrets %v, column regrets %v", name, rows, cols)
	}
}

// TestSolveRandomGames: on random matrices of several shapes, the
// solution is an equilibrium.
func TestSolveRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 300 {
		m, n := 1+rng.IntN(8), 1+rng.IntN(8)
		a := make([][]float64, m)
		for i := range a {
			a[i] = make([]float64, n)
			for j := range a[i] {
				a[i][j] = math.Round(rng.NormFloat64()*100) / 10 // ties too
			}
		}
		eq, err := Solve(a)
		if err != nil {
			t.Fatalf("game %d %v: %v", k, a, err)
		}
		checkEquilibrium(t, "random", a, eq)
	}
}

func TestSolveRefusesBadMatrices(t *testing.T) {
	for _, a := range [][][]float64{nil, {{}}, {{1, 2}, {3}}, {{math.NaN()}}, {{math.Inf(1), 0}}} {
		if _, err := Solve(a); err == nil {
			t.Errorf("%v: solved", a)
		}
	}
}

func result(row, col string, game int, ret float64) eval.GameResult {
	return eval.GameResult{Agent: row + " vs " + col, Seats: []string{row, col}, Game: game, Returns: []float64{ret, -ret}}
}

// TestAnalyse: a run's games fill the matrix; the analysis is its
// equilibrium with intervals that contain it, the same for the same seed.
func TestAnalyse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rows, cols := []string{"a", "b"}, []string{"x", "y", "z"}
	truth := [][]float64{{3, -1, 0}, {-2, 1, 4}}
	p := NewPayoffs(rows, cols, 200)
	for k := range 200 {
		for i, r := range rows {
			for j, c := range cols {
				if err := p.Add(result(r, c, k, truth[i][j]+rng.NormFloat64())); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// Rows of other lineups, or beyond the run, are left out.
	for _, r := range []eval.GameResult{result("q", "x", 0, 99), result("a", "q", 0, 99), result("a", "x", 200, 99)} {
		if err := p.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	an, err := Analyse(p, 300, 9)
	if err != nil {
		t.Fatal(err)
	}
	if !(an.Value.Lo <= an.Eq.Value && an.Eq.Value <= an.Value.Hi) || an.Value.Hi-an.Value.Lo > 1 {
		t.Errorf("value %+v", an.Value)
	}
	// The true game's value is 1/7 (the third column is dominated).
	if math.Abs(an.Eq.Value-1./7) > 0.3 || an.Eq.Col[2] > 0.01 {
		t.Errorf("equilibrium %+v, want value near 1/7 and no weight on z", an.Eq)
	}
	if z := an.ColRegret[2]; z.Mean < 1 || z.Lo < 0.5 {
		t.Errorf("z's regret %+v: it concedes about 1.9 against the row mixture", z)
	}
	for i := range rows {
		for j := range cols {
			if an.Half[i][j] <= 0 || an.Half[i][j] > 0.3 {
				t.Errorf("cell %d %d: half-width %v", i, j, an.Half[i][j])
			}
		}
	}
	again, _ := Analyse(p, 300, 9)
	if again.Value != an.Value {
		t.Errorf("the same seed gave %+v then %+v", an.Value, again.Value)
	}
}

func TestAnalyseRefusesGapsAndNonZeroSum(t *testing.T) {
	p := NewPayoffs([]string{"a"}, []string{"x", "y"}, 2)
	_ = p.Add(result("a", "x", 0, 1))
	_ = p.Add(result("a", "x", 1, 1))
	_ = p.Add(result("a", "y", 1, 1))
	if _, err := Analyse(p, 10, 1); err == nil || !strings.Contains(err.Error(), "a against y: 1 of 2 games") {
		t.Errorf("got %v, want the gap named", err)
	}
	r := result("a", "y", 0, 1)
	r.Returns[1] = 0
	if err := p.Add(r); err == nil || !strings.Contains(err.Error(), "not zero-sum") {
		t.Errorf("got %v", err)
	}
}
