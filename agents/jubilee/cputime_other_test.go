//go:build !linux

package jubilee

import "time"

// threadCPU is not measured here: callers fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
