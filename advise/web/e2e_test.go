package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium; CI installs it (.ci/run).
const chromiumPath = "/usr/bin/chromium"

// TestPageEndToEnd drives the real page in headless Chromium: a new game,
// dice entered by face and by the tool, a suggestion asked for and
// accepted, and the map and status checked after it. It is skipped where
// Chromium is missing, except under CI, where it must run.
func TestPageEndToEnd(t *testing.T) {
	begin := time.Now()
	ts, _ := newServer(t, 0, "ismcts:sims=200,rollout=greedy,prior=3")

	ctx := browser(t, 1500, 950)

	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		for i, st := range steps {
			sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			err := chromedp.Do(sctx, st)
			cancel()
			if err != nil {
				page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent + " | " + document.getElementById("prompt").textContent + " | error: " + document.getElementById("error").textContent + " | dice hidden: " + document.getElementById("dice").hidden + " | calls: " + performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/")).map((e) => e.name.split("/api/")[1]).join(",")`))
				t.Fatalf("%s, step %d: %v (page: %s)", what, i+1, err, page)
			}
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("read %s: %v", sel, err)
		}
		return s
	}
	str := func(js string) string { t.Helper(); return evaluate[string](t, ctx, js) }
	until := func(js string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(15*time.Second))
	}
	status := `document.getElementById("status").textContent`
	lastLog := `([...document.querySelectorAll("#log li")].map((li) => li.textContent).pop() || "")`

	do("open the page",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#cells [data-space="LM"]`)),
		chromedp.WaitVisible(chromedp.CSS("#dice")),
	)
	nspaces := evaluate[int](t, ctx, `document.querySelectorAll("#cells [data-space]").length`)
	nfire := evaluate[int](t, ctx, `document.querySelectorAll("line.link.fire").length`)
	if nspaces < 10 || nfire == 0 {
		t.Errorf("the map has %d spaces and %d dashed fire links", nspaces, nfire)
	}

	// A new game of seed 2 from the page (the server started seed 1).
	do("new game",
		chromedp.SetValue(chromedp.CSS("#seed"), "2"),
		chromedp.Click(chromedp.CSS("#new")),
		until(status+`.includes("step 0 · seed 2")`),
	)
	if s := text("#status"); !strings.Contains(s, "turn 1, phase 0 landing") {
		t.Errorf("status after a new game: %q", s)
	}
	// A bad face gets an explanation, not a change.
	do("enter a bad face",
		chromedp.SetValue(chromedp.CSS("#die"), "12"),
		chromedp.Click(chromedp.CSS("#roll-enter")),
		chromedp.WaitVisible(chromedp.CSS("#error")),
	)
	if e := text("#error"); !strings.Contains(e, "12 is not a face of this die") {
		t.Errorf("error shown: %q", e)
	}
	// The first die typed, the second by its button, then the tool rolls.
	do("enter a face",
		chromedp.SetValue(chromedp.CSS("#die"), "7"),
		chromedp.Click(chromedp.CSS("#roll-enter")),
		until(lastLog+`.startsWith("roll 7")`),
	)
	do("click face 9", chromedp.Click(chromedp.CSS(`#faces button[data-face="9"]`)), until(lastLog+`.startsWith("roll 9")`))
	for i := 0; evaluate[bool](t, ctx, `!document.getElementById("dice").hidden`); i++ {
		if i == 60 {
			t.Fatal("no decision after 60 rolls")
		}
		before := str(status)
		do("roll for me", chromedp.Click(chromedp.CSS("#roll-r")), until(status+` !== `+jsString(before)))
	}
	statusBefore := text("#status")
	prompt := text("#prompt")

	// Ask for a suggestion and play the top one.
	do("suggest",
		chromedp.WaitVisible(chromedp.CSS("#advice")),
		chromedp.Click(chromedp.CSS("#suggest")),
		chromedp.WaitVisible(chromedp.CSS("#sugg-play-0")),
		until(`document.getElementById("suggest-status").textContent.startsWith("done")`),
		until(`document.getElementById("forecast").textContent.includes("Forecast")`),
	)
	top := str(`document.getElementById("sugg-play-0").dataset.move`)
	if top == "" {
		t.Fatal("no suggested move")
	}
	shot := filepath.Join(os.TempDir(), "chariot-advise-e2e.png")
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Log(err)
	}
	unit := str(`(document.querySelector(".chip.decider") || {dataset: {}}).dataset.unit || ""`)
	do("play the top suggestion", chromedp.Click(chromedp.CSS("#sugg-play-0")), until(status+` !== `+jsString(statusBefore)))
	if got := str(lastLog); !strings.HasPrefix(got, top) {
		t.Errorf("last step %q, want the suggestion %q", got, top)
	}
	if p := text("#prompt"); p == prompt {
		t.Errorf("the prompt did not change: %q", p)
	}
	if dest, ok := strings.CutPrefix(top, "to "); ok && unit != "" {
		cell := str(`document.querySelector('.chip[data-unit="` + unit + `"]').dataset.cell`)
		if want := str(`document.querySelector('#cells [data-space="` + dest + `"]').dataset.cell`); cell != want {
			t.Errorf("%s's marker is on cell %s after %q, want %s", unit, cell, top, want)
		}
	}
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		_ = os.WriteFile(filepath.Join(os.TempDir(), "chariot-advise-e2e-after.png"), png, 0o644)
	}

	// Undo from the page takes the move back.
	do("undo", chromedp.Click(chromedp.CSS("#undo")), until(status+` === `+jsString(statusBefore)))
	t.Logf("end-to-end in %v; screenshots %s and -after.png", time.Since(begin).Round(time.Millisecond), shot)
}

// browser starts headless Chromium at the given window size and returns a
// context for its calls, with a time limit; the test's cleanup stops it.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no %s (set CI to make this a failure)", chromiumPath)
		}
		t.Fatalf("CI is set but %s is missing: %v", chromiumPath, err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:0:0],
		chromedp.ExecPath(chromiumPath),
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
		t.Fatalf("starting %s: %v", chromiumPath, err)
	}
	ctx, cancelT := context.WithTimeout(bctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx
}

// TestPageOtherGame plays a whole game of tic-tac-toe through the page, by
// clicking the squares the page marks as legal, on a tablet-sized window.
func TestPageOtherGame(t *testing.T) {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServerFor(t, g, 0, "mcts:sims=50")
	ctx := browser(t, 800, 1200)
	status := `document.getElementById("status").textContent`
	for _, step := range []chromedp.Action[chromedp.Void]{chromedp.Navigate(ts.URL + "/"), chromedp.WaitVisible(chromedp.CSS("#cell-4"))} {
		if err := chromedp.Do(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; ; i++ {
		if evaluate[bool](t, ctx, `document.getElementById("prompt").textContent.includes("over")`) {
			break
		}
		if i == 9 {
			t.Fatal("tic-tac-toe not over after 9 moves")
		}
		before := evaluate[string](t, ctx, status)
		target := evaluate[string](t, ctx, `document.querySelector("#cells .target").id`)
		for _, step := range []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS("#" + target)),
			chromedp.Poll[chromedp.Void](status+` !== `+jsString(before), chromedp.WithPollingTimeout(10*time.Second))} {
			if err := chromedp.Do(ctx, step); err != nil {
				t.Fatalf("move %d on %s: %v", i+1, target, err)
			}
		}
		if n := evaluate[int](t, ctx, `document.querySelectorAll("#units .chip").length`); n != i+1 {
			t.Fatalf("%d marks drawn after %d moves", n, i+1)
		}
	}
	if w := evaluate[float64](t, ctx, `document.querySelector("aside").getBoundingClientRect().top - document.getElementById("map").getBoundingClientRect().bottom`); w < 0 {
		t.Errorf("on an 800-pixel window the panel is not below the map (gap %v)", w)
	}
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		_ = os.WriteFile(filepath.Join(os.TempDir(), "chariot-advise-tictactoe.png"), png, 0o644)
	}
}

// evaluate runs a JavaScript expression in the page.
func evaluate[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
