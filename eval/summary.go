package eval

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"
)

// Report summarises a run: one Summary per agent and the paired
// differences against a reference agent.
type Report struct {
	// Verdicts are the verdicts met in the run, sorted by the mean score of
	// the games that got them, ascending (then by name), so that their order
	// means something without knowing the game.
	Verdicts []string
	// Metrics are the score metrics met, in the order the games give them.
	Metrics []string
	// Agents has one entry per agent, in the order of the results.
	Agents []Summary
	// Ref is the reference agent of Paired.
	Ref string
	// Paired has one entry per agent, in the order of Agents, the reference
	// agent included (a difference of 0 over its own games).
	Paired []Paired
}

// Summary describes one agent's games.
type Summary struct {
	Agent string
	Games int
	// Mean is the mean score (Score.Value), Half the half-width of its 95%
	// confidence interval (NaN with a single game), Median the median.
	Mean, Half, Median float64
	// Verdicts[k] is the share of games whose verdict is Report.Verdicts[k].
	Verdicts []float64
	// Metrics[k] is the mean of metric Report.Metrics[k] over the games that
	// have it, NaN if none has.
	Metrics []float64
	// Decisions is the mean number of decisions per game.
	Decisions float64
	// PerGame is the mean wall time of a game, PerDecision the total wall
	// time divided by the total number of decisions (0 without decisions).
	PerGame, PerDecision time.Duration
}

// Paired compares an agent's scores with the reference agent's over the
// games both played (the same game index, so the same seed and dice).
type Paired struct {
	Agent string
	// Games counts the games both played.
	Games int
	// Mean is the mean of the agent's score minus the reference's, Half
	// the half-width of its 95% confidence interval.
	Mean, Half float64
	// Better and Worse are the shares of those games in which the agent
	// scored more, or less, than the reference.
	Better, Worse float64
}

// Summarise computes the report of results, which may come in any order.
// ref names the reference agent, by its canonical spec; empty means the
// first agent of results. It is an error if results are empty or ref has
// none.
func Summarise(results []GameResult, ref string) (Report, error) {
	var rep Report
	if len(results) == 0 {
		return rep, fmt.Errorf("no results to summarise")
	}
	// Group by agent, in the order of first appearance, each by game.
	byAgent := map[string][]GameResult{}
	var names []string
	for _, r := range results {
		if _, ok := byAgent[r.Agent]; !ok {
			names = append(names, r.Agent)
		}
		byAgent[r.Agent] = append(byAgent[r.Agent], r)
	}
	if ref == "" {
		ref = names[0]
	}
	if _, ok := byAgent[ref]; !ok {
		return rep, fmt.Errorf("reference agent %s has no results", ref)
	}
	rep.Ref = ref

	// Verdicts by the mean score of their games; metrics in order met.
	type acc struct {
		sum float64
		n   int
	}
	verdict := map[string]*acc{}
	metricSeen := map[string]bool{}
	for _, r := range results {
		a := verdict[r.Score.Verdict]
		if a == nil {
			a = &acc{}
			verdict[r.Score.Verdict] = a
			rep.Verdicts = append(rep.Verdicts, r.Score.Verdict)
		}
		a.sum += r.Score.Value
		a.n++
		for _, m := range r.Score.Metrics {
			if !metricSeen[m.Name] {
				metricSeen[m.Name] = true
				rep.Metrics = append(rep.Metrics, m.Name)
			}
		}
	}
	slices.SortFunc(rep.Verdicts, func(x, y string) int {
		mx := verdict[x].sum / float64(verdict[x].n)
		my := verdict[y].sum / float64(verdict[y].n)
		return cmp.Or(cmp.Compare(mx, my), cmp.Compare(x, y))
	})
	verdictIndex := map[string]int{}
	for k, v := range rep.Verdicts {
		verdictIndex[v] = k
	}
	metricIndex := map[string]int{}
	for k, m := range rep.Metrics {
		metricIndex[m] = k
	}

	for _, name := range names {
		rs := byAgent[name]
		slices.SortFunc(rs, func(a, b GameResult) int { return cmp.Compare(a.Game, b.Game) })
		s := Summary{
			Agent:    name,
			Games:    len(rs),
			Verdicts: make([]float64, len(rep.Verdicts)),
			Metrics:  make([]float64, len(rep.Metrics)),
		}
		scores := make([]float64, len(rs))
		metricN := make([]int, len(rep.Metrics))
		var decisions int
		var elapsed time.Duration
		for i, r := range rs {
			scores[i] = r.Score.Value
			s.Verdicts[verdictIndex[r.Score.Verdict]]++
			for _, m := range r.Score.Metrics {
				s.Metrics[metricIndex[m.Name]] += m.Value
				metricN[metricIndex[m.Name]]++
			}
			decisions += r.Decisions
			elapsed += r.Elapsed
		}
		n := float64(len(rs))
		s.Mean, s.Half = MeanCI(scores)
		s.Median = Median(scores)
		for k := range s.Verdicts {
			s.Verdicts[k] /= n
		}
		for k := range s.Metrics {
			if metricN[k] == 0 {
				s.Metrics[k] = math.NaN()
			} else {
				s.Metrics[k] /= float64(metricN[k])
			}
		}
		s.Decisions = float64(decisions) / n
		s.PerGame = elapsed / time.Duration(len(rs))
		if decisions > 0 {
			s.PerDecision = elapsed / time.Duration(decisions)
		}
		rep.Agents = append(rep.Agents, s)
	}

	refScore := map[int]float64{}
	for _, r := range byAgent[ref] {
		refScore[r.Game] = r.Score.Value
	}
	for _, name := range names {
		var xs, ys []float64
		for _, r := range byAgent[name] {
			if y, ok := refScore[r.Game]; ok {
				xs = append(xs, r.Score.Value)
				ys = append(ys, y)
			}
		}
		p := Paired{Agent: name, Games: len(xs)}
		p.Mean, p.Half = PairedCI(xs, ys)
		for i := range xs {
			switch {
			case xs[i] > ys[i]:
				p.Better++
			case xs[i] < ys[i]:
				p.Worse++
			}
		}
		if len(xs) > 0 {
			p.Better /= float64(len(xs))
			p.Worse /= float64(len(xs))
		}
		rep.Paired = append(rep.Paired, p)
	}
	return rep, nil
}
