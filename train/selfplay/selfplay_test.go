package selfplay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/train/dataset"
)

// TestRunResume: the rows of a game do not depend on the workers, a killed
// run is resumed to the same games, and a search agent's visits are
// recorded.
func TestRunResume(t *testing.T) {
	g := stnazaire.Default()
	dir := t.TempDir()
	one := filepath.Join(dir, "one.jsonl")
	if _, err := Run(t.Context(), Config{Game: g, Agent: "greedy", Games: 6, Seed: 9, Workers: 1, Out: one}); err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(dir, "two.jsonl")
	if _, err := Run(t.Context(), Config{Game: g, Agent: "greedy", Games: 3, Seed: 9, Workers: 2, Out: two}); err != nil {
		t.Fatal(err)
	}
	// Kill the run in the middle of a game: a partial last line and a
	// game without its last row.
	data, _ := os.ReadFile(two)
	d1, _ := dataset.Read(one)
	extra := bytes.Split(mustRows(t, one, 3), []byte("\n"))
	data = append(data, bytes.Join(extra[:5], []byte("\n"))...)
	data = append(data, []byte("\n{\"game\":3,\"ga")...)
	os.WriteFile(two, data, 0o644)
	n, err := Run(t.Context(), Config{Game: g, Agent: "greedy", Games: 6, Seed: 9, Workers: 2, Out: two, Resume: true})
	if err != nil || n != 3 {
		t.Fatalf("resume played %d games: %v", n, err)
	}
	d2, err := dataset.Read(two)
	if err != nil {
		t.Fatal(err)
	}
	if d2.Games() != 6 || len(d1.Rows) != len(d2.Rows) {
		t.Fatalf("%d games, %d rows, want 6 and %d", d2.Games(), len(d2.Rows), len(d1.Rows))
	}
	for i := range d1.Rows {
		a, b := d1.Rows[i], d2.Rows[i]
		if a.Game != b.Game || a.Chosen != b.Chosen || a.FinalVP != b.FinalVP || a.GameSeed != eval.GameSeed(9, a.Game) {
			t.Fatalf("row %d differs: %+v %+v", i, a, b)
		}
	}
	// Resuming with another agent is refused.
	if _, err := Run(t.Context(), Config{Game: g, Agent: "cautious", Games: 6, Seed: 9, Out: two, Resume: true}); err == nil || !strings.Contains(err.Error(), "made by agent greedy") {
		t.Fatalf("resume with another agent: %v", err)
	}
	// A new run will not overwrite.
	if _, err := Run(t.Context(), Config{Game: g, Agent: "greedy", Games: 6, Seed: 9, Out: two}); err == nil {
		t.Fatal("overwrote a dataset")
	}
}

// mustRows returns the lines of game k of a dataset file.
func mustRows(t *testing.T, path string, k int) []byte {
	data, _ := os.ReadFile(path)
	var out [][]byte
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte(`{"game":`+string(rune('0'+k))+`,`)) {
			out = append(out, line)
		}
	}
	if len(out) < 6 {
		t.Fatalf("game %d has %d rows", k, len(out))
	}
	return bytes.Join(out, []byte("\n"))
}

func TestSearchVisits(t *testing.T) {
	g := stnazaire.Default()
	game, err := PlayGame(context.Background(), g, []string{"mcts:sims=8,rollout=greedy"}, 1, 0, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	searched := 0
	for _, r := range game.Rows {
		if r.Visits == nil {
			continue
		}
		searched++
		total := 0
		for _, v := range r.Visits {
			total += v
		}
		if total != 8 {
			t.Fatalf("visits %v sum to %d, want 8", r.Visits, total)
		}
		tg := r.Target()
		if len(tg) != len(r.Legal) {
			t.Fatal("target length")
		}
	}
	if searched == 0 {
		t.Fatal("no decision recorded visits")
	}
}
