//go:build linux

package search

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling thread has used, user and system:
// on a shared machine it leaves out the time the thread waited for a core.
// The caller locks its goroutine to the thread.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil { // 1: RUSAGE_THREAD
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
