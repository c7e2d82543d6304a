package eval

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
)

// Option changes what WriteTables prints.
type Option int

// Wide adds to the score table the share of each verdict, the mean of each
// metric and the time per decision; without it the tables fit a terminal
// of 100 columns with agent specs of ordinary length.
const Wide Option = 1

// WriteTables prints the report as tables, each under a title line. Every
// run gets the score table (one row per lineup). A solo run adds the paired
// differences against the reference; a round robin or a lineup adds the
// results of each pair of agents, the pairwise matrix, the ratings and the
// record by seat; a run against opponents adds the robustness table.
func WriteTables(w io.Writer, rep Report, opts ...Option) error {
	ew := &errWriter{w: w}
	wide := slices.Contains(opts, Wide)
	writeScores(ew, rep, wide)
	switch {
	case rep.Mode == Opponents:
		writeRobustness(ew, rep)
	case rep.Match != nil:
		writeMatch(ew, rep.Match, rep.OneSided)
	default:
		writePaired(ew, rep)
	}
	return ew.err
}

func writeScores(w io.Writer, rep Report, wide bool) {
	title := "Scores: mean with 95% confidence interval, median, decisions and time per game"
	head := []string{"agent", "games", "mean ± 95% CI", "median"}
	if wide {
		title = "Scores: mean with 95% confidence interval, median, share of each verdict (by mean score, ascending), mean of each metric, decisions and wall time"
		head = append(head, rep.Verdicts...)
		head = append(head, rep.Metrics...)
	}
	if rep.Mode != Solo {
		title = strings.Replace(title, "Scores:", "Scores of seat 0:", 1)
	}
	fmt.Fprintln(w, title)
	head = append(head, "decisions", "time/game")
	if wide {
		head = append(head, "time/decision")
	}
	t := NewTable(w, head)
	for _, s := range rep.Agents {
		row := []string{s.Agent, fmt.Sprint(s.Games), fmtCI(s.Mean, s.Half), fmtNum(s.Median)}
		if wide {
			for _, v := range s.Verdicts {
				row = append(row, fmt.Sprintf("%.1f%%", 100*v))
			}
			for _, m := range s.Metrics {
				row = append(row, fmtNum(m))
			}
		}
		row = append(row, fmt.Sprintf("%.1f", s.Decisions), fmtDur(s.PerGame))
		if wide {
			row = append(row, fmtDur(s.PerDecision))
		}
		t.Append(row)
	}
	t.Render()
}

func writePaired(w io.Writer, rep Report) {
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Paired score difference against %s, over the games both played (same seeds and dice)\n", rep.Ref)
	t := NewTable(w, []string{"agent", "games", "difference ± 95% CI", "better", "worse"})
	for _, p := range rep.Paired {
		diff := fmtCI(p.Mean, p.Half)
		if p.Agent == rep.Ref {
			diff = "(reference)"
		}
		t.Append([]string{p.Agent, fmt.Sprint(p.Games), diff,
			fmt.Sprintf("%.1f%%", 100*p.Better), fmt.Sprintf("%.1f%%", 100*p.Worse)})
	}
	t.Render()
}

// writeRobustness prints seat 0's mean score by agent (rows) and opponent
// (columns).
func writeRobustness(w io.Writer, rep Report) {
	var agentsSeen, opponents []string
	cell := map[[2]string]Summary{}
	paired := map[[2]string]Paired{}
	for k, s := range rep.Agents {
		a, o := splitLineup(s.Agent)
		if !slices.Contains(agentsSeen, a) {
			agentsSeen = append(agentsSeen, a)
		}
		if !slices.Contains(opponents, o) {
			opponents = append(opponents, o)
		}
		cell[[2]string{a, o}] = s
		paired[[2]string{a, o}] = rep.Paired[k]
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Robustness: seat 0's mean score ± 95% CI, by agent (rows) and opponent in the other seats")
	t := NewTable(w, append([]string{"agent"}, opponents...))
	for _, a := range agentsSeen {
		row := []string{a}
		for _, o := range opponents {
			if s, ok := cell[[2]string{a, o}]; ok {
				row = append(row, fmtCI(s.Mean, s.Half))
			} else {
				row = append(row, "-")
			}
		}
		t.Append(row)
	}
	t.Render()
	if len(opponents) < 2 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Paired difference in seat 0's score against each opponent less against %s, same games\n", opponents[0])
	t = NewTable(w, append([]string{"agent"}, opponents[1:]...))
	for _, a := range agentsSeen {
		row := []string{a}
		for _, o := range opponents[1:] {
			if p, ok := paired[[2]string{a, o}]; ok && p.Games > 0 {
				row = append(row, fmtCI(p.Mean, p.Half))
			} else {
				row = append(row, "-")
			}
		}
		t.Append(row)
	}
	t.Render()
}

// writeMatch prints the record of each pair of agents, the pairwise
// matrix, the ratings and the record by seat. oneSided, the agents that
// play only some seats, are named in a footnote of the pairwise matrix
// (or of the results, without a matrix).
func writeMatch(w io.Writer, m *Match, oneSided []string) {
	footnote := func() {
		if len(oneSided) > 0 {
			fmt.Fprintf(w, "An agent of one side is seated only where it plays: the lineups that would seat it elsewhere are left out, and a pair of the same side never meets (-); %s.\n",
				strings.Join(oneSided, "; "))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Results: each pair of agents, seats swapped; win, draw, loss in % with 95% Wilson intervals")
	t := NewTable(w, []string{"agent", "opponent", "games", "win", "draw", "loss"})
	for i, a := range m.Agents {
		for j := i + 1; j < len(m.Agents); j++ {
			r := m.Pairs[i][j]
			if r.Games() == 0 {
				continue
			}
			t.Append([]string{a, m.Agents[j], fmt.Sprint(r.Games()),
				fmtRate(r.Win, r.Games()), fmtRate(r.Draw, r.Games()), fmtRate(r.Loss, r.Games())})
		}
	}
	t.Render()
	if len(m.Agents) <= 2 {
		footnote()
	}

	if len(m.Agents) > 2 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Pairwise: score in % (a draw counts half) of the row's agent against the column's")
		head := []string{"agent"}
		for k := range m.Agents {
			head = append(head, fmt.Sprint(k+1))
		}
		t = NewTable(w, head)
		for i, a := range m.Agents {
			row := []string{fmt.Sprintf("%d %s", i+1, a)}
			for j := range m.Agents {
				if r := m.Pairs[i][j]; i != j && r.Games() > 0 {
					row = append(row, fmt.Sprintf("%.1f", 100*r.Score()))
				} else {
					row = append(row, "-")
				}
			}
			t.Append(row)
		}
		t.Render()
		footnote()
	}

	fmt.Fprintln(w)
	fmt.Fprintf(w, "Ratings: Bradley–Terry, Elo scale, %s at 0, 95%% intervals from the same games\n", m.Agents[0])
	t = NewTable(w, []string{"agent", "games", "rating ± 95% CI", "score"})
	for i, a := range m.Agents {
		var total Record
		for j := range m.Agents {
			r := m.Pairs[i][j]
			total = Record{total.Win + r.Win, total.Draw + r.Draw, total.Loss + r.Loss}
		}
		rating := "(reference)"
		if i > 0 {
			rating = fmtCI1(m.Ratings[i], m.RatingHalf[i])
		}
		t.Append([]string{a, fmt.Sprint(total.Games()), rating, fmt.Sprintf("%.1f%%", 100*total.Score())})
	}
	t.Render()

	fmt.Fprintln(w)
	fmt.Fprintln(w, "By seat: the record of each seat against the later seats held by other agents")
	t = NewTable(w, []string{"seat", "games", "win", "draw", "loss"})
	for p, r := range m.Seats {
		if r.Games() == 0 {
			continue
		}
		t.Append([]string{fmt.Sprint(p), fmt.Sprint(r.Games()),
			fmtRate(r.Win, r.Games()), fmtRate(r.Draw, r.Games()), fmtRate(r.Loss, r.Games())})
	}
	t.Render()
}

// fmtRate writes k of n as a percentage with its 95% Wilson interval:
// "55.2 (52.1–58.3)".
func fmtRate(k, n int) string {
	lo, hi := wilson(k, n)
	return fmt.Sprintf("%.1f (%.1f–%.1f)", 100*float64(k)/float64(n), 100*lo, 100*hi)
}

// fmtCI1 writes "mean ± half" with one decimal, for ratings.
func fmtCI1(mean, half float64) string {
	if math.IsNaN(mean) {
		return "-"
	}
	return fmt.Sprintf("%.1f ± %.1f", mean, half)
}

// NewTable starts a table in chariot's one style (every command's tables): with the agent column left-aligned and the
// others right-aligned, headers as given.
func NewTable(w io.Writer, head []string) *tablewriter.Table {
	t := tablewriter.NewWriter(w)
	t.SetHeader(head)
	t.SetAutoFormatHeaders(false)
	t.SetAutoWrapText(false)
	align := make([]int, len(head))
	for i := range align {
		align[i] = tablewriter.ALIGN_RIGHT
	}
	align[0] = tablewriter.ALIGN_LEFT
	t.SetColumnAlignment(align)
	return t
}

// fmtNum writes a statistic with three decimals; "-" for NaN. A value
// that rounds to zero is written without a sign, whichever side of zero
// the order of the sums left it.
func fmtNum(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	s := fmt.Sprintf("%.3f", v)
	if s == "-0.000" {
		s = "0.000"
	}
	return s
}

// fmtCI writes "mean ± half", or the mean alone if the half-width is
// unknown (a single game).
func fmtCI(mean, half float64) string {
	if math.IsNaN(half) {
		return fmtNum(mean)
	}
	return fmtNum(mean) + " ± " + fmtNum(half)
}

// fmtDur writes a duration to three significant digits.
func fmtDur(d time.Duration) string {
	if d <= 0 {
		return "0"
	}
	unit := time.Duration(1)
	for n := d; n >= 1000; n /= 10 {
		unit *= 10
	}
	return strings.TrimSpace(d.Round(unit).String())
}

// errWriter keeps the first write error, since tablewriter drops them.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
