package web_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/advise/web"
	"github.com/chariot-ai/chariot/advise/web/webtest"
	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/train/learned"
	_ "github.com/chariot-ai/chariot/train/tune"
)

// serve starts a server as serve does off the loopback, naming the host
// names it serves; it returns the test server and the save directory.
func serve(t *testing.T, spec string, o web.Options) (*httptest.Server, *web.Server, string) {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s, err := advise.NewSession(g, 1, filepath.Join(dir, "auto.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := advise.NewAdvisor(g, advise.Options{Agent: "random", Top: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	o.Dir = dir
	srv, err := web.New(s, a, o)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); ts.Close() }) // searches stop first: their handlers end
	return ts, srv, dir
}

// send makes a request with the Host and Origin given and answers the
// status and body.
func send(t *testing.T, ts *httptest.Server, method, path, host, origin, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestRebindingRefusedOffLoopback: a server listening beyond the machine
// serves only its host names (and IP addresses): a DNS-rebinding page,
// whose requests name its own host, is refused, reads and writes alike,
// Origin matching or not; a foreign Origin is refused on a served host.
func TestRebindingRefusedOffLoopback(t *testing.T) {
	ts, _, dir := serve(t, "pig", web.Options{Hosts: []string{"table.example"}})
	for _, c := range []struct {
		method, path, host, origin, body string
		want                             int
	}{
		{"GET", "/api/state", "evil.example", "", "", 403},
		{"GET", "/api/state", "evil.example:8080", "http://evil.example:8080", "", 403},
		{"POST", "/api/save", "evil.example:8080", "http://evil.example:8080", `{"file":"x"}`, 403},
		{"GET", "/", "evil.example", "", "", 403},
		{"POST", "/api/save", "table.example:8080", "http://evil.example", `{"file":"x"}`, 403},
		{"GET", "/api/state", "table.example:8080", "", "", 200},
		{"GET", "/api/state", "TABLE.example", "", "", 200},
		{"GET", "/api/state", "192.168.1.7:8080", "", "", 200},
		{"GET", "/api/state", "[::1]:8080", "", "", 200},
		{"GET", "/api/state", "localhost:8080", "", "", 200},
		{"POST", "/api/save", "table.example:8080", "http://table.example:8080", `{"file":"y"}`, 200},
	} {
		if got, body := send(t, ts, c.method, c.path, c.host, c.origin, c.body); got != c.want {
			t.Errorf("%s %s Host %s Origin %q: %d %s, want %d", c.method, c.path, c.host, c.origin, got, body, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused save wrote x.json: %v", err)
	}
}

// TestSpecNamingFileRefused: an agent spec from the page that names a
// file is refused before the file is opened, with no byte of it in the
// answer; /dev/zero neither hangs nor fills the memory.
func TestSpecNamingFileRefused(t *testing.T) {
	ts, _, _ := serve(t, "pig", web.Options{})
	secret := filepath.Join(t.TempDir(), "secret.spec")
	if err := os.WriteFile(secret, []byte("hunter2 is the password\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"tuned:file=" + secret, "learned:model=/dev/zero", "mcts:rollout=learned:model=" + secret, "tuned:file=/etc/passwd"} {
		body := `{"seat":"1","opponent":"` + spec + `"}`
		code, msg := webtest.PostJSON(t, ts, "/api/seats", body, nil)
		if code != 400 || !strings.Contains(msg, "names a file") || strings.Contains(msg, "hunter2") || strings.Contains(msg, "root:") {
			t.Errorf("opponent %s: %d %q, want 400 naming no content", spec, code, msg)
		}
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/seats", `{"seat":"1","opponent":"random"}`, nil); code != 200 {
		t.Errorf("opponent random: %d %q", code, msg)
	}
}

// TestSaveReplacesOnlySaves: the page's Save never replaces a file that is
// not a saved game (a model, a results file), replaces a saved game only
// when confirmed, and the list of saves holds saved games only.
func TestSaveReplacesOnlySaves(t *testing.T) {
	ts, _, dir := serve(t, "pig", web.Options{})
	model := filepath.Join(dir, "model.json")
	modelData := []byte(`{"kind":"mlp","weights":[0.5,0.25]}` + "\n")
	if err := os.WriteFile(model, modelData, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"model"}`, nil); code != 409 || !strings.Contains(msg, "not a saved game") {
		t.Errorf("save over a model: %d %q", code, msg)
	}
	if code, _ := webtest.PostJSON(t, ts, "/api/save", `{"file":"model","overwrite":true}`, nil); code != 409 {
		t.Errorf("save over a model, confirmed: %d, want 409", code)
	}
	if got, _ := os.ReadFile(model); string(got) != string(modelData) {
		t.Fatalf("the model was replaced: %q", got)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"game"}`, nil); code != 200 {
		t.Fatalf("save: %d %q", code, msg)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"game"}`, nil); code != 409 || !strings.Contains(msg, "confirm") {
		t.Errorf("save over a save, unconfirmed: %d %q", code, msg)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/save", `{"file":"game","overwrite":true}`, nil); code != 200 {
		t.Errorf("save over a save, confirmed: %d %q", code, msg)
	}
	var saves struct{ Saves []string }
	webtest.Call(t, ts, "GET", "/api/saves", "", "", &saves)
	if !slices.Equal(saves.Saves, []string{"auto.json", "game.json"}) {
		t.Errorf("saves %q, want the autosave and game.json, not the model", saves.Saves)
	}
	// The console's save goes through Session.Save: the same refusal.
	s, err := advise.NewSession(mustGame(t, "pig"), 1, "")
	if err != nil {
		t.Fatal(err)
	}
	var ns *advise.NotSaveError
	if err := s.Save(model); !errors.As(err, &ns) {
		t.Errorf("Session.Save over a model: %v", err)
	}
	if got, _ := os.ReadFile(model); string(got) != string(modelData) {
		t.Fatalf("the model was replaced by Session.Save: %q", got)
	}
}

// TestLoadOnlySavesInDir: a link in --dir to a save outside it is not
// followed, a file that is not a save is refused without its content in
// the answer, and neither is listed.
func TestLoadOnlySavesInDir(t *testing.T) {
	ts, _, dir := serve(t, "pig", web.Options{})
	outside := t.TempDir()
	s, err := advise.NewSession(mustGame(t, "pig"), 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Save(filepath.Join(outside, "far.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "far.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.json"), []byte(`{"secret":"hunter2"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/load", `{"file":"link"}`, nil); code < 400 {
		t.Errorf("load through a link out of --dir: %d %q", code, msg)
	}
	if code, msg := webtest.PostJSON(t, ts, "/api/load", `{"file":"notes"}`, nil); code != 400 || strings.Contains(msg, "hunter2") || strings.Contains(msg, "secret") {
		t.Errorf("load of a file that is not a save: %d %q", code, msg)
	}
	var saves struct{ Saves []string }
	webtest.Call(t, ts, "GET", "/api/saves", "", "", &saves)
	if !slices.Equal(saves.Saves, []string{"auto.json"}) {
		t.Errorf("saves %q, want the autosave alone", saves.Saves)
	}
}

func mustGame(t *testing.T, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestForecastStopsWithItsClient: a forecast whose client leaves stops,
// and a second forecast stops the first: at most one runs. Forecasts of
// 2^40 futures would run for years; the test waits for them to stop only
// as long as a hang guard allows.
func TestForecastStopsWithItsClient(t *testing.T) {
	ts, srv, _ := serve(t, "pig", web.Options{Futures: 1 << 40})
	post := func(ctx context.Context) (int, error) {
		req, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/forecast", strings.NewReader(`{"move":"roll"}`))
		if err != nil {
			return 0, err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := ts.Client().Do(req)
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	// A client that leaves.
	ctx, leave := context.WithCancel(t.Context())
	go post(ctx)
	waitForecasts(t, srv, 1)
	leave()
	waitForecasts(t, srv, 0)

	// A second forecast stops the first, which answers 409.
	first := make(chan int, 1)
	go func() { code, _ := post(t.Context()); first <- code }()
	waitForecasts(t, srv, 1)
	ctx2, leave2 := context.WithCancel(t.Context())
	defer leave2()
	go post(ctx2)
	select {
	case code := <-first:
		if code != 409 {
			t.Errorf("the replaced forecast answered %d, want 409", code)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the first forecast went on after a second was asked for")
	}
	leave2()
	waitForecasts(t, srv, 0)
}

// waitForecasts waits until n forecasts are running, as a hang guard.
func waitForecasts(t *testing.T, srv *web.Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); srv.Forecasts() != n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d forecasts running, want %d", srv.Forecasts(), n)
		}
	}
}
