package web_test

import (
	"fmt"
	"testing"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	"github.com/chromedp/chromedp"
)

// TestJubileeLegible opens Jubilee at 800 × 1200 and 1400 × 1000 and shows
// each of its maps by its tab: every hex number drawn is at least 10 px,
// the numbers are drawn, and no chip is wider than its hex. A screenshot
// of each size is saved (with -screenshots).
func TestJubileeLegible(t *testing.T) {
	g, err := env.NewGame("jubilee")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{800, 1200}, {1400, 1000}} {
		ts, _ := webtest.NewServer(t, g, 0, "random")
		ctx := webtest.Browser(t, size[0], size[1])
		webtest.Do(t, ctx, "open the page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#maptab-0")))
		tabs := webtest.Evaluate[int](t, ctx, `document.querySelectorAll("#maptabs button").length`)
		if tabs != 4 {
			t.Fatalf("%v: %d map tabs, want the three maps and all", size, tabs)
		}
		for m := range 3 {
			webtest.Do(t, ctx, "show a map", chromedp.Click(chromedp.CSS(fmt.Sprintf("#maptab-%d", m))),
				webtest.Until(fmt.Sprintf(`document.getElementById("maptab-%d").classList.contains("primary")`, m)))
			fault := webtest.Evaluate[string](t, ctx, `(() => {
				const nums = [...document.querySelectorAll("#cells .hexnum")].filter((t) => {
					const r = t.getBoundingClientRect(), v = document.getElementById("map").getBoundingClientRect();
					return r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom;
				});
				if (nums.length < 20) return "only " + nums.length + " hex numbers in view";
				for (const t of nums) {
					const px = parseFloat(getComputedStyle(t).fontSize) * document.getElementById("map").getScreenCTM().a;
					if (px < 10) return "hex " + t.textContent + " numbered at " + px.toFixed(1) + " px";
				}
				for (const c of document.querySelectorAll("#units .chip")) {
					const hex = document.getElementById("cell-" + c.dataset.cell).getBoundingClientRect();
					const chip = c.querySelector(":scope > rect").getBoundingClientRect();
					if (chip.width > hex.width + 0.5) return "chip " + c.textContent + " " + chip.width.toFixed(0) + " px wide on a hex " + hex.width.toFixed(0) + " px wide";
				}
				return "";
			})()`)
			if fault != "" {
				t.Errorf("%dx%d, map %d: %s", size[0], size[1], m, fault)
			}
		}
		webtest.Do(t, ctx, "show the first map", chromedp.Click(chromedp.CSS("#maptab-0")))
		webtest.Screenshot(t, ctx, fmt.Sprintf("legible-jubilee-%dx%d.png", size[0], size[1]))
	}
}
