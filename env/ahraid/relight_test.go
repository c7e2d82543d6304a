package ahraid

import "testing"

// TestRelightRollReadsBack: the position at step 1's relighting roll, its
// cursor past the last gun, is valid and round-trips through JSON.
func TestRelightRollReadsBack(t *testing.T) {
	s := at(3, stepRepair, func(s *State) { s.Lights, s.PowerAt = false, 1 })
	if s.Roll != roll2D6 || s.Sub != 1 {
		t.Fatalf("want the relighting roll, have %s", s.Prompt())
	}
	j, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.g.UnmarshalState(j); err != nil {
		t.Fatalf("the relighting roll does not read back: %v", err)
	}
}
