package eval

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the two-sided level of every interval the package reports.
const Confidence = 0.95

// MeanCI returns the mean of xs and the half-width of its 95% confidence
// interval, t·s/√n with s the sample standard deviation and t the 0.975
// quantile of Student's t with n-1 degrees of freedom. With no data both are
// NaN; with one value the half-width is NaN (the spread is unknown).
func MeanCI(xs []float64) (mean, half float64) {
	n := len(xs)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n == 1 {
		return mean, math.NaN()
	}
	var ss float64
	for _, x := range xs {
		d := x - mean
		ss += d * d
	}
	sd := math.Sqrt(ss / float64(n-1))
	return mean, TQuantile(0.5+Confidence/2, float64(n-1)) * sd / math.Sqrt(float64(n))
}

// PairedCI returns the mean of xs[i]-ys[i] and the half-width of its 95%
// confidence interval, as MeanCI of the differences. The slices must have
// the same length.
func PairedCI(xs, ys []float64) (mean, half float64) {
	if len(xs) != len(ys) {
		panic("eval: PairedCI of slices of different lengths")
	}
	d := make([]float64, len(xs))
	for i := range xs {
		d[i] = xs[i] - ys[i]
	}
	return MeanCI(d)
}

// Median returns the middle value of xs, or the mean of the two middle
// values when len(xs) is even; NaN when xs is empty. xs is not modified.
func Median(xs []float64) float64 {
	n := len(xs)
	if n == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// TQuantile returns the p-quantile of Student's t distribution with df > 0
// degrees of freedom, for 0 < p < 1 (gonum's, through the inverse of the
// regularised incomplete beta function); with df infinite, the normal
// quantile. Outside that domain it returns NaN.
func TQuantile(p, df float64) float64 {
	switch {
	case !(p > 0 && p < 1 && df > 0):
		return math.NaN()
	case math.IsInf(df, 1):
		return normalQuantile(p)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(p)
}

// normalQuantile is the standard normal quantile, the limit of TQuantile.
func normalQuantile(p float64) float64 {
	return distuv.UnitNormal.Quantile(p)
}
