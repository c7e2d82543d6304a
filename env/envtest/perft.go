package envtest

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// PerftCase is the position at seat 0's decision reached after Prefix of
// its decisions, every action and die chosen uniformly by PCG(Seed, 0)
// from the game's start, and the number of leaves of its full action tree,
// chance outcomes included, to Depth.
type PerftCase struct {
	Seed   uint64 `json:"seed"`
	Prefix int    `json:"prefix"`
	Depth  int    `json:"depth"`
	Leaves int64  `json:"leaves"`
}

// Perft counts the leaves of s's full action tree, chance outcomes
// included, to depth (a finished game is a leaf). States that offer
// env.Copier are copied in place, level by level.
func Perft(s env.State, depth int) int64 {
	scratch := make([]env.State, depth+1)
	bufs := make([][]env.Action, depth+1)
	var walk func(s env.State, d int) int64
	walk = func(s env.State, d int) int64 {
		if d == 0 || s.IsTerminal() {
			return 1
		}
		bufs[d] = s.LegalActions(bufs[d])
		var n int64
		for _, a := range bufs[d] {
			c := scratch[d]
			if cp, ok := c.(env.Copier); ok {
				cp.CopyFrom(s)
			} else {
				c = s.Clone()
				scratch[d] = c
			}
			if err := c.Apply(a); err != nil {
				panic(err)
			}
			n += walk(c, d-1)
		}
		return n
	}
	for d := range scratch {
		scratch[d] = s.Clone()
	}
	return walk(s, depth)
}

// PerftPosition plays from start with uniform actions and dice drawn from
// PCG(seed, 0) up to seat 0's decision after prefix of its decisions (or
// the end).
func PerftPosition(start env.State, seed uint64, prefix int) env.State {
	rng := rand.New(rand.NewPCG(seed, 0))
	var buf []env.Action
	for decisions := 0; !start.IsTerminal(); {
		if start.CurrentPlayer() == 0 {
			if decisions == prefix {
				break
			}
			decisions++
		}
		buf = start.LegalActions(buf)
		_ = start.Apply(buf[rng.IntN(len(buf))])
	}
	return start
}

// CheckPerft guards move generation against silent change: the counts in
// the JSON file at path change only when the engine or its data do, and
// then on purpose. start gives a case's starting state from its seed. With
// update, the file is rewritten from cases and the engine's counts.
func CheckPerft(t *testing.T, path string, start func(seed uint64) env.State, cases []PerftCase, update bool) {
	t.Helper()
	if !update {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &cases); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	for i := range cases {
		c := &cases[i]
		got := Perft(PerftPosition(start(c.Seed), c.Seed, c.Prefix), c.Depth)
		if update {
			c.Leaves = got
			continue
		}
		if got != c.Leaves {
			t.Errorf("perft seed %d prefix %d depth %d: %d leaves, want %d", c.Seed, c.Prefix, c.Depth, got, c.Leaves)
		}
	}
	if update {
		b, _ := json.MarshalIndent(cases, "", "  ")
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
