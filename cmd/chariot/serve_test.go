package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	"github.com/chromedp/chromedp"
)

func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	done := make(chan int, 1)
	var out, errOut bytes.Buffer
	go func() {
		done <- serveMain(ctx, []string{"--addr", "127.0.0.1:0", "--autosave", "", "--dir", t.TempDir(), "--think", "0",
			"--agent", "ismcts:sims=10", "--host", "table.example, board.example"}, &out, &errOut, func(a string) { addrc <- a })
	}()
	var addr string
	select {
	case addr = <-addrc:
	case st := <-done:
		t.Fatalf("serve exited with %d: %s", st, errOut.String())
	}
	resp, err := http.Get("http://" + addr + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Chance bool  `json:"chance"`
		Faces  []int `json:"faces"`
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || !st.Chance || len(st.Faces) != 10 {
		t.Errorf("state: %d %v %+v", resp.StatusCode, err, st)
	}
	// The host names of --host are served, others refused (DNS rebinding).
	for host, want := range map[string]int{"board.example:80": 200, "table.example": 200, "evil.example": 403} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/api/state", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
	cancel()
	if status := <-done; status != 0 || errOut.Len() != 0 || !strings.Contains(out.String(), "the "+defaultGame+" advisor on http://127.0.0.1:") || !strings.Contains(out.String(), "Stopped.") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out.String(), errOut.String())
	}
}

func TestServeFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"--dir", filepath.Join(dir, "none")}, 2, "chariot serve: --dir"},
		{[]string{"--addr", "nowhere:-1"}, 1, "chariot: listen tcp"},
		{[]string{"--top", "0"}, 1, "chariot: --top 0"},
	} {
		var out, errOut bytes.Buffer
		status := serveMain(context.Background(), append(tt.args, "--autosave", ""), &out, &errOut, nil)
		if status != tt.status || !strings.HasPrefix(errOut.String(), tt.stderr) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want %d and a line starting %q", tt.args, status, errOut.String(), tt.status, tt.stderr)
		}
	}
}

// TestPageDrawsEveryGame opens the advisor's page on every registered
// game in a browser, lets the tool roll to the first decision, and checks
// that the board is drawn, with every piece of the position on it (a
// stack as one chip that lists them), no chip over another and no name
// cut.
func TestPageDrawsEveryGame(t *testing.T) {
	ctx := webtest.Browser(t, 1400, 1000)
	for _, r := range env.Games() {
		g, err := env.NewGame(r.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.(env.BoardDrawer); !ok {
			continue
		}
		ts, _ := webtest.NewServer(t, g, 0, "random")
		webtest.Do(t, ctx, r.Name+": open", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#cell-0")),
			webtest.Until(`state !== null`)) // render sets the position and draws it at once
		for i := 0; i < 60 && webtest.Evaluate[bool](t, ctx, `!document.getElementById("dice").hidden`); i++ {
			before := webtest.Evaluate[string](t, ctx, `document.getElementById("status").textContent`)
			webtest.Do(t, ctx, r.Name+": roll", chromedp.Click(chromedp.CSS("#roll-r")),
				webtest.Until(`document.getElementById("status").textContent !== `+webtest.JSString(before)))
		}
		// A board of several maps shows one at a time: show them all.
		if webtest.Evaluate[bool](t, ctx, `document.getElementById("maptab-all") !== null`) {
			webtest.Do(t, ctx, r.Name+": all maps", chromedp.Click(chromedp.CSS("#maptab-all")),
				webtest.Until(`document.getElementById("maptab-all").classList.contains("primary")`))
		}
		// What the page drew against the position it drew: both read from
		// the page, so a later answer of the server cannot race them.
		board := g.(env.BoardDrawer).Board()
		cells := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("#cells [data-cell]").length`)
		// A stack is one chip listing each of its pieces.
		drawn := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("#units .chip .member, #units .figure").length`)
		pieces := webtest.Evaluate[int](t, ctx, `state.pieces.filter((p) => p.side !== "marker" && (p.cell >= 0 || board.kind === "table")).length`)
		if cells != len(board.Cells) || drawn != pieces {
			t.Errorf("%s: %d cells drawn of %d, %d pieces of %d", r.Name, cells, len(board.Cells), drawn, pieces)
		}
		if overlap, cut := webtest.ChipsOverlap(t, ctx); overlap != "" || cut != "" {
			t.Errorf("%s: chips overlap (%q) or a name is cut (%q)", r.Name, overlap, cut)
		}
	}
}
