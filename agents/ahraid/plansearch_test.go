package ahraid

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	raid "github.com/chariot-ai/chariot/env/ahraid"
)

// playPlanSearch plays one game of spec on seed's dice (as playOne) and
// returns the agent, the British actions and the final VP.
func playPlanSearch(t *testing.T, spec string, seed uint64) (*PlanSearch, []env.Action, float64) {
	t.Helper()
	ag, played, vp := playAgent(t, spec, seed)
	return ag.(*PlanSearch), played, vp
}

// TestPlanSearchIsDeterministic: the same seed plays the same game, with
// and without common random numbers.
func TestPlanSearchIsDeterministic(t *testing.T) {
	for _, spec := range []string{"plansearch:sims=20,crn=false,margin=0,from=1", "plansearch:sims=20,z=0,from=1"} {
		_, a, va := playPlanSearch(t, spec, 4)
		_, b, vb := playPlanSearch(t, spec, 4)
		if !slices.Equal(a, b) || va != vb {
			t.Errorf("%s: two games of seed 4 differ (%.1f and %.1f VP)", spec, va, vb)
		}
	}
}

// TestPlanSearchDeparts: with no bar to clear the search changes the plan, and
// the game departs from the plan's.
func TestPlanSearchDeparts(t *testing.T) {
	for _, spec := range []string{"plansearch:sims=20,crn=false,margin=0.01", "plansearch:sims=20,z=0"} {
		departed := false
		for seed := uint64(3); seed < 6 && !departed; seed++ {
			plan, _ := playOne(t, "withdraw", seed)
			ps, searched, _ := playPlanSearch(t, spec, seed)
			departed = len(ps.changes) > 0 && !slices.Equal(plan, searched)
		}
		if !departed {
			t.Errorf("%s played withdraw's games", spec)
		}
	}
}

// TestPlanSearchKeepsThePlanWithoutEvidence: with a bar no search clears,
// plansearch plays withdraw's game move for move.
func TestPlanSearchKeepsThePlanWithoutEvidence(t *testing.T) {
	plan, vp := playOne(t, "withdraw", 5)
	for _, spec := range []string{"plansearch:sims=10,crn=false,margin=1000,from=1", "plansearch:sims=10,z=100,from=1"} {
		ps, kept, kvp := playPlanSearch(t, spec, 5)
		if !slices.Equal(plan, kept) || vp != kvp || len(ps.changes) > 0 {
			t.Errorf("%s left the plan: %.1f VP against %.1f", spec, kvp, vp)
		}
	}
}

func TestPlanSearchRejectsBadOptions(t *testing.T) {
	g := raid.Default()
	for _, spec := range []string{"plansearch:moves=swim", "plansearch:plan=retreat", "plansearch:from=0", "plansearch:from=21",
		"plansearch:margin=-1", "plansearch:z=-1", "plansearch:crn=maybe", "plansearch:rollout=rush",
		"plansearch:workers=2", "plansearch:depth=5", "plansearch:sims=0", "plansearch:at=move"} {
		if _, err := agents.New(spec, g, 1); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
	for _, spec := range []string{"pig", "ahraid:opponent=seat"} {
		other, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := agents.New("plansearch", other, 1); err == nil {
			t.Errorf("plansearch accepts %s", spec)
		}
	}
}

// TestPlanMoves: leave is offered until the commandos leave, stay while
// they would still leave a turn or more before the end, and each moves the
// turn they leave as it says.
func TestPlanMoves(t *testing.T) {
	const turns = 20
	p := Plan{Rush: true, Withdraw: 7} // leave at turn 13
	for _, tt := range []struct {
		m        planMove
		turn     int
		ok       bool
		withdraw int
	}{
		{moveKeep, 5, true, 7},
		{moveLeave, 5, true, 15},
		{moveLeave, 12, true, 8},
		{moveLeave, 13, false, 7}, // leaving already
		{moveStay, 5, true, 5},
		{moveStay, 14, true, 5},
	} {
		q, ok := tt.m.apply(p, tt.turn, turns)
		if ok != tt.ok || (ok && q.Withdraw != tt.withdraw) {
			t.Errorf("%s at turn %d: %v, withdraw %d; want %v, %d", moveNames[tt.m], tt.turn, ok, q.Withdraw, tt.ok, tt.withdraw)
		}
	}
	if _, ok := moveStay.apply(Plan{Withdraw: 2}, 5, turns); ok {
		t.Error("stay offered with the commandos leaving on the last turn")
	}
	if q, _ := moveGuns.apply(p, 5, turns); !q.GunsFirst || q.Withdraw != 7 {
		t.Errorf("guns: %+v", q)
	}
}

// TestPlanGame: the plan view offers keep and the moves that change the
// plan at the first British decision of each turn, refuses others, and
// round-trips through JSON.
func TestPlanGame(t *testing.T) {
	g := raid.Default()
	moves, err := parseMoves("leave+stay")
	if err != nil {
		t.Fatal(err)
	}
	pg := &planGame{g: g, moves: moves, from: 1}
	s := pg.NewInitialState(0)
	rng := rand.New(rand.NewPCG(1, 2))
	turns := 0
	for !s.IsTerminal() {
		var a env.Action
		if s.CurrentPlayer() == env.Chance {
			a = env.SampleChance(s.ChanceOutcomes(nil), rng)
		} else {
			legal := s.LegalActions(nil)
			if legal[0] != env.Action(moveKeep) || len(legal) > 3 {
				t.Fatalf("plan moves %v", legal)
			}
			if err := s.Apply(env.Action(moveCover)); !errors.Is(err, env.ErrIllegal) {
				t.Fatalf("cover, not offered, applied: %v", err)
			}
			js, err := s.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			back, err := pg.UnmarshalState(js)
			if err != nil {
				t.Fatal(err)
			}
			if again, _ := back.MarshalJSON(); string(again) != string(js) {
				t.Fatal("the plan view's JSON does not round-trip")
			}
			turns++
			a = env.Action(moveKeep)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if turns < 3 {
		t.Fatalf("%d plan decisions in a game", turns)
	}
}

// TestWorldBookPairs: with a book, two simulations of the same move in the
// same world end alike; the book deals each root move its worlds in turn.
func TestWorldBookPairs(t *testing.T) {
	g := raid.Default()
	moves, _ := parseMoves("leave+stay")
	pg := &planGame{g: g, moves: moves, from: 5, book: &worldBook{}}
	s := g.NewInitialState(0).(*raid.State)
	ag, _ := agents.New("withdraw", g, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	for s.TurnNumber() < 5 || s.CurrentPlayer() != 0 {
		var a env.Action
		if s.CurrentPlayer() == env.Chance {
			a = env.SampleChance(s.ChanceOutcomes(nil), rng)
		} else {
			a, _ = ag.Act(context.Background(), s)
		}
		_ = s.Apply(a)
	}
	root := pg.newState(s, plans[len(plans)-1].plan, 4)
	play := func(m planMove) {
		c := env.Resample(root, 0, nil)
		if err := c.Apply(env.Action(m)); err != nil {
			t.Fatal(err)
		}
		for !c.IsTerminal() {
			_ = c.Apply(env.Action(moveKeep))
		}
	}
	pg.book.reset(7)
	play(moveKeep)
	play(moveLeave)
	play(moveKeep)
	pg.book.reset(7)
	play(moveKeep)
	b := pg.book
	if len(b.vp[moveKeep]) != 1 || len(b.vp[moveLeave]) != 0 || b.next[moveKeep] != 1 {
		t.Fatalf("book after reset: %v", b.vp)
	}
	first := b.vp[moveKeep][0]
	pg.book.reset(7)
	play(moveKeep)
	play(moveKeep)
	if b.vp[moveKeep][0] != first {
		t.Errorf("world 0 played twice: %.1f and %.1f VP", first, b.vp[moveKeep][0])
	}
}
