//go:build unix

package iterate

import "syscall"

// processCPU is the CPU time, in seconds, that the process has used so far,
// user and system, over all its threads (getrusage(RUSAGE_SELF)).
func processCPU() (float64, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, err
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(ru.Utime) + sec(ru.Stime), nil
}
