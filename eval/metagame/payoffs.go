package metagame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/eval"
)

// Payoffs holds the games of a meta-game: the row side's return (seat 0's)
// in game k of cell (i, j), row i in seat 0 against column j in every other
// seat, for games 0 to Games-1 of a run (eval.Config with the rows as
// Agents and the columns as Opponents).
type Payoffs struct {
	Rows, Cols []string
	Games      int
	v          [][][]float64 // [row][col][game], NaN until played
	n          [][]int
}

// NewPayoffs is an empty matrix of the canonical agent specs rows and cols
// over games games.
func NewPayoffs(rows, cols []string, games int) *Payoffs {
	p := &Payoffs{Rows: slices.Clone(rows), Cols: slices.Clone(cols), Games: games}
	p.v, p.n = make([][][]float64, len(rows)), make([][]int, len(rows))
	for i := range rows {
		p.v[i], p.n[i] = make([][]float64, len(cols)), make([]int, len(cols))
		for j := range cols {
			p.v[i][j] = make([]float64, games)
			for k := range p.v[i][j] {
				p.v[i][j][k] = math.NaN()
			}
		}
	}
	return p
}

// Add records a game of a run. Games of other lineups (of a results file
// shared with other runs) or beyond Games are left out; a game that is not
// zero-sum is an error, since the meta-game is solved as one.
func (p *Payoffs) Add(r eval.GameResult) error {
	if len(r.Seats) < 2 || r.Game < 0 || r.Game >= p.Games {
		return nil
	}
	i, j := slices.Index(p.Rows, r.Seats[0]), slices.Index(p.Cols, r.Seats[1])
	for _, s := range r.Seats[2:] {
		if s != r.Seats[1] {
			j = -1
		}
	}
	if i < 0 || j < 0 {
		return nil
	}
	sum := 0.0
	for _, x := range r.Returns {
		sum += x
	}
	if len(r.Returns) < 2 || math.Abs(sum) > 1e-9*(1+math.Abs(r.Returns[0])) {
		return fmt.Errorf("%s, game %d: returns %v are not zero-sum; the meta-game is solved as a zero-sum game", r.Agent, r.Game, r.Returns)
	}
	if math.IsNaN(p.v[i][j][r.Game]) {
		p.n[i][j]++
	}
	p.v[i][j][r.Game] = r.Returns[0]
	return nil
}

// Missing says which cells lack games, or "" when every cell has all.
func (p *Payoffs) Missing() string {
	var out []string
	for i := range p.Rows {
		for j := range p.Cols {
			if p.n[i][j] < p.Games {
				out = append(out, fmt.Sprintf("%s against %s: %d of %d games", p.Rows[i], p.Cols[j], p.n[i][j], p.Games))
			}
		}
	}
	return strings.Join(out, "; ")
}

// Values are cell (i, j)'s games in order.
func (p *Payoffs) Values(i, j int) []float64 { return p.v[i][j] }

// Means is the matrix of cell means over the games in idx (every game
// when idx is nil).
func (p *Payoffs) Means(idx []int) [][]float64 {
	out := make([][]float64, len(p.Rows))
	for i := range p.Rows {
		out[i] = make([]float64, len(p.Cols))
		for j := range p.Cols {
			sum := 0.0
			if idx == nil {
				for _, x := range p.v[i][j] {
					sum += x
				}
				out[i][j] = sum / float64(p.Games)
				continue
			}
			for _, k := range idx {
				sum += p.v[i][j][k]
			}
			out[i][j] = sum / float64(len(idx))
		}
	}
	return out
}

// Interval is an estimate with a 95% interval.
type Interval struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Analysis is a solved meta-game with its uncertainty.
type Analysis struct {
	// Mean and Half are each cell's mean and the half-width of its 95%
	// confidence interval over the games.
	Mean, Half [][]float64
	// Eq is the equilibrium of the mean matrix.
	Eq Equilibrium
	// Value is Eq.Value with its 95% bootstrap percentile interval.
	Value Interval
	// RowRegret and ColRegret are each policy's regret against the other
	// side's equilibrium mixture (Regrets), with bootstrap intervals: in
	// each replicate, against that replicate's own equilibrium.
	RowRegret, ColRegret []Interval
	// Boot is the number of bootstrap replicates.
	Boot int
}

// Analyse solves the meta-game of complete payoffs and bootstraps it boot
// times over games (the same resampled game indices in every cell, which
// keeps the pairing of the seeds), from a stream seeded by seed.
func Analyse(p *Payoffs, boot int, seed uint64) (Analysis, error) {
	if miss := p.Missing(); miss != "" {
		return Analysis{}, fmt.Errorf("metagame: games missing: %s", miss)
	}
	if boot < 1 {
		return Analysis{}, fmt.Errorf("metagame: %d bootstrap replicates, want at least 1", boot)
	}
	an := Analysis{Mean: p.Means(nil), Boot: boot}
	an.Half = make([][]float64, len(p.Rows))
	for i := range p.Rows {
		an.Half[i] = make([]float64, len(p.Cols))
		for j := range p.Cols {
			_, an.Half[i][j] = eval.MeanCI(p.v[i][j])
		}
	}
	var err error
	if an.Eq, err = Solve(an.Mean); err != nil {
		return an, err
	}
	rows, cols := Regrets(an.Mean, an.Eq)
	values := make([]float64, boot)
	rowR, colR := make([][]float64, len(rows)), make([][]float64, len(cols))
	rng := rand.New(rand.NewPCG(seed, 0x626f6f74)) // "boot"
	idx := make([]int, p.Games)
	for b := range boot {
		for k := range idx {
			idx[k] = rng.IntN(p.Games)
		}
		m := p.Means(idx)
		eq, err := Solve(m)
		if err != nil {
			return an, fmt.Errorf("bootstrap replicate %d: %w", b, err)
		}
		values[b] = eq.Value
		r, c := Regrets(m, eq)
		for i := range r {
			rowR[i] = append(rowR[i], r[i])
		}
		for j := range c {
			colR[j] = append(colR[j], c[j])
		}
	}
	an.Value = percentiles(an.Eq.Value, values)
	for i := range rows {
		an.RowRegret = append(an.RowRegret, percentiles(rows[i], rowR[i]))
	}
	for j := range cols {
		an.ColRegret = append(an.ColRegret, percentiles(cols[j], colR[j]))
	}
	return an, nil
}

// percentiles is mean with the 2.5% and 97.5% percentiles of xs.
func percentiles(mean float64, xs []float64) Interval {
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(q float64) float64 {
		k := q * float64(len(s)-1)
		lo := int(math.Floor(k))
		hi := min(lo+1, len(s)-1)
		return s[lo] + (k-float64(lo))*(s[hi]-s[lo])
	}
	return Interval{Mean: mean, Lo: at(0.025), Hi: at(0.975)}
}

// Play plays the games of cfg that its results file lacks, cfg.Agents (the
// rows, in seat 0) against cfg.Opponents (the columns, in every other
// seat), through eval.Stream, and returns the payoffs of games 0 to
// cfg.Games-1 (those of a shard alone when cfg.Shard is set). begin, if not
// nil, receives the canonical rows and columns before the first game.
func Play(ctx context.Context, cfg eval.Config) (*Payoffs, error) {
	if len(cfg.Agents) == 0 || len(cfg.Opponents) == 0 {
		return nil, fmt.Errorf("metagame: need agents for both sides (rows %d, columns %d)", len(cfg.Agents), len(cfg.Opponents))
	}
	rows, err := Canonical(cfg.Agents)
	if err != nil {
		return nil, err
	}
	cols, err := Canonical(cfg.Opponents)
	if err != nil {
		return nil, err
	}
	p := NewPayoffs(rows, cols, cfg.Games)
	err = eval.Stream(ctx, cfg, nil, p.Add)
	return p, err
}

// Canonical puts agent specs in canonical form (eval.CanonicalAgent).
func Canonical(specs []string) ([]string, error) {
	out := make([]string, len(specs))
	for i, s := range specs {
		c, err := eval.CanonicalAgent(s)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}
