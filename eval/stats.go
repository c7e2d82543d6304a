package eval

import (
	"math"
	"slices"
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
// degrees of freedom, for 0 < p < 1. It inverts the distribution function,
// computed exactly through the regularised incomplete beta function, by
// bisection, to about 1e-12 relative precision. Outside that domain it
// returns NaN.
func TQuantile(p, df float64) float64 {
	if !(p > 0 && p < 1 && df > 0) || math.IsInf(df, 0) {
		if p > 0 && p < 1 && math.IsInf(df, 1) {
			return normalQuantile(p)
		}
		return math.NaN()
	}
	if p == 0.5 {
		return 0
	}
	if p < 0.5 {
		return -TQuantile(1-p, df)
	}
	tail := 1 - p // wanted upper tail P(T > t), below 1/2
	upper := func(t float64) float64 {
		// P(T > t) = I_x(df/2, 1/2) / 2 with x = df/(df+t²), for t ≥ 0.
		return regIncBeta(df/2, 0.5, df/(df+t*t)) / 2
	}
	lo, hi := 0.0, 1.0
	for upper(hi) > tail {
		lo, hi = hi, hi*2
		if hi > 1e300 {
			return math.Inf(1)
		}
	}
	for range 200 {
		mid := (lo + hi) / 2
		if upper(mid) > tail {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo <= 1e-13*hi {
			break
		}
	}
	return (lo + hi) / 2
}

// normalQuantile is the standard normal quantile, the limit of TQuantile.
func normalQuantile(p float64) float64 {
	return math.Sqrt2 * math.Erfinv(2*p-1)
}

// regIncBeta is the regularised incomplete beta function I_x(a, b), for
// a, b > 0 and 0 ≤ x ≤ 1, by the continued fraction of Numerical Recipes
// (§6.4), evaluated with the modified Lentz method.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

// betaCF evaluates the continued fraction of regIncBeta by the modified
// Lentz method: each of a term's two halves is one step.
func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	nonzero := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1/nonzero(1-qab*x/qap)
	h := d
	// step takes one coefficient and returns the factor it applies to h.
	step := func(aa float64) float64 {
		d = 1 / nonzero(1+aa*d)
		c = nonzero(1 + aa/c)
		return d * c
	}
	for m := 1; m <= 1000; m++ {
		fm := float64(m)
		m2 := 2 * fm
		h *= step(fm * (b - fm) * x / ((qam + m2) * (a + m2)))
		del := step(-(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2)))
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}
