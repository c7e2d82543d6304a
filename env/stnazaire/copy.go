package stnazaire

import "github.com/chariot-ai/chariot/env"

// CopyFrom implements env.Copier: the state is flat arrays, so a copy is a
// struct assignment, as Clone's is.
func (s *State) CopyFrom(src env.State) { *s = *src.(*State) }
