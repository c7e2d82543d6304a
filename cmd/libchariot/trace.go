package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/gym"
)

// traceStep is one line of a trace: the position after a reset or a step,
// as env/gym gives it.
type traceStep struct {
	Obs        string       `json:"obs"` // SHA-256 of the observation, float32 little-endian
	Legal      []env.Action `json:"legal"`
	Reward     float64      `json:"reward"`
	Terminated bool         `json:"terminated"`
	Truncated  bool         `json:"truncated"`
}

// runTrace plays one episode through env/gym in Go, the actions read from
// stdin one a line, and prints a JSON line for the reset and each step:
//
//	go run ./cmd/libchariot --game tictactoe --others random --seed 7 < actions
func runTrace() {
	if err := trace(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "libchariot:", err)
		os.Exit(1)
	}
}

func trace(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("libchariot", flag.ContinueOnError)
	spec := fs.String("game", "stnazaire", "game spec")
	data := fs.String("data", "", "data set or file, as chariot's --data")
	seat := fs.Int("seat", 0, "the seat the environment plays")
	others := fs.String("others", "random", "agent spec of the other seats")
	maxSteps := fs.Int("max-steps", 0, "truncate after this many steps (0: never)")
	seed := fs.Uint64("seed", 1, "episode seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := newGame(*spec, *data)
	if err != nil {
		return err
	}
	e, err := newGym(g, env.Player(*seat), *others, *maxSteps, *seed)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	obs, info, err := e.Reset(*seed)
	if err != nil {
		return err
	}
	if err := enc.Encode(traceStep{Obs: obsHash(obs), Legal: info.Legal}); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		a, err := strconv.Atoi(line)
		if err != nil {
			return fmt.Errorf("action %q: not a number", line)
		}
		var st traceStep
		var info gym.Info
		obs, st.Reward, st.Terminated, st.Truncated, info, err = e.Step(env.Action(a))
		if err != nil {
			return err
		}
		st.Obs, st.Legal = obsHash(obs), info.Legal
		if err := enc.Encode(st); err != nil {
			return err
		}
	}
	return sc.Err()
}

func obsHash(obs []float32) string {
	b := make([]byte, 0, 4*len(obs))
	for _, x := range obs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
