package models

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/train/model"
)

// metric is the model's held-out metric of that name.
func metric(m *model.Model, name string) (float64, error) {
	for _, x := range m.Metrics {
		if x.Name == name {
			return x.Value, nil
		}
	}
	return 0, fmt.Errorf("no metric %s", name)
}

var (
	tableRow  = regexp.MustCompile("(?m)^\\| `([a-z0-9]+-(?:policy|value)\\.json)` \\|(.*)\\|$")
	inputsRow = regexp.MustCompile(`^(\d+) [^|→]*features((?: → \d+)*) → (?:a logit|the final VP)$`)
	sizeRow   = regexp.MustCompile(`^([\d,]+) weights, (\d+) KB$`)
	gamesRow  = regexp.MustCompile(`^(\d+) games\b|^the same (\d+) games$`)
	policyRow = regexp.MustCompile(`^accuracy ([\d.]+), top-3 ([\d.]+)$`)
	valueRow  = regexp.MustCompile(`^R² ([\d.-]+), MAE ([\d.]+) VP$`)
)

// TestREADMEStatesTheFiles: README.md's table of the shipped models says
// of each file what the file holds: its inputs and layers, its weights and
// size, the games it was trained on and its held-out metrics, as printed
// (rounded); and every shipped file has its row.
func TestREADMEStatesTheFiles(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := tableRow.FindAllStringSubmatch(string(text), -1)
	listed := map[string]bool{}
	for _, r := range rows {
		listed[r[1]] = true
		if err := checkRow(r[1], strings.Split(r[2], " | ")); err != nil {
			t.Errorf("README.md, %s: %v", r[1], err)
		}
	}
	entries, err := files.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !listed[e.Name()] {
			t.Errorf("README.md's table has no row for the shipped %s", e.Name())
		}
	}
}

// checkRow compares the cells game | what | size | trained on | held out
// of file's row with the file.
func checkRow(file string, cells []string) error {
	if len(cells) != 5 {
		return fmt.Errorf("%d cells after the file's, want 5", len(cells))
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	raw, err := files.ReadFile(file)
	if err != nil {
		return err
	}
	m, err := model.Unmarshal(raw)
	if err != nil {
		return err
	}
	if m.Net == nil {
		return fmt.Errorf("not a network")
	}
	var widths []string
	for _, h := range m.Net.Hidden() {
		widths = append(widths, " → "+strconv.Itoa(h))
	}
	weights := m.Net.Params()
	if want := fmt.Sprintf("%d features%s", len(m.Features), strings.Join(widths, "")); !matches(inputsRow, cells[1], func(g []string) bool {
		return g[1] == strconv.Itoa(len(m.Features)) && g[2] == strings.Join(widths, "")
	}) {
		return fmt.Errorf("what: %q, the file has %s", cells[1], want)
	}
	if !matches(sizeRow, cells[2], func(g []string) bool {
		return strings.ReplaceAll(g[1], ",", "") == strconv.Itoa(weights) && g[2] == strconv.Itoa(int(math.Round(float64(len(raw))/1000)))
	}) {
		return fmt.Errorf("size: %q, the file has %d weights in %d bytes", cells[2], weights, len(raw))
	}
	games := 0
	for _, d := range m.Training.Data {
		games += d.Games
	}
	if !matches(gamesRow, cells[3], func(g []string) bool { return g[1]+g[2] == strconv.Itoa(games) }) {
		return fmt.Errorf("trained on: %q, the file's data has %d games", cells[3], games)
	}
	if len(m.Training.Averaged) > 0 {
		// A mean of networks has no games held out from all of them.
		if !strings.HasPrefix(cells[4], "none") || len(m.Metrics) != 0 {
			return fmt.Errorf("held out: %q, for the mean of %d networks with %d metrics", cells[4], len(m.Training.Averaged), len(m.Metrics))
		}
		return nil
	}
	names, re := [2]string{"accuracy", "top3"}, policyRow
	if strings.HasSuffix(file, "-value.json") {
		names, re = [2]string{"r2", "mae"}, valueRow
	}
	g := re.FindStringSubmatch(cells[4])
	if g == nil {
		return fmt.Errorf("held out: %q is not %s", cells[4], re)
	}
	for i, name := range names {
		v, err := metric(m, name)
		if err != nil {
			return err
		}
		decimals := len(g[i+1]) - strings.Index(g[i+1], ".") - 1
		if strings.Contains(g[i+1], ".") && strconv.FormatFloat(v, 'f', decimals, 64) == g[i+1] {
			continue
		}
		return fmt.Errorf("held out: %s %s, the file has %.4f", name, g[i+1], v)
	}
	return nil
}

// matches says whether s matches re and its groups pass ok.
func matches(re *regexp.Regexp, s string, ok func(groups []string) bool) bool {
	g := re.FindStringSubmatch(s)
	return g != nil && ok(g)
}
