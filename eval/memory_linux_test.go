package eval_test

import (
	"syscall"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// BenchmarkPeakRSS plays b.N games of each game, each built afresh, and
// reports the process's peak resident set. The peak is the process's, so
// measure one game a process:
//
//	go test ./eval -run '^$' -bench 'PeakRSS/stnazaire$' -benchtime 100000x
func BenchmarkPeakRSS(b *testing.B) {
	for _, r := range env.Games() {
		b.Run(r.Name, func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				playFresh(b, r.Name, seed)
			}
			var ru syscall.Rusage
			if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
				b.Fatalf("getrusage: %v", err)
			}
			b.ReportMetric(float64(ru.Maxrss)/1024, "peak-MB") // Maxrss is in KB on Linux
		})
	}
}
