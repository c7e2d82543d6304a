package anvil

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	game "github.com/chariot-ai/chariot/env/anvil"
)

var rrGames = flag.Int("rr", 0, "games per pairing of the round robin (0: the short check only)")

func mustGame(t testing.TB) env.Game {
	g, err := env.NewGame(game.Name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestWrongSideRefused(t *testing.T) {
	g := mustGame(t)
	a, err := agents.New("withdrawal", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState(1) // the Allies are to move
	if _, err := a.Act(context.Background(), s); err == nil || !strings.Contains(err.Error(), "plays the German side") {
		t.Fatalf("a German baseline moved for the Allies: %v", err)
	}
	// The doctrine plays both seats.
	d, err := agents.New(Doctrine, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agents.RunEpisode(context.Background(), g, 3, []agents.Agent{d, d}, nil); err != nil {
		t.Fatal(err)
	}
}

// match plays n games of allied against german and returns the mean
// Allied margin and its 95% half-width.
func match(t testing.TB, g env.Game, allied, german string, n int) (mean, half float64) {
	var sum, sq float64
	for i := range n {
		seed := uint64(1000 + i)
		a, err := agents.New(allied, g, agents.SeatSeed(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		b, err := agents.New(german, g, agents.SeatSeed(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		s, err := agents.RunEpisode(context.Background(), g, seed, []agents.Agent{a, b}, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := s.Returns()[0]
		sum += m
		sq += m * m
	}
	mean = sum / float64(n)
	if n > 1 {
		half = 1.96 * math.Sqrt((sq/float64(n)-mean*mean)*float64(n)/float64(n-1)/float64(n))
	}
	return mean, half
}

// TestBaselinesBeatRandom: each baseline does better than random play of
// its side against the same opponent.
func TestBaselinesBeatRandom(t *testing.T) {
	g := mustGame(t)
	const n = 10
	rnd, _ := match(t, g, "random", "random", n)
	for _, p := range plans {
		var m float64
		if p.Side == game.Allied {
			m, _ = match(t, g, p.Name, "random", n)
			if m <= rnd {
				t.Errorf("%s against random: margin %.1f, random's own %.1f", p.Name, m, rnd)
			}
		} else {
			m, _ = match(t, g, "random", p.Name, n)
			if m >= rnd {
				t.Errorf("random against %s: Allied margin %.1f, against random %.1f", p.Name, m, rnd)
			}
		}
	}
}

// TestRoundRobin prints every Allied agent against every German agent:
// go test ./agents/anvil -run RoundRobin -rr 100 -v
func TestRoundRobin(t *testing.T) {
	n := *rrGames
	if n == 0 {
		n = 2
	}
	g := mustGame(t)
	alliedAgents := []string{"random", "coastalpush", "rhonedrive"}
	germanAgents := []string{"random", "withdrawal", "holdports"}
	var b strings.Builder
	fmt.Fprintf(&b, "| Allied \\ German |")
	for _, ge := range germanAgents {
		fmt.Fprintf(&b, " %s |", ge)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(germanAgents)) + "\n")
	for _, al := range alliedAgents {
		fmt.Fprintf(&b, "| %s |", al)
		for _, ge := range germanAgents {
			m, h := match(t, g, al, ge, n)
			fmt.Fprintf(&b, " %+.1f ± %.1f |", m, h)
		}
		b.WriteString("\n")
	}
	t.Logf("mean Allied VP margin ± 95%% CI, %d games per cell:\n%s", n, b.String())
}
