package search_test

import (
	"context"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"slices"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/stnazaire" // greedy, concentrate
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/search"
)

// TestRulesModelIsTheSolitaireSearch: with the agent rules as its opponent
// model, a search of a solitaire game whose automated side is opened as a
// seat (opponent=seat) is the search of the solitaire game itself: at
// every decision of a game played by the search, the same move with the
// same visits and values at the root. Every mode is checked, with a random
// and a heuristic rollout, the tree kept between moves, two workers, and
// the search confined to kinds of decision.
func TestRulesModelIsTheSolitaireSearch(t *testing.T) {
	searches := 8
	if testing.Short() {
		searches = 4
	}
	type tc struct{ game, spec string }
	cases := []tc{
		{"stnazaire", "mcts:sims=60"},
		{"stnazaire", "mcts:sims=60,rollout=greedy,reuse=true"},
		{"stnazaire", "mcts:sims=64,workers=2"},
		{"stnazaire", "openloop:sims=60,reuse=true"},
		{"stnazaire", "ismcts:sims=60,rollout=greedy,at=move+fire"},
		{"stnazaire", "determinized:sims=60,worlds=3"},
		{"stnazaire", "halving:sims=60,rollout=greedy,margin=1"},
		{"stnazaire", "mcts:sims=60,depth=8,eval=leaf"},
		{"stnazaire:german_variant=true", "ismcts:sims=60"},
		{"jubilee", "mcts:sims=40"},
		{"jubilee", "ismcts:sims=40"},
		{"ahraid", "mcts:sims=20"},
		{"ahraid", "openloop:sims=20,reuse=true"},
		{"skirmish", "mcts:sims=40"},
		{"skirmish", "ismcts:sims=40"},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.spec, func(t *testing.T) {
			name, opts, _ := strings.Cut(c.game, ":")
			seatSpec := name + ":opponent=seat"
			if opts != "" {
				seatSpec += "," + opts
			}
			solo, seat := mustGame(t, c.game), mustGame(t, seatSpec)
			if solo.NumPlayers() != 1 || seat.NumPlayers() != 2 {
				t.Fatalf("%s has %d seats and %s %d; want 1 and 2", c.game, solo.NumPlayers(), seatSpec, seat.NumPlayers())
			}
			n, models := lockstep(t, solo, seat, c.spec, 11, searches)
			if n < searches {
				t.Fatalf("only %d searches compared", n)
			}
			if models == 0 {
				t.Fatal("the German seat never decided: the model was never asked")
			}
		})
	}
}

// lockstep plays one game of solo and of seat side by side, with the same
// dice, the search deciding for the first seat in both (opponent=rules in
// seat), and rules for the German seat of seat; it compares every search
// of the first max decisions or more, until the Germans have decided at
// least once, and returns how many it compared and how many German
// decisions the seat game had.
func lockstep(t *testing.T, solo, seat env.Game, spec string, seed uint64, max int) (searched, german int) {
	t.Helper()
	build := func(g env.Game, spec string) *search.Agent {
		a, err := agents.New(spec, g, 5)
		if err != nil {
			t.Fatal(err)
		}
		return a.(*search.Agent)
	}
	a1, a2 := build(solo, spec), build(seat, spec+",opponent=rules")
	rules, err := agents.New("rules", seat, 0)
	if err != nil {
		t.Fatal(err)
	}
	s1, s2 := solo.NewInitialState(seed), seat.NewInitialState(seed)
	dice := rng.Dice(seed)
	ctx := context.Background()
	for !s1.IsTerminal() && (searched < max || german == 0) {
		switch p := s2.CurrentPlayer(); p {
		case 1:
			a, err := rules.Act(ctx, s2)
			if err != nil {
				t.Fatal(err)
			}
			german++
			mustApply(t, s2, a)
			continue
		case env.Chance:
			o1, o2 := s1.ChanceOutcomes(nil), s2.ChanceOutcomes(nil)
			if s1.CurrentPlayer() != env.Chance || !slices.Equal(o1, o2) {
				t.Fatalf("chance at %s: solitaire game has %v, seat game %v", prompt(s2), o1, o2)
			}
			a := env.SampleChance(o1, dice)
			mustApply(t, s1, a)
			mustApply(t, s2, a)
			continue
		}
		if s1.CurrentPlayer() != 0 {
			t.Fatalf("the seat game's British decide at %q, the solitaire game's player is %d", prompt(s2), s1.CurrentPlayer())
		}
		x1, err1 := a1.Act(ctx, s1)
		x2, err2 := a2.Act(ctx, s2)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if len(s1.LegalActions(nil)) > 1 {
			searched++
			r1, r2 := a1.Last, a2.Last
			if x1 != x2 || r1.Sims != r2.Sims || !slices.Equal(r1.Stats, r2.Stats) {
				t.Fatalf("decision %d (%s): solitaire search %s %v, seat search with rules %s %v",
					searched, prompt(s1), s1.ActionString(x1), r1.Stats, s2.ActionString(x2), r2.Stats)
			}
		}
		mustApply(t, s1, x1)
		mustApply(t, s2, x2)
	}
	return searched, german
}

func mustApply(t *testing.T, s env.State, a env.Action) {
	t.Helper()
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
}

// TestOpponentOptions: the options parse and bad ones are refused in one
// line, naming what is wrong.
func TestOpponentOptions(t *testing.T) {
	seat := mustGame(t, "stnazaire:opponent=seat")
	for _, spec := range []string{
		"mcts:sims=10,opponent=rules",
		"mcts:sims=10,opponent=rules@2|concentrate@1,opponent_seats=German",
		"ismcts:sims=10,opponent=concentrate@1|random@3,opponent_seats=1",
	} {
		if _, err := agents.New(spec, seat, 1); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	for _, c := range []struct{ spec, want string }{
		{"mcts:opponent=rules@0", "weight"},
		{"mcts:opponent=rules@x", "weight"},
		{"mcts:opponent=nosuch", "nosuch"},
		{"mcts:opponent=rules|", "names no agent"},
		{"mcts:opponent=rules,opponent_seats=Italian", "not a seat"},
		{"mcts:opponent_seats=German", "needs option opponent"},
	} {
		_, err := agents.New(c.spec, seat, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want one line naming %q", c.spec, err, c.want)
		}
	}
	if _, err := agents.New("mcts:opponent=random", mustGame(t, "chancewalk"), 1); err == nil || !strings.Contains(err.Error(), "one seat") {
		t.Errorf("a model on a one-seat game: %v", err)
	}
	// Asked to move for a seat the model plays, the search refuses.
	a, err := agents.New("mcts:sims=10,opponent=random,opponent_seats=0", mustGame(t, "tictactoe"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Act(context.Background(), mustGame(t, "tictactoe").NewInitialState(0)); err == nil || !strings.Contains(err.Error(), "opponent model plays") {
		t.Errorf("searching for a modelled seat: %v", err)
	}
}

// TestOpponentModelErrorStopsTheSearch: a model that cannot play (a British
// baseline asked to play the Germans) fails the search with its error,
// instead of a move chosen on rollouts it did not play.
func TestOpponentModelErrorStopsTheSearch(t *testing.T) {
	seat := mustGame(t, "stnazaire:opponent=seat")
	for _, mode := range []string{"mcts", "openloop", "halving"} {
		a, err := agents.New(mode+":sims=30,opponent=greedy", seat, 1)
		if err != nil {
			t.Fatal(err)
		}
		_, err = agents.RunEpisode(context.Background(), seat, 3, []agents.Agent{a, mustAgent(t, "rules", seat)}, nil)
		if err == nil || !strings.Contains(err.Error(), "opponent model greedy for German") {
			t.Errorf("%s: got %v, want the model's error", mode, err)
		}
	}
}

func mustAgent(t *testing.T, spec string, g env.Game) agents.Agent {
	t.Helper()
	a, err := agents.New(spec, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// prompt is what s asks, where the game says it.
func prompt(s env.State) string {
	if p, ok := s.(env.Prompter); ok {
		return p.Prompt()
	}
	return fmt.Sprint(s.CurrentPlayer())
}
