package tune

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
)

// Arena is where candidates are played and scored: a one-seat game, where
// a candidate's score is its own (Score.Value); or one seat of a game of
// several against a population of the other side, where a candidate's
// score in game i is its return at Seat averaged over the population's
// members, each met on the same seeds.
type Arena struct {
	Game env.Game
	// Seat is the seat the candidates play: 0, or 1 in a game of two seats.
	Seat int
	// Population are the agent specs of the other seats; empty in a
	// one-seat game.
	Population []string
	Workers    int
	Progress   io.Writer
}

// check says why the arena cannot rank candidates, if it cannot.
func (a Arena) check() error {
	n := a.Game.NumPlayers()
	switch {
	case n == 1 && (len(a.Population) > 0 || a.Seat != 0):
		return fmt.Errorf("%s has one seat: no seat or population to play against", a.Game.Name())
	case n > 1 && len(a.Population) == 0:
		return fmt.Errorf("%s has %d seats: a candidate's score there is its return against a population of the other side; name one", a.Game.Name(), n)
	case a.Seat < 0 || a.Seat > 1 || a.Seat >= n || (a.Seat == 1 && n > 2):
		return fmt.Errorf("seat %d of %s: candidates play seat 0, or seat 1 of a two-seat game", a.Seat, a.Game.Name())
	}
	return nil
}

// Play plays specs on games 0 to games-1 of seed, the results resumed from
// and appended to out (if not empty), and returns each spec's score in
// each game it completed (against every member of the population).
func (a Arena) Play(ctx context.Context, specs []string, games int, seed uint64, out string) (map[string]map[int]float64, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	cfg := eval.Config{Game: a.Game, Agents: specs, Games: games, Seed: seed, Workers: a.Workers, Out: out, Resume: out != "", Progress: a.Progress}
	if len(a.Population) > 0 && a.Seat == 0 {
		cfg.Opponents = a.Population
	} else if len(a.Population) > 0 {
		cfg.Agents, cfg.Opponents = a.Population, specs
	}
	results, err := eval.Run(ctx, cfg)
	if err != nil {
		return nil, err
	}
	type key struct {
		spec string
		game int
	}
	sum, count := map[key]float64{}, map[key]int{}
	for _, r := range results {
		if r.Game >= games {
			continue
		}
		if len(a.Population) == 0 {
			sum[key{r.Agent, r.Game}], count[key{r.Agent, r.Game}] = r.Score.Value, 1
			continue
		}
		k := key{r.Seats[a.Seat], r.Game}
		sum[k] += r.Returns[a.Seat]
		count[k]++
	}
	scores := map[string]map[int]float64{}
	for k, n := range count {
		if n < max(1, len(a.Population)) {
			continue
		}
		if scores[k.spec] == nil {
			scores[k.spec] = map[int]float64{}
		}
		scores[k.spec][k.game] = sum[k] / float64(n)
	}
	return scores, nil
}

// Compare is a candidate's mean score with its 95% interval, and its
// paired difference against a reference over the games both have.
func Compare(own, ref map[int]float64) (mean, half, diff, diffHalf float64, games int) {
	var xs, a, b []float64
	for _, g := range slices.Sorted(maps.Keys(own)) {
		x := own[g]
		xs = append(xs, x)
		if y, ok := ref[g]; ok {
			a, b = append(a, x), append(b, y)
		}
	}
	mean, half = eval.MeanCI(xs)
	diff, diffHalf = eval.PairedCI(a, b)
	return mean, half, diff, diffHalf, len(xs)
}
