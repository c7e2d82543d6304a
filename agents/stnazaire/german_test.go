package stnazaire

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
)

var (
	opponentGames   = flag.Int("opponents.games", 100, "games per British agent and German opponent in TestOpponentsTable")
	opponentBritish = flag.String("opponents.british", "greedy,aggressive", "British agent specs of TestOpponentsTable, separated by '|' or ','")
	opponentGermans = flag.String("opponents.germans", "rules,concentrate,hold,random", "German agent specs of TestOpponentsTable, separated by '|' or ','")
)

// specList splits a flag's list: by '|' when it has one (specs with
// options hold commas), else by ','.
func specList(s string) []string {
	if strings.Contains(s, "|") {
		return strings.Split(s, "|")
	}
	return strings.Split(s, ",")
}

// opponentMean plays n games of british against german in the German seat,
// seeded as the bench seeds its games, and returns the mean British VP and
// its standard error.
func opponentMean(t *testing.T, g env.Game, british, german string, n int) (mean, se float64) {
	t.Helper()
	var sum, sum2 float64
	for i := range n {
		b, err := agents.New(british, g, agents.SeatSeed(eval.AgentSeed(1, i, british), 0))
		if err != nil {
			t.Fatal(err)
		}
		o, err := agents.New(german, g, agents.SeatSeed(eval.AgentSeed(1, i, german), 1))
		if err != nil {
			t.Fatal(err)
		}
		end, err := agents.RunEpisode(context.Background(), g, eval.GameSeed(1, i), []agents.Agent{b, o}, nil)
		if err != nil {
			t.Fatalf("%s against %s, game %d: %v", british, german, i, err)
		}
		vp := end.Returns()[0]
		sum += vp
		sum2 += vp * vp
	}
	mean = sum / float64(n)
	return mean, math.Sqrt((sum2/float64(n) - mean*mean) / float64(n-1))
}

// TestOpponentsTable plays the British baselines against each German
// opponent (RunEpisode rejects illegal actions, so this checks the German
// baselines play legally) and logs the table of mean British VP. It checks
// that the German baselines are opponents worth having: each holds the
// greedy British below what they score against random Germans. Run with
// -v -opponents.games=1000 for the figures of the report; -opponents.british
// and -opponents.germans choose the agents.
func TestOpponentsTable(t *testing.T) {
	g, err := env.NewGame("stnazaire:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	n := *opponentGames
	germans := specList(*opponentGermans)
	var b strings.Builder
	fmt.Fprintf(&b, "mean British VP ± 95%% CI over %d games (seed 1)\n%-12s", n, "British")
	for _, ge := range germans {
		fmt.Fprintf(&b, " | %-14.14s", ge)
	}
	means := map[string]float64{}
	for _, br := range specList(*opponentBritish) {
		fmt.Fprintf(&b, "\n%-12s", br)
		for _, ge := range germans {
			m, se := opponentMean(t, g, br, ge, n)
			means[br+"/"+ge] = m
			fmt.Fprintf(&b, " | %6.1f ± %-5.1f", m, 1.96*se)
		}
	}
	t.Log(b.String())
	for _, ge := range []string{"concentrate", "hold"} {
		if _, ok := means["greedy/"+ge]; !ok {
			continue // not in the table asked for
		}
		if means["greedy/"+ge] >= means["greedy/random"] {
			t.Errorf("%s (greedy scores %.1f) is no better a German than random (%.1f)", ge, means["greedy/"+ge], means["greedy/random"])
		}
	}
}

func TestGermanBaselinesRefuseTheBritishSeatAndTheSoloGame(t *testing.T) {
	solo, _ := env.NewGame("stnazaire")
	if _, err := agents.New("hold", solo, 1); err == nil {
		t.Error("hold must refuse a game whose Germans are no seat")
	}
	g, _ := env.NewGame("stnazaire:opponent=seat")
	hold, err := agents.New("hold", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agents.RunEpisode(context.Background(), g, 1, []agents.Agent{hold, hold}, nil); err == nil || !strings.Contains(err.Error(), "not the British") {
		t.Errorf("hold asked to play the British: got %v, want a refusal", err)
	}
}
