package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func events(t *testing.T, es ...event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range es {
		j, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

const (
	web       = "github.com/chariot-ai/chariot/advise/web"
	heuristic = "github.com/chariot-ai/chariot/agents/heuristic"
)

func skipped(pkg, test, why string) []event {
	return []event{
		{Action: "run", Package: pkg, Test: test},
		{Action: "output", Package: pkg, Test: test, Output: "=== RUN   " + test + "\n"},
		{Action: "output", Package: pkg, Test: test, Output: "    x_test.go:59: " + why + "\n"},
		{Action: "output", Package: pkg, Test: test, Output: "--- SKIP: " + test + " (0.00s)\n"},
		{Action: "skip", Package: pkg, Test: test},
	}
}

func TestUnexpectedSkipsAreReported(t *testing.T) {
	in := slices.Concat(
		skipped(heuristic, "TestBaselinesRefuseOtherGames", "pig not registered in this test binary"),
		skipped(web, "TestPageEndToEnd", "no /usr/bin/chromium (set CI to make this a failure)"),
		skipped(web, "TestOther", "no /usr/bin/chromium"),
		[]event{{Action: "output", Package: heuristic, Output: "ok  \t" + heuristic + "\t0.1s\n"}, {Action: "pass", Package: heuristic}},
	)
	for _, c := range []struct {
		underCI bool
		want    []string
	}{
		{false, []string{
			heuristic + " TestBaselinesRefuseOtherGames: x_test.go:59: pig not registered in this test binary",
			web + " TestOther: x_test.go:59: no /usr/bin/chromium",
		}},
		{true, []string{
			heuristic + " TestBaselinesRefuseOtherGames: x_test.go:59: pig not registered in this test binary",
			web + " TestPageEndToEnd: x_test.go:59: no /usr/bin/chromium (set CI to make this a failure)",
			web + " TestOther: x_test.go:59: no /usr/bin/chromium",
		}},
	} {
		var out bytes.Buffer
		got, err := check(strings.NewReader(events(t, in...)), &out, c.underCI)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("under CI %v: %q, %v; want %q", c.underCI, got, err, c.want)
		}
		if out.String() != "ok  \t"+heuristic+"\t0.1s\n" {
			t.Errorf("output %q, want the package's result line only", out.String())
		}
	}
}

func TestFailuresAndBuildErrorsAreShown(t *testing.T) {
	in := events(t,
		event{Action: "build-output", Package: "p", Output: "p/x.go:3:1: syntax error\n"},
		event{Action: "run", Package: "q", Test: "TestA"},
		event{Action: "output", Package: "q", Test: "TestA", Output: "--- FAIL: TestA (0.00s)\n"},
		event{Action: "fail", Package: "q", Test: "TestA"},
		event{Action: "run", Package: "q", Test: "TestB"},
		event{Action: "output", Package: "q", Test: "TestB", Output: "=== RUN   TestB\n"},
		event{Action: "pass", Package: "q", Test: "TestB"},
	) + "FAIL\tp [setup failed]\n"
	var out bytes.Buffer
	got, err := check(strings.NewReader(in), &out, false)
	want := "p/x.go:3:1: syntax error\n--- FAIL: TestA (0.00s)\nFAIL\tp [setup failed]\n"
	if err != nil || len(got) != 0 || out.String() != want {
		t.Errorf("check = %q, %v, output %q; want %q", got, err, out.String(), want)
	}
}
