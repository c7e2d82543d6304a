package psro

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/pig" // holdat
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/internal/flock"
	_ "github.com/chariot-ai/chariot/search"
)

// TestRolloutSurrogate: with the rollout surrogate, a response is played
// inside later responses by its rollout agent, and the round's gains are
// measured on the next round's games.
func TestRolloutSurrogate(t *testing.T) {
	g, err := env.NewGame("pig:target=15")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rounds, err := Run(context.Background(), Config{Game: g, Rows: []string{"holdat:n=4"}, Cols: []string{"holdat:n=9"},
		RowBR: "mcts:sims=10,rollout=holdat:n=6", ColBR: "mcts:sims=10", Rounds: 1, Games: 10, Boot: 20, Workers: 1,
		Seed: 3, Dir: dir, Surrogate: "rollout"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 || rounds[0].Exploitability == nil || rounds[1].Exploitability != nil || len(rounds[1].Rows) != 2 {
		t.Fatalf("rounds %+v", rounds)
	}
	for name, want := range map[string]string{"round-1-row.model.spec": "holdat:n=6", "round-1-col.model.spec": "random"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || strings.TrimSpace(string(b)) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	if _, err := Run(context.Background(), Config{Game: g, Rows: []string{"holdat:n=4"}, Cols: []string{"holdat:n=9"},
		RowBR: "mcts:sims=11", ColBR: "mcts:sims=10", Rounds: 1, Games: 10, Boot: 20, Workers: 1, Seed: 3, Dir: dir}); err == nil ||
		!strings.Contains(err.Error(), "holds another run") {
		t.Errorf("another run in the same directory: %v", err)
	}
}

// TestOneProcessPerRun: a run directory another process holds is
// refused before a game is played, with one line naming it.
func TestOneProcessPerRun(t *testing.T) {
	g, err := env.NewGame("pig:target=15")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	l, err := flock.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	_, err = Run(context.Background(), Config{Game: g, Rows: []string{"holdat:n=4"}, Cols: []string{"holdat:n=9"},
		RowBR: "mcts:sims=10", ColBR: "mcts:sims=10", Rounds: 1, Games: 10, Boot: 20, Workers: 1, Seed: 3, Dir: dir})
	var busy *flock.BusyError
	if !errors.As(err, &busy) || busy.Path != dir {
		t.Fatalf("a run on a held directory: %v, want it in use", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the held directory was written: %d files", len(entries))
	}
}
