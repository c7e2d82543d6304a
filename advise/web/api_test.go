package web_test

import (
	"os"
	"path/filepath"
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

// TestNewGameKeepsTheAutosave: a new game from the page is autosaved to a
// file of its own, the finished one's file is untouched, and New game can
// be taken back.
func TestNewGameKeepsTheAutosave(t *testing.T) {
	g, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	ts, dir := webtest.NewServer(t, g, 0, "random")
	var st webtest.State
	webtest.PostJSON(t, ts, "/api/move", `{"move":"roll"}`, &st)
	webtest.PostJSON(t, ts, "/api/roll", `{"face":"3"}`, &st)
	first, err := os.ReadFile(filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		Autosave   string `json:"autosave"`
		CanUndoNew bool   `json:"can_undo_new"`
		Steps      int    `json:"steps"`
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/new", `{}`, &body); code != 200 || body.Steps != 0 || !body.CanUndoNew ||
		body.Autosave != filepath.Join(dir, "auto-2.json") {
		t.Fatalf("new: %d %s %+v", code, msg, body)
	}
	webtest.PostJSON(t, ts, "/api/move", `{"move":"roll"}`, &st)
	if again, _ := os.ReadFile(filepath.Join(dir, "auto.json")); string(again) != string(first) {
		t.Error("the new game overwrote the autosave of the first")
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/new/undo", `{}`, &body); code != 200 || body.Steps != 2 || body.CanUndoNew {
		t.Fatalf("undo new: %d %s %+v", code, msg, body)
	}
	if code, _ := webtest.PostJSON(t, ts, "/api/new/undo", `{}`, &body); code != 409 {
		t.Errorf("a second undo of New game: %d, want 409", code)
	}
}
