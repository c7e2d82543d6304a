package jubilee

import (
	"encoding/json"
	flagpkg "flag"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

var updatePerft = flagpkg.Bool("update-perft", false, "rewrite testdata/perft.json from the current engine")

// perftCase is the position at the Commonwealth decision reached after Prefix
// Commonwealth decisions, with every action and die chosen uniformly by
// PCG(Seed, 0) from NewInitialState(Seed), and the number of leaves
// of its full action tree, chance outcomes included, to Depth.
type perftCase struct {
	Seed   uint64 `json:"seed"`
	Prefix int    `json:"prefix"`
	Depth  int    `json:"depth"`
	Leaves int64  `json:"leaves"`
}

func perft(s *State, depth int, buf [][]env.Action) int64 {
	if depth == 0 || s.IsTerminal() {
		return 1
	}
	buf[depth] = s.LegalActions(buf[depth])
	var n int64
	for _, a := range buf[depth] {
		c := *s
		if err := c.Apply(a); err != nil {
			panic(err)
		}
		n += perft(&c, depth-1, buf)
	}
	return n
}

func perftPosition(seed uint64, prefix int) *State {
	s := Default().newState(seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	var buf []env.Action
	for decisions := 0; !s.IsTerminal(); {
		if s.CurrentPlayer() == 0 {
			if decisions == prefix {
				break
			}
			decisions++
		}
		buf = s.LegalActions(buf)
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	return s
}

// TestPerft guards move generation against silent change: the counts in
// testdata/perft.json change only when the rules engine or the data do,
// and then on purpose (go test -run TestPerft -update-perft).
func TestPerft(t *testing.T) {
	const path = "testdata/perft.json"
	cases := []perftCase{{1, 0, 6, 0}, {2, 10, 4, 0}, {3, 30, 4, 0}, {4, 60, 4, 0}, {5, 100, 4, 0}, {6, 150, 4, 0}}
	if !*updatePerft {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &cases); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([][]env.Action, 8)
	for i := range cases {
		c := &cases[i]
		got := perft(perftPosition(c.Seed, c.Prefix), c.Depth, buf)
		if *updatePerft {
			c.Leaves = got
			continue
		}
		if got != c.Leaves {
			t.Errorf("perft seed %d prefix %d depth %d: %d leaves, want %d", c.Seed, c.Prefix, c.Depth, got, c.Leaves)
		}
	}
	if *updatePerft {
		b, _ := json.MarshalIndent(cases, "", "  ")
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
