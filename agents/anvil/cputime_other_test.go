//go:build !linux

package anvil

import "time"

// threadCPU is not measured here: callers fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
