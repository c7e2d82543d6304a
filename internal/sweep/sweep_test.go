package sweep

import (
	"testing"
)

func TestSize(t *testing.T) {
	t.Setenv(Env, "1")
	if got := Size(2000, 200, 20); got != 2000 {
		t.Errorf("long mode: %d, want the whole 2000", got)
	}
	t.Setenv(Env, "")
	want := 200
	if testing.Short() {
		want = 20
	}
	if got := Size(2000, 200, 20); got != want {
		t.Errorf("plain run: %d, want %d", got, want)
	}
	if got := Size(5, 200, 20); got != 5 {
		t.Errorf("a sweep smaller than the sample: %d, want 5", got)
	}
}
