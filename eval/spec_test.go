package eval

import "testing"

// TestGameMismatchNeverContradicts: an option the file's spec leaves out
// (an older chariot's) but at the value asked is said to be unrecorded,
// not "20 (the default) in the file, 20 asked"; a real difference names
// both values, the default marked.
func TestGameMismatchNeverContradicts(t *testing.T) {
	for _, c := range []struct{ file, asked, want string }{
		{"pig:die=6", "pig:die=6,target=20", "target: not recorded in the file (an older chariot's?), 20 asked"},
		{"pig:die=6", "pig:die=6,target=30", "target: 20 (the default) in the file, 30 asked"},
		{"pig:die=6,target=30", "pig:die=6,target=20", "target: 30 in the file, 20 asked"},
		{"pig", "tictactoe", "game: pig in the file, tictactoe asked"},
	} {
		if got := specDiff(c.file, c.asked); got != c.want {
			t.Errorf("specDiff(%s, %s) = %q, want %q", c.file, c.asked, got, c.want)
		}
	}
}
