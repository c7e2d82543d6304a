package anvil

import (
	"context"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env/agents"
	game "github.com/chariot-ai/chariot/env/anvil"
)

// TestSearchBestPlaysBothSides: searchbest, on a small budget, plays a
// whole legal game in either seat, and searches the decisions it is told to.
func TestSearchBestPlaysBothSides(t *testing.T) {
	g := mustGame(t)
	seats := [2]agents.Agent{}
	for p := range seats {
		a, err := agents.New(SearchBest+":sims=3", g, uint64(7+p))
		if err != nil {
			t.Fatal(err)
		}
		seats[p] = a
	}
	searched := [2]int{}
	s, err := agents.RunEpisode(context.Background(), g, 11, seats[:], nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.IsTerminal() {
		t.Fatal("the game did not end")
	}
	for p, a := range seats {
		last := a.(*searchBest).search.Last
		if last.Sims != 3 {
			t.Errorf("seat %d: the last searched decision ran %d simulations, want 3", p, last.Sims)
		}
		searched[p] = last.Nodes
	}
	if searched[0] == 0 || searched[1] == 0 {
		t.Errorf("a seat never searched: tree nodes %v", searched)
	}
}

// TestSearchBestSearchesOnlyItsDecisions: with at=impulse the search
// decides the impulses only; every other decision is the doctrine's.
func TestSearchBestSearchesOnlyItsDecisions(t *testing.T) {
	g := mustGame(t)
	a, err := agents.New(SearchBest+":sims=2,at=impulse", g, 3)
	if err != nil {
		t.Fatal(err)
	}
	d, err := agents.New(Doctrine, g, 3)
	if err != nil {
		t.Fatal(err)
	}
	sb := a.(*searchBest)
	s := g.NewInitialState(5)
	impulses := 0
	for range 200 {
		if s.IsTerminal() || s.CurrentPlayer() < 0 {
			break
		}
		sb.search.Last.Sims = 0
		act, err := a.Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		kind := s.(*game.State).Pending()
		if kind == game.PendingImpulse && sb.search.Last.Sims == 2 {
			impulses++
		}
		if kind != game.PendingImpulse {
			if sb.search.Last.Sims != 0 {
				t.Fatalf("searched a %s decision", kind)
			}
			if want, _ := d.Act(context.Background(), s); want != act {
				t.Fatalf("at a %s decision played %s, the doctrine %s", kind, s.ActionString(act), s.ActionString(want))
			}
		}
		if err := s.Apply(act); err != nil {
			t.Fatal(err)
		}
		for s.CurrentPlayer() < 0 && !s.IsTerminal() {
			if err := s.Apply(s.ChanceOutcomes(nil)[0].Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if impulses == 0 {
		t.Error("no impulse was searched")
	}
}

func TestSearchBestBadOptions(t *testing.T) {
	g := mustGame(t)
	for spec, want := range map[string]string{
		SearchBest + ":at=impulse+parley": `"parley" is not a decision`,
		SearchBest + ":mode=minimax":      "want openloop or mcts",
		SearchBest + ":sims=0":            "no budget",
	} {
		if _, err := agents.New(spec, g, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", spec, err, want)
		}
	}
}
