package web_test

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// TestAPIOnPig plays Pig through the API: a game with dice, two seats and
// a board of scores, none of it known to the page's server.
func TestAPIOnPig(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := webtest.NewServer(t, g, 0, "mcts:sims=30")
	var m struct {
		Game  string
		Seats []string
		env.Board
	}
	webtest.Call(t, ts, "GET", "/api/map", "", "", &m)
	if !strings.HasPrefix(m.Game, "pig") || m.Kind != env.BoardTrack || len(m.Cells) != 3 || len(m.Seats) != 2 {
		t.Fatalf("map: %+v", m)
	}
	var st webtest.State
	webtest.Call(t, ts, "GET", "/api/state", "", "", &st)
	if st.Chance || len(st.Legal) == 0 || len(st.Pieces) != 3 {
		t.Fatalf("start: %+v", st)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"roll"}`, &st); code != 200 || !st.Chance || len(st.Faces) != 6 {
		t.Fatalf("roll: %d %s %+v", code, msg, st)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/roll", `{"face":"4"}`, &st); code != 200 || st.Chance || !strings.HasPrefix(st.Log[len(st.Log)-1], "4") {
		t.Fatalf("face 4: %d %s %+v", code, msg, st)
	}
	if st.Pieces[1].Name != "4" {
		t.Errorf("turn total after a 4: %+v", st.Pieces[1])
	}
	var j webtest.Job
	if code, msg := webtest.PostJSON(t, ts, "/api/suggest", `{}`, &j); code != 200 {
		t.Fatalf("suggest: %d %s", code, msg)
	}
	for j.Status == "running" {
		webtest.Call(t, ts, "GET", "/api/suggest", "", "", &j)
	}
	if j.Status != "done" || len(j.Suggestion.Moves) == 0 || j.Forecast == nil || len(j.Forecast.Events) == 0 {
		t.Fatalf("suggestion: %+v", j)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/undo", `{}`, &st); code != 200 || !st.Chance {
		t.Fatalf("undo: %d %s", code, msg)
	}
}
