package eval

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
)

// WriteTables prints the report as two tables, each under a title line:
// the agents' scores, verdict shares, metric means and timings; then the
// paired differences against the reference agent.
func WriteTables(w io.Writer, rep Report) error {
	ew := &errWriter{w: w}

	fmt.Fprintln(ew, "Scores: mean with 95% confidence interval, median, share of each verdict (by mean score, ascending), mean of each metric, decisions and wall time")
	head := []string{"agent", "games", "mean ± 95% CI", "median"}
	head = append(head, rep.Verdicts...)
	head = append(head, rep.Metrics...)
	head = append(head, "decisions", "time/game", "time/decision")
	t := newTable(ew, head)
	for _, s := range rep.Agents {
		row := []string{s.Agent, fmt.Sprint(s.Games), fmtCI(s.Mean, s.Half), fmtNum(s.Median)}
		for _, v := range s.Verdicts {
			row = append(row, fmt.Sprintf("%.1f%%", 100*v))
		}
		for _, m := range s.Metrics {
			row = append(row, fmtNum(m))
		}
		row = append(row, fmt.Sprintf("%.1f", s.Decisions), fmtDur(s.PerGame), fmtDur(s.PerDecision))
		t.Append(row)
	}
	t.Render()

	fmt.Fprintln(ew)
	fmt.Fprintf(ew, "Paired score difference against %s, over the games both played (same seeds and dice)\n", rep.Ref)
	t = newTable(ew, []string{"agent", "games", "difference ± 95% CI", "better", "worse"})
	for _, p := range rep.Paired {
		diff := fmtCI(p.Mean, p.Half)
		if p.Agent == rep.Ref {
			diff = "(reference)"
		}
		t.Append([]string{p.Agent, fmt.Sprint(p.Games), diff,
			fmt.Sprintf("%.1f%%", 100*p.Better), fmt.Sprintf("%.1f%%", 100*p.Worse)})
	}
	t.Render()
	return ew.err
}

// newTable starts a table with the agent column left-aligned and the
// others right-aligned, headers as given.
func newTable(w io.Writer, head []string) *tablewriter.Table {
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

// fmtNum writes a statistic with three decimals; "-" for NaN.
func fmtNum(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
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
