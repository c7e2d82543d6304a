package tune

import (
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/pig" // holdat
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	"github.com/chariot-ai/chariot/env/envtest"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/search" // the agent mcts
)

func TestParseSpace(t *testing.T) {
	sp, err := ParseSpace("sims=100:2000,c=0.5:4,final=visits|value,prior=0:1")
	if err != nil {
		t.Fatal(err)
	}
	want := []Param{
		{Name: "c", Lo: 0.5, Hi: 4},
		{Name: "final", Values: []string{"visits", "value"}},
		{Name: "prior", Lo: 0, Hi: 1, Int: true},
		{Name: "sims", Lo: 100, Hi: 2000, Int: true, Log: true},
	}
	for i := range want {
		if sp[i].Name != want[i].Name || sp[i].Lo != want[i].Lo || sp[i].Hi != want[i].Hi || sp[i].Int != want[i].Int || sp[i].Log != want[i].Log || len(sp[i].Values) != len(want[i].Values) {
			t.Errorf("param %d: %+v, want %+v", i, sp[i], want[i])
		}
	}
	for _, bad := range []string{"c=4:1", "c=x:2", "c=3", "c"} {
		if _, err := ParseSpace(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestRun tunes a search on chancewalk, a one-player game: tuning ranks
// each candidate by its own score, which a game of one seat gives.
func TestRun(t *testing.T) {
	g, err := env.NewGame("chancewalk")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := Config{Game: g, Agent: "mcts:final=value", Space: mustSpace(t, "c=0.2:4,sims=2:30"), Candidates: 5,
		Budget: 90, Seed: 3, Workers: 2, Out: filepath.Join(dir, "r.jsonl"), Confirm: 20, ConfirmSeed: 4}
	res, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) != 6 || res.Candidates[0].Spec != res.Best || res.Reference != "mcts:final=value" {
		t.Fatalf("result %+v", res)
	}
	for _, c := range res.Candidates {
		if c.Games == 0 || !strings.HasPrefix(c.Spec, "mcts:") || !strings.Contains(c.Spec, "final=value") {
			t.Fatalf("candidate %+v", c)
		}
	}
	// The same run again reads the games from the results file and gives
	// the same answer.
	again, err := Run(t.Context(), cfg)
	if err != nil || again.Best != res.Best {
		t.Fatalf("rerun: %v, best %s then %s", err, res.Best, again.Best)
	}
	// The tuned agent plays the saved spec.
	spec := filepath.Join(dir, "best.spec")
	if err := agents.SaveSpec(spec, res.Best); err != nil {
		t.Fatal(err)
	}
	if _, err := agents.New("tuned:file="+spec, g, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := agents.New("tuned:file="+filepath.Join(dir, "none.spec"), g, 1); err == nil {
		t.Fatal("tuned agent without a file")
	}
	if _, err := Run(t.Context(), Config{Game: g, Agent: "mcts:sims=8", Space: mustSpace(t, "sims=2:30"), Candidates: 2, Budget: 4}); err == nil {
		t.Fatal("an option both fixed and tuned")
	}
}

func mustSpace(t *testing.T, s string) []Param {
	sp, err := ParseSpace(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestRunRefusesSeatGames: in a game of two seats a candidate's score is
// its return against a population, so tuning without one is refused in a
// line, not tuned into NaN; so is a seat the arena cannot fill.
func TestRunRefusesSeatGames(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	for _, c := range []struct {
		seat int
		pop  []string
		want string
	}{{0, nil, "pig has 2 seats: a candidate's score there is its return against a population"}, {2, []string{"random"}, "seat 2 of pig"}} {
		_, err := Run(t.Context(), Config{Game: g, Agent: "mcts", Space: mustSpace(t, "c=0.5:2"), Candidates: 2, Budget: 4, Seat: c.seat, Population: c.pop})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("tune on Pig, seat %d: %v", c.seat, err)
		}
	}
	if _, err := Run(t.Context(), Config{Game: envtest.NewGame(t, "chancewalk"), Agent: "mcts", Space: mustSpace(t, "c=0.5:2"),
		Candidates: 2, Budget: 4, Population: []string{"random"}}); err == nil || !strings.Contains(err.Error(), "one seat") {
		t.Fatalf("a population on a one-seat game: %v", err)
	}
}

// TestRunAgainstAPopulation tunes a search for Pig's second seat against
// a population of two first seats: the candidates are ranked by their mean
// return over both, confirmed on fresh games.
func TestRunAgainstAPopulation(t *testing.T) {
	g := envtest.NewGame(t, "pig:target=30")
	cfg := Config{Game: g, Agent: "mcts:sims=30", Space: mustSpace(t, "c=0.5:2,rollout=random|holdat"), Candidates: 3, Budget: 120, Seed: 5, Workers: 2,
		Seat: 1, Population: []string{"holdat:n=15", "random"}, Out: filepath.Join(t.TempDir(), "r.jsonl"), Confirm: 60, ConfirmSeed: 6}
	res, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Best != res.Reference && (res.Confirmed.Games != 60 || res.ConfirmedRef.Games != 60) {
		t.Fatalf("best %s, confirmed %+v", res.Best, res.Confirmed)
	}
	for _, c := range res.Candidates {
		if c.Mean < -1 || c.Mean > 1 || c.Games == 0 {
			t.Fatalf("candidate %+v: a mean return of Pig's second seat is within -1 to 1", c)
		}
	}
	// Seat 1's returns against both members, averaged: replayed by hand.
	arena := Arena{Game: g, Seat: 1, Population: cfg.Population, Workers: 1}
	scores, err := arena.Play(t.Context(), []string{res.Reference}, 5, 5, "")
	if err != nil || len(scores[res.Reference]) != 5 {
		t.Fatalf("scores %v, %v", scores, err)
	}
}
