// Package tune searches an agent's options by successive halving over
// common random numbers.
//
// A search space names options and their ranges ("c=0.5:4,sims=100:2000,
// final=visits|value"). Candidates are drawn from it with a seeded
// stream, the agent's defaults (the fixed options alone) always among
// them as the reference. Each round plays every surviving candidate on the
// same new games through package eval (game i has the same seed and dice
// for every candidate), ranks them by their mean over all the games played
// so far, and keeps the better half, until one is left or the budget of
// games is spent. The report gives every candidate's mean and its paired
// difference against the reference over the games both played.
//
// The agent "tuned" plays the spec saved in a file, so that `chariot
// bench` and `chariot play` load a tuned configuration:
//
//	chariot bench --agents mcts:sims=50,tuned:file=best.spec
package tune

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
)

// Param is one option to tune: a numeric range, or a list of values.
type Param struct {
	Name   string
	Lo, Hi float64
	Int    bool     // both bounds are integers: draw integers
	Log    bool     // draw on a log scale (0 < Lo and Hi ≥ 10·Lo)
	Values []string // a list "a|b|c" instead of a range
}

// ParseSpace reads "name=lo:hi,name=a|b|c": a range lo:hi (drawn as
// integers if both are integers, on a log scale if 0 < lo and hi ≥ 10·lo)
// or a list of values separated by |.
func ParseSpace(s string) ([]Param, error) {
	p, err := env.ParseParams(s)
	if err != nil {
		return nil, err
	}
	var out []Param
	for name, v := range p {
		pr := Param{Name: name}
		switch lo, hi, ok := strings.Cut(v, ":"); {
		case ok:
			var e1, e2 error
			pr.Lo, e1 = strconv.ParseFloat(lo, 64)
			pr.Hi, e2 = strconv.ParseFloat(hi, 64)
			if e1 != nil || e2 != nil || !(pr.Lo < pr.Hi) || math.IsInf(pr.Lo, 0) || math.IsInf(pr.Hi, 0) {
				return nil, fmt.Errorf("param %s=%s: want lo:hi, two finite numbers with lo < hi", name, v)
			}
			_, i1 := strconv.Atoi(lo)
			_, i2 := strconv.Atoi(hi)
			pr.Int = i1 == nil && i2 == nil
			pr.Log = pr.Lo > 0 && pr.Hi >= 10*pr.Lo
		case strings.Contains(v, "|"):
			pr.Values = strings.Split(v, "|")
		default:
			return nil, fmt.Errorf("param %s=%s: want a range lo:hi or a list a|b", name, v)
		}
		out = append(out, pr)
	}
	slices.SortFunc(out, func(a, b Param) int { return cmp.Compare(a.Name, b.Name) })
	return out, nil
}

// draw picks a value of p with rng.
func (p Param) draw(rng *rand.Rand) string {
	if p.Values != nil {
		return p.Values[rng.IntN(len(p.Values))]
	}
	u := rng.Float64()
	var v float64
	if p.Log {
		v = math.Exp(math.Log(p.Lo) + u*(math.Log(p.Hi)-math.Log(p.Lo)))
	} else {
		v = p.Lo + u*(p.Hi-p.Lo)
	}
	if p.Int {
		return strconv.Itoa(int(math.Round(v)))
	}
	// Three digits read well in a table, unless rounding leaves the range
	// (c=0.12345:0.1235 would draw 0.123).
	if short := strconv.FormatFloat(v, 'g', 3, 64); inRange(short, p.Lo, p.Hi) {
		return short
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// inRange reports whether the number s lies in [lo, hi].
func inRange(s string, lo, hi float64) bool {
	x, err := strconv.ParseFloat(s, 64)
	return err == nil && lo <= x && x <= hi
}

// Config is a tuning run.
type Config struct {
	Game env.Game
	// Agent is the agent's name and fixed options ("mcts:sims=50"); it is
	// also the reference candidate.
	Agent string
	Space []Param
	// Candidates is the number of candidates drawn, the reference aside.
	Candidates int
	// Budget is the total number of games to play.
	Budget int
	Seed   uint64
	// Workers, Out (a results file, resumed if it exists) and Progress
	// are as in eval.Config.
	Workers  int
	Out      string
	Progress io.Writer
	// Log, if not nil, receives a line per round.
	Log io.Writer
	// Seat and Population, in a game of several seats, are the seat the
	// candidates play and the agents of the other side they meet: each
	// candidate is ranked by its mean return against the population (see
	// Arena).
	Seat       int
	Population []string
	// Confirm, if above 0, plays the best candidate and the reference on
	// that many fresh games (seed ConfirmSeed) once the halving is done,
	// free of the selection's optimism. ConfirmOut is its results file.
	Confirm     int
	ConfirmSeed uint64
	ConfirmOut  string
}

// Candidate is one configuration and how it fared.
type Candidate struct {
	Spec string
	// Round is the last round it played in (0-based).
	Round int
	// Games, Mean and Half: its games and the mean score with the
	// half-width of its 95% confidence interval.
	Games      int
	Mean, Half float64
	// Paired difference against the reference over the games both played.
	Diff, DiffHalf float64
}

// Result is a finished tuning run.
type Result struct {
	Reference string
	// Candidates, best first: by the last round reached, then the mean.
	Candidates []Candidate
	Best       string
	// Confirmed is the paired difference of the best candidate against
	// the reference on the fresh games of Config.Confirm (zero games if
	// none were asked for, or the reference won).
	Confirmed Candidate
	// ConfirmedRef is the reference on those games.
	ConfirmedRef Candidate
}

// Run tunes by successive halving and returns every candidate's record.
func Run(ctx context.Context, cfg Config) (Result, error) {
	var res Result
	arena := Arena{Game: cfg.Game, Seat: cfg.Seat, Population: cfg.Population, Workers: cfg.Workers, Progress: cfg.Progress}
	if err := arena.check(); err != nil {
		return res, fmt.Errorf("tune: %w", err)
	}
	ref, err := eval.CanonicalAgent(cfg.Agent)
	if err != nil {
		return res, err
	}
	name, fixedText, _ := strings.Cut(ref, ":")
	fixed, _ := env.ParseParams(fixedText)
	for _, p := range cfg.Space {
		if _, dup := fixed[p.Name]; dup {
			return res, fmt.Errorf("option %s is both fixed in the agent and tuned", p.Name)
		}
	}
	if _, err := agents.New(ref, cfg.Game, 0); err != nil {
		return res, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x74756e65))
	specs := []string{ref}
	seen := map[string]bool{ref: true}
	for tries := 0; len(specs) < cfg.Candidates+1 && tries < 100*(cfg.Candidates+1); tries++ {
		p := env.Params{}
		for k, v := range fixed {
			p[k] = v
		}
		for _, prm := range cfg.Space {
			p[prm.Name] = prm.draw(rng)
		}
		spec := name + ":" + p.String()
		if seen[spec] {
			continue
		}
		if _, err := agents.New(spec, cfg.Game, 0); err != nil {
			return res, fmt.Errorf("candidate %s: %w", spec, err)
		}
		seen[spec] = true
		specs = append(specs, spec)
	}
	rounds := max(1, int(math.Ceil(math.Log2(float64(len(specs))))))
	alive := slices.Clone(specs)
	lastRound := map[string]int{}
	games := 0
	var scores map[string]map[int]float64
	for r := 0; r < rounds && len(alive) > 0; r++ {
		add := cfg.Budget / (rounds * len(alive))
		if add < 1 {
			add = 1
		}
		games += add
		for _, s := range alive {
			lastRound[s] = r
		}
		if scores, err = arena.Play(ctx, alive, games, cfg.Seed, cfg.Out); err != nil {
			return res, err
		}
		means := meansOver(scores, alive, games)
		slices.SortStableFunc(alive, func(a, b string) int { return cmp.Compare(means[b], means[a]) })
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "round %d: %d candidates on %d games; best %s (%.2f)\n", r+1, len(alive), games, alive[0], means[alive[0]])
		}
		if len(alive) == 1 {
			break
		}
		alive = alive[:(len(alive)+1)/2]
	}
	res.Reference = ref
	res.Best = alive[0]
	for _, s := range specs {
		if _, ok := lastRound[s]; !ok {
			continue
		}
		c := Candidate{Spec: s, Round: lastRound[s]}
		c.Mean, c.Half, c.Diff, c.DiffHalf, c.Games = Compare(scores[s], scores[ref])
		res.Candidates = append(res.Candidates, c)
	}
	slices.SortStableFunc(res.Candidates, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(b.Round, a.Round), cmp.Compare(b.Mean, a.Mean))
	})
	if cfg.Confirm > 0 && res.Best != ref {
		scores, err := arena.Play(ctx, []string{ref, res.Best}, cfg.Confirm, cfg.ConfirmSeed, cfg.ConfirmOut)
		if err != nil {
			return res, err
		}
		for _, s := range []string{ref, res.Best} {
			c := Candidate{Spec: s}
			c.Mean, c.Half, c.Diff, c.DiffHalf, c.Games = Compare(scores[s], scores[ref])
			if s == ref {
				res.ConfirmedRef = c
			} else {
				res.Confirmed = c
			}
		}
	}
	return res, nil
}

// meansOver is each agent's mean score over games 0 to n-1.
func meansOver(scores map[string]map[int]float64, specs []string, n int) map[string]float64 {
	sum, cnt := map[string]float64{}, map[string]int{}
	for s, games := range scores {
		for g, v := range games {
			if g < n {
				sum[s] += v
				cnt[s]++
			}
		}
	}
	out := map[string]float64{}
	for _, s := range specs {
		out[s] = sum[s] / float64(max(1, cnt[s]))
	}
	return out
}
