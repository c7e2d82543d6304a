package pool

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestRunKeepsEveryResult(t *testing.T) {
	jobs := slices.Values([]int{1, 2, 3, 4, 5, 6, 7})
	var got []int
	n, err := Run(context.Background(), 3, jobs, func(j int) (int, error) { return j * j, nil }, func(r int) error {
		got = append(got, r)
		return nil
	})
	slices.Sort(got)
	if err != nil || n != 7 || !slices.Equal(got, []int{1, 4, 9, 16, 25, 36, 49}) {
		t.Fatalf("n %d err %v got %v", n, err, got)
	}
}

func TestRunStopsAtTheFirstError(t *testing.T) {
	boom := errors.New("boom")
	jobs := slices.Values(make([]int, 1000))
	n, err := Run(context.Background(), 2, jobs, func(int) (int, error) { return 0, boom }, func(int) error { return nil })
	if !errors.Is(err, boom) || n != 0 {
		t.Fatalf("n %d err %v", n, err)
	}
}

func TestRunReportsCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := slices.Values(make([]int, 100))
	n, err := Run(ctx, 1, jobs, func(int) (int, error) { return 0, nil }, func(int) error {
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || n == 100 {
		t.Fatalf("n %d err %v", n, err)
	}
}
