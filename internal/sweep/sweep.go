// Package sweep sizes the tests' long sweeps (random-play property tests, the
// conformance suite's games, memory soaks), so that `go test ./...` gives
// feedback in minutes while nothing is dropped: the sweeps run whole when
// CHARIOT_LONG=1, which CI sets in a step of its own (.ci/run), and on a
// sample otherwise; under -short (CI's race pass) on fewer still.
package sweep

import (
	"os"
	"testing"
)

// Env is the variable that asks for the whole sweeps.
const Env = "CHARIOT_LONG"

// Long reports whether the whole sweeps were asked for.
func Long() bool { return os.Getenv(Env) == "1" }

// Size is a sweep's size: whole in long mode, else at most plain, and at
// most short under -short.
func Size(whole, plain, short int) int {
	switch {
	case Long():
		return whole
	case testing.Short():
		return min(whole, short)
	}
	return min(whole, plain)
}
