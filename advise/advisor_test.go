package advise

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/search"
)

// testGame is Pig: dice, two seats and a choice at every decision.
func testGame(t testing.TB) env.Game {
	t.Helper()
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// decisionState plays the tool's rolls from seed until a decision with a
// choice.
func decisionState(t testing.TB, seed uint64) *Session {
	t.Helper()
	s, err := NewSession(testGame(t), seed, "")
	if err != nil {
		t.Fatal(err)
	}
	for s.AtChance() || len(s.Legal()) < 2 {
		a, _ := s.ParseRoll("r")
		if !s.AtChance() {
			a = s.Legal()[0] // Pig's forced first roll
		}
		if err := s.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestSuggestSims(t *testing.T) {
	s := decisionState(t, 1)
	const spec = "ismcts:sims=40"
	a, err := NewAdvisor(s.Game(), Options{Agent: spec, Top: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	before := stateJSONOf(t, s.State())
	sg, err := a.Suggest(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	if stateJSONOf(t, s.State()) != before {
		t.Error("Suggest changed the position")
	}
	if !sg.Done || sg.Sims != 40 || sg.Progress != 1 || sg.Rule != "most simulations" || !strings.Contains(sg.Stop, "40 simulations (its budget)") {
		t.Errorf("suggestion: done %v, %d sims, progress %g, rule %q, stop %q; want done, 40, 1, most simulations, its budget", sg.Done, sg.Sims, sg.Progress, sg.Rule, sg.Stop)
	}
	legal := s.Legal()
	if len(sg.Moves) != min(3, len(legal)) || sg.Legal != len(legal) {
		t.Fatalf("%d moves listed of %d legal, want %d", len(sg.Moves), sg.Legal, min(3, len(legal)))
	}
	// The top row is the move the agent plays.
	played := playedBy(t, spec, 7, s)
	if sg.Moves[0].Action != played {
		t.Errorf("top suggestion %s, but the agent plays %s", sg.Moves[0].Name, s.State().ActionString(played))
	}
	total := 0.0
	for i, m := range sg.Moves {
		if legal[m.Number-1] != m.Action || m.Name != s.State().ActionString(m.Action) {
			t.Errorf("move %d: number %d names %q, not action %d", i, m.Number, m.Name, m.Action)
		}
		if i > 1 && m.Visits > sg.Moves[i-1].Visits {
			t.Errorf("moves not sorted by visits: %d after %d", m.Visits, sg.Moves[i-1].Visits)
		}
		if m.CI95 < 0 || math.IsNaN(m.Value) || (m.Visits > 2 && m.CI95 == 0) {
			t.Errorf("move %s: %d simulations, value %g ± %g", m.Name, m.Visits, m.Value, m.CI95)
		}
		total += m.Share
	}
	if total > 1+1e-9 || total <= 0 {
		t.Errorf("shares sum to %g", total)
	}
	again, err := a.Suggest(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	for i := range sg.Moves {
		if again.Moves[i] != sg.Moves[i] {
			t.Errorf("asked again, the same position got other advice: %+v then %+v", sg.Moves[i], again.Moves[i])
		}
	}
}

// playedBy is the move agent spec plays in the session's position, seeded
// as chariot play seeds the seat to move from seed.
func playedBy(t *testing.T, spec string, seed uint64, s *Session) env.Action {
	t.Helper()
	ag, err := agents.New(spec, s.Game(), agents.SeatSeed(seed, int(s.State().CurrentPlayer())))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ag.Act(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestNotSeparated: the top two are flagged when the interval of their
// difference holds 0, whichever row has the better mean.
func TestNotSeparated(t *testing.T) {
	for _, tt := range []struct {
		a, b MoveStat
		want bool
	}{
		{MoveStat{Value: 12.1, CI95: 2.1}, MoveStat{Value: 14.5, CI95: 2.6}, true},
		{MoveStat{Value: 7.3, CI95: 0.5}, MoveStat{Value: 4.7, CI95: 0.6}, false},
		{MoveStat{Value: 4.7, CI95: 0.5}, MoveStat{Value: 7.3, CI95: 0.6}, false},
		{MoveStat{Value: 5, CI95: 1}, MoveStat{Value: 5}, false}, // the second's interval unknown
	} {
		if got := notSeparated([]MoveStat{tt.a, tt.b}); got != tt.want {
			t.Errorf("%.1f ±%.1f vs %.1f ±%.1f: not separated %v, want %v", tt.a.Value, tt.a.CI95, tt.b.Value, tt.b.CI95, got, tt.want)
		}
	}
}

func TestSuggestTimeAndCancel(t *testing.T) {
	s := decisionState(t, 2)
	a, err := NewAdvisor(s.Game(), Options{Agent: "ismcts", Think: 60 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	sg, err := a.Suggest(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	if sg.Sims == 0 || !sg.Done || !strings.Contains(sg.Stop, "in its 60ms") {
		t.Errorf("60ms budget: %v elapsed, %d sims, done %v, stop %q", time.Since(begin), sg.Sims, sg.Done, sg.Stop)
	}
	a, err = NewAdvisor(s.Game(), Options{Think: 60 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sg, err = a.Suggest(ctx, s.State())
	if !errors.Is(err, context.Canceled) || !sg.Canceled || sg.Done {
		t.Errorf("canceled: err %v, canceled %v, done %v", err, sg.Canceled, sg.Done)
	}
}

func TestSuggestRefusals(t *testing.T) {
	g := testGame(t)
	for _, tt := range []struct{ spec, err string }{
		{"ismcts:sims=x", `option sims="x"`},
		{"ismcts:colour=red", "colour"},
		{"genius", `unknown agent "genius"`},
		{"ismcts:sims=0", "no budget"},
	} {
		if _, err := NewAdvisor(g, Options{Agent: tt.spec}); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("NewAdvisor(%q) = %v, want an error with %q", tt.spec, err, tt.err)
		}
	}
	if _, err := NewAdvisor(g, Options{Think: -time.Second}); err == nil {
		t.Error("a negative think time should be refused")
	}
	a, err := NewAdvisor(g, Options{Agent: "ismcts:sims=8"})
	if err != nil {
		t.Fatal(err)
	}
	atDie := g.NewInitialState(1)
	roll, _ := atDie.ParseAction("roll")
	_ = atDie.Apply(roll)
	if _, err := a.Suggest(context.Background(), atDie); !errors.Is(err, ErrAtChance) {
		t.Errorf("Suggest at a die: %v, want ErrAtChance", err)
	}
}

func TestSuggestByAgent(t *testing.T) {
	s := decisionState(t, 3)
	a, err := NewAdvisor(s.Game(), Options{Agent: "random"})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := a.Suggest(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	if len(sg.Moves) != 1 || sg.Note == "" || !sg.Done {
		t.Errorf("a heuristic agent's suggestion: %+v", sg)
	}
}

func TestForecast(t *testing.T) {
	s := decisionState(t, 1)
	legal := s.Legal()
	ctx := context.Background()
	f, err := ForecastMove(ctx, s.State(), legal[0], 50, 11)
	if err != nil {
		t.Fatal(err)
	}
	if f.Futures != 50 || f.Move != s.State().ActionString(legal[0]) || len(f.Events) == 0 {
		t.Fatalf("forecast: %+v", f)
	}
	for _, e := range f.Events {
		if e.Share <= 0 || e.Share > 1 || e.Text == "" {
			t.Errorf("event %+v", e)
		}
	}
	g, _ := ForecastMove(ctx, s.State(), legal[0], 50, 11)
	if len(g.Events) != len(f.Events) || g.ScoreMean != f.ScoreMean {
		t.Error("a forecast is not reproducible from its seed")
	}
	if _, err := ForecastMove(ctx, s.State(), env.Action(s.Game().NumDistinctActions()-1), 10, 1); err == nil || !errors.Is(err, env.ErrIllegal) {
		t.Errorf("forecast of an illegal move: %v", err)
	}
}

// TestForecastPig forecasts a game without phases or narration: after
// "roll", the future runs to the seat's next decision, so the events are
// the die's faces (each at least the sixth of the first roll) and, after a
// 1 passes the turn, the other seat's choices.
func TestForecastPig(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewInitialState(1)
	roll, _ := st.ParseAction("roll")
	f, err := ForecastMove(context.Background(), st, roll, 600, 3)
	if err != nil {
		t.Fatal(err)
	}
	faces := 0
	for _, e := range f.Events {
		switch {
		case strings.HasPrefix(e.Text, "die: "):
			faces++
			if e.Share < 0.12 {
				t.Errorf("event %+v: rarer than the first roll allows", e)
			}
		case e.Text != "seat 1: roll" && e.Text != "seat 1: stop":
			t.Errorf("event %+v", e)
		}
	}
	if faces != 6 {
		t.Fatalf("events %+v, want the six faces", f.Events)
	}
}

func stateJSONOf(t testing.TB, st env.State) string {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkSuggest runs a suggestion under a 200 ms budget and reports by
// how much it overshoots the budget.
func BenchmarkSuggest(b *testing.B) {
	s := decisionState(b, 1)
	const budget = 200 * time.Millisecond
	a, err := NewAdvisor(s.Game(), Options{Think: budget})
	if err != nil {
		b.Fatal(err)
	}
	var over, worst time.Duration
	sims := 0
	for b.Loop() {
		begin := time.Now()
		sg, err := a.Suggest(context.Background(), s.State())
		if err != nil {
			b.Fatal(err)
		}
		el := time.Since(begin)
		over += el - budget
		worst = max(worst, el-budget)
		sims += sg.Sims
	}
	b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "ms-over/op")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-worst-over")
	b.ReportMetric(float64(sims)/float64(b.N), "sims/op")
}

// TestSuggestHalving: every search agent of package search advises with
// its statistics, the rollout search on common numbers too.
func TestSuggestHalving(t *testing.T) {
	s := decisionState(t, 4)
	a, err := NewAdvisor(s.Game(), Options{Agent: "halving:sims=40", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := a.Suggest(context.Background(), s.State())
	if err != nil {
		t.Fatal(err)
	}
	if !sg.Done || sg.Sims == 0 || len(sg.Moves) == 0 || sg.Moves[0].Visits == 0 {
		t.Errorf("halving's suggestion: %+v", sg)
	}
}

// TestWithThink: an agent that takes a time budget gets the think time,
// with no cap of simulations unless the spec sets one; one that takes
// none, or a spec that sets its own time, is left alone.
func TestWithThink(t *testing.T) {
	for _, tt := range []struct {
		name, opts string
		think      time.Duration
		want       string
	}{
		{"ismcts", "", 2 * time.Second, "ismcts:sims=0,time=2s"},
		{"ismcts", "sims=150", 2 * time.Second, "ismcts:sims=150,time=2s"},
		{"ismcts", "time=50ms", 2 * time.Second, "ismcts:time=50ms"},
		{"ismcts", "c=0.7", 0, "ismcts:c=0.7"},
		{"random", "", 2 * time.Second, "random"},
	} {
		p, err := env.ParseParams(tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := withThink(tt.name, p, tt.think); got != tt.want {
			t.Errorf("withThink(%s, %q, %v) = %q, want %q", tt.name, tt.opts, tt.think, got, tt.want)
		}
	}
}

// lastSure is a prior policy that gives the last legal action 0.8.
type lastSure struct{}

func (lastSure) Prior(s env.State, legal []env.Action, out []float64) []float64 {
	out = out[:0]
	for i := range legal {
		p := 0.2 / float64(len(legal)-1)
		if i == len(legal)-1 {
			p = 0.8
		}
		out = append(out, p)
	}
	return out
}

// TestSuggestSurePolicy: where a search trusts its policy (option sure),
// the advice says the policy played the move unsearched, and it is the
// move the agent plays; below the policy's share the search decides.
func TestSuggestSurePolicy(t *testing.T) {
	search.RegisterPolicy("advise-test-last", func(env.Game, string) (search.PriorPolicy, error) { return lastSure{}, nil })
	s := decisionState(t, 1)
	legal := s.Legal()
	for _, c := range []struct {
		sure    string
		trusted bool
	}{{"0.7", true}, {"0.9", false}} {
		spec := "ismcts:policy=advise-test-last,prior=1,sims=40,sure=" + c.sure
		a, err := NewAdvisor(s.Game(), Options{Agent: spec, Top: 3, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		sg, err := a.Suggest(context.Background(), s.State())
		if err != nil {
			t.Fatal(err)
		}
		played := playedBy(t, spec, 7, s)
		if sg.Moves[0].Action != played {
			t.Errorf("sure=%s: top suggestion %s, but the agent plays %s", c.sure, sg.Moves[0].Name, s.State().ActionString(played))
		}
		want := "the policy plays this decision unsearched: " + s.State().ActionString(legal[len(legal)-1]) + " (it gives it 80%, at least the 70% the search trusts)"
		if trusted := sg.Note == want && sg.Sims == 0 && played == legal[len(legal)-1]; trusted != c.trusted {
			t.Errorf("sure=%s: note %q after %d simulations; want trusted %v (%q)", c.sure, sg.Note, sg.Sims, c.trusted, want)
		}
		if !c.trusted && sg.Sims != 40 {
			t.Errorf("sure=%s: %d simulations, want the search's 40", c.sure, sg.Sims)
		}
	}
}
