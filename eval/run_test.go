package eval

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	_ "github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/internal/flock"
)

// Test agents: "test-first" plays the first legal action; "test-panic"
// panics; "test-cancel" plays like random and calls cancelHook.fn after
// cancelHook.after decisions.
var cancelHook struct {
	sync.Mutex
	after int
	fn    context.CancelFunc
}

func init() {
	agents.Register(agents.Registration{
		Name:    "test-first",
		Options: []env.OptionDoc{{Name: "salt", Default: "0", Help: "ignored"}},
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return firstAgent{}, nil
		},
	})
	agents.Register(agents.Registration{
		Name: "test-panic",
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return panicAgent{}, nil
		},
	})
	agents.Register(agents.Registration{
		Name: "test-degrade",
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return degradeAgent{agents.NewRandom(g, seed)}, nil
		},
	})
	agents.Register(agents.Registration{
		Name: "test-cancel",
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return cancelAgent{agents.NewRandom(g, seed)}, nil
		},
	})
}

type firstAgent struct{}

func (firstAgent) Act(ctx context.Context, s env.State) (env.Action, error) {
	return s.LegalActions(nil)[0], nil
}

type panicAgent struct{}

func (panicAgent) Act(ctx context.Context, s env.State) (env.Action, error) { panic("test-panic acts") }

// countDownToCancel calls cancelHook.fn at the cancelHook.after-th call.
func countDownToCancel() {
	cancelHook.Lock()
	defer cancelHook.Unlock()
	if cancelHook.after--; cancelHook.after == 0 {
		cancelHook.fn()
	}
}

type cancelAgent struct{ *agents.Random }

func (a cancelAgent) Act(ctx context.Context, s env.State) (env.Action, error) {
	countDownToCancel()
	return a.Random.Act(ctx, s)
}

// degradeAgent is cancelAgent, but once its context is cancelled it plays
// the first legal action without an error, as a search stopped before its
// first simulation might: the game goes on to an end it would not have had.
type degradeAgent struct{ *agents.Random }

func (a degradeAgent) Act(ctx context.Context, s env.State) (env.Action, error) {
	countDownToCancel()
	if ctx.Err() != nil {
		return s.LegalActions(nil)[0], nil
	}
	return a.Random.Act(ctx, s)
}

// solitaire is the spec of a game of one seat, long enough for the
// agents' choices to matter.
const solitaire = "chancewalk:n=20,turns=15"

func mustGame(t *testing.T, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustRun(t *testing.T, cfg Config) []GameResult {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// untimed returns the results with the wall times cleared.
func untimed(rs []GameResult) []GameResult {
	out := make([]GameResult, len(rs))
	for i, r := range rs {
		r.Elapsed = 0
		out[i] = r
	}
	return out
}

func sameResults(t *testing.T, what string, got, want []GameResult) {
	t.Helper()
	got, want = untimed(got), untimed(want)
	if len(got) != len(want) {
		t.Fatalf("%s: %d results, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: result %d is\n%+v\nwant\n%+v", what, i, got[i], want[i])
		}
	}
}

func TestWorkersDoNotChangeResults(t *testing.T) {
	for spec, labels := range map[string][]string{
		"pig":     {"random vs test-first", "test-first vs random"}, // a round robin
		solitaire: {"random", "test-first"},
	} {
		g := mustGame(t, spec)
		cfg := Config{Game: g, Agents: []string{"random", "test-first"}, Games: 12, Seed: 7, Workers: 1}
		one := mustRun(t, cfg)
		if len(one) != 24 {
			t.Fatalf("%s: %d results, want 24", spec, len(one))
		}
		for k, r := range one {
			agent, game := labels[k/12], k%12
			if r.Agent != agent || r.Game != game || r.Seed != GameSeed(7, game) {
				t.Fatalf("%s: result %d is agent %s game %d seed %d, want %s %d %d", spec, k, r.Agent, r.Game, r.Seed, agent, game, GameSeed(7, game))
			}
			if r.Decisions == 0 || r.Score.Verdict == "" {
				t.Fatalf("%s: result %d has no decisions or verdict: %+v", spec, k, r)
			}
		}
		for _, w := range []int{2, 5} {
			cfg.Workers = w
			sameResults(t, fmt.Sprintf("%s with %d workers", spec, w), mustRun(t, cfg), one)
		}
		// Another seed gives other games.
		cfg.Seed = 8
		if reflect.DeepEqual(untimed(mustRun(t, cfg)), untimed(one)) {
			t.Errorf("%s: seeds 7 and 8 gave the same results", spec)
		}
	}
}

func TestAgentsHaveStreamsOfTheirOwn(t *testing.T) {
	g := mustGame(t, solitaire)
	alone := mustRun(t, Config{Game: g, Agents: []string{"random"}, Games: 8, Seed: 3, Workers: 2})
	// Adding agents, before or after, leaves random's games as they were.
	with := mustRun(t, Config{Game: g, Agents: []string{"test-first", "random", "test-first:salt=1"}, Games: 8, Seed: 3, Workers: 3})
	sameResults(t, "random among others", with[8:16], alone)
	// The game seeds are shared, the agents' own seeds are not.
	if AgentSeed(3, 0, "random") == AgentSeed(3, 0, "test-first") || AgentSeed(3, 0, "random") == GameSeed(3, 0) {
		t.Error("agent seeds collide with each other or with the game seed")
	}
	// A spec written differently is the same agent, with the same stream.
	c, err := CanonicalAgent(" test-first : salt=1 ")
	if err != nil || c != "test-first:salt=1" {
		t.Errorf("CanonicalAgent = %q, %v", c, err)
	}
	if _, err := Run(context.Background(), Config{Game: g, Agents: []string{"random", "random:"}, Games: 1}); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("duplicate agents: error %v", err)
	}
}

func TestSplitAgents(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"random", []string{"random"}},
		{"random, greedy,", []string{"random", "greedy"}},
		{"random,mcts:sims=800,c=1.4,greedy", []string{"random", "mcts:sims=800,c=1.4", "greedy"}},
		{"mcts:sims=8,c=1,random:x=1,y=2", []string{"mcts:sims=8,c=1", "random:x=1,y=2"}},
		{"random,depth=2", []string{"random:depth=2"}},
		{"learned:model=p.json,mcts:sims=5,rollout=learned:model=p.json;temp=1,eval=learned:v.json,greedy",
			[]string{"learned:model=p.json", "mcts:sims=5,rollout=learned:model=p.json;temp=1,eval=learned:v.json", "greedy"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := SplitAgents(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitAgents(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGameSeedIsSplitMix64(t *testing.T) {
	// The first outputs of SplitMix64 seeded with 0 and with 1234567, from
	// the reference implementation (prng.di.unimi.it/splitmix64.c).
	want0 := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want0 {
		if got := GameSeed(0, i); got != w {
			t.Errorf("GameSeed(0, %d) = %#x, want %#x", i, got, w)
		}
	}
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423}
	for i, w := range want {
		if got := GameSeed(1234567, i); got != w {
			t.Errorf("GameSeed(1234567, %d) = %d, want %d", i, got, w)
		}
	}
}

func TestResume(t *testing.T) {
	for _, ext := range []string{".jsonl", ".csv"} {
		for _, spec := range []string{"pig", solitaire} {
			t.Run(spec+ext, func(t *testing.T) {
				g := mustGame(t, spec)
				cfg := Config{Game: g, Agents: []string{"random", "test-first"}, Games: 10, Seed: 11, Workers: 2}
				clean := mustRun(t, cfg)

				cfg.Out = filepath.Join(t.TempDir(), "results"+ext)
				cfg.Games = 4
				part := mustRun(t, cfg)
				sameResults(t, "first part", part, append(append([]GameResult{}, clean[0:4]...), clean[10:14]...))
				cfg.Games, cfg.Resume = 10, true
				sameResults(t, "resumed", mustRun(t, cfg), clean)
				// Resuming a complete file plays nothing and reports it all.
				cfg.Workers = 1
				sameResults(t, "resumed again", mustRun(t, cfg), clean)
				checkFile(t, cfg.Out, 20)
				// Old timings come back from the file.
				res := mustRun(t, cfg)
				if res[0].Elapsed == 0 {
					t.Error("timings were not read back")
				}
			})
		}
	}
}

// checkFile checks that a results file has n rows, all complete.
func checkFile(t *testing.T, path string, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if strings.HasSuffix(path, ".csv") {
		lines = lines[1:]
	}
	if len(lines) != n || !bytes.HasSuffix(data, []byte("\n")) {
		t.Fatalf("%s has %d rows, want %d:\n%s", path, len(lines), n, data)
	}
	rf := &resultFile{path: path, gameSpec: "x"}
	for _, l := range lines {
		if strings.HasSuffix(path, ".jsonl") {
			if _, err := rf.parseJSONL(1, []byte(l)); err == nil || !strings.Contains(err.Error(), "made with game") {
				t.Fatalf("%s: line %q does not parse: %v", path, l, err)
			}
		}
	}
}

func TestResumeAfterCancel(t *testing.T) {
	g := mustGame(t, "pig")
	cfg := Config{Game: g, Agents: []string{"test-cancel", "test-first"}, Games: 30, Seed: 5, Workers: 3}
	clean := mustRun(t, cfg)

	cfg.Out = filepath.Join(t.TempDir(), "results.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelHook.Lock()
	cancelHook.after, cancelHook.fn = 60, cancel
	cancelHook.Unlock()
	part, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: error %v", err)
	}
	if len(part) == 0 || len(part) >= len(clean) {
		t.Fatalf("cancelled run returned %d results of %d", len(part), len(clean))
	}
	checkFile(t, cfg.Out, len(part))

	cancelHook.Lock()
	cancelHook.after = -1
	cancelHook.Unlock()
	cfg.Resume = true
	sameResults(t, "resumed", mustRun(t, cfg), clean)
	checkFile(t, cfg.Out, len(clean))
}

// TestCancelledGameIsDropped cancels a run mid-game with agents that play
// on, worse, after the cancellation: the games in flight are not results,
// in the file or returned, and a resumed run plays them in full.
func TestCancelledGameIsDropped(t *testing.T) {
	g := mustGame(t, "pig")
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			cfg := Config{Game: g, Agents: []string{"test-degrade", "test-first"}, Games: 12, Seed: 7, Workers: workers}
			cancelHook.Lock()
			cancelHook.after = -1
			cancelHook.Unlock()
			clean := mustRun(t, cfg)
			want := map[string]GameResult{}
			for _, r := range untimed(clean) {
				want[fmt.Sprint(r.Agent, r.Game)] = r
			}

			cfg.Out = filepath.Join(t.TempDir(), "results.jsonl")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cancelHook.Lock()
			cancelHook.after, cancelHook.fn = 150, cancel
			cancelHook.Unlock()
			part, err := Run(ctx, cfg)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled run: error %v", err)
			}
			if len(part) >= len(clean) {
				t.Fatalf("cancelled run returned %d results of %d", len(part), len(clean))
			}
			for _, r := range untimed(part) {
				if w := want[fmt.Sprint(r.Agent, r.Game)]; !reflect.DeepEqual(r, w) {
					t.Errorf("cancelled run's result\n%+v\nis not the uninterrupted run's\n%+v", r, w)
				}
			}
			checkFile(t, cfg.Out, len(part))

			cancelHook.Lock()
			cancelHook.after = -1
			cancelHook.Unlock()
			cfg.Resume = true
			sameResults(t, "resumed", mustRun(t, cfg), clean)
		})
	}
}

func TestResumeTruncatedLine(t *testing.T) {
	for _, ext := range []string{".jsonl", ".csv"} {
		t.Run(ext, func(t *testing.T) {
			g := mustGame(t, solitaire)
			cfg := Config{Game: g, Agents: []string{"random"}, Games: 6, Seed: 2, Workers: 2}
			clean := mustRun(t, cfg)

			cfg.Out = filepath.Join(t.TempDir(), "results"+ext)
			cfg.Games = 3
			mustRun(t, cfg)
			data, err := os.ReadFile(cfg.Out)
			if err != nil {
				t.Fatal(err)
			}
			// A copy of the last row cut in the middle, as if killed while
			// writing it.
			last := data[bytes.LastIndexByte(data[:len(data)-1], '\n')+1:]
			data = append(data, last[:len(last)/2]...)
			if err := os.WriteFile(cfg.Out, data, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg.Games, cfg.Resume = 6, true
			var warn bytes.Buffer
			cfg.Warn = &warn
			sameResults(t, "resumed", mustRun(t, cfg), clean)
			checkFile(t, cfg.Out, 6)
			// What was dropped is said.
			if want := fmt.Sprintf("results file %s: dropped its last %d bytes, a row cut short when a run stopped (its game is played again)\n", cfg.Out, len(last)/2); warn.String() != want {
				t.Errorf("note %q, want %q", warn.String(), want)
			}
		})
	}
	// A CSV file cut inside its header starts again.
	g := mustGame(t, "pig")
	out := filepath.Join(t.TempDir(), "results.csv")
	if err := os.WriteFile(out, []byte("agent,game_sp"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, Config{Game: g, Agents: []string{"random"}, Games: 2, Out: out, Resume: true})
	checkFile(t, out, 2)
}

// TestResumeRefusesLongTail: a file with more after its last newline than a
// torn row (here no newline at all) is refused, left whole, not cut to
// nothing.
func TestResumeRefusesLongTail(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	data := bytes.Repeat([]byte("x"), maxTornRow+1)
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Config{Game: mustGame(t, "pig"), Agents: []string{"random"}, Games: 2, Out: out, Resume: true})
	want := fmt.Sprintf("results file %s ends with %d bytes after its last newline, more than a torn row: it was not written whole by chariot; repair it or choose another file", out, len(data))
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, data) {
		t.Errorf("the file was changed: %d bytes, had %d", len(got), len(data))
	}
}

// TestOneWriterPerResultsFile: a results file locked by another writer is
// refused with its path, and left as it was.
func TestOneWriterPerResultsFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	l, err := flock.File(out)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	_, err = Run(context.Background(), Config{Game: mustGame(t, "pig"), Agents: []string{"random"}, Games: 2, Out: out, Resume: true})
	var busy *flock.BusyError
	if !errors.As(err, &busy) || busy.Path != out {
		t.Fatalf("error %v, want the file in use", err)
	}
	if st, _ := os.Stat(out); st.Size() != 0 {
		t.Errorf("the locked file was written: %d bytes", st.Size())
	}
}

func TestOutErrors(t *testing.T) {
	dir := t.TempDir()
	pig := mustGame(t, "pig")
	made := filepath.Join(dir, "made.jsonl")
	mustRun(t, Config{Game: pig, Agents: []string{"random"}, Games: 2, Seed: 1, Out: made})
	madeCSV := filepath.Join(dir, "made.csv")
	mustRun(t, Config{Game: pig, Agents: []string{"random"}, Games: 2, Seed: 1, Out: madeCSV})
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name   string
		game   string
		seed   uint64
		out    string
		resume bool
		want   string
	}{
		{"bad extension", "pig", 1, filepath.Join(dir, "r.txt"), false, `unknown extension ".txt" (want .jsonl or .csv)`},
		{"exists", "pig", 1, made, false, "exists and is not empty"},
		{"other game", "pig:target=30", 1, made, true, "made with game pig, not pig:target=30 (target: 20 in the file, 30 asked)"},
		{"other seed", "pig", 2, made, true, "the file was made with another seed"},
		{"other game csv", solitaire, 1, madeCSV, true, "made with game pig, not chancewalk:n=20,turns=15 (game: pig in the file, chancewalk asked)"},
		{"other seed csv", "pig", 2, madeCSV, true, "the file was made with another seed"},
		{"not json", "pig", 1, write("bad.jsonl", "{\"agent\":\n"), true, "line 1"},
		{"missing field", "pig", 1, write("bad2.jsonl", `{"agent":"random"}`+"\n"), true, "game, seed or score missing"},
		{"bad header", "pig", 1, write("bad.csv", "a,b,c\n"), true, "not that of a results file"},
		{"duplicate row", "pig", 1, write("dup.jsonl", firstLine(t, made)+firstLine(t, made)), true, "appears twice"},
	}
	for _, tt := range tests {
		before, _ := os.ReadFile(tt.out)
		_, err := Run(context.Background(), Config{Game: mustGame(t, tt.game), Agents: []string{"random"}, Games: 3, Seed: tt.seed, Out: tt.out, Resume: tt.resume})
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", tt.name, err, tt.want)
		}
		if after, _ := os.ReadFile(tt.out); !bytes.Equal(before, after) {
			t.Errorf("%s: the file was changed", tt.name)
		}
	}
	// An empty file may be written without resuming.
	empty := write("empty.jsonl", "")
	mustRun(t, Config{Game: pig, Agents: []string{"random"}, Games: 2, Out: empty})
	checkFile(t, empty, 2)
}

func firstLine(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data[:bytes.IndexByte(data, '\n')+1])
}

func TestRunErrors(t *testing.T) {
	pig := mustGame(t, "pig")
	out := filepath.Join(t.TempDir(), "r.jsonl")
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no agents", Config{Game: pig, Games: 1}, "no agents"},
		{"no games", Config{Game: pig, Agents: []string{"random"}}, "0 games"},
		{"unknown agent", Config{Game: pig, Agents: []string{"random", "genius"}, Games: 1, Out: out}, `unknown agent "genius"`},
		{"unknown option", Config{Game: pig, Agents: []string{"random:depth=2"}, Games: 1, Out: out}, "agent random takes no options"},
		{"bad spec", Config{Game: pig, Agents: []string{"test-first:salt"}, Games: 1, Out: out}, "not key=value"},
		{"panic", Config{Game: pig, Agents: []string{"test-panic"}, Games: 3, Workers: 2}, "agent test-panic, game "},
	}
	for _, tt := range tests {
		_, err := Run(context.Background(), tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", tt.name, err, tt.want)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Error("a configuration error created the results file")
	}
}

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	mustRun(t, Config{Game: mustGame(t, "pig"), Agents: []string{"random"}, Games: 5, Progress: &buf})
	if !strings.Contains(buf.String(), "bench") {
		t.Errorf("progress output %q", buf.String())
	}
}
