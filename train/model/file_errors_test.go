package model

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModelFileErrorsSpeakPlainly: a damaged or wrong file gets one line
// naming the file and what is wrong with it, in the terms of the file
// (its fields, its trees), never Go's types.
func TestModelFileErrorsSpeakPlainly(t *testing.T) {
	m, err := TrainValue(smallData(t, 4), smallTrain())
	if err != nil {
		t.Fatal(err)
	}
	good, _ := m.Marshal()
	// A model whose first tree's root is an array: whole, checksum and
	// all, but not a golearn tree.
	badTree := &Model{Kind: Value, Game: m.Game, FeatureVersion: m.FeatureVersion, Features: m.Features,
		Forest: &Forest{raw: []json.RawMessage{json.RawMessage(`{"RootNode":[1,2]}`)}}}
	badTreeFile, err := badTree.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"array", []byte(`[1,2]`), "not a model file: it holds an array, not a JSON object"},
		{"string", []byte(`"policy"`), "not a model file: it holds a string, not a JSON object"},
		{"empty", []byte("\n"), "corrupt or truncated model file: the file is empty"},
		{"truncated", good[:len(good)/2], "corrupt or truncated model file: it ends in the middle of a JSON value"},
		{"garbage", []byte(`{"format": chariot}`), "corrupt or truncated model file: not JSON at byte 12"},
		{"twice", append(bytes.Clone(good), good...), "corrupt or truncated model file: not JSON at byte"},
		{"no format", []byte(`{"kind":"value"}`), `not a model file: it has no "format":"chariot-model"`},
		{"format type", []byte(`{"format":3}`), `not a model file: it has no "format":"chariot-model"`},
		{"dataset", []byte(`{"format":"chariot-selfplay","version":1}`), `not a model file: its format is "chariot-selfplay", not chariot-model`},
		{"field type", bytes.Replace(good, []byte(`"version":1`), []byte(`"version":"1"`), 1), "corrupt model file: field version holds a string, want a number"},
		{"nested field", bytes.Replace(good, []byte(`"train_rows":`), []byte(`"train_rows":[],"x":`), 1), "corrupt model file: field training.train_rows holds an array, want a number"},
		{"tree", badTreeFile, "corrupt model file: tree 1: field RootNode holds an array, want an object"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".json")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		want := "model " + path + ": " + c.want
		if !strings.HasPrefix(msg, want) || strings.Contains(msg, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, msg, want)
		}
		what := strings.TrimPrefix(msg, "model "+path+": ")
		for _, internal := range []string{"Go ", "json:", "model.", "struct", "goNode", "int64", "float64"} {
			if strings.Contains(what, internal) {
				t.Errorf("%s: %q shows Go's %q", c.name, msg, internal)
			}
		}
	}
}
