package advise

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// phased is a state whose phase is given: phaseOf reads nothing else.
type phased struct {
	env.State
	phase string
}

func (p phased) Phase() string { return p.phase }

func TestPhaseOf(t *testing.T) {
	for _, tt := range []struct{ phase, want string }{
		{"turn 2, phase B", "phase B"},
		{"turn 3 (0140), step 6 British boat movement", "step 6 British boat movement"},
		{"set-up", "set-up"},
	} {
		if got, ok := phaseOf(phased{phase: tt.phase}); !ok || got != tt.want {
			t.Errorf("phaseOf(%q) = %q, want %q", tt.phase, got, tt.want)
		}
	}
}
