package model

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzUnmarshal: any bytes read as a model file give a model or a
// one-line error, never a panic; a model read scores a row of its
// features, and writes a file that reads back.
func FuzzUnmarshal(f *testing.F) {
	src := smallData(f, 4)
	for _, cfg := range []TrainConfig{smallTrain(), smallNet()} {
		m, err := TrainValue(src, cfg)
		if err != nil {
			f.Fatal(err)
		}
		b, err := m.Marshal()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(bytes.Replace(b, []byte(`"version":1`), []byte(`"version":"1"`), 1))
	}
	f.Add([]byte(`{"format":"chariot-model"}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Unmarshal(data)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		row := make([]float64, len(m.Features))
		m.NewScorer().Score([][]float64{row}, nil)
		again, err := m.Marshal()
		if err != nil {
			t.Fatalf("a model read does not write: %v", err)
		}
		if _, err := Unmarshal(again); err != nil {
			t.Fatalf("a model read writes a file that does not read: %v", err)
		}
	})
}
