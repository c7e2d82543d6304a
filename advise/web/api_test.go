package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/advise/web"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// newServer serves a new game of St. Nazaire of seed 1 from a test server.
func newServer(t *testing.T, think time.Duration, agent string) (*httptest.Server, string) {
	t.Helper()
	return newServerFor(t, stnazaire.Default(), think, agent)
}

// newServerFor serves a new game of g of seed 1 from a test server.
func newServerFor(t *testing.T, g env.Game, think time.Duration, agent string) (*httptest.Server, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := advise.NewSession(g, 1, filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(s.Game(), advise.Options{Agent: agent, Think: think, Top: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(s, a, web.Options{Dir: dir, Futures: 20, LocalOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, dir
}

type state struct {
	Version uint64 `json:"version"`
	Steps   int    `json:"steps"`
	Chance  bool   `json:"chance"`
	Over    bool   `json:"over"`
	Faces   []int  `json:"faces"`
	Pending string `json:"pending"`
	Prompt  string `json:"prompt"`
	Log     []string
	Legal   []struct {
		Number int
		Name   string
	}
	Suggestion *jobState   `json:"suggestion"`
	Pieces     []env.Piece `json:"pieces"`
}

type jobState struct {
	Version    uint64  `json:"version"`
	Status     string  `json:"status"`
	Progress   float64 `json:"progress"`
	Suggestion struct {
		Moves []struct{ Name string }
		Sims  int
	} `json:"suggestion"`
	Forecast *advise.Forecast `json:"forecast"`
}

// call sends a request and decodes the answer into out, returning the
// status and the error message if any.
func call(t *testing.T, ts *httptest.Server, method, path, ctype, body string, out any) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var e struct{ Error string }
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(data, &e); err != nil {
			t.Errorf("%s %s: error answer is not JSON: %q", method, path, data)
		}
		return resp.StatusCode, e.Error
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %q", method, path, err, data)
		}
	}
	return resp.StatusCode, ""
}

func postJSON(t *testing.T, ts *httptest.Server, path, body string, out any) (int, string) {
	t.Helper()
	return call(t, ts, "POST", path, "application/json", body, out)
}

func toDecision(t *testing.T, ts *httptest.Server) state {
	t.Helper()
	var st state
	call(t, ts, "GET", "/api/state", "", "", &st)
	for i := 0; st.Chance; i++ {
		if i > 100 {
			t.Fatal("no decision after 100 rolls")
		}
		if code, msg := postJSON(t, ts, "/api/roll", `{"face":"r"}`, &st); code != 200 {
			t.Fatalf("roll: %d %s", code, msg)
		}
	}
	return st
}

func TestAPIBadRequests(t *testing.T) {
	ts, _ := newServer(t, 0, "ismcts:sims=20")
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
		{"empty face", "POST", "/api/roll", "application/json", `{}`, 400, "enter the die you rolled"},
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
			code, msg := call(t, ts, tt.method, tt.path, tt.ctype, tt.body, nil)
			if code != tt.code || !strings.Contains(msg, tt.msg) {
				t.Errorf("%d %q, want %d and a message with %q", code, msg, tt.code, tt.msg)
			}
		})
	}
	var st state
	call(t, ts, "GET", "/api/state", "", "", &st)
	if st.Steps != 0 || st.Version != 0 {
		t.Errorf("bad requests changed the game: step %d, version %d", st.Steps, st.Version)
	}
}

func TestAPIHostAndOrigin(t *testing.T) {
	ts, _ := newServer(t, 0, "ismcts:sims=20")
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
	ts, dir := newServer(t, 0, "ismcts:sims=40,rollout=greedy,prior=3")
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
	call(t, ts, "GET", "/api/map", "", "", &m)
	kinds := map[string]int{}
	for _, l := range m.Links {
		kinds[l.Kind]++
	}
	if m.Kind != env.BoardPoints || len(m.Cells) < 10 || kinds["move"] == 0 || kinds["fire"] == 0 {
		t.Errorf("map: %s, %d cells, links %v", m.Kind, len(m.Cells), kinds)
	}

	var st state
	if code, msg := postJSON(t, ts, "/api/roll", `{"face":"7"}`, &st); code != 200 || st.Steps != 1 || !strings.HasPrefix(st.Log[0], "roll 7") {
		t.Fatalf("roll 7: %d %s, steps %d, log %v", code, msg, st.Steps, st.Log)
	}
	st = toDecision(t, ts)
	if len(st.Legal) < 2 || st.Legal[0].Number != 1 {
		t.Fatalf("decision with %d legal moves", len(st.Legal))
	}
	var j jobState
	if code, msg := postJSON(t, ts, "/api/suggest", `{}`, &j); code != 200 || j.Status == "idle" {
		t.Fatalf("suggest: %d %s %+v", code, msg, j)
	}
	deadline := time.Now().Add(20 * time.Second)
	for j.Status == "running" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		call(t, ts, "GET", "/api/suggest", "", "", &j)
	}
	if j.Status != "done" || j.Progress != 1 || j.Suggestion.Sims != 40 || len(j.Suggestion.Moves) == 0 || j.Forecast == nil {
		t.Fatalf("suggestion: %+v", j)
	}
	top := j.Suggestion.Moves[0].Name
	before := st.Version
	if code, msg := postJSON(t, ts, "/api/move", `{"move":"`+top+`"}`, &st); code != 200 {
		t.Fatalf("move %q: %d %s", top, code, msg)
	}
	if st.Version == before || !strings.HasPrefix(st.Log[len(st.Log)-1], top) || st.Suggestion != nil {
		t.Errorf("after the move: version %d (was %d), log %v, suggestion %v", st.Version, before, st.Log, st.Suggestion)
	}

	if code, msg := postJSON(t, ts, "/api/save", `{"file":"g1"}`, nil); code != 200 {
		t.Fatalf("save: %d %s", code, msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "g1.json")); err != nil {
		t.Fatal(err)
	}
	steps := st.Steps
	postJSON(t, ts, "/api/undo", `{}`, &st)
	if st.Steps != steps-1 {
		t.Errorf("undo: steps %d, want %d", st.Steps, steps-1)
	}
	if code, msg := postJSON(t, ts, "/api/load", `{"file":"g1.json"}`, &st); code != 200 || st.Steps != steps {
		t.Errorf("load: %d %s, steps %d, want %d", code, msg, st.Steps, steps)
	}
	var saves struct{ Saves []string }
	call(t, ts, "GET", "/api/saves", "", "", &saves)
	if strings.Join(saves.Saves, ",") != "auto.json,g1.json" {
		t.Errorf("saves %v", saves.Saves)
	}
	var f advise.Forecast
	if code, msg := postJSON(t, ts, "/api/forecast", `{}`, &f); code != 200 || f.Futures != 20 {
		t.Errorf("forecast: %d %s %+v", code, msg, f)
	}
	if code, msg := postJSON(t, ts, "/api/new", `{"seed":4}`, &st); code != 200 || st.Steps != 0 || !st.Chance {
		t.Errorf("new: %d %s, steps %d", code, msg, st.Steps)
	}
}

func TestAPICancel(t *testing.T) {
	ts, _ := newServer(t, time.Minute, "")
	st := toDecision(t, ts)
	var j jobState
	postJSON(t, ts, "/api/suggest", `{}`, &j)
	time.Sleep(50 * time.Millisecond)
	if code, msg := postJSON(t, ts, "/api/suggest/cancel", `{}`, &j); code != 200 {
		t.Fatalf("cancel: %d %s", code, msg)
	}
	deadline := time.Now().Add(10 * time.Second)
	for j.Status == "running" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		call(t, ts, "GET", "/api/suggest", "", "", &j)
	}
	if j.Status != "canceled" {
		t.Errorf("status %q after cancel, want canceled", j.Status)
	}
	// A new search, then a move: the move cancels it and clears it.
	postJSON(t, ts, "/api/suggest", `{}`, &j)
	if j.Status != "running" {
		t.Fatalf("second search: %q", j.Status)
	}
	begin := time.Now()
	if code, msg := postJSON(t, ts, "/api/move", `{"move":"1"}`, &st); code != 200 || st.Suggestion != nil {
		t.Fatalf("move during a search: %d %s", code, msg)
	}
	if el := time.Since(begin); el > 5*time.Second {
		t.Errorf("the move waited %v for the search", el)
	}
}
