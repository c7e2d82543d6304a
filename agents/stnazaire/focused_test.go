package stnazaire

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

// focusedSpec is the focused search (issue 30) at a small budget: its
// moves depend on every greedy rollout's every choice and die, so any
// change in the rules or in greedy that alters play shows here.
const focusedSpec = "ismcts:at=move+fire+occupy+displace,c=0.7,early=true,prior=3,rollout=greedy,sims=100"

// focusedSeeds are the games of the focused-search vector.
var focusedSeeds = []uint64{1, 2, 3}

// playFocused plays one whole game of the focused search from seed and
// hashes every action applied, chance outcomes included.
func playFocused(t *testing.T, g env.Game, seed uint64) goldenGame {
	t.Helper()
	ag, err := agents.New(focusedSpec, g, agents.SeatSeed(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	decisions := 0
	var b [8]byte
	end, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{ag},
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
		t.Fatalf("seed %d: %v", seed, err)
	}
	return goldenGame{Agent: focusedSpec, Game: int(seed), VP: end.Returns()[0], Decisions: decisions, Actions: fmt.Sprintf("%016x", h.Sum64())}
}

// TestFocusedSearchVector guards the focused search's play: three whole
// games must make the same decisions with the same dice as when
// testdata/focused.json was written, before the rollouts were made
// faster. Speed-ups of the rules or of greedy must keep play bit-identical.
func TestFocusedSearchVector(t *testing.T) {
	g := stn.Default()
	var got []goldenGame
	for _, seed := range focusedSeeds {
		got = append(got, playFocused(t, g, seed))
	}
	path := filepath.Join("testdata", "focused.json")
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
	for k := range got {
		if got[k] != want[k] {
			t.Errorf("seed %d: got VP %v, %d decisions, actions %s; recorded VP %v, %d decisions, actions %s",
				want[k].Game, got[k].VP, got[k].Decisions, got[k].Actions, want[k].VP, want[k].Decisions, want[k].Actions)
		}
	}
}
