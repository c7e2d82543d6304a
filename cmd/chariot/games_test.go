package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/envtest"
)

var update = flag.Bool("update", false, "rewrite the guide's generated tables (the capability table, the figures) from what they come from")

// gamesJSON runs `chariot games --json` and decodes what it prints.
func gamesJSON(t *testing.T) []gameInfo {
	t.Helper()
	status, stdout, stderr := runArgs("games", "--json")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	var infos []gameInfo
	if err := env.DecodeStrict([]byte(stdout), &infos); err != nil {
		t.Fatalf("games --json: %v\n%s", err, stdout)
	}
	return infos
}

// TestGamesJSON: every registered game is stated, with its seats, every
// plug-in and a recommendation a spec a seat.
func TestGamesJSON(t *testing.T) {
	infos := gamesJSON(t)
	var names []string
	for _, r := range env.Games() {
		names = append(names, r.Name)
	}
	if got := infoNames(infos); !slices.Equal(got, names) {
		t.Fatalf("games --json states %v, the registry holds %v", got, names)
	}
	for _, in := range infos {
		g := envtest.NewGame(t, in.Name)
		if len(in.Seats) != g.NumPlayers() || len(in.Agents.Baseline) != g.NumPlayers() || len(in.Agents.Search) != g.NumPlayers() {
			t.Errorf("%s: seats %q, baseline %q and search %q for %d seats", in.Name, in.Seats, in.Agents.Baseline, in.Agents.Search, g.NumPlayers())
		}
		if !slices.Equal(in.Plugins, env.Plugins(g)) {
			t.Errorf("%s: plug-ins %v, want env.Plugins %v", in.Name, in.Plugins, env.Plugins(g))
		}
		if in.Agents.Advisor == "" || in.Agents.Source == "" || slices.Contains(in.Agents.Baseline, "") {
			t.Errorf("%s: agents %+v: want a baseline for every seat, the advisor's search and a source (agents.Recommend)", in.Name, in.Agents)
		}
	}
}

func infoNames(infos []gameInfo) []string {
	var out []string
	for _, in := range infos {
		out = append(out, in.Name)
	}
	return out
}

// TestRecommendedAgentsBuild: every recommendation names a registered
// game, one spec or a spec a seat, each spec builds for its game, and the
// baseline is a baseline agent.
func TestRecommendedAgentsBuild(t *testing.T) {
	for _, r := range env.Games() {
		rec, ok := agents.Recommended(r.Name)
		if !ok {
			t.Errorf("%s: no recommendation (agents.Recommend)", r.Name)
			continue
		}
		g := envtest.NewGame(t, r.Name)
		for _, specs := range [][]string{rec.Baseline, rec.Search} {
			if len(specs) > 1 && len(specs) != g.NumPlayers() {
				t.Errorf("%s: %q: one spec or one a seat of %d", r.Name, specs, g.NumPlayers())
			}
			for _, spec := range specs {
				if _, err := agents.New(spec, g, 1); err != nil {
					t.Errorf("%s: recommended %q does not build: %v", r.Name, spec, err)
				}
			}
		}
		for _, spec := range rec.Baseline {
			name, _, _ := strings.Cut(spec, ":")
			if a, err := agents.Lookup(name); err != nil || !a.Baseline {
				t.Errorf("%s: recommended baseline %q is not a baseline agent", r.Name, spec)
			}
		}
	}
}

// The capability table of docs/games.md lies between these markers.
const (
	tableBegin = "<!-- capabilities: generated from `chariot games --json` by `go test ./cmd/chariot -run TestReadmeCapabilities -update`; do not edit -->\n"
	tableEnd   = "<!-- capabilities: end -->\n"
)

// TestReadmeCapabilities: docs/games.md's capability table is the one
// `chariot games --json` gives; -update writes it.
func TestReadmeCapabilities(t *testing.T) {
	want := capabilityTable(gamesJSON(t))
	const path = "../../docs/games.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(readme, []byte(tableBegin)), bytes.Index(readme, []byte(tableEnd))
	if i < 0 || j < i {
		t.Fatalf("docs/games.md lacks the markers %q and %q", tableBegin, tableEnd)
	}
	got := string(readme[i+len(tableBegin) : j])
	if got == want {
		return
	}
	if !*update {
		t.Fatalf("docs/games.md's capability table is stale: run go test ./cmd/chariot -run TestReadmeCapabilities -update\ngot:\n%s\nwant:\n%s", got, want)
	}
	out := slices.Concat(readme[:i+len(tableBegin)], []byte(want), readme[j:])
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// capabilityTable writes the plug-ins each game offers (a row a plug-in,
// a column a game), then each game's seats, decision kinds and
// recommended agents.
func capabilityTable(infos []gameInfo) string {
	var b strings.Builder
	b.WriteString("| plug-in |")
	for _, in := range infos {
		fmt.Fprintf(&b, " `%s` |", in.Name)
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---|", len(infos)))
	b.WriteString("\n")
	for k, p := range infos[0].Plugins {
		fmt.Fprintf(&b, "| `%s` (%s) |", p.Name, p.On)
		for _, in := range infos {
			mark := "–"
			if in.Plugins[k].Offered {
				mark = "✓"
			}
			fmt.Fprintf(&b, " %s |", mark)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n| game | seats | decision kinds | best baseline | best search within 10 s of CPU a game | advisor's default | figures |\n|---|---|---|---|---|---|---|\n")
	for _, in := range infos {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", in.Name, strings.Join(in.Seats, ", "), orDash(strings.Join(in.DecisionKinds, ", ")),
			seatSpecs(in.Agents.Baseline, in.Seats), seatSpecs(in.Agents.Search, in.Seats), "`"+in.Agents.Advisor+"`", in.Agents.Source)
	}
	return b.String()
}

// seatSpecs writes one spec, or a spec a seat named by its seat.
func seatSpecs(specs, seats []string) string {
	if len(specs) == 0 || specs[0] == "" && len(slices.Compact(slices.Clone(specs))) == 1 {
		return "–"
	}
	if len(slices.Compact(slices.Clone(specs))) == 1 {
		return "`" + specs[0] + "`"
	}
	parts := make([]string, len(specs))
	for i, s := range specs {
		parts[i] = seats[i] + " `" + s + "`"
	}
	return strings.Join(parts, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
