package main

import (
	"fmt"
	"io"
)

// runBench is a stub.
//
// TODO(issue 3): implement chariot bench (another engineer owns it).
func runBench(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "chariot bench: not implemented yet (issue 3)")
	return exitError
}
