package web_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/advise/web"
	"github.com/chariot-ai/chariot/advise/web/webtest"
)

// TestNewGameAutosaveNameStable: each New game's autosave is named after
// the first (auto-2, auto-3, ...), not after the last (auto-2-2-2...,
// which after some 120 games was too long to write).
func TestNewGameAutosaveNameStable(t *testing.T) {
	ts, _, dir := serve(t, "pig", web.Options{})
	for n := 2; n <= 6; n++ {
		var st webtest.State
		if code, msg := webtest.PostJSON(t, ts, "/api/move", `{"move":"roll"}`, &st); code != 200 {
			t.Fatalf("roll: %d %s", code, msg)
		}
		var body struct {
			Autosave string `json:"autosave"`
		}
		if code, msg := webtest.PostJSON(t, ts, "/api/new", `{}`, &body); code != 200 {
			t.Fatalf("new: %d %s", code, msg)
		}
		if want := filepath.Join(dir, fmt.Sprintf("auto-%d.json", n)); body.Autosave != want {
			t.Fatalf("new game %d autosaves to %s, want %s", n, body.Autosave, want)
		}
	}
}
