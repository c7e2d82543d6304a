package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// progressTo is where a long command draws its progress bar: stderr when
// it is a terminal and --quiet is off, else nowhere (nil).
func progressTo(stderr io.Writer, tty, quiet bool) io.Writer {
	if tty && !quiet {
		return stderr
	}
	return nil
}

// errInterrupted is wrapped by the error of an interrupted job.
var errInterrupted = errors.New("interrupted")

// interruptible runs a long job with a context that an interrupt (Ctrl-C)
// cancels, so the job stops cleanly with its finished work on disk. An
// interrupted job's error is "interrupted" followed by what resume says of
// the partial result, such as " after 9 games; rerun ... to finish it".
func interruptible[T any](job func(context.Context) (T, error), resume func(T) string) (T, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := job(ctx)
	if errors.Is(err, context.Canceled) {
		return res, fmt.Errorf("%w%s", errInterrupted, resume(res))
	}
	return res, err
}
