package iterate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/regular"
	"github.com/chariot-ai/chariot/train/model"
)

// RoundsFile is the name of the run's per-round record in its directory:
// JSON lines, one Round per finished round, in the order of the rounds.
const RoundsFile = "rounds.jsonl"

// maxRoundsFile bounds rounds.jsonl read back: a line of a few kilobytes a
// round, so a device or a runaway file is refused rather than read.
const maxRoundsFile = 64 << 20

var errNoCPU = errors.New("process CPU time is not measured on this system")

// Bench is one agent's mean score in a round's benchmark.
type Bench struct {
	// Agent is the canonical spec, the label of bench-rN.jsonl.
	Agent string `json:"agent"`
	// Role is what the agent is in the round: "policy" (the round's policy
	// alone), "search" (the candidate's search), "champion-policy",
	// "champion-search" or "baseline".
	Role string `json:"role"`
	// Games played; Mean the mean score (or, against a population, the mean
	// return of the improved seat), Half its 95% half-width.
	Games int     `json:"games"`
	Mean  float64 `json:"mean"`
	Half  float64 `json:"half"`
}

// CPU is the process CPU time, user and system, in seconds, that a round
// spent in each part (getrusage; see processCPU), and the training CPU of
// the run up to and including the round: self-play and fitting of rounds
// 0..N, the benchmarks left out. A round interrupted and resumed counts the
// CPU of the process that finished it: the refit again, the games and
// benchmark games not already in their files.
type CPU struct {
	SelfPlay float64 `json:"selfplay_s"`
	Fit      float64 `json:"fit_s"`
	Bench    float64 `json:"bench_s"`
	// Training is the sum of SelfPlay and Fit over the rounds up to this
	// one, as recorded.
	Training float64 `json:"training_cum_s"`
}

// ReadRounds reads the rounds.jsonl of a run directory, in the order of
// the rounds.
func ReadRounds(dir string) ([]Round, error) {
	path := filepath.Join(dir, RoundsFile)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("no %s in %s: no round of chariot train iterate has finished there", RoundsFile, dir)
	} else if err != nil {
		return nil, err
	}
	byN, err := readRounds(path)
	if err != nil {
		return nil, err
	}
	var out []Round
	for _, n := range slices.Sorted(maps.Keys(byN)) {
		out = append(out, byN[n])
	}
	return out, nil
}

// readRounds reads the rounds of path, by round number; none if the file
// does not exist.
func readRounds(path string) (map[int]Round, error) {
	b, err := regular.ReadFile(path, maxRoundsFile)
	if errors.Is(err, os.ErrNotExist) {
		return map[int]Round{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[int]Round{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, len(b)+1)
	for line := 1; sc.Scan(); line++ {
		var r Round
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if _, dup := out[r.N]; dup {
			return nil, fmt.Errorf("%s:%d: round %d a second time", path, line, r.N)
		}
		out[r.N] = r
	}
	return out, sc.Err()
}

// writeRounds replaces path with the rounds, one line each, by round
// number: a reader sees the old file or the new, never a torn line.
func writeRounds(path string, rounds map[int]Round) error {
	var buf bytes.Buffer
	for _, n := range slices.Sorted(maps.Keys(rounds)) {
		b, err := json.Marshal(rounds[n])
		if err != nil {
			return fmt.Errorf("round %d: %w", n, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	return atomicfile.WriteFile(path, buf.Bytes())
}

// heldOut is a model's held-out metrics by name.
func heldOut(m *model.Model) map[string]float64 {
	out := map[string]float64{}
	for _, x := range m.Metrics {
		out[x.Name] = x.Value
	}
	return out
}

// finite is an error if a figure of the round cannot go in JSON.
func (r Round) finite() error {
	xs := []float64{r.Diff, r.Half}
	for _, b := range r.Bench {
		xs = append(xs, b.Mean, b.Half)
	}
	for _, m := range []map[string]float64{r.PolicyHeldOut, r.ValueHeldOut} {
		for _, v := range m {
			xs = append(xs, v)
		}
	}
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("round %d: a figure is %v", r.N, x)
		}
	}
	return nil
}
