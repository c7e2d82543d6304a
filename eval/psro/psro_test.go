package psro

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
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

// TestRunIsItsContentNotItsPath: a finished run run again by its absolute
// path, and a copy of its directory under another name, play no game and
// give the same rounds, to the last figure. (With specs that named the
// directory as given, both replayed every response's games, with other
// seeds, and printed other figures.)
func TestRunIsItsContentNotItsPath(t *testing.T) {
	g, err := env.NewGame("pig:target=15")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	t.Chdir(root)
	cfg := func(dir string) Config {
		return Config{Game: g, Rows: []string{"holdat:n=4"}, Cols: []string{"holdat:n=9"},
			RowBR: "mcts:sims=10", ColBR: "mcts:sims=10", Rounds: 2, Games: 8, Boot: 20, Workers: 1, Seed: 5, Dir: dir}
	}
	first, err := Run(context.Background(), cfg("run"))
	if err != nil {
		t.Fatal(err)
	}
	sizes := func(dir string) map[string]int64 {
		out := map[string]int64{}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = info.Size()
		}
		return out
	}
	before := sizes("run")
	if err := os.CopyFS("elsewhere", os.DirFS("run")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{filepath.Join(root, "run"), "elsewhere"} {
		again, err := Run(context.Background(), cfg(dir))
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		a, _ := json.Marshal(first)
		if b, _ := json.Marshal(again); string(a) != string(b) {
			t.Errorf("%s gives other rounds:\n%s\nnot\n%s", dir, b, a)
		}
		if got := sizes(dir); !maps.Equal(got, before) {
			t.Errorf("%s: files %v after the rerun, %v before: games were played again", dir, got, before)
		}
	}
}
