package selfplay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/envtest"
	_ "github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/flock"
	"github.com/chariot-ai/chariot/train/dataset"
)

// TestRunResume, on Pig (two seats, dice, a few dozen decisions a game):
// the rows of a game do not depend on the workers, a killed run is resumed
// to the same games, and both seats are recorded.
func TestRunResume(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	dir := t.TempDir()
	one := filepath.Join(dir, "one.jsonl")
	if _, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 6, Seed: 9, Workers: 1, Out: one, Seat: -1}); err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(dir, "two.jsonl")
	if _, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 3, Seed: 9, Workers: 2, Out: two, Seat: -1}); err != nil {
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
	var warn bytes.Buffer
	n, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 6, Seed: 9, Workers: 2, Out: two, Resume: true, Seat: -1, Warn: &warn})
	if err != nil || n != 3 {
		t.Fatalf("resume played %d games: %v", n, err)
	}
	// The cut is said, with its size.
	cut := len(bytes.Join(extra[:5], []byte("\n"))) + len("\n{\"game\":3,\"ga")
	if want := fmt.Sprintf("dataset %s: dropped its last %d bytes, an unfinished game a stopped run was writing (it is played again)\n", two, cut); warn.String() != want {
		t.Errorf("note %q, want %q", warn.String(), want)
	}
	d2, err := dataset.Read(two)
	if err != nil {
		t.Fatal(err)
	}
	if d2.Games() != 6 || len(d1.Rows) != len(d2.Rows) {
		t.Fatalf("%d games, %d rows, want 6 and %d", d2.Games(), len(d2.Rows), len(d1.Rows))
	}
	if !slices.Equal(d2.Header.Seats, []int{0, 1}) {
		t.Fatalf("the header records seats %v, want [0 1]", d2.Header.Seats)
	}
	bySeat := map[int]int{}
	for i := range d1.Rows {
		a, b := d1.Rows[i], d2.Rows[i]
		if a.Game != b.Game || a.Seat != b.Seat || a.Chosen != b.Chosen || a.FinalVP != b.FinalVP || a.GameSeed != eval.GameSeed(9, a.Game) {
			t.Fatalf("row %d differs: %+v %+v", i, a, b)
		}
		bySeat[a.Seat]++
	}
	if bySeat[0] == 0 || bySeat[1] == 0 {
		t.Fatalf("rows by seat %v: want both seats", bySeat)
	}
	// Resuming with another agent, or other seats, is refused.
	if _, err := Run(t.Context(), Config{Game: g, Agent: "mcts:sims=2", Games: 6, Seed: 9, Out: two, Resume: true, Seat: -1}); err == nil || !strings.Contains(err.Error(), "made by agent random") {
		t.Fatalf("resume with another agent: %v", err)
	}
	if _, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 6, Seed: 9, Out: two, Resume: true}); err == nil || !strings.Contains(err.Error(), "records seats [0 1], not [0]") {
		t.Fatalf("resume with another seat: %v", err)
	}
	// A new run will not overwrite.
	if _, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 6, Seed: 9, Out: two, Seat: -1}); err == nil {
		t.Fatal("overwrote a dataset")
	}
}

// slow is a test agent that plays like random but waits a few
// milliseconds a decision, more in some games than others (by its seed),
// so that games played at once finish out of order.
type slow struct {
	*agents.Random
	wait time.Duration
}

func (a slow) Act(ctx context.Context, s env.State) (env.Action, error) {
	time.Sleep(a.wait)
	return a.Random.Act(ctx, s)
}

func init() {
	agents.Register(agents.Registration{Name: "test-slow", New: func(g env.Game, _ env.Params, seed uint64) (agents.Agent, error) {
		return slow{agents.NewRandom(g, seed), time.Duration(seed%4) * time.Millisecond}, nil
	}})
}

// TestFileIndependentOfWorkers: one worker or four, the dataset is the
// same file byte for byte, its games in game order, though four workers
// finish them out of order.
func TestFileIndependentOfWorkers(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	dir := t.TempDir()
	var files [][]byte
	for _, workers := range []int{1, 4} {
		out := filepath.Join(dir, fmt.Sprintf("w%d.jsonl", workers))
		if _, err := Run(t.Context(), Config{Game: g, Agent: "test-slow", Games: 12, Seed: 4, Workers: workers, Out: out, Seat: -1}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatalf("one worker's dataset (%d bytes) and four's (%d bytes) differ", len(files[0]), len(files[1]))
	}
}

// TestOneWriterPerDataset: a dataset another writer holds is refused, not
// appended to.
func TestOneWriterPerDataset(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	out := filepath.Join(t.TempDir(), "d.jsonl")
	l, err := flock.File(out)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	for _, resume := range []bool{false, true} {
		_, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 2, Seed: 1, Out: out, Resume: resume, Seat: -1})
		var busy *flock.BusyError
		if !errors.As(err, &busy) {
			t.Errorf("resume %t: %v, want the dataset in use", resume, err)
		}
	}
	if st, _ := os.Stat(out); st.Size() != 0 {
		t.Errorf("the locked dataset was written: %d bytes", st.Size())
	}
}

// TestResumeStartsANewRun: --resume of a dataset not yet written plays
// the whole run, as bench does, so a cluster task's first start and its
// restarts can be one command.
func TestResumeStartsANewRun(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	out := filepath.Join(t.TempDir(), "new.jsonl")
	n, err := Run(t.Context(), Config{Game: g, Agent: "random", Games: 3, Seed: 9, Out: out, Resume: true, Seat: -1})
	if err != nil || n != 3 {
		t.Fatalf("resume of a missing dataset played %d games: %v", n, err)
	}
	if d, err := dataset.Read(out); err != nil || d.Games() != 3 {
		t.Fatalf("the dataset: %v", err)
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

// TestSearchVisits: a search agent's root visits are recorded, in every
// seat.
func TestSearchVisits(t *testing.T) {
	game, err := PlayGame(context.Background(), envtest.NewGame(t, "pig"), []string{"mcts:sims=8", "mcts:sims=8"}, "", 1, 0, []int{0, 1}, true)
	if err != nil {
		t.Fatal(err)
	}
	searched := map[int]int{}
	for _, r := range game.Rows {
		if r.Visits == nil {
			continue
		}
		searched[r.Seat]++
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
	if searched[0] == 0 || searched[1] == 0 {
		t.Fatalf("decisions with visits by seat %v: want both seats", searched)
	}
}

// TestTeacher: with a teacher, the players' game is played move for move
// as without one (same positions, same final returns), and every row holds
// the teacher's choice and visit counts, which differ from the random
// player's somewhere.
func TestTeacher(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	lineup := []string{"random", "random"}
	differ, rows := 0, 0
	for i := range 10 {
		plain, err := PlayGame(t.Context(), g, lineup, "", 3, i, []int{0}, true)
		if err != nil {
			t.Fatal(err)
		}
		taught, err := PlayGame(t.Context(), g, lineup, "mcts:sims=16", 3, i, []int{0}, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(plain.Rows) != len(taught.Rows) {
			t.Fatalf("game %d: %d rows with a teacher, %d without", i, len(taught.Rows), len(plain.Rows))
		}
		for j, p := range plain.Rows {
			r := taught.Rows[j]
			if !slices.Equal(p.State, r.State) || p.FinalVP != r.FinalVP || !slices.Equal(p.Legal, r.Legal) {
				t.Fatalf("game %d row %d: the teacher changed the game", i, j)
			}
			if len(r.Legal) > 1 {
				rows++
				if k := slices.Index(r.Legal, r.Chosen); r.Visits == nil || r.Visits[k] != slices.Max(r.Visits) {
					t.Fatalf("game %d row %d: chosen %d, visits %v: not the teacher's", i, j, r.Chosen, r.Visits)
				}
			}
			if r.Chosen != p.Chosen {
				differ++
			}
		}
	}
	if differ == 0 || rows < 10 {
		t.Fatalf("%d decisions with a choice, %d where the teacher chose otherwise than the random player", rows, differ)
	}
	// A resumed run must have been labelled by the same teacher.
	out := filepath.Join(t.TempDir(), "d.jsonl")
	if _, err := Run(t.Context(), Config{Game: g, Agent: "random", Teacher: "mcts:sims=16", Games: 2, Seed: 3, Workers: 1, Out: out, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	_, err := Run(t.Context(), Config{Game: g, Agent: "random", Teacher: "mcts:sims=32", Games: 3, Seed: 3, Workers: 1, Out: out, Seat: 0, Resume: true})
	if err == nil || !strings.Contains(err.Error(), "labelled by teacher") {
		t.Fatalf("resumed with another teacher: %v", err)
	}
}
