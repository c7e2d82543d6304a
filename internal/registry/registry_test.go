package registry

import (
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := New[int]("widget")
	r.Add("b", 2)
	r.Add("a", 1)
	if v, err := r.Get("b"); err != nil || v != 2 {
		t.Fatalf("Get(b) = %d, %v", v, err)
	}
	_, err := r.Get("c")
	if err == nil || err.Error() != `unknown widget "c" (known: a, b)` {
		t.Fatalf("Get(c) error %v", err)
	}
	if got := strings.Join(r.Names(), ","); got != "a,b" {
		t.Fatalf("Names = %s", got)
	}
	if got := r.All(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("All = %v", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a duplicate must panic")
		}
	}()
	r.Add("a", 3)
}
