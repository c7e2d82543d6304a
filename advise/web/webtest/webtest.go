// Package webtest holds what the tests of the advisor's web page share,
// whichever game they serve: a test server, JSON calls, and headless
// Chromium.
package webtest

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/advise/web"
	"github.com/chariot-ai/chariot/env"
	"github.com/chromedp/chromedp"
)

// ChromiumPath is Debian's chromium; CI installs it (.ci/run).
const ChromiumPath = "/usr/bin/chromium"

// State is the part of /api/state the tests read.
type State struct {
	Version uint64 `json:"version"`
	Steps   int    `json:"steps"`
	Chance  bool   `json:"chance"`
	Over    bool   `json:"over"`
	Faces   []int  `json:"faces"`
	Prompt  string `json:"prompt"`
	Log     []string
	Legal   []struct {
		Number int
		Name   string
		Cell   int
	}
	Suggestion  *Job        `json:"suggestion"`
	Pieces      []env.Piece `json:"pieces"`
	EditExample string      `json:"edit_example"`
}

// Job is /api/suggest.
type Job struct {
	Version    uint64  `json:"version"`
	Status     string  `json:"status"`
	Progress   float64 `json:"progress"`
	Suggestion struct {
		Moves []struct{ Name string }
		Sims  int
	} `json:"suggestion"`
	Forecast *advise.Forecast `json:"forecast"`
}

// NewServer serves a new game of g of seed 1, with suggestions by agent,
// from a test server; it returns the server and its save directory.
func NewServer(t testing.TB, g env.Game, think time.Duration, agent string) (*httptest.Server, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := advise.NewSession(g, 1, filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(s.Game(), advise.Options{Agent: agent, Think: think, Top: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(s, a, web.Options{Dir: dir, Futures: 20})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, dir
}

// Call sends a request and decodes the answer into out, returning the
// status and the error message if any.
func Call(t testing.TB, ts *httptest.Server, method, path, ctype, body string, out any) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var e struct{ Error string }
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(data, &e); err != nil {
			t.Errorf("%s %s: error answer is not JSON: %q", method, path, data)
		}
		return resp.StatusCode, e.Error
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %q", method, path, err, data)
		}
	}
	return resp.StatusCode, ""
}

// PostJSON posts a JSON body.
func PostJSON(t testing.TB, ts *httptest.Server, path, body string, out any) (int, string) {
	t.Helper()
	return Call(t, ts, "POST", path, "application/json", body, out)
}

// ToDecision lets the tool roll until a decision is pending.
func ToDecision(t testing.TB, ts *httptest.Server) State {
	t.Helper()
	var st State
	Call(t, ts, "GET", "/api/state", "", "", &st)
	for i := 0; st.Chance; i++ {
		if i > 100 {
			t.Fatal("no decision after 100 rolls")
		}
		if code, msg := PostJSON(t, ts, "/api/roll", `{"face":"r"}`, &st); code != 200 {
			t.Fatalf("roll: %d %s", code, msg)
		}
	}
	return st
}

// Browser starts headless Chromium at the given window size and returns a
// context for its calls, with a time limit of 90 s; the test's cleanup
// stops it. Without Chromium the test is skipped, except under CI, where
// it fails.
func Browser(t testing.TB, width, height int) context.Context {
	t.Helper()
	return BrowserFor(t, width, height, 90*time.Second)
}

// BrowserFor is Browser with the given time limit, for a long session: a
// guard against a hang, generous enough for a busy machine.
func BrowserFor(t testing.TB, width, height int, limit time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no %s (set CI to make this a failure)", ChromiumPath)
		}
		t.Fatalf("CI is set but %s is missing: %v", ChromiumPath, err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:0:0],
		chromedp.ExecPath(ChromiumPath),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelC := chromedp.NewContext(actx)
	// The first call starts the browser: it lives as long as bctx, so the
	// timeout goes on the context of the later calls.
	if err := chromedp.Do(bctx); err != nil {
		cancelC()
		cancelA()
		t.Fatalf("starting %s: %v", ChromiumPath, err)
	}
	ctx, cancelT := context.WithTimeout(bctx, limit)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx
}

// Do runs browser steps, failing the test with what the page shows.
func Do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	for i, st := range steps {
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := chromedp.Do(sctx, st)
		cancel()
		if err != nil {
			page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent + " | " + document.getElementById("prompt").textContent + " | error: " + document.getElementById("error").textContent`))
			t.Fatalf("%s, step %d: %v (page: %s)", what, i+1, err, page)
		}
	}
}

// Until polls a JavaScript condition.
func Until(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(15*time.Second))
}

// Evaluate runs a JavaScript expression in the page.
func Evaluate[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// JSString quotes s for JavaScript.
func JSString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// screenshots, when set, is where Screenshot also writes its pictures:
// go test ./... -args -screenshots=$PWD/advise/web/testdata refreshes the
// ones the README shows.
var screenshots = flag.String("screenshots", "", "directory to write the page's screenshots to, besides the temporary directory")

// Screenshot saves a full-page PNG of the page as name in the temporary
// directory (and in -screenshots, if given), and returns its path.
func Screenshot(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(os.TempDir(), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	if *screenshots != "" {
		if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// ChipsOverlap returns the first two chips of the board whose boxes
// overlap, and the first chip whose text is wider than its box, as
// descriptions ("" when all is well).
func ChipsOverlap(t testing.TB, ctx context.Context) (overlap, cut string) {
	t.Helper()
	js := `(() => {
	  const chips = [...document.querySelectorAll("#units .chip")].map((g) => ({g, r: g.querySelector("rect").getBoundingClientRect(), t: g.querySelector("text").getBoundingClientRect()}));
	  let overlap = "", cut = "";
	  for (let i = 0; i < chips.length && !overlap; i++) for (let j = i + 1; j < chips.length; j++) {
	    const a = chips[i].r, b = chips[j].r;
	    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
	      overlap = chips[i].g.textContent + " / " + chips[j].g.textContent; break;
	    }
	  }
	  for (const c of chips) if (c.t.width > c.r.width + 0.5) { cut = c.g.textContent; break; }
	  return [overlap, cut];
	})()`
	v := Evaluate[[]string](t, ctx, js)
	return v[0], v[1]
}
