package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chromedp/chromedp"
)

// TestPageOtherGame plays a whole game of tic-tac-toe through the page, by
// clicking the squares the page marks as legal, on a tablet-sized window.
func TestPageOtherGame(t *testing.T) {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := webtest.NewServer(t, g, 0, "mcts:sims=50")
	ctx := webtest.Browser(t, 800, 1200)
	status := `document.getElementById("status").textContent`
	for _, step := range []chromedp.Action[chromedp.Void]{chromedp.Navigate(ts.URL + "/"), chromedp.WaitVisible(chromedp.CSS("#cell-4"))} {
		if err := chromedp.Do(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; ; i++ {
		if webtest.Evaluate[bool](t, ctx, `document.getElementById("prompt").textContent.includes("over")`) {
			break
		}
		if i == 9 {
			t.Fatal("tic-tac-toe not over after 9 moves")
		}
		before := webtest.Evaluate[string](t, ctx, status)
		target := webtest.Evaluate[string](t, ctx, `document.querySelector("#cells .target").id`)
		for _, step := range []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS("#" + target)),
			chromedp.Poll[chromedp.Void](status+` !== `+webtest.JSString(before), chromedp.WithPollingTimeout(10*time.Second))} {
			if err := chromedp.Do(ctx, step); err != nil {
				t.Fatalf("move %d on %s: %v", i+1, target, err)
			}
		}
		if n := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("#units .chip").length`); n != i+1 {
			t.Fatalf("%d marks drawn after %d moves", n, i+1)
		}
	}
	if w := webtest.Evaluate[float64](t, ctx, `document.querySelector("aside").getBoundingClientRect().top - document.getElementById("map").getBoundingClientRect().bottom`); w < 0 {
		t.Errorf("on an 800-pixel window the panel is not below the map (gap %v)", w)
	}
	// New game asks first; "Keep playing" changes nothing, "Yes" starts
	// one, and "Back to the previous game" returns to the finished one.
	over := webtest.Evaluate[string](t, ctx, status)
	webtest.Do(t, ctx, "new game, then keep playing",
		chromedp.Click(chromedp.CSS("#new")), chromedp.WaitVisible(chromedp.CSS("#new-confirm")),
		chromedp.Click(chromedp.CSS("#new-no")), webtest.Until(`document.getElementById("new-confirm").hidden`))
	if got := webtest.Evaluate[string](t, ctx, status); got != over {
		t.Errorf("keep playing changed the game: %q, was %q", got, over)
	}
	webtest.Do(t, ctx, "new game, yes",
		chromedp.Click(chromedp.CSS("#new")), chromedp.WaitVisible(chromedp.CSS("#new-yes")),
		chromedp.Click(chromedp.CSS("#new-yes")), webtest.Until(status+`.includes("step 0")`),
		chromedp.WaitVisible(chromedp.CSS("#undo-new")))
	webtest.Do(t, ctx, "back to the previous game",
		chromedp.Click(chromedp.CSS("#undo-new")), webtest.Until(status+` === `+webtest.JSString(over)))
	webtest.Screenshot(t, ctx, "advise-tictactoe-800x1200.png")
}

// TestPagePiecesThenPlace drives the page's map on a position of its own
// making, with two pieces that moves name, as a game with moves of a
// piece to a place offers them: a click on a place several moves name
// opens a chooser; a click on a piece picks it and marks its places, and
// a click on one of them plays the picked piece's move; a click on a
// stack's count lists the stack.
func TestPagePiecesThenPlace(t *testing.T) {
	g, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := webtest.NewServer(t, g, 0, "random")
	ctx := webtest.Browser(t, 1400, 1000)
	webtest.Do(t, ctx, "open the page", chromedp.Navigate(ts.URL+"/"), webtest.Until(`typeof state === "object" && state !== null`))
	webtest.Evaluate[any](t, ctx, `(() => {
	  window.__posts = [];
	  window.fetch = ((f) => (url, opts) => {
	    if (opts && opts.method === "POST") { window.__posts.push(JSON.parse(opts.body)); return new Promise(() => {}); }
	    return f(url, opts);
	  })(window.fetch);
	  board = {game: "test", kind: "points", width: 1, height: 1, seats: ["Blue"], players: ["Blue"], opponents: ["random"],
	    cells: [{id: "A", name: "Anchorage", x: 0.1, y: 0.5}, {id: "B", name: "Bridge", x: 0.5, y: 0.5}, {id: "C", name: "Causeway", x: 0.9, y: 0.5}],
	    links: [{a: 0, b: 1}, {a: 1, b: 2}]};
	  drawBoard();
	  render({version: 1, steps: 3, seed: 1, text: "", prompt: "move a boat", chance: false, over: false, faces: [], outcomes: [], log: [],
	    score: {value: 0, verdict: "", metrics: []}, figures: [], tool: [], cheap: false, top: 3, standing: "",
	    pieces: [{side: "Blue", name: "Atherstone", cell: 0}, {side: "Blue", name: "Brocklesby", cell: 0}, {side: "Blue", name: "Cottesmore", cell: 2}],
	    legal: [{number: 1, name: "Atherstone to Bridge", cell: 1}, {number: 2, name: "Brocklesby to Bridge", cell: 1},
	            {number: 3, name: "Brocklesby to Causeway", cell: 2}, {number: 4, name: "pass", cell: -1}]});
	})()`)
	clickAt := func(what, js string) {
		t.Helper()
		xy := webtest.Evaluate[[]float64](t, ctx, `(() => { const r = `+js+`.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
		webtest.Do(t, ctx, what, chromedp.MouseClickXY(xy[0], xy[1]))
	}
	posted := func() string {
		return webtest.Evaluate[string](t, ctx, `window.__posts.length ? window.__posts[window.__posts.length - 1].move || "" : ""`)
	}
	// Two moves name the Bridge: a chooser offers both.
	clickAt("click the Bridge", `document.getElementById("cell-1")`)
	if got := webtest.Evaluate[[]string](t, ctx, `[...document.querySelectorAll("#pop button.pop-move")].map((b) => b.dataset.move)`); strings.Join(got, ",") != "Atherstone to Bridge,Brocklesby to Bridge" {
		t.Fatalf("the chooser at the Bridge offers %q", got)
	}
	webtest.Do(t, ctx, "choose", chromedp.Click(chromedp.CSS("#pop button.pop-move:nth-of-type(2)")))
	if got := posted(); got != "Brocklesby to Bridge" {
		t.Fatalf("the chooser played %q", got)
	}
	// The stack at the Anchorage: its count lists it; a piece picked
	// there marks its places, and the Bridge then plays its move.
	webtest.Evaluate[any](t, ctx, `window.__posts = []; closePop(); drawPieces()`)
	if n := webtest.Evaluate[string](t, ctx, `document.querySelector('#units .chip[data-cell="0"]').dataset.count`); n != "2" {
		t.Fatalf("the stack at the Anchorage says it holds %s", n)
	}
	clickAt("open the stack", `document.querySelector('#units .chip[data-cell="0"] .badge rect')`)
	webtest.Do(t, ctx, "pick Brocklesby", chromedp.Click(chromedp.CSS(`#pop button.pop-piece[data-unit="Brocklesby"]`)))
	if got := webtest.Evaluate[[]string](t, ctx, `[...document.querySelectorAll("#cells .target")].map((c) => c.id)`); strings.Join(got, ",") != "cell-1,cell-2" {
		t.Errorf("Brocklesby picked, the places marked are %q", got)
	}
	clickAt("click the Bridge", `document.getElementById("cell-1")`)
	if got := posted(); got != "Brocklesby to Bridge" {
		t.Errorf("Brocklesby picked, the Bridge played %q", got)
	}
	// A lone piece that a move names is picked by a click on its chip:
	// Cottesmore's chip stands on a place a move names, so the click
	// plays that move instead.
	webtest.Evaluate[any](t, ctx, `window.__posts = []; pick(null)`)
	clickAt("click Cottesmore", `document.querySelector('#units .chip[data-cell="2"] > rect')`)
	if got := posted(); got != "Brocklesby to Causeway" {
		t.Errorf("a click on the chip at the Causeway played %q", got)
	}
}

// TestPageSeats takes the German side of Anvil from the page: the tool
// then plays the Allied moves by its default agent, and the controls show
// the seats as they are.
func TestPageSeats(t *testing.T) {
	g, err := env.NewGame("anvil:turns=1")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := webtest.NewServer(t, g, 0, "random")
	ctx := webtest.Browser(t, 1400, 1000)
	webtest.Do(t, ctx, "open the page", chromedp.Navigate(ts.URL+"/"), webtest.Until(`typeof state === "object" && state !== null`),
		chromedp.WaitVisible(chromedp.CSS("#seats-form")))
	webtest.Do(t, ctx, "play German", chromedp.SetValue(chromedp.CSS("#seat"), "German"), chromedp.Click(chromedp.CSS("#seats-set")),
		webtest.Until(`state.tool.length === 2`))
	log := webtest.Evaluate[string](t, ctx, `document.getElementById("log").textContent`)
	seats := webtest.Evaluate[string](t, ctx, `document.getElementById("seats-now").textContent + " | " + document.getElementById("seat").value + " | " + document.getElementById("opponent").value`)
	if !strings.Contains(log, "Allied (doctrine): ") || seats != "You play German; the tool plays Allied by doctrine. | German | doctrine" {
		t.Errorf("after taking the German seat: log %q, seats %q", log, seats)
	}
}
