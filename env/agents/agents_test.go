package agents_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/pig"
)

func init() {
	// A test agent with options, for New's option handling.
	opts := []env.OptionDoc{
		{Name: "n", Default: "3", Help: "an integer 1 to 10"},
		{Name: "x", Default: "0.5", Help: "a number 0 to 1"},
	}
	agents.Register(agents.Registration{
		Name:        "test_first",
		Description: "plays the first legal action; only plays pig with a d6",
		Options:     opts,
		Supports:    func(g env.Game) bool { return g.Name() == "pig" && g.NumDistinctActions() == 8 },
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			if _, err := agents.Int(p, opts[0], 1, 10); err != nil {
				return nil, err
			}
			if _, err := agents.Float(p, opts[1], 0, 1); err != nil {
				return nil, err
			}
			return first{}, nil
		},
	})
}

type first struct{}

func (first) Act(ctx context.Context, s env.State) (env.Action, error) {
	return s.LegalActions(nil)[0], nil
}

// illegal always plays an action out of range.
type illegal struct{}

func (illegal) Act(ctx context.Context, s env.State) (env.Action, error) { return 99, nil }

func mustGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNew(t *testing.T) {
	pig := mustGame(t, "pig")
	tests := []struct {
		spec    string
		wantErr string
	}{
		{"random", ""},
		{" random ", ""},
		{"random:", ""},
		{"test_first", ""},
		{"test_first:n=10,x=0", ""},
		{"nope", `unknown agent "nope" (known: random, rules, test_first, test_nest, tuned)`},
		{"", `unknown agent ""`},
		{"random:depth=3", `agent random takes no options (given depth=3)`},
		{"random:depth", `agent random: option "depth" is not key=value`},
		{"test_first:depth=3", `agent test_first: unknown option "depth" (known: n, x)`},
		{"test_first:n=11", "agent test_first: option n=11: out of range 1 to 10"},
		{"test_first:n=two", `agent test_first: option n="two": not an integer`},
		{"test_first:x=NaN", `option x="NaN": not a number`},
		{"test_first:n=1,n=2", `option "n" given twice`},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			a, err := agents.New(tt.spec, pig, 1)
			if tt.wantErr == "" {
				if err != nil || a == nil {
					t.Fatalf("New(%q) = %v, %v", tt.spec, a, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("New(%q) error %v, want one containing %q", tt.spec, err, tt.wantErr)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is not one line", err)
			}
		})
	}
}

func TestSupports(t *testing.T) {
	if _, err := agents.New("test_first", mustGame(t, "pig"), 1); err != nil {
		t.Fatalf("test_first on pig with a d6: %v", err)
	}
	_, err := agents.New("test_first", mustGame(t, "pig:die=4"), 1)
	if want := "agent test_first does not play pig:die=4,target=20"; err == nil || err.Error() != want {
		t.Errorf("test_first on pig with a d4: %v, want %q", err, want)
	}
}

func TestList(t *testing.T) {
	var names []string
	for _, r := range agents.List() {
		names = append(names, r.Name)
		if r.Description == "" {
			t.Errorf("agent %s has no description", r.Name)
		}
	}
	if !slices.IsSorted(names) || !slices.Contains(names, "random") {
		t.Errorf("List() names %v: want sorted, with random", names)
	}
}

func TestParams(t *testing.T) {
	o := func(def string) env.OptionDoc { return env.OptionDoc{Name: "k", Default: def} }
	p := func(v string) env.Params { return env.Params{"k": v} }
	t.Run("Int", func(t *testing.T) {
		for _, tt := range []struct {
			p       env.Params
			def     string
			want    int
			wantErr string
		}{
			{env.Params{}, "7", 7, ""},
			{p("3"), "7", 3, ""},
			{p("-1"), "7", 0, "out of range 0 to 10"},
			{p("1.5"), "7", 0, "not an integer"},
			{env.Params{}, "x", 0, `option k="x"`}, // a bad default is caught too
		} {
			got, err := agents.Int(tt.p, o(tt.def), 0, 10)
			checkParam(t, tt.p, got, tt.want, err, tt.wantErr)
		}
	})
	t.Run("Float", func(t *testing.T) {
		for _, tt := range []struct {
			p       env.Params
			want    float64
			wantErr string
		}{
			{env.Params{}, 1.4, ""},
			{p("0.25"), 0.25, ""},
			{p("1e9"), 0, "out of range"},
			{p("NaN"), 0, "not a number"},
			{p("Inf"), 0, "out of range"},
			{p("abc"), 0, "not a number"},
		} {
			got, err := agents.Float(tt.p, o("1.4"), 0, 10)
			checkParam(t, tt.p, got, tt.want, err, tt.wantErr)
		}
	})
	t.Run("Bool", func(t *testing.T) {
		for _, tt := range []struct {
			p       env.Params
			want    bool
			wantErr string
		}{
			{env.Params{}, true, ""},
			{p("false"), false, ""},
			{p("0"), false, ""},
			{p("maybe"), false, "not true or false"},
		} {
			got, err := agents.Bool(tt.p, o("true"))
			checkParam(t, tt.p, got, tt.want, err, tt.wantErr)
		}
	})
	t.Run("Duration", func(t *testing.T) {
		for _, tt := range []struct {
			p       env.Params
			want    string
			wantErr string
		}{
			{env.Params{}, "1s", ""},
			{p("250ms"), "250ms", ""},
			{p("1h"), "0s", "out of range"},
			{p("5"), "0s", "not a duration"},
		} {
			got, err := agents.Duration(tt.p, o("1s"), 0, 60e9)
			checkParam(t, tt.p, got.String(), tt.want, err, tt.wantErr)
		}
	})
}

func checkParam[T comparable](t *testing.T, p env.Params, got, want T, err error, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%v: error %v, want one containing %q", p, err, wantErr)
		}
		return
	}
	if err != nil || got != want {
		t.Errorf("%v: got %v, %v; want %v", p, got, err, want)
	}
}

// record is one line of an episode.
func record(log *[]string) func(s env.State, a env.Action, who env.Player) {
	return func(s env.State, a env.Action, who env.Player) {
		*log = append(*log, fmt.Sprintf("%d %s", who, s.ActionString(a)))
	}
}

func randomPlayers(t testing.TB, g env.Game, seed uint64) []agents.Agent {
	t.Helper()
	ps := make([]agents.Agent, g.NumPlayers())
	for i := range ps {
		a, err := agents.New("random", g, agents.SeatSeed(seed, i))
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = a
	}
	return ps
}

func TestRandomPlaysLegalActions(t *testing.T) {
	for _, spec := range []string{"pig", "pig:target=5,die=3", "pig:die=2,target=30"} {
		g := mustGame(t, spec)
		counts := map[string]int{}
		for seed := range uint64(100) {
			obs := func(s env.State, a env.Action, who env.Player) {
				if who == env.Chance {
					return
				}
				if !slices.Contains(s.LegalActions(nil), a) {
					t.Fatalf("%s seed %d: random played %d, legal %v", spec, seed, a, s.LegalActions(nil))
				}
				counts[s.ActionString(a)]++
			}
			end, err := agents.RunEpisode(context.Background(), g, seed, randomPlayers(t, g, seed), obs)
			if err != nil {
				t.Fatal(err)
			}
			if !end.IsTerminal() {
				t.Fatalf("%s seed %d: episode not over", spec, seed)
			}
		}
		if counts["stop"] == 0 || counts["roll"] == 0 {
			t.Errorf("%s: random never chose one of the actions: %v", spec, counts)
		}
	}
}

func TestRandomRefusesChance(t *testing.T) {
	g := mustGame(t, "pig")
	s := g.NewInitialState(0)
	if err := s.Apply(1); err != nil { // roll: a chance node follows
		t.Fatal(err)
	}
	a, err := agents.New("random", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Act(context.Background(), s); err == nil {
		t.Error("random acted at a chance node")
	}
}

func TestRunEpisodeDeterministic(t *testing.T) {
	g := mustGame(t, "pig")
	for seed := range uint64(10) {
		var a, b []string
		if _, err := agents.RunEpisode(context.Background(), g, seed, randomPlayers(t, g, seed), record(&a)); err != nil {
			t.Fatal(err)
		}
		if _, err := agents.RunEpisode(context.Background(), g, seed, randomPlayers(t, g, seed), record(&b)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: two runs differ:\n%v\n%v", seed, a, b)
		}
	}
}

// TestDiceIndependentOfAgents checks that the agents' randomness does not
// move the dice: in pig every roll has the same outcomes, so the k-th roll
// of an episode depends only on the episode's seed.
func TestDiceIndependentOfAgents(t *testing.T) {
	g := mustGame(t, "pig")
	rolls := func(agentSeed uint64) []string {
		var out []string
		obs := func(s env.State, a env.Action, who env.Player) {
			if who == env.Chance {
				out = append(out, s.ActionString(a))
			}
		}
		if _, err := agents.RunEpisode(context.Background(), g, 42, randomPlayers(t, g, agentSeed), obs); err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b := rolls(1), rolls(2)
	n := min(len(a), len(b))
	if n < 5 {
		t.Fatalf("too few rolls to compare: %d", n)
	}
	if !slices.Equal(a[:n], b[:n]) {
		t.Errorf("the dice changed with the agents' seed:\n%v\n%v", a[:n], b[:n])
	}
}

func TestRunEpisodeErrors(t *testing.T) {
	g := mustGame(t, "pig")
	if _, err := agents.RunEpisode(context.Background(), g, 1, []agents.Agent{first{}}, nil); err == nil || !strings.Contains(err.Error(), "2 seats") {
		t.Errorf("one player for two seats: %v", err)
	}
	_, err := agents.RunEpisode(context.Background(), g, 1, []agents.Agent{illegal{}, illegal{}}, nil)
	if !errors.Is(err, env.ErrIllegal) {
		t.Errorf("illegal agent: %v, want ErrIllegal", err)
	}
}

func TestSeatSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := range uint64(10) {
		for seat := range 4 {
			s := agents.SeatSeed(seed, seat)
			if seen[s] {
				t.Fatalf("SeatSeed(%d, %d) = %d repeats", seed, seat, s)
			}
			seen[s] = true
			if s != agents.SeatSeed(seed, seat) {
				t.Fatal("SeatSeed is not deterministic")
			}
		}
	}
}

func ExampleNew() {
	g, err := env.NewGame("pig:target=10")
	if err != nil {
		fmt.Println(err)
		return
	}
	players := make([]agents.Agent, g.NumPlayers())
	for i := range players {
		if players[i], err = agents.New("random", g, agents.SeatSeed(1, i)); err != nil {
			fmt.Println(err)
			return
		}
	}
	end, err := agents.RunEpisode(context.Background(), g, 1, players, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(end)
	fmt.Println(end.Score().Verdict)
	// Output:
	// p0 16, p1 0 (target 10); p0 wins
	// p0 wins
}

// TestChoices: a list option gives its items in order, the default when
// absent, nothing when empty, and refuses an item not allowed, or an empty
// one, naming it.
func TestChoices(t *testing.T) {
	o := env.OptionDoc{Name: "at", Default: "move"}
	allowed := []string{"move", "fire", "select"}
	for _, tt := range []struct {
		p    env.Params
		want []string
		bad  string
	}{
		{env.Params{}, []string{"move"}, ""},
		{env.Params{"at": "fire+move"}, []string{"fire", "move"}, ""},
		{env.Params{"at": ""}, nil, ""},
		{env.Params{"at": "fire+dance"}, nil, `option at: "dance" is not a decision`},
		{env.Params{"at": "fire+"}, nil, `option at: "" is not a decision`},
	} {
		got, err := agents.Choices(tt.p, o, "+", allowed, "a decision")
		switch {
		case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
			t.Errorf("%v: error %v, want %q", tt.p, err, tt.bad)
		case tt.bad == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("%v: %v, %v; want %v", tt.p, got, err, tt.want)
		}
	}
}
