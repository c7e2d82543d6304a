package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/advise/web/webtest"
	_ "github.com/chariot-ai/chariot/agents/anvil"
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

// TestAPISeats: the person takes the German side of Anvil and the tool
// plays the Allied by its default agent; the tool's moves are logged with
// the agent, undo takes the person's move back with the tool's answers,
// and a bad seat or agent is a 400.
func TestAPISeats(t *testing.T) {
	g, err := env.NewGame("anvil:turns=2")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := webtest.NewServer(t, g, 0, "random")
	var st struct {
		webtest.State
		Seat string   `json:"seat"`
		Tool []string `json:"tool"`
	}
	for _, tt := range []struct{ body, msg string }{
		{`{"seat":"Italian"}`, `anvil has no seat "Italian": its seats are Allied, German`},
		{`{"seat":"German","opponent":"withdrawal"}`, "agent withdrawal plays German only, not Allied"},
		{`{"seat":"German","opponent":"genius"}`, `unknown agent "genius"`},
	} {
		if code, msg := webtest.PostJSON(t, ts, "/api/seats", tt.body, nil); code != 400 || !strings.Contains(msg, tt.msg) {
			t.Errorf("%s: %d %q, want 400 and %q", tt.body, code, msg, tt.msg)
		}
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/seats", `{"seat":"German"}`, &st); code != 200 {
		t.Fatalf("seats: %d %s", code, msg)
	}
	if strings.Join(st.Tool, ",") != "doctrine," || st.Steps == 0 || (!st.Chance && st.Seat != "German") {
		t.Fatalf("after taking the German seat: tool %v, %d steps, %q to play", st.Tool, st.Steps, st.Seat)
	}
	tooled := 0
	for _, l := range st.Log {
		if strings.HasPrefix(l, "Allied (doctrine): ") {
			tooled++
		}
	}
	if tooled == 0 {
		t.Errorf("no move of the tool in the log: %q", st.Log)
	}
	// Play on as the Germans until the tool has answered a German move.
	for i := 0; ; i++ {
		if i == 200 {
			t.Fatal("the tool never answered a German move")
		}
		if st.Chance {
			webtest.PostJSON(t, ts, "/api/roll", `{"face":"r"}`, &st)
			continue
		}
		before := st.Steps
		if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"1"}`, &st); code != 200 {
			t.Fatalf("German move: %d %s", code, msg)
		}
		if st.Steps > before+1 {
			var back struct {
				webtest.State
				Seat string `json:"seat"`
			}
			webtest.PostJSON(t, ts, "/api/undo", `{}`, &back)
			if back.Steps != before || back.Seat != "German" {
				t.Errorf("undo after the tool's answer: step %d (want %d), %q to play", back.Steps, before, back.Seat)
			}
			break
		}
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/seats", `{"seat":""}`, &st); code != 200 || len(st.Tool) != 0 {
		t.Errorf("every seat back to the person: %d %s, tool %v", code, msg, st.Tool)
	}
}

// TestAPILoadOtherGame: a save of another game is refused, naming it.
func TestAPILoadOtherGame(t *testing.T) {
	pig, err := env.NewGame("pig")
	if err != nil {
		t.Fatal(err)
	}
	ts, dir := webtest.NewServer(t, pig, 0, "random")
	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"pig1"}`, nil); code != 200 {
		t.Fatalf("save: %d %s", code, msg)
	}
	ttt, err := env.NewGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	other, otherDir := webtest.NewServer(t, ttt, 0, "random")
	data, err := os.ReadFile(filepath.Join(dir, "pig1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(otherDir, "pig1.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, msg := webtest.PostJSON(t, other, "/api/load", `{"file":"pig1"}`, nil); code != 400 || !strings.Contains(msg, "pig1.json: it holds a game of pig") {
		t.Errorf("loading a save of pig into tic-tac-toe: %d %q", code, msg)
	}
}
