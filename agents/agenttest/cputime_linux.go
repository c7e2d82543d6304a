//go:build linux

package agenttest

import (
	"syscall"
	"time"
	"unsafe"
)

// ThreadCPU is the CPU time the calling thread has used, user and system:
// on a shared machine it leaves out the time the thread waited for a core.
// The caller locks its goroutine to the thread. It reads the thread's
// CPU-time clock, which counts in nanoseconds; getrusage would count in
// scheduler ticks (4 ms), coarser than a whole search.
func ThreadCPU() (time.Duration, bool) {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
