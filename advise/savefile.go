package advise

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/regular"
)

// Format names the save file layout.
const Format = "chariot-advise/1"

// MaxSaveSize bounds a save file read back, so a wrong file cannot eat the
// memory.
const MaxSaveSize = 16 << 20

// saveFile is a session on disk: the start position and the moves since,
// with the current position for readers (it is checked against the replay
// on load).
type saveFile struct {
	Format string          `json:"format"`
	Game   string          `json:"game"`
	Seed   uint64          `json:"seed"`
	Start  json.RawMessage `json:"start"`
	Moves  []string        `json:"moves"`
	State  json.RawMessage `json:"state"`
	// Tool names the agent the tool plays each seat by ("" for the
	// person's seats); absent when the person plays every seat.
	Tool []string `json:"tool,omitempty"`
}

// GameSpec is the spec that rebuilds g with env.NewGame.
func GameSpec(g env.Game) string {
	if o := g.Options(); o != "" {
		return g.Name() + ":" + o
	}
	return g.Name()
}

// MarshalJSON writes the session in the save file layout.
func (s *Session) MarshalJSON() ([]byte, error) {
	start, err := s.start.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("start position: %w", err)
	}
	cur, err := s.state.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("current position: %w", err)
	}
	return json.MarshalIndent(saveFile{Format: Format, Game: GameSpec(s.game), Seed: s.seed,
		Start: start, Moves: s.Moves(), State: cur, Tool: s.tool}, "", " ")
}

// Save writes the session to path, atomically.
func (s *Session) Save(path string) error {
	if err := s.write(path); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

func (s *Session) write(path string) error {
	if path == "" {
		return errors.New("no file name")
	}
	if err := Replaceable(path); err != nil {
		return err
	}
	data, err := s.MarshalJSON()
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// Autosave writes the autosave file, if there is one.
func (s *Session) Autosave() error {
	if s.autosave == "" {
		return nil
	}
	if err := s.write(s.autosave); err != nil {
		s.autosaveErr = &AutosaveError{Err: err}
		return s.autosaveErr
	}
	s.autosaveErr, s.savedSteps = nil, s.Steps()
	return nil
}

// AutosaveErr is the failure of the last autosave, or nil when it
// succeeded (or there is no autosave): until an autosave succeeds the
// file holds an earlier step than the game (SavedNote says which).
func (s *Session) AutosaveErr() error { return s.autosaveErr }

// AutosaveError is a failure to write the autosave file after the step
// itself succeeded: front ends warn and carry on.
type AutosaveError struct{ Err error }

func (e *AutosaveError) Error() string { return "autosave: " + e.Err.Error() }
func (e *AutosaveError) Unwrap() error { return e.Err }

// IsAutosave reports whether err is only an autosave failure.
func IsAutosave(err error) bool {
	var ae *AutosaveError
	return errors.As(err, &ae)
}

// NotSaveError is a save or an autosave refused because the file there is
// not a chariot save of a game: a model, a results file, anything else is
// never replaced by a save.
type NotSaveError struct{ Path string }

func (e *NotSaveError) Error() string {
	return fmt.Sprintf("%s is not a chariot save of a game: it is not replaced (choose another file name)", e.Path)
}

// Replaceable reports an error unless a save may be written to path:
// nothing is there, or a chariot save of a game (IsSave) in a regular
// file, not a link.
func Replaceable(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return &NotSaveError{Path: path}
	}
	f, err := regular.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if !IsSave(f) {
		return &NotSaveError{Path: path}
	}
	return nil
}

// IsSave reports whether r begins as a chariot save of a game does: a JSON
// object whose first member is "format": Format (MarshalJSON writes it
// first). It reads at most a few kilobytes.
func IsSave(r io.Reader) bool {
	dec := json.NewDecoder(io.LimitReader(r, 4096))
	for _, want := range []json.Token{json.Delim('{'), "format", Format} {
		if tok, err := dec.Token(); err != nil || tok != want {
			return false
		}
	}
	return true
}

// Load replaces the game in progress by the one saved in path, which must
// be of the same game and options. The autosave file stays as it was and
// is written at once.
func (s *Session) Load(path string) error {
	data, err := ReadFileLimited(path)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	return s.LoadData(path, data)
}

// LoadData is Load of a file already read; name names it in errors.
func (s *Session) LoadData(name string, data []byte) error {
	n, err := Decode(data, s.game, s.seed, s.autosave)
	if err != nil {
		return fmt.Errorf("load %s: %w", name, err)
	}
	*s = *n
	return s.Autosave()
}

// LoadFile opens a session saved in path. g may be nil: the game is then
// built from the file. seed drives the tool's rolls when the file is a bare
// position without one.
func LoadFile(path string, g env.Game, seed uint64, autosave string) (*Session, error) {
	data, err := ReadFileLimited(path)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	s, err := Decode(data, g, seed, autosave)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	return s, s.Autosave()
}

// Decode reads a save file, or a bare position as State.MarshalJSON writes
// it (a game with no moves played yet). g may be nil: the game is then
// built from the file. It does not autosave.
func Decode(data []byte, g env.Game, seed uint64, autosave string) (*Session, error) {
	var probe struct {
		Format  string `json:"format"`
		Game    string `json:"game"`
		Options string `json:"options"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	if probe.Format == "" {
		spec := probe.Game
		if probe.Options != "" {
			spec += ":" + probe.Options
		}
		return decodeState(data, spec, g, seed, autosave)
	}
	if probe.Format != Format {
		return nil, fmt.Errorf("format %q: this tool reads %q", probe.Format, Format)
	}
	var f saveFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if g != nil && f.Game != GameSpec(g) {
		return nil, &OtherGameError{Spec: f.Game, Want: GameSpec(g)}
	}
	s, err := decodeState(f.Start, f.Game, g, f.Seed, autosave)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	for i, m := range f.Moves {
		st := step{who: byHand}
		var err error
		if IsEdit(m) { // a hand edit (env.Editor)
			st.edit = strings.TrimSpace(m)
		} else {
			st.who = s.state.CurrentPlayer()
			st.a, err = s.state.ParseAction(m)
		}
		if err == nil {
			err = st.apply(s.state)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
		s.moves = append(s.moves, st)
	}
	if err := s.SetTool(f.Tool); err != nil {
		return nil, fmt.Errorf("tool: %w", err)
	}
	if len(f.State) > 0 {
		got, err := s.state.MarshalJSON()
		if err != nil {
			return nil, err
		}
		if !jsonEqual(got, f.State) {
			return nil, errors.New("the saved position differs from the one its moves lead to")
		}
	}
	return s, nil
}

// decodeState starts a session from a position. spec names the game the
// data says it is of; g, if given, must be that game.
func decodeState(data []byte, spec string, g env.Game, seed uint64, autosave string) (*Session, error) {
	if g != nil && spec != "" && spec != GameSpec(g) {
		return nil, &OtherGameError{Spec: spec, Want: GameSpec(g)}
	}
	if g == nil {
		if spec == "" {
			return nil, errors.New("the file names no game")
		}
		var err error
		if g, err = env.NewGame(spec); err != nil {
			return nil, err
		}
	}
	st, err := g.UnmarshalState(data)
	if err != nil {
		return nil, err
	}
	return &Session{game: g, start: st, state: st.Clone(), seed: seed, autosave: autosave}, nil
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// ReadFileLimited reads a regular file of at most MaxSaveSize bytes.
func ReadFileLimited(path string) ([]byte, error) {
	return regular.ReadFile(path, MaxSaveSize)
}

// WriteFileAtomic writes data to path atomically: path holds either the
// old or the new content (package atomicfile, chariot's one writer of the
// files a later run reads).
func WriteFileAtomic(path string, data []byte) error {
	return atomicfile.WriteFile(path, data)
}

// FreshPath returns path if nothing is there, else the first free name of
// the form NAME-2.EXT, NAME-3.EXT, ... beside it, so that a new game never
// overwrites the file of another.
func FreshPath(path string) string {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return path
	}
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 2; ; n++ {
		p := fmt.Sprintf("%s-%d%s", base, n, ext)
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return p
		}
	}
}
