package env

import (
	"strings"
	"testing"
)

// FuzzParseParams: any option text parses or gets a one-line error; what
// parses writes canonically and reads back to the same options.
func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"", "a=1", "scenario=2,combat_groups=true", "a=1,a=2", "x", "=3", " k = v , j=", "a=b=c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParams(s)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") && !strings.Contains(s, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		back, err := ParseParams(p.String())
		if err != nil {
			t.Fatalf("%q parses to %q, which does not: %v", s, p.String(), err)
		}
		if back.String() != p.String() {
			t.Fatalf("%q parses to %q, which reads back as %q", s, p.String(), back.String())
		}
	})
}
