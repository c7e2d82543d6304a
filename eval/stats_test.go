package eval

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= tol
}

func TestTQuantile(t *testing.T) {
	// 0.975 quantiles from published tables (to 3 decimals) and from R's
	// qt(0.975, df) (to 6 decimals).
	tests := []struct {
		p, df, want, tol float64
	}{
		{0.975, 1, 12.706, 5e-4},
		{0.975, 2, 4.303, 5e-4},
		{0.975, 5, 2.571, 5e-4},
		{0.975, 10, 2.228, 5e-4},
		{0.975, 30, 2.042, 5e-4},
		{0.975, 100, 1.984, 5e-4},
		{0.975, 1e7, 1.960, 5e-4},
		{0.975, 1, 12.706205, 1e-6},
		{0.975, 2, 4.302653, 1e-6},
		{0.975, 3, 3.182446, 1e-6},
		{0.975, 4, 2.776445, 1e-6},
		{0.975, 5, 2.570582, 1e-6},
		{0.975, 10, 2.228139, 1e-6},
		{0.975, 30, 2.042272, 1e-6},
		{0.975, 100, 1.983972, 1e-6},
		{0.975, 999, 1.962341, 1e-6},
		{0.975, math.Inf(1), 1.959964, 1e-6},
		{0.95, 1, 6.313752, 1e-6},
		{0.995, 7, 3.499483, 1e-6},
		{0.025, 4, -2.776445, 1e-6},
		{0.5, 3, 0, 0},
		{0.975, 0, math.NaN(), 0},
		{1, 3, math.NaN(), 0},
	}
	for _, tt := range tests {
		if got := TQuantile(tt.p, tt.df); !near(got, tt.want, tt.tol) {
			t.Errorf("TQuantile(%g, %g) = %.7f, want %.7f ± %g", tt.p, tt.df, got, tt.want, tt.tol)
		}
	}
}

func TestMeanCI(t *testing.T) {
	tests := []struct {
		name       string
		xs         []float64
		mean, half float64
	}{
		// sd 1.5811, se 0.70711, t(0.975, 4) = 2.776445: 1.963243.
		{"one to five", []float64{1, 2, 3, 4, 5}, 3, 1.963243},
		// mean 4, sd √(8/3) = 1.6329932, se 0.8164966, t(0.975, 3) = 3.182446.
		{"four values", []float64{2, 4, 4, 6}, 4, 2.598457},
		// mean 0.5, sd 0.7071068, se 0.5, t(0.975, 1) = 12.706205.
		{"two values", []float64{0, 1}, 0.5, 6.353102},
		{"constant", []float64{7, 7, 7}, 7, 0},
		{"one value", []float64{3}, 3, math.NaN()},
		{"empty", nil, math.NaN(), math.NaN()},
	}
	for _, tt := range tests {
		mean, half := MeanCI(tt.xs)
		if !near(mean, tt.mean, 1e-12) || !near(half, tt.half, 1e-6) {
			t.Errorf("%s: MeanCI = %.7f ± %.7f, want %.7f ± %.7f", tt.name, mean, half, tt.mean, tt.half)
		}
	}
}

func TestPairedCI(t *testing.T) {
	// Differences 2, 1, 0, 3: mean 1.5, sd √(5/3) = 1.2909944, se 0.6454972,
	// t(0.975, 3) = 3.182446, half-width 2.054260.
	mean, half := PairedCI([]float64{3, 5, 2, 8}, []float64{1, 4, 2, 5})
	if !near(mean, 1.5, 1e-12) || !near(half, 2.054260, 1e-6) {
		t.Errorf("PairedCI = %.7f ± %.7f, want 1.5 ± 2.054260", mean, half)
	}
	// Pairing removes the spread the two share: each ys is xs plus 1.
	mean, half = PairedCI([]float64{10, -4, 3}, []float64{9, -5, 2})
	if mean != 1 || half != 0 {
		t.Errorf("PairedCI of a constant difference = %g ± %g, want 1 ± 0", mean, half)
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		xs   []float64
		want float64
	}{
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{-2}, -2},
		{nil, math.NaN()},
	}
	for _, tt := range tests {
		orig := append([]float64(nil), tt.xs...)
		if got := Median(tt.xs); !near(got, tt.want, 0) {
			t.Errorf("Median(%v) = %g, want %g", tt.xs, got, tt.want)
		}
		for i := range orig {
			if orig[i] != tt.xs[i] {
				t.Errorf("Median modified its input: %v", tt.xs)
			}
		}
	}
}
