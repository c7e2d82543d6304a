// Command skipcheck reads `go test -json` on stdin, prints what `go test`
// would (package results, and the output of failing tests), and fails if
// a test skipped that is not in the list below: a skip hides a check that
// never runs (as agents/heuristic's refusal test once did, skipping on
// every run), so each one must be meant.
//
//	go test -json ./... | go run ./.ci/skipcheck
//
// The exit status is 1 if a test skipped unexpectedly; go test's own
// failures are its exit status (run the pipe under `set -o pipefail`).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// allowed is the one list of the skips allowed, and when: a test may skip
// only with one of these messages.
var allowed = []allowedSkip{
	{
		Message: "no /usr/bin/chromium (set CI to make this a failure)",
		Why: "the browser tests (advise/web/webtest.Browser) drive the page in headless Chromium; " +
			"they skip where Chromium is missing, but not under CI (CI set), where they fail instead",
		NotInCI: true,
	},
}

type allowedSkip struct {
	// Message is the skip's message, as the test gives it.
	Message, Why string
	// NotInCI allows the skip only when the environment variable CI is
	// empty.
	NotInCI bool
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	unexpected, err := check(os.Stdin, os.Stdout, os.Getenv("CI") != "")
	if err != nil {
		fmt.Fprintln(os.Stderr, "skipcheck:", err)
		os.Exit(2)
	}
	if len(unexpected) > 0 {
		fmt.Fprintln(os.Stderr, "skipcheck: tests skipped that are not in the list of allowed skips (.ci/skipcheck/main.go):")
		for _, s := range unexpected {
			fmt.Fprintln(os.Stderr, "  "+s)
		}
		os.Exit(1)
	}
}

// check copies the results of the events on r to w, and returns the
// unexpected skips, each as "package test: message".
func check(r io.Reader, w io.Writer, underCI bool) ([]string, error) {
	var unexpected []string
	output := map[string][]string{} // a running test's output lines
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(w, sc.Text()) // not an event: go's own message
			continue
		}
		key := e.Package + " " + e.Test
		switch {
		case e.Action == "build-output":
			fmt.Fprint(w, e.Output)
		case e.Test == "":
			if e.Action == "output" && e.Output != "PASS\n" { // as go test ./... prints
				fmt.Fprint(w, e.Output)
			}
		case e.Action == "output":
			output[key] = append(output[key], e.Output)
		case e.Action == "fail":
			fmt.Fprint(w, strings.Join(output[key], ""))
			delete(output, key)
		case e.Action == "skip":
			if msg := skipMessage(output[key]); !isAllowed(msg, underCI) {
				unexpected = append(unexpected, e.Package+" "+e.Test+": "+msg)
			}
			delete(output, key)
		case e.Action == "pass":
			delete(output, key)
		}
	}
	return unexpected, sc.Err()
}

// isAllowed reports whether a skip with message msg ("file.go:12: why") is
// in the list.
func isAllowed(msg string, underCI bool) bool {
	_, why, _ := strings.Cut(msg, ": ")
	for _, a := range allowed {
		if why == a.Message && !(a.NotInCI && underCI) {
			return true
		}
	}
	return false
}

// skipMessage is the reason the test gave, from its output: its lines
// other than the === and --- SKIP lines, trimmed and joined.
func skipMessage(lines []string) string {
	var msg []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(l, "--- SKIP") {
			msg = append(msg, l)
		}
	}
	return strings.Join(msg, " ")
}
