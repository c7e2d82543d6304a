package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// callError is an error with the Python exception it becomes.
type callError struct{ kind, msg string }

func (e *callError) Error() string { return e.msg }

// badInput is a ValueError: the caller asked for something impossible.
func badInput(format string, args ...any) error {
	return &callError{kind: "ValueError", msg: fmt.Sprintf(format, args...)}
}

// engineFailure is a RuntimeError: the engine, an agent or a chance node
// failed, whatever the error wraps.
func engineFailure(err error) error { return &callError{kind: "RuntimeError", msg: err.Error()} }

// illegal is the ValueError of an illegal action: the game's own message,
// without the wrappers' prefixes ("gym: step 3: ").
func illegal(err error) error {
	for {
		inner := errors.Unwrap(err)
		if inner == nil || !errors.Is(inner, env.ErrIllegal) || inner == env.ErrIllegal {
			return &callError{kind: "ValueError", msg: err.Error()}
		}
		err = inner
	}
}

// describe gives the exception and the one-line message of err.
func describe(err error) (kind, msg string) {
	var ce *callError
	switch {
	case errors.As(err, &ce):
		kind = ce.kind
	case errors.Is(err, env.ErrIllegal):
		kind, err = "ValueError", illegal(err)
	default:
		kind = "RuntimeError"
	}
	return kind, strings.ReplaceAll(err.Error(), "\n", "; ")
}

// recovered runs f and returns its error, or a RuntimeError for a panic:
// a Go panic must never cross into Python.
func recovered(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &callError{kind: "RuntimeError", msg: fmt.Sprintf("chariot: internal error: %v", r)}
		}
	}()
	return f()
}
