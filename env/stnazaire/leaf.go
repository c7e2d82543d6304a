package stnazaire

// LeafValue implements env.LeafValuer: Value for the British seat, and its
// negation for the German seat when the Germans are a seat.
func (s *State) LeafValue() []float64 {
	v := s.Value()
	if s.Game().NumPlayers() == 2 {
		return []float64{v, -v}
	}
	return []float64{v}
}
