package stnazaire

import "github.com/chariot-ai/chariot/env"

// CopyFrom implements env.Copier: the state is flat arrays, so a copy is a
// struct assignment, as Clone's is.
func (s *State) CopyFrom(src env.State) { *s = *src.(*State) }

// WriteReturns implements env.ReturnsWriter: the British VP, and under
// opponent=seat the German seat's, its negation (see Returns).
func (s *State) WriteReturns(buf []float64) []float64 {
	buf = append(buf[:0], float64(s.vp))
	if s.opts().GermanSeat {
		buf = append(buf, -float64(s.vp))
	}
	return buf
}
