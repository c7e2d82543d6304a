package anvil

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from the current code")

// goldenGame is one game as it was played when the golden file was written.
type goldenGame struct {
	Allied    string  `json:"allied"`
	German    string  `json:"german"`
	Game      int     `json:"game"`
	Margin    float64 `json:"margin"`
	Decisions int     `json:"decisions"`
	// Actions is the FNV-1a hash of every action applied, chance outcomes
	// included, in order.
	Actions string `json:"actions"`
}

const goldenSeed = 1

// goldenRuns are the pairings and how many games of each: the plans seat
// by seat, the doctrine in both seats (as in a rollout), and a short
// search that rolls out with the doctrine, so that the search's choices
// through the doctrine's rollouts are held too.
var goldenRuns = []struct {
	allied, german string
	first, games   int
}{
	{"coastalpush", "withdrawal", 0, 40},
	{Doctrine, Doctrine, 40, 40}, // the same plans: other games
	{"rhonedrive", "holdports", 0, 20},
	{SearchBest + ":sims=10,prior=0", Doctrine, 0, 1},
	{Doctrine, SearchBest + ":sims=10", 0, 1},
}

// playGolden plays game i of allied against german, each seat seeded as
// eval seeds the agent of that seat.
func playGolden(t *testing.T, g env.Game, allied, german string, i int) goldenGame {
	t.Helper()
	var seats []agents.Agent
	for p, spec := range []string{allied, german} {
		ag, err := agents.New(spec, g, agents.SeatSeed(eval.AgentSeed(goldenSeed, i, spec), p))
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, ag)
	}
	h := fnv.New64a()
	decisions := 0
	var b [8]byte
	end, err := agents.RunEpisode(context.Background(), g, eval.GameSeed(goldenSeed, i), seats,
		func(_ env.State, a env.Action, who env.Player) {
			if who >= 0 {
				decisions++
			}
			for k := range b {
				b[k] = byte(uint64(a) >> (8 * k))
			}
			h.Write(b[:])
		})
	if err != nil {
		t.Fatalf("%s v %s game %d: %v", allied, german, i, err)
	}
	return goldenGame{Allied: allied, German: german, Game: i, Margin: end.Returns()[0], Decisions: decisions, Actions: fmt.Sprintf("%016x", h.Sum64())}
}

// TestGolden guards the plans, the doctrine and a search rolling out with
// it against any change of play: every game must end with the same margin
// after the same decisions, actions and dice. Regenerate with
// go test ./agents/anvil -run TestGolden -update only when a rule fix is
// meant to change games, and say so in the commit.
func TestGolden(t *testing.T) {
	g := mustGame(t)
	var got []goldenGame
	for _, r := range goldenRuns {
		for i := range r.games {
			got = append(got, playGolden(t, g, r.allied, r.german, r.first+i))
		}
	}
	path := filepath.Join("testdata", "golden.json")
	if *update {
		data, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	var want []goldenGame
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(want) != len(got) {
		t.Fatalf("%s holds %d games, the test plays %d", path, len(want), len(got))
	}
	bad := 0
	for k := range got {
		if got[k] != want[k] {
			bad++
			if bad <= 5 {
				t.Errorf("%s v %s game %d: got margin %v, %d decisions, actions %s; golden margin %v, %d decisions, actions %s",
					want[k].Allied, want[k].German, want[k].Game, got[k].Margin, got[k].Decisions, got[k].Actions, want[k].Margin, want[k].Decisions, want[k].Actions)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d games differ from the golden file", bad, len(got))
	}
}
