package main

import (
	"strings"
	"testing"
)

// TestPlaySeats: each seat its agent; an agent of one side is refused at
// every seat before the game, naming the seats it plays.
func TestPlaySeats(t *testing.T) {
	status, stdout, stderr := runArgs("play", "--game", "anvil:turns=2", "--seats", "coastalpush,withdrawal", "--seed", "3")
	if status != 0 || stderr != "" || !strings.Contains(stdout, "agents Allied coastalpush, German withdrawal, seed 3") ||
		!strings.Contains(stdout, "German ") || !strings.Contains(stdout, "verdict: ") {
		t.Fatalf("status %d, stderr %q\n%s", status, stderr, stdout)
	}
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--agent", "coastalpush"}, "chariot play: --agent: agent coastalpush plays Allied only, not German: give each seat its agent with --seats (Allied, German)\n"},
		{[]string{"--seats", "coastalpush"}, "chariot play: --seats lists 1 agents for the 2 seats of anvil (Allied, German)\n"},
		{[]string{"--seats", "withdrawal,coastalpush"}, "chariot play: --seats: agent withdrawal plays German only, not Allied\n"},
		{[]string{"--seats", "random,random", "--agent", "random"}, "chariot play: --seats names every seat's agent: no --agent with it\n"},
	} {
		status, _, stderr := runArgs(append([]string{"play", "--game", "anvil"}, tt.args...)...)
		if status != 2 || stderr != tt.stderr {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tt.args, status, stderr, tt.stderr)
		}
	}
}
