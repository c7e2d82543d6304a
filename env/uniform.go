package env

// UniformChancer is implemented by states whose chance nodes are fair
// dice: where UniformChance reports k > 0, ChanceOutcomes lists first,
// first+1, ..., first+k-1 in that order, each with probability
// 1/float64(k). A search samples such a node without listing it
// (SampleUniform); the conformance suite checks the claim.
type UniformChancer interface {
	UniformChance() (first Action, k int)
}

// uniformTables[k][i] is the probability SampleChance has accumulated
// after the (i+1)th of k outcomes of probability 1/float64(k), summed as
// SampleChance sums them.
var uniformTables = func() (t [17][16]float64) {
	for k := 1; k < len(t); k++ {
		p, acc := 1/float64(k), 0.0
		for i := range k {
			acc += p
			t[k][i] = acc
		}
	}
	return t
}()

// SampleUniform is SampleChance on the outcomes first..first+k-1 of
// probability 1/float64(k) each, given u, the draw rng.Float64() that
// SampleChance would make: the same outcome, from the same draw, without
// the list.
func SampleUniform(first Action, k int, u float64) Action {
	if k < len(uniformTables) {
		t := &uniformTables[k]
		i := 0
		for i < k-1 && u >= t[i] {
			i++
		}
		return first + Action(i)
	}
	p, acc := 1/float64(k), 0.0
	for i := range k {
		acc += p
		if u < acc {
			return first + Action(i)
		}
	}
	return first + Action(k-1)
}
