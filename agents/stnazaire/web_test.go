package stnazaire_test

// The advisor's web page on St. Nazaire: the JSON API and the page in a
// real browser, played on the flagship's port.

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chromedp/chromedp"
)

func TestAPIBadRequests(t *testing.T) {
	ts, _ := webtest.NewServer(t, stnazaire.Default(), 0, "ismcts:sims=20")
	big := `{"face":"` + strings.Repeat("7", 70<<10) + `"}`
	for _, tt := range []struct {
		name, method, path, ctype, body string
		code                            int
		msg                             string
	}{
		{"no content type", "POST", "/api/roll", "", `{"face":"3"}`, 415, "Content-Type: application/json"},
		{"form post", "POST", "/api/roll", "text/plain", `{"face":"3"}`, 415, "application/json"},
		{"bad json", "POST", "/api/roll", "application/json", `{"face":`, 400, "bad JSON request"},
		{"two values", "POST", "/api/roll", "application/json", `{"face":"3"} {}`, 400, "more than one value"},
		{"unknown field", "POST", "/api/roll", "application/json", `{"dice":"3"}`, 400, `unknown field "dice"`},
		{"wrong type", "POST", "/api/roll", "application/json", `{"face":3}`, 400, "bad JSON request"},
		{"too large", "POST", "/api/roll", "application/json", big, 413, "request body over"},
		{"bad face", "POST", "/api/roll", "application/json", `{"face":"11"}`, 400, "11 is not a face of this die"},
		{"empty face", "POST", "/api/roll", "application/json", `{}`, 400, "enter 1 to 10 or roll N, or r to let me roll"},
		{"move at a die", "POST", "/api/move", "application/json", `{"move":"1"}`, 409, "a die is pending"},
		{"suggest at a die", "POST", "/api/suggest", "application/json", `{}`, 409, "a die is pending"},
		{"cancel nothing", "POST", "/api/suggest/cancel", "application/json", `{}`, 409, "no search is running"},
		{"undo at start", "POST", "/api/undo", "application/json", `{}`, 409, "nothing to undo"},
		{"negative seed", "POST", "/api/new", "application/json", `{"seed":-1}`, 400, "bad JSON request"},
		{"save outside", "POST", "/api/save", "application/json", `{"file":"../x"}`, 400, "plain name"},
		{"save path", "POST", "/api/save", "application/json", `{"file":"/etc/passwd"}`, 400, "plain name"},
		{"save nothing", "POST", "/api/save", "application/json", `{}`, 400, "plain name"},
		{"load missing", "POST", "/api/load", "application/json", `{"file":"none"}`, 404, "no saved game none.json"},
		{"unknown endpoint", "GET", "/api/fly", "", "", 404, "no API endpoint GET /api/fly"},
		{"get a post", "GET", "/api/roll", "", "", 404, "no API endpoint"},
		{"post the page", "POST", "/", "application/json", "{}", 405, "GET"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, msg := webtest.Call(t, ts, tt.method, tt.path, tt.ctype, tt.body, nil)
			if code != tt.code || !strings.Contains(msg, tt.msg) {
				t.Errorf("%d %q, want %d and a message with %q", code, msg, tt.code, tt.msg)
			}
		})
	}
	var st webtest.State
	webtest.Call(t, ts, "GET", "/api/state", "", "", &st)
	if st.Steps != 0 || st.Version != 0 {
		t.Errorf("bad requests changed the game: step %d, version %d", st.Steps, st.Version)
	}
}

func TestAPIHostAndOrigin(t *testing.T) {
	ts, _ := webtest.NewServer(t, stnazaire.Default(), 0, "ismcts:sims=20")
	for _, tt := range []struct {
		header, value string
		code          int
	}{
		{"Host", "evil.example:80", 403},
		{"Origin", "http://evil.example", 403},
		{"Origin", "", 200},
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/state", nil)
		if tt.header == "Host" {
			req.Host = tt.value
		} else if tt.value != "" {
			req.Header.Set(tt.header, tt.value)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.code {
			t.Errorf("%s %q: %d, want %d", tt.header, tt.value, resp.StatusCode, tt.code)
		}
	}
}

func TestAPIPlay(t *testing.T) {
	ts, dir := webtest.NewServer(t, stnazaire.Default(), 0, "ismcts:sims=40,rollout=greedy,prior=3")
	var page *http.Response
	page, err := ts.Client().Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if !strings.Contains(string(body), "chariot advisor") || page.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("the page: %d, CSP %q", page.StatusCode, page.Header.Get("Content-Security-Policy"))
	}
	var m env.Board
	webtest.Call(t, ts, "GET", "/api/map", "", "", &m)
	kinds := map[string]int{}
	for _, l := range m.Links {
		kinds[l.Kind]++
	}
	if m.Kind != env.BoardPoints || len(m.Cells) < 10 || kinds["move"] == 0 || kinds["fire"] == 0 {
		t.Errorf("map: %s, %d cells, links %v", m.Kind, len(m.Cells), kinds)
	}

	var st webtest.State
	if code, msg := webtest.PostJSON(t, ts, "/api/roll", `{"face":"7"}`, &st); code != 200 || st.Steps != 1 || !strings.Contains(st.Log[0], "roll 7") {
		t.Fatalf("roll 7: %d %s, steps %d, log %v", code, msg, st.Steps, st.Log)
	}
	st = webtest.ToDecision(t, ts)
	if len(st.Legal) < 2 || st.Legal[0].Number != 1 {
		t.Fatalf("decision with %d legal moves", len(st.Legal))
	}
	var j webtest.Job
	if code, msg := webtest.PostJSON(t, ts, "/api/suggest", `{}`, &j); code != 200 || j.Status == "idle" {
		t.Fatalf("suggest: %d %s %+v", code, msg, j)
	}
	for j.Status == "running" { // a hang is go test's timeout, not a clock here
		time.Sleep(10 * time.Millisecond)
		webtest.Call(t, ts, "GET", "/api/suggest", "", "", &j)
	}
	if j.Status != "done" || j.Progress != 1 || j.Suggestion.Sims != 40 || len(j.Suggestion.Moves) == 0 || j.Forecast == nil {
		t.Fatalf("suggestion: %+v", j)
	}
	top := j.Suggestion.Moves[0].Name
	before := st.Version
	if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"`+top+`"}`, &st); code != 200 {
		t.Fatalf("move %q: %d %s", top, code, msg)
	}
	if st.Version == before || !strings.Contains(st.Log[len(st.Log)-1], top) || st.Suggestion != nil {
		t.Errorf("after the move: version %d (was %d), log %v, suggestion %v", st.Version, before, st.Log, st.Suggestion)
	}

	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"g1"}`, nil); code != 200 {
		t.Fatalf("save: %d %s", code, msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "g1.json")); err != nil {
		t.Fatal(err)
	}
	steps := st.Steps
	webtest.PostJSON(t, ts, "/api/undo", `{}`, &st)
	if st.Steps != steps-1 {
		t.Errorf("undo: steps %d, want %d", st.Steps, steps-1)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/load", `{"file":"g1.json"}`, &st); code != 200 || st.Steps != steps {
		t.Errorf("load: %d %s, steps %d, want %d", code, msg, st.Steps, steps)
	}
	var saves struct{ Saves []string }
	webtest.Call(t, ts, "GET", "/api/saves", "", "", &saves)
	if strings.Join(saves.Saves, ",") != "auto.json,g1.json" {
		t.Errorf("saves %v", saves.Saves)
	}
	var f advise.Forecast
	if code, msg := webtest.PostJSON(t, ts, "/api/forecast", `{}`, &f); code != 200 || f.Futures != 20 {
		t.Errorf("forecast: %d %s %+v", code, msg, f)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/new", `{"seed":4}`, &st); code != 200 || st.Steps != 0 || !st.Chance {
		t.Errorf("new: %d %s, steps %d", code, msg, st.Steps)
	}
}

func TestAPICancel(t *testing.T) {
	ts, _ := webtest.NewServer(t, stnazaire.Default(), time.Minute, "")
	st := webtest.ToDecision(t, ts)
	var j webtest.Job
	webtest.PostJSON(t, ts, "/api/suggest", `{}`, &j)
	time.Sleep(50 * time.Millisecond)
	if code, msg := webtest.PostJSON(t, ts, "/api/suggest/cancel", `{}`, &j); code != 200 {
		t.Fatalf("cancel: %d %s", code, msg)
	}
	for j.Status == "running" { // a hang is go test's timeout, not a clock here
		time.Sleep(10 * time.Millisecond)
		webtest.Call(t, ts, "GET", "/api/suggest", "", "", &j)
	}
	if j.Status != "canceled" {
		t.Errorf("status %q after cancel, want canceled", j.Status)
	}
	// A new search, then a move: the move cancels it and clears it.
	webtest.PostJSON(t, ts, "/api/suggest", `{}`, &j)
	if j.Status != "running" {
		t.Fatalf("second search: %q", j.Status)
	}
	begin := time.Now()
	if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"1"}`, &st); code != 200 || st.Suggestion != nil {
		t.Fatalf("move during a search: %d %s", code, msg)
	}
	if el := time.Since(begin); el > 5*time.Second {
		t.Errorf("the move waited %v for the search", el)
	}
}

// TestPageEndToEnd drives the real page in headless Chromium: a new game,
// dice entered by face and by the tool, a suggestion asked for and
// accepted, and the map and status checked after it. It is skipped where
// Chromium is missing, except under CI, where it must run.
func TestPageEndToEnd(t *testing.T) {
	begin := time.Now()
	ts, _ := webtest.NewServer(t, stnazaire.Default(), 0, "ismcts:sims=200,rollout=greedy,prior=3")

	ctx := webtest.Browser(t, 1400, 1000)

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
	str := func(js string) string { t.Helper(); return webtest.Evaluate[string](t, ctx, js) }
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
	nspaces := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("#cells [data-space]").length`)
	nfire := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("line.link.fire").length`)
	if nspaces < 10 || nfire == 0 {
		t.Errorf("the map has %d spaces and %d dashed fire links", nspaces, nfire)
	}

	// A new game of seed 2 from the page (the server started seed 1).
	do("new game",
		chromedp.SetValue(chromedp.CSS("#seed"), "2"),
		chromedp.Click(chromedp.CSS("#new")),
		chromedp.WaitVisible(chromedp.CSS("#new-confirm")),
		chromedp.Click(chromedp.CSS("#new-yes")),
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
		until(lastLog+`.includes("roll 7")`),
	)
	do("click face 9", chromedp.Click(chromedp.CSS(`#faces button[data-face="9"]`)), until(lastLog+`.includes("roll 9")`))
	for i := 0; webtest.Evaluate[bool](t, ctx, `!document.getElementById("dice").hidden`); i++ {
		if i == 60 {
			t.Fatal("no decision after 60 rolls")
		}
		before := str(status)
		do("roll for me", chromedp.Click(chromedp.CSS("#roll-r")), until(status+` !== `+webtest.JSString(before)))
	}
	statusBefore := text("#status")
	prompt := text("#prompt")

	// Ask for a suggestion and play the top one.
	do("suggest",
		chromedp.WaitVisible(chromedp.CSS("#advice")),
		chromedp.Click(chromedp.CSS("#suggest")),
		chromedp.WaitVisible(chromedp.CSS("#sugg-play-0")),
		// The search is over: the status line is the advisor's summary.
		until(`document.getElementById("suggest").disabled === false && !document.getElementById("suggest-status").textContent.startsWith("searching")`),
		until(`document.getElementById("forecast").textContent.includes("Forecast")`),
	)
	top := str(`document.getElementById("sugg-play-0").dataset.move`)
	if top == "" {
		t.Fatal("no suggested move")
	}
	// The crowded port stays legible: no chip over another, no name cut.
	if overlap, cut := webtest.ChipsOverlap(t, ctx); overlap != "" || cut != "" {
		t.Errorf("chips overlap (%q) or a name is cut (%q)", overlap, cut)
	}
	shot := webtest.Screenshot(t, ctx, "advise-1400x1000.png")
	unit := str(`(document.querySelector(".chip.decider") || {dataset: {}}).dataset.unit || ""`)
	do("play the top suggestion", chromedp.Click(chromedp.CSS("#sugg-play-0")), until(status+` !== `+webtest.JSString(statusBefore)))
	if got := str(lastLog); !strings.Contains(got, top) {
		t.Errorf("last step %q, want the suggestion %q", got, top)
	}
	if p := text("#prompt"); p == prompt {
		t.Errorf("the prompt did not change: %q", p)
	}
	if a, err := stnazaire.Default().NewInitialState(0).ParseAction(top); err == nil && strings.HasPrefix(top, "to ") && unit != "" {
		// A move names its space as the map prints it; the board's cells
		// are the data's spaces in order. A stack's chip lists each of its
		// pieces.
		_, sp := stnazaire.DecodeAction(a)
		cell := str(`document.querySelector('#units [data-unit="` + unit + `"]').dataset.cell`)
		if want := strconv.Itoa(sp); cell != want {
			t.Errorf("%s's marker is on cell %s after %q, want %s", unit, cell, top, want)
		}
	}

	// Undo from the page takes the move back.
	do("undo", chromedp.Click(chromedp.CSS("#undo")), until(status+` === `+webtest.JSString(statusBefore)))

	// A tablet held upright: the map above, the panel below, still legible.
	do("narrow window", chromedp.EmulateViewport(800, 1200), until(`document.querySelector("aside").getBoundingClientRect().top >= document.getElementById("map").getBoundingClientRect().bottom`))
	if overlap, cut := webtest.ChipsOverlap(t, ctx); overlap != "" || cut != "" {
		t.Errorf("at 800 pixels, chips overlap (%q) or a name is cut (%q)", overlap, cut)
	}
	narrow := webtest.Screenshot(t, ctx, "advise-800x1200.png")
	t.Logf("end-to-end in %v; screenshots %s and %s", time.Since(begin).Round(time.Millisecond), shot, narrow)
}

// TestAPIEdit: POST /api/edit sets a result by hand; it is a step of the
// game (logged, counted, undone), and a command the game cannot take is a
// 400 with the reason.
func TestAPIEdit(t *testing.T) {
	ts, _ := webtest.NewServer(t, stnazaire.Default(), 0, "ismcts:sims=20")
	var st webtest.State
	var cmd string
	for i := 0; cmd == "" && i < 60; i++ {
		st = webtest.ToDecision(t, ts)
		for _, p := range st.Pieces {
			if p.Side != "British" || p.Cell < 0 || strings.Contains(p.Label, "pinned") {
				continue
			}
			var after webtest.State
			if code, _ := webtest.PostJSON(t, ts, "/api/edit", `{"cmd":"set `+p.Name+` pinned"}`, &after); code == 200 {
				cmd = "set " + p.Name + " pinned"
				if after.Steps != st.Steps+1 || after.Log[len(after.Log)-1] != cmd {
					t.Errorf("after %q: steps %d (was %d), last log %q", cmd, after.Steps, st.Steps, after.Log[len(after.Log)-1])
				}
				if !pieceLabelHas(after, p.Name, "pinned") {
					t.Errorf("after %q the piece is not pinned: %+v", cmd, after.Pieces)
				}
				break
			}
		}
		if cmd == "" {
			if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"`+strconv.Itoa(len(st.Legal))+`"}`, &st); code != 200 {
				t.Fatalf("move: %d %s", code, msg)
			}
		}
	}
	if cmd == "" {
		t.Fatal("no commando could be set pinned")
	}
	for _, tt := range []struct{ body, msg string }{
		{`{"cmd":"set vp 12"}`, "VP follow from the counters"},
		{`{"cmd":"fly"}`, "an edit begins with set"},
		{`{"cmd":"set Nobody pinned"}`, "no commando"},
	} {
		if code, msg := webtest.PostJSON(t, ts, "/api/edit", tt.body, nil); code != 400 || !strings.Contains(msg, tt.msg) {
			t.Errorf("%s: %d %q, want 400 and %q", tt.body, code, msg, tt.msg)
		}
	}
	var undone webtest.State
	if code, msg := webtest.PostJSON(t, ts, "/api/undo", `{}`, &undone); code != 200 {
		t.Fatalf("undo: %d %s", code, msg)
	}
	if name := strings.TrimSuffix(strings.TrimPrefix(cmd, "set "), " pinned"); pieceLabelHas(undone, name, "pinned") {
		t.Errorf("undo kept %q", cmd)
	}
	// The edit box's example is one the position takes.
	var shown webtest.State
	if code, msg := webtest.Call(t, ts, "GET", "/api/state", "", "", &shown); code != 200 || !strings.HasPrefix(shown.EditExample, "set ") {
		t.Fatalf("state: %d %s, edit example %q", code, msg, shown.EditExample)
	}
	var applied webtest.State
	if code, msg := webtest.PostJSON(t, ts, "/api/edit", `{"cmd":`+strconv.Quote(shown.EditExample)+`}`, &applied); code != 200 {
		t.Errorf("the example %q: %d %s", shown.EditExample, code, msg)
	}
}

func pieceLabelHas(st webtest.State, name, mark string) bool {
	for _, p := range st.Pieces {
		if p.Name == name && strings.Contains(p.Label, mark) {
			return true
		}
	}
	return false
}
