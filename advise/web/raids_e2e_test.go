package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/anvil"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chromedp/chromedp"
)

// raidGames are the registered raid games the page is played on.
var raidGames = []string{"stnazaire", "jubilee", "anvil", "ahraid", "skirmish"}

// pageDecisions is how many decisions the page plays of each game: 100,
// or 10 in short mode (CI's race-detector pass, where the full run above it
// has played the 100 already).
func pageDecisions() int {
	if testing.Short() {
		return 10
	}
	return 100
}

// TestPagePlaysTheRaids plays 100 decisions of every raid game on the page,
// at 1400 × 1000 and at 800 × 1200, as a person would: a move that names
// a place (env.BoardActioner) by a click on that place on the map, and
// the chooser where several moves name it; any other by its button in the
// list of moves (or, for a move that names a piece and no place, by a
// click on the piece); dice by the page's buttons. After every step no chip
// lies outside the board or over another, and no name of a figure over
// another. A screenshot of each game at each size is saved (with
// -screenshots, beside the README's).
func TestPagePlaysTheRaids(t *testing.T) {
	for _, name := range raidGames {
		g, err := env.NewGame(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, actions := g.NewInitialState(1).(env.BoardActioner)
		for _, size := range [][2]int{{1400, 1000}, {800, 1200}} {
			t.Run(fmt.Sprintf("%s/%dx%d", name, size[0], size[1]), func(t *testing.T) {
				clicks, chosen, pieces, listed := playOnPage(t, g, size[0], size[1])
				t.Logf("%s at %dx%d: %d moves by a click on their place (%d of them from its chooser), %d by a click on their piece, %d from the list (BoardActioner: %v)",
					name, size[0], size[1], clicks, chosen, pieces, listed, actions)
				if actions && clicks == 0 {
					t.Errorf("%s offers board actions, but no move was played by a click on the map", name)
				}
			})
		}
	}
}

// pageJS are the test's helpers in the page: the layout checks, where to
// click a cell, and a record of the moves the page posts.
const pageJS = `
window.__posts = [];
if (!window.__fetch) {
  window.__fetch = window.fetch;
  window.fetch = (url, opts) => {
    if (opts && opts.method === "POST") window.__posts.push({ url: String(url), body: opts.body });
    return window.__fetch(url, opts);
  };
}
// layoutFault names the first chip outside the board or over another, or
// figure name over another, or "".
window.layoutFault = () => {
  const map = document.getElementById("map").getBoundingClientRect();
  const boxes = [...document.querySelectorAll("#units .chip > rect, #units .figure rect.fbox")].map((r) => ({ r: r.getBoundingClientRect(), what: r.parentNode.textContent + " (cell " + r.parentNode.dataset.cell + ")" }));
  for (const b of boxes) {
    if (b.r.left < map.left - 0.5 || b.r.top < map.top - 0.5 || b.r.right > map.right + 0.5 || b.r.bottom > map.bottom + 0.5) return "outside the board: " + b.what;
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r;
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) return "overlap: " + boxes[i].what + " / " + boxes[j].what;
  }
  for (const t of document.querySelectorAll("#units .chip")) {
    const r = t.querySelector("rect").getBoundingClientRect(), x = t.querySelector("text.ctext").getBoundingClientRect();
    if (x.width > r.width + 0.5) return "text wider than its chip: " + t.textContent;
  }
  return "";
};
// clickPoint finds a point of cell i whose click reaches it: the cell
// itself or a chip of its own (not the count, which lists the stack).
window.clickPoint = (i) => {
  showCell(i); // the tab of its map, as a person turns to it
  const shape = document.getElementById("cell-" + i);
  if (!shape) return [];
  shape.scrollIntoView({ block: "nearest" });
  const r = shape.getBoundingClientRect();
  const pts = [[0.5, 0.5]];
  for (let a = 1; a < 8; a++) for (let b = 1; b < 8; b++) pts.push([a / 8, b / 8]);
  for (const [fx, fy] of pts) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const e = document.elementFromPoint(x, y);
    if (!e) continue;
    const chip = e.closest("#units .chip");
    if (e === shape || (chip && chip.dataset.cell === String(i) && !e.closest(".badge"))) return [x, y];
  }
  return [];
};
// pieceTarget finds, for a move that names no place, a piece the move
// names whose chip or figure a click reaches, on a place no move names
// (so that the click picks the piece rather than playing a move there).
window.pieceTarget = (move) => {
  const m = { name: move };
  for (const p of state.pieces) {
    if (p.side === "marker" || !names(m, p.name)) continue;
    if (p.cell >= 0 && state.legal.some((l) => l.cell === p.cell)) continue;
    const esc = CSS.escape(p.name);
    const el = p.cell >= 0 ? (document.querySelector('#units .chip .member[data-unit="' + esc + '"]') || {}).parentNode
      : document.querySelector('#units .figure[data-unit="' + esc + '"]');
    if (!el || !el.querySelector) continue;
    const shape = el.querySelector(p.cell >= 0 ? ":scope > rect" : "circle");
    shape.scrollIntoView({ block: "nearest" });
    const r = shape.getBoundingClientRect();
    for (const [fx, fy] of [[0.3, 0.5], [0.5, 0.5], [0.15, 0.5], [0.5, 0.3], [0.5, 0.7]]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height, e = document.elementFromPoint(x, y);
      if (e && el.contains(e) && !e.closest(".badge")) return [x, y];
    }
  }
  return [];
};
`

// pageState is what the test reads of the page's state.
type pageState struct {
	Version uint64     `json:"version"`
	Chance  bool       `json:"chance"`
	Over    bool       `json:"over"`
	Faces   int        `json:"faces"`
	Legal   []pageMove `json:"legal"`
}

// pageMove is a legal move as the page lists it.
type pageMove struct {
	Name string `json:"name"`
	Cell int    `json:"cell"`
}

// playOnPage plays pageDecisions() decisions of g on the page at width ×
// height and returns how many moves were played by a click on the place
// they name (and of them, how many from the chooser a click opened), how
// many by a click on the piece they name (a move that names no place), and
// how many from the list.
func playOnPage(t *testing.T, g env.Game, width, height int) (clicks, chosen, pieces, listed int) {
	// A small search: the page starts none by itself; the test asks for
	// one halfway, for the screenshot.
	ts, _ := webtest.NewServer(t, g, 0, "ismcts:sims=60")
	ctx := webtest.BrowserFor(t, width, height, 20*time.Minute)
	webtest.Do(t, ctx, "open the page", chromedp.Navigate(ts.URL+"/"), webtest.Until(`typeof state === "object" && state !== null`))
	webtest.Evaluate[any](t, ctx, pageJS)
	rng := rand.New(rand.NewPCG(uint64(width), 25))
	read := func() pageState {
		return webtest.Evaluate[pageState](t, ctx, `({version: state.version, chance: state.chance, over: state.over,
			faces: document.querySelectorAll("#faces button").length, legal: state.legal.map((m) => ({name: m.name, cell: m.cell}))})`)
	}
	after := func(what string, v uint64) {
		t.Helper()
		webtest.Do(t, ctx, what, webtest.Until(`state.version !== `+strconv.FormatUint(v, 10)+` && document.getElementById("error").hidden`))
		if fault := webtest.Evaluate[string](t, ctx, `layoutFault()`); fault != "" {
			t.Fatalf("after %s: %s", what, fault)
		}
	}
	shot := fmt.Sprintf("advise-%s-%dx%d.png", g.Name(), width, height)
	decisions, want := 0, pageDecisions()
	for step := 0; decisions < want; step++ {
		if step == 2000 {
			t.Fatalf("%d decisions in 2000 steps", decisions)
		}
		st := read()
		if st.Over {
			// A new game from the page, to play the decisions left.
			webtest.Do(t, ctx, "a new game", chromedp.Click(chromedp.CSS("#new")), chromedp.WaitVisible(chromedp.CSS("#new-yes")),
				chromedp.Click(chromedp.CSS("#new-yes")))
			after("a new game", st.Version)
			continue
		}
		// The advice arrives at its own pace; the page must not move
		// under the pointer meanwhile, but the test waits for it to settle.
		webtest.Do(t, ctx, "settle", webtest.Until(`!state.suggestion || state.suggestion.status !== "running"`))
		if st.Chance {
			// A face or a drawn outcome, by its button.
			k := 1 + rng.IntN(st.Faces)
			webtest.Do(t, ctx, "enter an outcome", chromedp.Click(chromedp.CSS(fmt.Sprintf("#faces button:nth-child(%d)", k))))
			after("an outcome", st.Version)
			continue
		}
		if decisions == want/2 {
			webtest.Do(t, ctx, "suggest", chromedp.Click(chromedp.CSS("#suggest")),
				webtest.Until(`state.suggestion && state.suggestion.status === "done"`))
			// The top suggestion in view without scrolling.
			if b := webtest.Evaluate[float64](t, ctx, `document.getElementById("sugg-play-0").getBoundingClientRect().bottom`); b > float64(height) {
				t.Errorf("the top suggestion is %v pixels down a window %d high", b, height)
			}
			webtest.Screenshot(t, ctx, shot)
		}
		k := rng.IntN(len(st.Legal))
		m := st.Legal[k]
		decisions++
		webtest.Evaluate[any](t, ctx, `window.__posts = []`)
		if m.Cell >= 0 {
			clickCell(t, ctx, decisions, m, st.Version)
			if webtest.Evaluate[bool](t, ctx, `!document.getElementById("pop").hidden`) {
				// Several moves name the place: the chooser lists them.
				sel := `[...document.querySelectorAll("#pop button.pop-move")].findIndex((b) => b.dataset.move === ` + webtest.JSString(m.Name) + `)`
				i := webtest.Evaluate[int](t, ctx, sel)
				if i < 0 {
					t.Fatalf("decision %d: the chooser at cell %d does not offer %q", decisions, m.Cell, m.Name)
				}
				webtest.Do(t, ctx, "choose "+m.Name, chromedp.Click(chromedp.CSS(fmt.Sprintf("#pop button.pop-move:nth-of-type(%d)", i+1))))
				chosen++
			}
			clicks++
		} else if onPiece(t, ctx, m.Name) {
			pieces++
		} else {
			webtest.Do(t, ctx, "list "+m.Name, chromedp.Click(chromedp.CSS(fmt.Sprintf("#moves button:nth-child(%d)", k+1))))
			listed++
		}
		after(m.Name, st.Version)
		if got := webtest.Evaluate[string](t, ctx, `(window.__posts.filter((p) => p.url.endsWith("/api/move")).pop() || {body: ""}).body`); got != `{"move":`+webtest.JSString(m.Name)+`}` {
			t.Fatalf("decision %d: the page played %s, want %q", decisions, got, m.Name)
		}
	}
	return clicks, chosen, pieces, listed
}

// clickCell clicks a point of the place move m points at, and waits until
// the click has played a move or opened the chooser. A click that did
// neither and sent nothing (the point it aimed at was covered by the time
// it landed, a chip redrawn on a busy machine) is said in the log and made
// once more at a point found afresh; a second such click fails the test.
func clickCell(t *testing.T, ctx context.Context, decision int, m pageMove, version uint64) {
	t.Helper()
	done := `(state.version !== ` + strconv.FormatUint(version, 10) + ` || !document.getElementById("pop").hidden || window.__posts.length > 0)`
	for try := 1; ; try++ {
		xy := webtest.Evaluate[[]float64](t, ctx, `clickPoint(`+strconv.Itoa(m.Cell)+`)`)
		if len(xy) != 2 {
			t.Fatalf("decision %d: %q names cell %d, which the page covers everywhere", decision, m.Name, m.Cell)
		}
		webtest.Do(t, ctx, "click "+m.Name, chromedp.MouseClickXY(xy[0], xy[1]))
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](done, chromedp.WithPollingInterval(20*time.Millisecond),
			chromedp.WithPollingTimeout(5*time.Second))); err == nil {
			return
		}
		hit := webtest.Evaluate[string](t, ctx, fmt.Sprintf(`(() => { const e = document.elementFromPoint(%v, %v);
			return e ? e.tagName + "#" + e.id + "." + e.getAttribute("class") : "nothing"; })()`, xy[0], xy[1]))
		if try == 2 {
			t.Fatalf("decision %d: two clicks on cell %d for %q did nothing (the second at %v hit %s)", decision, m.Cell, m.Name, xy, hit)
		}
		t.Logf("decision %d: a click at %v for %q did nothing (it now hits %s); clicking again", decision, xy, m.Name, hit)
	}
}

// onPiece plays a move that names no place by a click on the piece it
// names, and the stack's list or the chooser where one opens; false where
// no piece it names can be clicked, or the click leaves the move to the
// list (the piece picked, its other moves naming places).
func onPiece(t *testing.T, ctx context.Context, move string) bool {
	t.Helper()
	xy := webtest.Evaluate[[]float64](t, ctx, `pieceTarget(`+webtest.JSString(move)+`)`)
	if len(xy) != 2 {
		return false
	}
	v := webtest.Evaluate[uint64](t, ctx, `state.version`)
	webtest.Do(t, ctx, "click the piece of "+move, chromedp.MouseClickXY(xy[0], xy[1]))
	for range 2 { // the stack's list, then the chooser of the piece's moves
		if webtest.Evaluate[bool](t, ctx, `state.version !== `+strconv.FormatUint(v, 10)+` || document.getElementById("pop").hidden`) {
			break
		}
		js := `(() => { const bs = [...document.querySelectorAll("#pop button")];
		  const i = bs.findIndex((b) => (b.dataset.move === ` + webtest.JSString(move) + `) || (b.dataset.unit && !b.disabled && names({name: ` + webtest.JSString(move) + `}, b.dataset.unit)));
		  if (i >= 0) bs[i].id = "pop-pick"; return i >= 0; })()`
		if !webtest.Evaluate[bool](t, ctx, js) {
			webtest.Evaluate[any](t, ctx, `closePop(); pick(null)`)
			return false
		}
		webtest.Do(t, ctx, "pick for "+move, chromedp.Click(chromedp.CSS("#pop-pick")))
	}
	if webtest.Evaluate[bool](t, ctx, `state.version === `+strconv.FormatUint(v, 10)+` && !!window.__posts.find((p) => p.url.endsWith("/api/move"))`) {
		return true // posted; the caller waits for the answer
	}
	if webtest.Evaluate[bool](t, ctx, `state.version === `+strconv.FormatUint(v, 10)+` && !window.__posts.length`) {
		webtest.Evaluate[any](t, ctx, `closePop(); pick(null)`) // picked: its move goes by the list
		return false
	}
	return true
}
