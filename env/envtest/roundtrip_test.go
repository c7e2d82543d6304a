package envtest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// errorLog is an envtest.TB that keeps the errors it is told.
type errorLog []string

func (l *errorLog) Helper()             {}
func (l *errorLog) Logf(string, ...any) {}
func (l *errorLog) Errorf(format string, args ...any) {
	*l = append(*l, fmt.Sprintf(format, args...))
}

// misnamed is a pig state whose notation breaks in one way: names says what
// ActionString writes, parse what ParseAction reads.
type misnamed struct {
	env.State
	name  func(a env.Action) string
	parse func(text string) (env.Action, error)
}

func (s misnamed) ActionString(a env.Action) string {
	if s.name != nil {
		return s.name(a)
	}
	return s.State.ActionString(a)
}

func (s misnamed) ParseAction(text string) (env.Action, error) {
	if s.parse != nil {
		return s.parse(text)
	}
	return s.State.ParseAction(text)
}

// TestActionNameChecksCatchBugs: each check passes pig's notation and fails
// one broken the way Jubilee's was (a number accepted whose name is not).
func TestActionNameChecksCatchBugs(t *testing.T) {
	pig := mustGame(t, "pig").NewInitialState(1)
	var ok errorLog
	if !envtest.CheckActionNames(&ok, pig) || !envtest.CheckActionText(&ok, pig, "roll") ||
		!envtest.CheckActionText(&ok, pig, "#5") || !envtest.CheckActionText(&ok, pig, "no such action") {
		t.Fatalf("pig's notation fails: %v", ok)
	}
	unnamed := func(a env.Action) string {
		if a == 1 {
			return "move #1"
		}
		return pig.ActionString(a)
	}
	empty := func(a env.Action) string {
		if a == 0 {
			return ""
		}
		return pig.ActionString(a)
	}
	swapped := func(text string) (env.Action, error) { // reads "roll" as stop
		if text == "roll" {
			return 0, nil
		}
		return pig.ParseAction(text)
	}
	for _, tt := range []struct {
		what  string
		state misnamed
		text  string
		want  string
	}{
		{"a name that does not parse", misnamed{State: pig, name: unnamed}, "#1", "which ParseAction refuses"},
		{"an empty name", misnamed{State: pig, name: empty}, "stop", "is empty"},
		{"a name read as another action", misnamed{State: pig, parse: swapped}, "#1", "which ParseAction reads as 0"},
	} {
		var names, text errorLog
		if envtest.CheckActionNames(&names, tt.state) || len(names) == 0 || !strings.Contains(names[0], tt.want) {
			t.Errorf("%s: CheckActionNames reports %v, want %q", tt.what, names, tt.want)
		}
		if envtest.CheckActionText(&text, tt.state, tt.text) || len(text) == 0 || !strings.Contains(text[0], tt.want) {
			t.Errorf("%s: CheckActionText(%q) reports %v, want %q", tt.what, tt.text, text, tt.want)
		}
	}
}

// misnamedGame deals pig states whose action 1 is named "move #1".
type misnamedGame struct{ env.Game }

func (g misnamedGame) NewInitialState(seed uint64) env.State {
	s := g.Game.NewInitialState(seed)
	return misnamed{State: s, name: func(a env.Action) string {
		if a == 1 {
			return "move #1"
		}
		return s.ActionString(a)
	}}
}

// TestCheckActionNamesInPlay passes pig, and fails a broken pig naming the
// game, its seed and the step.
func TestCheckActionNamesInPlay(t *testing.T) {
	var log errorLog
	envtest.CheckActionNamesInPlay(&log, mustGame(t, "pig"), 3, 1)
	if len(log) != 0 {
		t.Fatalf("pig fails: %v", log)
	}
	envtest.CheckActionNamesInPlay(&log, misnamedGame{mustGame(t, "pig")}, 3, 5)
	if len(log) != 2 || !strings.Contains(log[0], `"move #1"`) || log[1] != "pig, game of seed 5, step 0" {
		t.Fatalf("a broken pig reports %q", log)
	}
}
