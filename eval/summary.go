package eval

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Report summarises a run: one Summary per lineup, the paired differences
// against a reference lineup and, for seat games, the matches between
// agents or the robustness table.
type Report struct {
	// Mode is the run's mode: it chooses the tables WriteTables prints.
	Mode Mode
	// Verdicts are the verdicts met in the run, sorted by the mean score of
	// the games that got them, ascending (then by name), so that their order
	// means something without knowing the game.
	Verdicts []string
	// Metrics are the score metrics met, in the order the games give them.
	Metrics []string
	// Agents has one entry per lineup, in the order of the results (for a
	// solo run, one per agent).
	Agents []Summary
	// Ref is the reference lineup of Paired.
	Ref string
	// Paired has one entry per lineup, in the order of Agents, the
	// reference included (a difference of 0 over its own games).
	Paired []Paired
	// Match compares the agents that met in the same games; nil when no
	// two agents did.
	Match *Match
	// OneSided notes the agents of Match that play only some seats, as
	// "coastalpush plays Allied only" (NoteSeats): a round robin leaves out
	// the lineups that would seat them elsewhere, so some pairs never meet.
	OneSided []string
}

// NoteSeats fills rep.OneSided from the agents of its match in game g.
func (rep *Report) NoteSeats(g env.Game) {
	rep.OneSided = nil
	if rep.Match == nil {
		return
	}
	for _, spec := range rep.Match.Agents {
		name, _, _ := strings.Cut(spec, ":")
		r, err := agents.Lookup(name)
		if err != nil || r.Seats == nil {
			continue
		}
		seats := make([]string, len(r.Seats))
		for i, p := range r.Seats {
			seats[i] = env.SeatName(g, env.Player(p))
		}
		rep.OneSided = append(rep.OneSided, fmt.Sprintf("%s plays %s only", spec, strings.Join(seats, " and ")))
	}
}

// Summary describes one lineup's games. Scores are Score.Value, seat 0's
// headline figure.
type Summary struct {
	// Agent is the lineup's label, Seats its agents.
	Agent string
	Seats []string
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

// Paired compares a lineup's scores with the reference lineup's over the
// games both played (the same game index, so the same seed and dice).
type Paired struct {
	Agent string
	// Games counts the games both played.
	Games int
	// Mean is the mean of the lineup's score minus the reference's, Half
	// the half-width of its 95% confidence interval.
	Mean, Half float64
	// Better and Worse are the shares of those games in which the lineup
	// scored more, or less, than the reference.
	Better, Worse float64
}

// Summarise computes the report of results, which may come in any order.
// ref names the reference lineup by its label; empty means the first
// lineup of results. It is an error if results are empty or ref has none.
// The mode is Solo unless some game seats different agents (RoundRobin).
func Summarise(results []GameResult, ref string) (Report, error) {
	var labels []string
	seen := map[string]bool{}
	mode := Solo
	for _, r := range results {
		if !seen[r.Agent] {
			seen[r.Agent] = true
			labels = append(labels, r.Agent)
		}
		if len(r.Seats) > 0 && Label(r.Seats) != r.Seats[0] {
			mode = RoundRobin
		}
	}
	t := NewTally(mode, labels, ref)
	for _, r := range results {
		t.Add(r)
	}
	return t.Report()
}

// welford accumulates a mean and a sum of squared deviations, one value at
// a time (Welford 1962).
type welford struct {
	n        int
	mean, m2 float64
}

func (w *welford) add(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / float64(w.n)
	w.m2 += d * (x - w.mean)
}

// ci returns the mean and the half-width of its 95% confidence interval,
// as MeanCI.
func (w *welford) ci() (mean, half float64) {
	switch w.n {
	case 0:
		return math.NaN(), math.NaN()
	case 1:
		return w.mean, math.NaN()
	}
	sd := math.Sqrt(w.m2 / float64(w.n-1))
	return w.mean, TQuantile(0.5+Confidence/2, float64(w.n-1)) * sd / math.Sqrt(float64(w.n))
}

// lineupTally accumulates one lineup's games.
type lineupTally struct {
	label     string
	seats     []string
	score     welford
	values    map[float64]int // for the median: each score and its count
	verdicts  map[string]int
	metricSum map[string]float64
	metricN   map[string]int
	decisions int
	elapsed   time.Duration
	// paired accumulates the differences with the reference lineup.
	paired        welford
	better, worse int
}

// Tally summarises a run one game at a time, in memory that does not grow
// with the number of games: means and spreads are accumulated as they
// come, medians from the counts of each distinct score, and the paired
// differences from the games not every lineup has reported yet, which
// Stream's order (game by game, every lineup in turn) keeps to a few.
type Tally struct {
	mode     Mode
	ref      string
	lineups  []*lineupTally
	index    map[string]int
	verdict  map[string]*welford
	verdicts []string
	metrics  []string
	metric   map[string]bool
	// pending holds, per game, the scores of the lineups that have played
	// it, until the expected ones (those named to NewTally) all have.
	pending map[int]*pendingGame
	expect  int
	match   *matchTally
}

type pendingGame struct {
	scores []float64
	has    []bool
	n      int
}

// NewTally starts a tally of the lineups with the given labels, ref the
// reference lineup of the paired differences (empty: the first). In a
// round robin ref may name an agent instead: it is the ratings' zero, and
// the paired differences are against the first lineup that seats it.
// Other lineups may come, but a game is paired as soon as the named ones
// have all played it: give their rows first (as Stream gives a resumed
// file's). Without labels, every game waits for Report.
func NewTally(mode Mode, labels []string, ref string) *Tally {
	t := &Tally{mode: mode, ref: ref, index: map[string]int{}, verdict: map[string]*welford{},
		metric: map[string]bool{}, pending: map[int]*pendingGame{}, match: newMatchTally()}
	if mode == RoundRobin && ref != "" && !slices.Contains(labels, ref) {
		t.match.agent(ref)
		t.ref = ""
		for _, l := range labels {
			if slices.Contains(strings.Split(l, lineupSep), ref) {
				t.ref = l
				break
			}
		}
		if t.ref == "" {
			// No lineup seats it: Report says the reference has no results.
			t.ref = ref
		}
	}
	for _, l := range labels {
		t.lineup(l, nil)
		// The match's agents in the order of the run, not of finishing.
		for _, a := range strings.Split(l, lineupSep) {
			t.match.agent(a)
		}
	}
	t.expect = len(t.lineups)
	if t.ref == "" && len(labels) > 0 {
		t.ref = labels[0]
	}
	return t
}

func (t *Tally) lineup(label string, seats []string) *lineupTally {
	if i, ok := t.index[label]; ok {
		if lt := t.lineups[i]; lt.seats == nil {
			lt.seats = seats
		}
		return t.lineups[i]
	}
	lt := &lineupTally{label: label, seats: seats, values: map[float64]int{}, verdicts: map[string]int{},
		metricSum: map[string]float64{}, metricN: map[string]int{}}
	t.index[label] = len(t.lineups)
	t.lineups = append(t.lineups, lt)
	if t.ref == "" {
		t.ref = label
	}
	return lt
}

// Add counts one game.
func (t *Tally) Add(r GameResult) {
	lt := t.lineup(r.Agent, r.Seats)
	v := r.Score.Value
	lt.score.add(v)
	lt.values[v]++
	lt.verdicts[r.Score.Verdict]++
	w := t.verdict[r.Score.Verdict]
	if w == nil {
		w = &welford{}
		t.verdict[r.Score.Verdict] = w
		t.verdicts = append(t.verdicts, r.Score.Verdict)
	}
	w.add(v)
	for _, m := range r.Score.Metrics {
		if !t.metric[m.Name] {
			t.metric[m.Name] = true
			t.metrics = append(t.metrics, m.Name)
		}
		lt.metricSum[m.Name] += m.Value
		lt.metricN[m.Name]++
	}
	lt.decisions += r.Decisions
	lt.elapsed += r.Elapsed
	t.match.add(r)
	t.pair(r.Game, t.index[r.Agent], v)
}

// pair records a lineup's score for a game and, once every lineup has
// played it, adds the differences with the reference.
func (t *Tally) pair(game, lineup int, v float64) {
	g := t.pending[game]
	if g == nil {
		g = &pendingGame{}
		t.pending[game] = g
	}
	for len(g.scores) < len(t.lineups) {
		g.scores, g.has = append(g.scores, 0), append(g.has, false)
	}
	if g.has[lineup] {
		return // a repeated game counts once in the pairing
	}
	g.scores[lineup], g.has[lineup] = v, true
	if lineup < t.expect {
		g.n++
	}
	if t.expect > 0 && g.n == t.expect {
		t.flush(g)
		delete(t.pending, game)
	}
}

// flush adds the differences of one game's lineups with the reference.
func (t *Tally) flush(g *pendingGame) {
	for i, lt := range t.lineups {
		if i >= len(g.has) || !g.has[i] {
			continue
		}
		ref, ok := t.index[t.refOf(lt.label)]
		if !ok || ref >= len(g.has) || !g.has[ref] {
			continue
		}
		d := g.scores[i] - g.scores[ref]
		lt.paired.add(d)
		switch {
		case d > 0:
			lt.better++
		case d < 0:
			lt.worse++
		}
	}
}

// refOf is the label of the lineup a lineup is compared with: the
// reference lineup, or against opponents the same agent facing the first
// opponent, so that each difference is the cost of an opponent.
func (t *Tally) refOf(label string) string {
	if t.mode != Opponents || len(t.lineups) == 0 {
		return t.ref
	}
	agent, _ := splitLineup(label)
	_, first := splitLineup(t.lineups[0].label)
	return Label([]string{agent, first})
}

// splitLineup reads the agent of seat 0 and of the last seat from a
// lineup's label.
func splitLineup(label string) (first, last string) {
	parts := strings.Split(label, lineupSep)
	return parts[0], parts[len(parts)-1]
}

// Games counts the games tallied; none for a nil tally (a run stopped
// before its first game).
func (t *Tally) Games() int {
	if t == nil {
		return 0
	}
	n := 0
	for _, lt := range t.lineups {
		n += lt.score.n
	}
	return n
}

// Report computes the report of the games tallied so far. The tally may
// go on counting afterwards, but Report flushes the games not every lineup
// has played, so call it once, at the end.
func (t *Tally) Report() (Report, error) {
	rep := Report{Mode: t.mode, Ref: t.ref, Metrics: slices.Clone(t.metrics)}
	// Lineups named but never played (a resumed file's other lineups are
	// all played) drop out.
	var played []*lineupTally
	for _, lt := range t.lineups {
		if lt.score.n > 0 {
			played = append(played, lt)
		}
	}
	if len(played) == 0 {
		return rep, fmt.Errorf("no results to summarise")
	}
	if i, ok := t.index[t.ref]; !ok || t.lineups[i].score.n == 0 {
		return rep, fmt.Errorf("reference agent %s has no results", t.ref)
	}
	games := make([]int, 0, len(t.pending))
	for g := range t.pending {
		games = append(games, g)
	}
	slices.Sort(games)
	for _, g := range games {
		t.flush(t.pending[g])
		delete(t.pending, g)
	}

	rep.Verdicts = slices.Clone(t.verdicts)
	slices.SortFunc(rep.Verdicts, func(x, y string) int {
		return cmp.Or(cmp.Compare(t.verdict[x].mean, t.verdict[y].mean), cmp.Compare(x, y))
	})
	for _, lt := range played {
		n := lt.score.n
		s := Summary{Agent: lt.label, Seats: lt.seats, Games: n}
		s.Mean, s.Half = lt.score.ci()
		s.Median = medianOfCounts(lt.values, n)
		for _, v := range rep.Verdicts {
			s.Verdicts = append(s.Verdicts, float64(lt.verdicts[v])/float64(n))
		}
		for _, m := range rep.Metrics {
			if k := lt.metricN[m]; k > 0 {
				s.Metrics = append(s.Metrics, lt.metricSum[m]/float64(k))
			} else {
				s.Metrics = append(s.Metrics, math.NaN())
			}
		}
		s.Decisions = float64(lt.decisions) / float64(n)
		s.PerGame = lt.elapsed / time.Duration(n)
		if lt.decisions > 0 {
			s.PerDecision = lt.elapsed / time.Duration(lt.decisions)
		}
		rep.Agents = append(rep.Agents, s)

		p := Paired{Agent: lt.label, Games: lt.paired.n}
		p.Mean, p.Half = lt.paired.ci()
		if lt.paired.n > 0 {
			p.Better = float64(lt.better) / float64(lt.paired.n)
			p.Worse = float64(lt.worse) / float64(lt.paired.n)
		}
		rep.Paired = append(rep.Paired, p)
	}
	rep.Match = t.match.report()
	return rep, nil
}

// medianOfCounts is the median of n values given as the count of each
// distinct value, as Median.
func medianOfCounts(counts map[float64]int, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	values := make([]float64, 0, len(counts))
	for v := range counts {
		values = append(values, v)
	}
	slices.Sort(values)
	// nth returns the k-th smallest value, from 0.
	nth := func(k int) float64 {
		for _, v := range values {
			if k < counts[v] {
				return v
			}
			k -= counts[v]
		}
		return math.NaN()
	}
	if n%2 == 1 {
		return nth(n / 2)
	}
	return (nth(n/2-1) + nth(n/2)) / 2
}
