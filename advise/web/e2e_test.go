package web_test

import (
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
