package eval

import (
	"bytes"
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
)

// handResults are two agents' games. A plays games 0-3, B games 0, 1 and 3.
// The verdicts' mean scores: lose (1, 3, 2) 2, draw (4) 4, win (5, 7, 10)
// 7.33, so they sort lose, draw, win, not alphabetically.
func handResults() []GameResult {
	r := func(agent string, game int, value float64, verdict string, decisions int, ms int, metrics ...env.Metric) GameResult {
		return GameResult{Agent: agent, Game: game, Seed: GameSeed(1, game),
			Score:     env.Score{Value: value, Verdict: verdict, Metrics: metrics},
			Decisions: decisions, Elapsed: time.Duration(ms) * time.Millisecond}
	}
	m := func(v float64) env.Metric { return env.Metric{Name: "m", Value: v} }
	return []GameResult{
		// Out of order on purpose: Summarise sorts by game.
		r("B", 3, 10, "win", 20, 3),
		r("A", 0, 1, "lose", 10, 1, m(0)),
		r("A", 1, 3, "lose", 10, 1, m(1)),
		r("A", 2, 5, "win", 10, 1, m(2)),
		r("A", 3, 7, "win", 10, 1, m(3)),
		r("B", 0, 2, "lose", 5, 1, env.Metric{Name: "k", Value: 5}),
		r("B", 1, 4, "draw", 5, 2),
	}
}

func TestSummarise(t *testing.T) {
	rep, err := Summarise(handResults(), "A")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rep.Verdicts, ",") != "lose,draw,win" {
		t.Errorf("verdicts %q, want lose, draw, win", rep.Verdicts)
	}
	if strings.Join(rep.Metrics, ",") != "m,k" {
		t.Errorf("metrics %q, want m, k (in the order met)", rep.Metrics)
	}
	if len(rep.Agents) != 2 || rep.Agents[0].Agent != "B" || rep.Agents[1].Agent != "A" {
		t.Fatalf("agents %+v, want B then A (the order met)", rep.Agents)
	}
	b, a := rep.Agents[0], rep.Agents[1]
	nan := math.NaN()
	// A: 1 3 5 7: mean 4, sd 2.5819889, se 1.2909944, t(3) 3.182446.
	// B: 2 4 10: mean 5.3333, sd 4.1633320, se 2.4037009, t(2) 4.302653.
	checks := []struct {
		name      string
		got, want float64
	}{
		{"A games", float64(a.Games), 4},
		{"A mean", a.Mean, 4},
		{"A half", a.Half, 4.108520},
		{"A median", a.Median, 4},
		{"A lose", a.Verdicts[0], 0.5},
		{"A draw", a.Verdicts[1], 0},
		{"A win", a.Verdicts[2], 0.5},
		{"A m", a.Metrics[0], 1.5},
		{"A k", a.Metrics[1], nan},
		{"A decisions", a.Decisions, 10},
		{"A per game", float64(a.PerGame), float64(time.Millisecond)},
		{"A per decision", float64(a.PerDecision), float64(100 * time.Microsecond)},
		{"B games", float64(b.Games), 3},
		{"B mean", b.Mean, 16.0 / 3},
		{"B half", b.Half, 10.342291},
		{"B median", b.Median, 4},
		{"B lose", b.Verdicts[0], 1.0 / 3},
		{"B draw", b.Verdicts[1], 1.0 / 3},
		{"B win", b.Verdicts[2], 1.0 / 3},
		{"B m", b.Metrics[0], nan},
		{"B k", b.Metrics[1], 5},
		{"B decisions", b.Decisions, 10},
		{"B per game", float64(b.PerGame), float64(2 * time.Millisecond)},
		{"B per decision", float64(b.PerDecision), float64(200 * time.Microsecond)},
	}
	for _, c := range checks {
		if !near(c.got, c.want, 1e-6) {
			t.Errorf("%s = %g, want %g", c.name, c.got, c.want)
		}
	}

	// Paired over games 0, 1 and 3: differences 1, 1, 3: mean 5/3,
	// sd 1.1547005, se 0.6666667, t(2) 4.302653, half-width 2.868435.
	if rep.Ref != "A" || len(rep.Paired) != 2 {
		t.Fatalf("ref %s, paired %+v", rep.Ref, rep.Paired)
	}
	pb, pa := rep.Paired[0], rep.Paired[1]
	if pb.Agent != "B" || pb.Games != 3 || !near(pb.Mean, 5.0/3, 1e-12) || !near(pb.Half, 2.868435, 1e-6) || pb.Better != 1 || pb.Worse != 0 {
		t.Errorf("B against A: %+v, want 3 games, 1.666667 ± 2.868435, better 1, worse 0", pb)
	}
	if pa.Agent != "A" || pa.Games != 4 || pa.Mean != 0 || pa.Half != 0 {
		t.Errorf("A against itself: %+v", pa)
	}

	// Against B: the sign turns, the width stays; A's own game 2 is out.
	rep, err = Summarise(handResults(), "B")
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.Paired[1]; p.Agent != "A" || p.Games != 3 || !near(p.Mean, -5.0/3, 1e-12) || !near(p.Half, 2.868435, 1e-6) || p.Worse != 1 {
		t.Errorf("A against B: %+v", p)
	}
	// The default reference is the first agent met.
	if rep, _ := Summarise(handResults(), ""); rep.Ref != "B" {
		t.Errorf("default reference %s, want B", rep.Ref)
	}
	if _, err := Summarise(handResults(), "C"); err == nil {
		t.Error("an unknown reference was accepted")
	}
	if _, err := Summarise(nil, ""); err == nil {
		t.Error("no results were summarised")
	}
}

func TestWriteTables(t *testing.T) {
	rep, err := Summarise(handResults(), "A")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteTables(&buf, rep, Wide); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^\| +agent +\| +games +\| +mean ± 95% CI +\| +median +\| +lose +\| +draw +\| +win +\| +m +\| +k +\| +decisions +\| +time/game +\| +time/decision +\|$`),
		regexp.MustCompile(`(?m)^\| B +\| +3 \| +5\.333 ± 10\.342 \| +4\.000 \| +33\.3% \| +33\.3% \| +33\.3% \| +- \| +5\.000 \| +10\.0 \| +2ms \| +200µs \|$`),
		regexp.MustCompile(`(?m)^\| A +\| +4 \| +4\.000 ± 4\.109 \| +4\.000 \| +50\.0% \| +0\.0% \| +50\.0% \| +1\.500 \| +- \| +10\.0 \| +1ms \| +100µs \|$`),
		regexp.MustCompile(`(?m)^Paired score difference against A, `),
		regexp.MustCompile(`(?m)^\| B +\| +3 \| +1\.667 ± 2\.868 \| +100\.0% \| +0\.0% \|$`),
		regexp.MustCompile(`(?m)^\| A +\| +4 \| +\(reference\) \| +0\.0% \| +0\.0% \|$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("tables lack %v:\n%s", want, out)
		}
	}
	if err := WriteTables(failWriter{}, rep); err == nil {
		t.Error("a write error was lost")
	}
	// The default table has the headline figures only.
	buf.Reset()
	if err := WriteTables(&buf, rep); err != nil {
		t.Fatal(err)
	}
	narrow := regexp.MustCompile(`(?m)^\| B +\| +3 \| +5\.333 ± 10\.342 \| +4\.000 \| +10\.0 \| +2ms \|$`)
	if !narrow.MatchString(buf.String()) {
		t.Errorf("default tables lack %v:\n%s", narrow, buf.String())
	}
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, errors.New("disk full") }

func TestFmtDur(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0"},
		{999, "999ns"},
		{231456, "231µs"},
		{1234567, "1.23ms"},
		{98765432100, "1m38.8s"},
	}
	for _, tt := range tests {
		if got := fmtDur(tt.d); got != tt.want {
			t.Errorf("fmtDur(%d) = %q, want %q", int64(tt.d), got, tt.want)
		}
	}
}
