package jubilee

import (
	flagpkg "flag"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

var updatePerft = flagpkg.Bool("update-perft", false, "rewrite testdata/perft.json from the current engine")

// TestPerft guards move generation against silent change: the counts in
// testdata/perft.json change only when the rules engine or the data do,
// and then on purpose (go test -run TestPerft -update-perft).
func TestPerft(t *testing.T) {
	envtest.CheckPerft(t, "testdata/perft.json", func(seed uint64) env.State { return Default().newState(seed) },
		[]envtest.PerftCase{{Seed: 1, Prefix: 0, Depth: 6}, {Seed: 2, Prefix: 10, Depth: 4}, {Seed: 3, Prefix: 30, Depth: 4}, {Seed: 4, Prefix: 60, Depth: 4}, {Seed: 5, Prefix: 100, Depth: 4}, {Seed: 6, Prefix: 150, Depth: 4}}, *updatePerft)
}
