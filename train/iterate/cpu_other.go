//go:build !unix

package iterate

import "errors"

// processCPU is not measured on this system (no getrusage): it returns
// errNoCPU, and the rounds' records then have no CPU figures (cpu is null
// in rounds.jsonl) rather than zeros that would read as free.
func processCPU() (float64, error) {
	return 0, errNoCPU
}
