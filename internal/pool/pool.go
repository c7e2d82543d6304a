// Package pool runs independent jobs on a few goroutines, for the harness
// and self-play: results come back in completion order to one goroutine,
// which keeps them (writes a row, counts progress); the first error stops
// the rest. It also holds the progress bar both show on a terminal.
package pool

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Run calls do for every job on workers goroutines and hands each result
// to keep on the calling goroutine, in the order they finish. The first
// error, from do or keep, cancels the jobs not yet started; Run returns it,
// or the cause of ctx's end if that came first, with the number of results
// kept.
func Run[J, R any](ctx context.Context, workers int, jobs []J, do func(J) (R, error), keep func(R) error) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		r   R
		err error
	}
	jobCh := make(chan J)
	outCh := make(chan outcome, workers)
	go func() {
		defer close(jobCh)
		for _, j := range jobs {
			select {
			case jobCh <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobCh {
				if ctx.Err() != nil {
					continue
				}
				r, err := do(j)
				outCh <- outcome{r, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(outCh)
	}()
	kept := 0
	var firstErr error
	for o := range outCh {
		err := o.err
		if err == nil {
			err = keep(o.r)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			cancel()
			continue
		}
		kept++
	}
	if firstErr == nil && kept < len(jobs) {
		firstErr = context.Cause(ctx)
	}
	return kept, firstErr
}

// Bar is a progress bar on w counting n units, or nil (which does nothing)
// when w is nil or there is nothing to count.
type Bar struct {
	w   io.Writer
	bar *progressbar.ProgressBar
}

// NewBar makes a bar described by desc counting unit ("games").
func NewBar(w io.Writer, n int, desc, unit string) *Bar {
	if w == nil || n == 0 {
		return nil
	}
	return &Bar{w: w, bar: progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Add counts one unit done.
func (b *Bar) Add() {
	if b != nil {
		_ = b.bar.Add(1)
	}
}

// End clears a finished bar, or leaves an unfinished one on its own line.
func (b *Bar) End(finished bool) {
	if b == nil {
		return
	}
	if finished {
		_ = b.bar.Finish()
		return
	}
	_ = b.bar.Exit()
	fmt.Fprintln(b.w)
}
