package stnazaire

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// Tests of the embedded data sets and of the option data=: the balanced
// set loads, changes no entry the rules fix, and plays by the same rules.

func TestBalancedDataLoads(t *testing.T) {
	d, err := BalancedData()
	if err != nil {
		t.Fatal(err)
	}
	def, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Spaces) != len(def.Spaces) || len(d.British) != len(def.British) || len(d.German) != len(def.German) {
		t.Errorf("balanced has %d spaces, %d commandos, %d Germans; default %d, %d, %d",
			len(d.Spaces), len(d.British), len(d.German), len(def.Spaces), len(def.British), len(def.German))
	}
	if reflect.DeepEqual(d.File, def.File) {
		t.Error("the balanced set is the default set")
	}
}

// TestBalancedKeepsRulesEntries: every entry whose source is "rules" is the
// same in both sets, and so are the parts README calls rules that carry no
// source field (draws, victory levels) and the fields of reconstructed
// entries that the rules fix (names, groups, landing orders, objectives,
// types, set-up areas, Brett 3 and Birney 5 of the rule 9 example).
func TestBalancedKeepsRulesEntries(t *testing.T) {
	def, bal := rawSet(t, "data/default.json"), rawSet(t, "data/balanced.json")
	n := 0
	walkRules(def, "", func(path string, entry any) {
		n++
		if got := lookup(bal, path); !reflect.DeepEqual(got, entry) {
			t.Errorf("rules entry %s changed:\n default  %v\n balanced %v", path, entry, got)
		}
	})
	if n < 18 { // 17 objectives and the reinforcement table
		t.Fatalf("found %d rules entries in default.json, want at least 18", n)
	}
	for _, key := range []string{"draws", "levels"} {
		if !reflect.DeepEqual(def[key], bal[key]) {
			t.Errorf("%s (rules) changed", key)
		}
	}

	d, b := mustParse(t, DefaultData), mustParse(t, BalancedData)
	for i, u := range d.File.British {
		v := b.File.British[i]
		u.Full, u.Reduced, u.Why, v.Full, v.Reduced, v.Why = 0, 0, "", 0, 0, ""
		if u != v {
			t.Errorf("commando %d: only strengths may change, got %+v for %+v", i, v, u)
		}
		if (u.Name == "Brett" || u.Name == "Birney") && b.File.British[i].Full != d.File.British[i].Full {
			t.Errorf("%s's full strength is fixed by the rule 9 example", u.Name)
		}
		if (d.File.British[i].Reduced == 0) != (b.File.British[i].Reduced == 0) {
			t.Errorf("%s: single-sided counters (2.1) must stay single-sided, double-sided double", u.Name)
		}
	}
	stosstrupp := false
	for i, g := range d.File.German {
		h := b.File.German[i]
		stosstrupp = stosstrupp || (h.Class == "kriegsmarine" && h.Strength == 4)
		g.Strength, g.Why, h.Strength, h.Why = 0, "", 0, ""
		if g != h {
			t.Errorf("German %d: only strengths may change, got %+v for %+v", i, h, g)
		}
	}
	if !stosstrupp {
		t.Error("the rule 9 example has a strength-4 Kriegsmarine unit")
	}
}

// TestBalancedChangesSayWhy: every entry the balanced set changes says so
// in its why, so the file explains itself.
func TestBalancedChangesSayWhy(t *testing.T) {
	d, b := mustParse(t, DefaultData), mustParse(t, BalancedData)
	changed := 0
	check := func(what string, differ bool, why string) {
		if !differ {
			return
		}
		changed++
		if !strings.HasPrefix(why, "balanced:") {
			t.Errorf("%s changed but its why does not start with \"balanced:\": %q", what, why)
		}
	}
	for i := range d.File.Spaces {
		u, v := d.File.Spaces[i], b.File.Spaces[i]
		check("space "+u.ID, u.Setup != v.Setup || u.Entry != v.Entry || u.Exit != v.Exit, v.Why)
	}
	for i := range d.File.British {
		u, v := d.File.British[i], b.File.British[i]
		check(u.Name, u.Full != v.Full || u.Reduced != v.Reduced, v.Why)
	}
	for i := range d.File.German {
		u, v := d.File.German[i], b.File.German[i]
		check(u.Name, u.Strength != v.Strength, v.Why)
	}
	check("CRT", !reflect.DeepEqual(d.File.CRT.Rows, b.File.CRT.Rows), b.File.CRT.Why)
	check("landing table", !reflect.DeepEqual(d.File.Landing.OldMole, b.File.Landing.OldMole) ||
		!reflect.DeepEqual(d.File.Landing.OldEntrance, b.File.Landing.OldEntrance), b.File.Landing.Why)
	if changed == 0 {
		t.Fatal("the balanced set changes nothing")
	}
}

// TestBalancedCRTWorkedExample: the balanced CRT keeps the four results of
// the rule 9 example, like the default one.
func TestBalancedCRTWorkedExample(t *testing.T) {
	checkRule9Example(t, mustParse(t, BalancedData))
}

// TestConformanceBalanced runs the shared env suite with the invariants on
// the balanced set (the rules are the same code as on the default set,
// which TestConformance runs under every variant).
func TestConformanceBalanced(t *testing.T) {
	g, err := env.NewGame(Name + ":data=balanced")
	if err != nil {
		t.Fatal(err)
	}
	envtest.Check(t, g, envtest.Config{Games: 10, Seed: 12, Invariant: invariants, Skip: pendingChecks})
}

// TestRandomPlayPropertiesBalanced: random play on the balanced set keeps
// every invariant after every step.
func TestRandomPlayPropertiesBalanced(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	g, err := env.NewGame(Name + ":data=balanced")
	if err != nil {
		t.Fatal(err)
	}
	playRandomGames(t, g.(*Game), games, 2027)
}

// TestDataOption: data= takes the name of an embedded set or a path, and
// refuses anything else in one line.
func TestDataOption(t *testing.T) {
	def := mustParse(t, DefaultData)
	bal := mustParse(t, BalancedData)
	abs, err := filepath.Abs("data/balanced.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		data, options string
		want          *Data
	}{
		{"balanced", "data=balanced", bal},
		{"default", "", def},
		{"data/balanced.json", "data=data/balanced.json", bal},
		{abs, "data=" + abs, bal},
	} {
		g, err := env.NewGame(Name + ":data=" + tc.data)
		if err != nil {
			t.Fatalf("data=%s: %v", tc.data, err)
		}
		got := g.(*Game)
		if !reflect.DeepEqual(got.Data().File, tc.want.File) {
			t.Errorf("data=%s loaded other data", tc.data)
		}
		if opts := got.Options(); !strings.Contains(opts, tc.options) || (tc.options == "" && strings.Contains(opts, "data=")) {
			t.Errorf("data=%s: options %q, want them to hold %q", tc.data, opts, tc.options)
		}
		again, err := env.NewGame(Name + ":" + got.Options())
		if err != nil || !reflect.DeepEqual(again.(*Game).Data().File, tc.want.File) {
			t.Errorf("data=%s: the option text does not rebuild the game (%v)", tc.data, err)
		}
	}
	g, err := env.NewGame(Name + ":data=balanced")
	if err != nil {
		t.Fatal(err)
	}
	if c := g.(*Game).Caveats(); len(c) < 2 || !strings.Contains(c[0], "balanced") {
		t.Errorf("the balanced set's caveats should say so first: %q", c)
	}
	for _, bad := range []string{"balancd", "BALANCED", "testdata/does-not-exist.json"} {
		_, err := env.NewGame(Name + ":data=" + bad)
		if err == nil {
			t.Errorf("data=%s: accepted", bad)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, bad) || !strings.Contains(msg, "balanced, default") {
			t.Errorf("data=%s: want a one-line error naming it and the embedded sets, got %q", bad, msg)
		}
	}
	if _, err := EmbeddedData("nope"); err == nil {
		t.Error("EmbeddedData accepted an unknown name")
	}
}

func mustParse(t *testing.T, load func() (*Data, error)) *Data {
	t.Helper()
	d, err := load()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// rawSet reads a data file as plain JSON, every entry as written.
func rawSet(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// walkRules calls f with the path and value of every JSON object whose
// source is "rules".
func walkRules(v any, path string, f func(path string, entry any)) {
	switch x := v.(type) {
	case map[string]any:
		if x["source"] == "rules" {
			f(path, x)
			return
		}
		for k, e := range x {
			walkRules(e, path+"/"+k, f)
		}
	case []any:
		for i, e := range x {
			walkRules(e, path+"/"+strconv.Itoa(i), f)
		}
	}
}

// lookup follows a walkRules path.
func lookup(v any, path string) any {
	for _, k := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
