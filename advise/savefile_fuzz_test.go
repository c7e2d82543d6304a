package advise

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// FuzzDecode: any bytes read as a save file (or a bare position) give a
// session or a one-line error, never a panic; a session read saves a file
// that reads back to the same moves.
func FuzzDecode(f *testing.F) {
	for _, spec := range []string{"pig", "tictactoe", "stnazaire", "ahraid"} {
		g, err := env.NewGame(spec)
		if err != nil {
			f.Fatal(err)
		}
		s, err := NewSession(g, 1, "")
		if err != nil {
			f.Fatal(err)
		}
		bare, err := s.State().MarshalJSON()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(bare)
		rng := rand.New(rand.NewPCG(2, 3))
		for i := 0; i < 6 && !s.Over(); i++ {
			legal := s.Legal()
			if err := s.Play(legal[rng.IntN(len(legal))]); err != nil {
				f.Fatal(err)
			}
		}
		saved, err := s.MarshalJSON()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(saved)
		f.Add(saved[:len(saved)/2])
	}
	f.Add([]byte(`{"format":"chariot-advise/1"}`))
	f.Add([]byte(`{"game":"nosuchgame"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(data, nil, 0, "")
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		saved, err := s.MarshalJSON()
		if err != nil {
			t.Fatalf("a session read does not save: %v", err)
		}
		back, err := Decode(saved, nil, 0, "")
		if err != nil {
			t.Fatalf("a session read saves a file that does not read: %v", err)
		}
		if !slices.Equal(back.Moves(), s.Moves()) {
			t.Fatalf("moves %q read back as %q", s.Moves(), back.Moves())
		}
	})
}
