// Command libchariot is chariot's C shared library, through which the
// Python package (python/chariot) drives the Go engine in process:
//
//	go build -buildmode=c-shared -o python/chariot/_lib/libchariot.so ./cmd/libchariot
//
// It offers three objects, each behind an integer handle: a one-seat
// environment over env/gym (Gymnasium's Env), a table of every seat with
// chance resolved inside (PettingZoo's AEC), and N one-seat environments
// stepped by worker goroutines in one call, with auto-reset (Gymnasium's
// VectorEnv). Observations, masks, rewards and features are written by Go
// into buffers the caller owns (numpy arrays), during the call only: Go
// keeps no pointer to them afterwards, as cgo's pointer rules require, and
// the hot path copies nothing else and encodes no JSON.
//
// Every exported function recovers from a panic and returns an error as a
// C string "Kind: message" (nil on success), which Python raises as that
// exception: ValueError for bad input (an illegal action, with the game's
// own one-line message; an unknown game or option), RuntimeError for a
// failure of the engine. The caller frees the string with chariot_free.
//
// Run as a command, it prints env/gym's own trace of an episode in Go (see
// trace.go), which the Python tests compare step for step with the same
// episode played through the library.
package main
