//go:build !linux

package agenttest

import "time"

// ThreadCPU is not measured here: callers fall back to wall time.
func ThreadCPU() (time.Duration, bool) { return 0, false }
