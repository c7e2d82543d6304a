package eval

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

func TestLineups(t *testing.T) {
	tests := []struct {
		name                    string
		seats                   int
		specs, fixed, opponents []string
		mode                    Mode
		want                    string // labels joined by "; ", or an error's text
	}{
		{"solitaire", 1, []string{"a", "b"}, nil, nil, Solo, "a; b"},
		{"one agent in every seat", 2, []string{"a"}, nil, nil, Solo, "a"},
		{"round robin", 2, []string{"a", "b", "c"}, nil, nil, RoundRobin, "a vs b; b vs a; a vs c; c vs a; b vs c; c vs b"},
		{"three seats", 3, []string{"a", "b"}, nil, nil, RoundRobin, "a vs b vs b; b vs a vs b; b vs b vs a; b vs a vs a; a vs b vs a; a vs a vs b"},
		{"seats", 2, nil, []string{"a", "b"}, nil, Lineup, "a vs b"},
		{"opponents", 3, []string{"a", "b"}, nil, []string{"x", "y"}, Opponents, "a vs x vs x; a vs y vs y; b vs x vs x; b vs y vs y"},
		{"seats miscounted", 2, nil, []string{"a"}, nil, 0, "1 seats given, but the game has 2"},
		{"seats and agents", 2, []string{"a"}, []string{"a", "b"}, nil, 0, "no other agents"},
		{"opponents alone", 1, []string{"a"}, nil, []string{"x"}, 0, "opponents need a game of two seats or more"},
		// first0 and first1 play seat 0 only, second1 seat 1 only.
		{"one-sided round robin", 2, []string{"a", "first0", "second1", "first1"}, nil, nil, RoundRobin,
			"first0 vs a; a vs second1; first1 vs a; first0 vs second1; first1 vs second1"},
		{"one side only", 2, []string{"first0", "first1"}, nil, nil, 0, "no lineup seats every agent where it plays: first1 plays seat 0 only"},
		{"one-sided solo", 2, []string{"second1"}, nil, nil, 0, "second1 plays seat 1 only: it cannot hold every seat"},
		{"one-sided seats", 2, nil, []string{"second1", "a"}, nil, 0, "second1 plays seat 1 only"},
		{"one-sided opponents", 2, []string{"a"}, nil, []string{"first0"}, 0, "first0 plays seat 0 only"},
	}
	for _, tt := range tests {
		mode, ls, err := lineups(tt.seats, tt.specs, tt.fixed, tt.opponents, sideOf)
		if err != nil {
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
			}
			continue
		}
		var labels []string
		for _, l := range ls {
			if len(l) != tt.seats {
				t.Errorf("%s: lineup %q has %d seats", tt.name, l, len(l))
			}
			labels = append(labels, Label(l))
		}
		if got := strings.Join(labels, "; "); got != tt.want || mode != tt.mode {
			t.Errorf("%s: mode %d lineups %q, want %d %q", tt.name, mode, got, tt.mode, tt.want)
		}
	}
}

// sideOf plays agents "firstN" in seat 0 only, "secondN" in seat 1 only,
// and the others anywhere.
func sideOf(spec string, seat int) error {
	for p, side := range []string{"first", "second"} {
		if strings.HasPrefix(spec, side) && seat != p {
			return fmt.Errorf("%s plays seat %d only", spec, p)
		}
	}
	return nil
}

// TestRoundRobin checks a round robin on a game of two seats: every pair
// plays both ways round on the same games, the rows name every seat's agent
// and return, a pair's games do not depend on the other agents in the
// list, and the report counts each game once for the pair.
func TestRoundRobin(t *testing.T) {
	for _, spec := range []string{"pig", "tictactoe"} {
		g := mustGame(t, spec)
		out := filepath.Join(t.TempDir(), "rr.jsonl")
		cfg := Config{Game: g, Agents: []string{"random", "test-first", "test-first:salt=1"}, Games: 30, Seed: 3, Workers: 2, Out: out}
		rs := mustRun(t, cfg)
		if len(rs) != 6*30 {
			t.Fatalf("%s: %d results, want %d", spec, len(rs), 6*30)
		}
		pair := mustRun(t, Config{Game: g, Seats: []string{"test-first", "random"}, Games: 30, Seed: 3})
		sameResults(t, spec+": test-first vs random, alone and in the round robin", rs[30:60], pair)

		want := map[[2]string]Record{}
		for _, r := range rs {
			if len(r.Seats) != 2 || len(r.Returns) != 2 || r.Agent != Label(r.Seats) || r.Seed != GameSeed(3, r.Game) {
				t.Fatalf("%s: row %+v", spec, r)
			}
			a, b := r.Seats[0], r.Seats[1]
			switch {
			case r.Returns[0] > r.Returns[1]:
				want[[2]string{a, b}] = Record{want[[2]string{a, b}].Win + 1, want[[2]string{a, b}].Draw, want[[2]string{a, b}].Loss}
			case r.Returns[0] < r.Returns[1]:
				want[[2]string{a, b}] = Record{want[[2]string{a, b}].Win, want[[2]string{a, b}].Draw, want[[2]string{a, b}].Loss + 1}
			default:
				want[[2]string{a, b}] = Record{want[[2]string{a, b}].Win, want[[2]string{a, b}].Draw + 1, want[[2]string{a, b}].Loss}
			}
		}
		rep, err := Summarise(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		m := rep.Match
		if m == nil || !slices.Equal(m.Agents, cfg.Agents) {
			t.Fatalf("%s: match %+v", spec, m)
		}
		for i, a := range m.Agents {
			for j, b := range m.Agents {
				if i == j {
					continue
				}
				ab, ba := want[[2]string{a, b}], want[[2]string{b, a}]
				w := Record{ab.Win + ba.Loss, ab.Draw + ba.Draw, ab.Loss + ba.Win}
				if m.Pairs[i][j] != w {
					t.Errorf("%s: %s against %s: %+v, want %+v", spec, a, b, m.Pairs[i][j], w)
				}
			}
		}
		// The file names the seats, and reads back the same.
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`"agent":"random vs test-first","seats":["random","test-first"],`)) || !bytes.Contains(data, []byte(`"returns":[`)) {
			t.Errorf("%s: rows do not name the seats and returns:\n%.400s", spec, data)
		}
		cfg.Resume = true
		sameResults(t, spec+": read back", mustRun(t, cfg), rs)
		var buf bytes.Buffer
		if err := WriteTables(&buf, rep); err != nil {
			t.Fatal(err)
		}
		for _, title := range []string{"\nResults: ", "\nPairwise: ", "\nRatings: ", "\nBy seat: "} {
			if !strings.Contains(buf.String(), title) {
				t.Errorf("%s: no table %q:\n%s", spec, title, buf.String())
			}
		}
	}
}

func TestOpponents(t *testing.T) {
	g := mustGame(t, "pig")
	cfg := Config{Game: g, Agents: []string{"random", "test-first"}, Opponents: []string{"test-first:salt=1", "random"}, Games: 40, Seed: 5, Workers: 2}
	rs := mustRun(t, cfg)
	var labels []string
	for _, r := range rs {
		if len(labels) == 0 || labels[len(labels)-1] != r.Agent {
			labels = append(labels, r.Agent)
		}
	}
	if got := strings.Join(labels, "; "); got != "random vs test-first:salt=1; random; test-first vs test-first:salt=1; test-first vs random" {
		t.Fatalf("lineups %s", got)
	}
	// The tally is given the run's lineups, as the CLI gives them, so its
	// columns do not follow the order in which two workers' results arrive.
	var got []GameResult
	var lineups []string
	err := Stream(t.Context(), cfg, func(mode Mode, labels []string) {
		if mode != Opponents {
			t.Errorf("mode %d", mode)
		}
		lineups = labels
	}, func(r GameResult) error { got = append(got, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	tally := NewTally(Opponents, lineups, "")
	for _, r := range got {
		tally.Add(r)
	}
	rep, err := tally.Report()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteTables(&buf, rep); err != nil {
		t.Fatal(err)
	}
	// One row per agent, one column per opponent, each cell the lineup's
	// mean.
	text := buf.String()
	_, table, ok := strings.Cut(text, "Robustness: ")
	if !ok {
		t.Fatalf("no robustness table:\n%s", text)
	}
	for _, want := range []string{"| random ", "| test-first ", " test-first:salt=1 ", fmtCI(rep.Agents[2].Mean, rep.Agents[2].Half)} {
		if !strings.Contains(table, want) {
			t.Errorf("robustness table lacks %q:\n%s", want, table)
		}
	}
	// The second table: each agent's score against random less its score
	// against the first opponent, game by game.
	_, diffs, ok := strings.Cut(table, "less against test-first:salt=1, same games")
	if !ok {
		t.Fatalf("no table of paired differences:\n%s", table)
	}
	var d []float64
	for k := range 40 {
		d = append(d, rs[40+k].Score.Value-rs[k].Score.Value) // random vs random, less random vs test-first:salt=1
	}
	mean, half := MeanCI(d)
	if want := "| random     | " + fmtCI(mean, half); !strings.Contains(diffs, fmtCI(mean, half)) {
		t.Errorf("paired differences lack %q:\n%s", want, diffs)
	}
}

func TestBradleyTerry(t *testing.T) {
	// Even records give equal ratings.
	even := [][]Record{{{}, {10, 5, 10}}, {{10, 5, 10}, {}}}
	r, h := bradleyTerry(even)
	if math.Abs(r[1]) > 1e-9 || h[0] != 0 || !(h[1] > 0) {
		t.Errorf("even: ratings %v ± %v", r, h)
	}
	// 300 wins and 100 losses, with the virtual draw: 300.5 points of 401,
	// so the odds are 300.5/100.5 and the variance 1/(401 p (1-p)).
	pairs := [][]Record{{{}, {300, 0, 100}}, {{100, 0, 300}, {}}}
	r, h = bradleyTerry(pairs)
	p := 300.5 / 401
	wantR := -400 * math.Log10(300.5/100.5)
	wantH := 1.959964 * math.Sqrt(1/(401*p*(1-p))) * 400 / math.Ln10
	if math.Abs(r[1]-wantR) > 1e-6 || math.Abs(h[1]-wantH) > 1e-3 {
		t.Errorf("ratings %v ± %v, want 0 and %.4f ± %.4f", r, h, wantR, wantH)
	}
	// Transitive strengths come out in order, and an agent that never lost
	// keeps a finite rating.
	three := [][]Record{
		{{}, {0, 0, 20}, {0, 0, 20}},
		{{20, 0, 0}, {}, {5, 0, 15}},
		{{20, 0, 0}, {15, 0, 5}, {}},
	}
	r, h = bradleyTerry(three)
	if !(r[2] > r[1] && r[1] > 0) || math.IsInf(r[2], 0) || math.IsNaN(h[2]) {
		t.Errorf("three: ratings %v ± %v", r, h)
	}
}

func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := wilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > 1e-4 || math.Abs(hi-tt.hi) > 1e-4 {
			t.Errorf("wilson(%d, %d) = %.4f, %.4f, want %.4f, %.4f", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}
