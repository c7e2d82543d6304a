// Package pool runs independent jobs on a few goroutines, for the harness
// and self-play: jobs are drawn from a sequence one at a time, as workers
// free up, so a run of a billion games holds no more than a few in memory;
// results come back in completion order to one goroutine, which keeps them
// (writes a row, counts progress); the first error stops the rest. It also
// holds the progress bar both show on a terminal.
package pool

import (
	"context"
	"fmt"
	"io"
	"iter"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Run calls do for every job of the sequence on workers goroutines and
// hands each result to keep on the calling goroutine, in the order they
// finish. The sequence is read lazily, one job ahead of a free worker. The
// first error, from do or keep, cancels the jobs not yet started; Run
// returns it, or the cause of ctx's end if that came first, with the number
// of results kept.
func Run[J, R any](ctx context.Context, workers int, jobs iter.Seq[J], do func(J) (R, error), keep func(R) error) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		r   R
		err error
	}
	jobCh := make(chan J)
	outCh := make(chan outcome, workers)
	// fed counts the jobs handed out and all says the sequence ran dry;
	// both are read after the workers are done.
	var (
		fed int
		all bool
	)
	go func() {
		defer close(jobCh)
		for j := range jobs {
			select {
			case jobCh <- j:
				fed++
			case <-ctx.Done():
				return
			}
		}
		all = true
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
	if firstErr == nil && (!all || kept < fed) {
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
