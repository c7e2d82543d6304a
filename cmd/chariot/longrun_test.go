package main

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestInterruptible(t *testing.T) {
	n, err := interruptible(func(context.Context) (int, error) {
		return 9, fmt.Errorf("stopping: %w", context.Canceled)
	}, func(n int) string { return fmt.Sprintf(" after %d games", n) })
	if n != 9 || err == nil || err.Error() != "interrupted after 9 games" {
		t.Fatalf("n %d, err %v", n, err)
	}
	boom := errors.New("boom")
	if _, err := interruptible(func(context.Context) (int, error) { return 0, boom }, func(int) string { return "!" }); err != boom {
		t.Fatalf("other errors pass through: %v", err)
	}
	if progressTo(nil, true, true) != nil || progressTo(nil, false, false) != nil {
		t.Fatal("no bar when quiet or not a terminal")
	}
}
