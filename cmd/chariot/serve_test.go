package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	done := make(chan int, 1)
	var out, errOut bytes.Buffer
	go func() {
		done <- serveMain(ctx, []string{"--addr", "127.0.0.1:0", "--autosave", "", "--dir", t.TempDir(), "--think", "0",
			"--agent", "ismcts:sims=10"}, &out, &errOut, func(a string) { addrc <- a })
	}()
	var addr string
	select {
	case addr = <-addrc:
	case st := <-done:
		t.Fatalf("serve exited with %d: %s", st, errOut.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	resp, err := http.Get("http://" + addr + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Chance bool  `json:"chance"`
		Faces  []int `json:"faces"`
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || !st.Chance || len(st.Faces) != 10 {
		t.Errorf("state: %d %v %+v", resp.StatusCode, err, st)
	}
	cancel()
	select {
	case status := <-done:
		if status != 0 || errOut.Len() != 0 || !strings.Contains(out.String(), "the "+defaultGame+" advisor on http://127.0.0.1:") || !strings.Contains(out.String(), "Stopped.") {
			t.Errorf("status %d, stdout %q, stderr %q", status, out.String(), errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"--dir", filepath.Join(dir, "none")}, 2, "chariot serve: --dir"},
		{[]string{"--addr", "nowhere:-1"}, 1, "chariot: listen tcp"},
		{[]string{"--top", "0"}, 1, "chariot: --top 0"},
	} {
		var out, errOut bytes.Buffer
		status := serveMain(context.Background(), append(tt.args, "--autosave", ""), &out, &errOut, nil)
		if status != tt.status || !strings.HasPrefix(errOut.String(), tt.stderr) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want %d and a line starting %q", tt.args, status, errOut.String(), tt.status, tt.stderr)
		}
	}
}
