package env

// Optional interfaces for speed: a search plays millions of simulations, and
// each would otherwise allocate a fresh clone of the root and a fresh slice
// of returns. A game that offers these lets the search reuse its scratch
// space and run without allocating. Each is checked with a type assertion;
// without it the search falls back to Clone and Returns.

// Copier is implemented by states that can become a copy of another state
// of the same game in place. CopyFrom(src) leaves the receiver equal to
// src.Clone(), sharing nothing mutable with src, and allocates nothing. src
// is always a state of the receiver's game (the same concrete type); a
// caller must not pass anything else.
type Copier interface {
	CopyFrom(src State)
}

// ReturnsWriter is implemented by states that can write Returns into a
// caller's buffer: WriteReturns appends the same values Returns gives to
// buf[:0] and returns it, allocating only when buf is short.
type ReturnsWriter interface {
	WriteReturns(buf []float64) []float64
}

// CopyState makes dst a copy of src where dst offers Copier, and returns it;
// otherwise (dst nil included) it returns src.Clone().
func CopyState(dst, src State) State {
	if c, ok := dst.(Copier); ok {
		c.CopyFrom(src)
		return dst
	}
	return src.Clone()
}

// WriteReturns appends s's returns to buf[:0], through ReturnsWriter where
// s offers it.
func WriteReturns(s State, buf []float64) []float64 {
	if w, ok := s.(ReturnsWriter); ok {
		return w.WriteReturns(buf)
	}
	return append(buf[:0], s.Returns()...)
}
