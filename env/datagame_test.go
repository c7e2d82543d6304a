package env_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/tictactoe"
)

// TestDataGame: the data file the options name is loaded, else the
// embedded data; every error is passed on, and a failed build gives a nil
// Game, not a nil pointer inside the interface.
func TestDataGame(t *testing.T) {
	var loaded string
	parse := func(p env.Params) (string, string, error) {
		if p["bad"] != "" {
			return "", "", errors.New("bad option")
		}
		return p["opt"], p["data"], nil
	}
	load := func(path string) (string, error) {
		if path == "missing.json" {
			return "", errors.New("no such file")
		}
		return "file " + path, nil
	}
	embedded := func() (string, error) { return "embedded", nil }
	build := func(d, o, path string) (*tictactoe.Game, error) {
		loaded = d + "/" + o + "/" + path
		if o == "fail" {
			return nil, errors.New("cannot build")
		}
		return &tictactoe.Game{}, nil
	}
	newGame := env.DataGame(parse, load, embedded, build)
	for _, c := range []struct {
		params     env.Params
		wantLoaded string
		wantErr    bool
	}{
		{env.Params{"opt": "x"}, "embedded/x/", false},
		{env.Params{"opt": "y", "data": "mine.json"}, "file mine.json/y/mine.json", false},
		{env.Params{"opt": "z", "data": "default"}, "embedded/z/", false}, // the embedded data by name, recorded as left out
		{env.Params{"data": "./default"}, "file ./default//./default", false},
		{env.Params{"bad": "1"}, "", true},
		{env.Params{"data": "missing.json"}, "", true},
		{env.Params{"opt": "fail"}, "embedded/fail/", true},
	} {
		loaded = ""
		g, err := newGame(c.params)
		if (err != nil) != c.wantErr || loaded != c.wantLoaded {
			t.Errorf("%v: loaded %q, error %v; want %q, error %v", c.params, loaded, err, c.wantLoaded, c.wantErr)
		}
		if err != nil && g != nil {
			t.Errorf("%v: error %v with a non-nil game %#v", c.params, err, g)
		}
		if err == nil && g == nil {
			t.Errorf("%v: no game and no error", c.params)
		}
	}
}

// TestDataOptions: the data file is named only when the game was built
// from one.
func TestDataOptions(t *testing.T) {
	if got := env.DataOptions(env.Params{"turns": "10"}, ""); got != "turns=10" {
		t.Errorf("embedded data: %q, want turns=10", got)
	}
	if got := env.DataOptions(env.Params{"turns": "10"}, "mine.json"); got != "data=mine.json,turns=10" {
		t.Errorf("a data file: %q, want data=mine.json,turns=10", got)
	}
}

// TestLoadDataFile: a parse error names the file; a missing file is an
// error naming it too.
func TestLoadDataFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.json")
	if err := os.WriteFile(path, []byte("bad"), 0o644); err != nil {
		t.Fatal(err)
	}
	parse := func(b []byte) (string, error) {
		if string(b) != "good" {
			return "", errors.New("not good")
		}
		return "parsed", nil
	}
	if _, err := env.LoadDataFile(path, parse); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not good") {
		t.Errorf("bad data: %v, want an error naming %s", err, path)
	}
	missing := filepath.Join(dir, "missing.json")
	if _, err := env.LoadDataFile(missing, parse); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing file: %v, want an error naming it", err)
	}
	if err := os.WriteFile(path, []byte("good"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d, err := env.LoadDataFile(path, parse); err != nil || d != "parsed" {
		t.Errorf("good data: %q, %v", d, err)
	}
}

// TestMustEmbedded: the game from the embedded data, and a panic where the
// data or the options are broken.
func TestMustEmbedded(t *testing.T) {
	build := func(d, o, _ string) (*tictactoe.Game, error) {
		if o == "bad" {
			return nil, errors.New("bad option")
		}
		return &tictactoe.Game{}, nil
	}
	good := func() (string, error) { return "data", nil }
	broken := func() (string, error) { return "", errors.New("broken") }
	if g := env.MustEmbedded(good, build, "ok"); g == nil {
		t.Fatal("no game")
	}
	for name, f := range map[string]func(){
		"broken data": func() { env.MustEmbedded(broken, build, "ok") },
		"bad options": func() { env.MustEmbedded(good, build, "bad") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
