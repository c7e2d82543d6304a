package advise

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
)

// OtherGameError is a save file of another game (or of the same game with
// other options) than the one asked for.
type OtherGameError struct {
	Spec string // the file's game
	Want string // the game asked for
}

func (e *OtherGameError) Error() string {
	name, _, _ := strings.Cut(e.Spec, ":")
	what := short(e.Spec)
	if reg, err := env.Lookup(name); err == nil && reg.Description != "" {
		title, _, _ := strings.Cut(reg.Description, ":")
		what = fmt.Sprintf("%s (%s)", what, title)
	}
	return fmt.Sprintf("it holds a game of %s, not of %s", what, short(e.Want))
}

// short writes a game spec with its options at their defaults left out.
func short(spec string) string {
	if g, err := env.NewGame(spec); err == nil {
		return eval.ShortSpec(g)
	}
	return spec
}

// CorruptSaveError is an autosave file that cannot be resumed: unreadable,
// not a save, or a history that no longer replays.
type CorruptSaveError struct {
	Path string
	Err  error
}

func (e *CorruptSaveError) Error() string {
	return fmt.Sprintf("the autosave %s cannot be resumed: %s", e.Path, strings.ReplaceAll(e.Err.Error(), "\n", " "))
}

func (e *CorruptSaveError) Unwrap() error { return e.Err }

// Autosaves lists the autosave file path and the files FreshPath made
// beside it (NAME-2.EXT, NAME-3.EXT, ...) that exist, newest first: by
// modification time, then by number.
func Autosaves(path string) []string {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	type file struct {
		path string
		n    int
		mod  time.Time
	}
	var files []file
	add := func(p string, n int) {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			files = append(files, file{p, n, st.ModTime()})
		}
	}
	add(path, 1)
	matches, _ := filepath.Glob(escapeGlob(base) + "-*" + escapeGlob(ext))
	for _, m := range matches {
		num := strings.TrimSuffix(strings.TrimPrefix(m, base+"-"), ext)
		if n, err := strconv.Atoi(num); err == nil && n >= 2 && strconv.Itoa(n) == num {
			add(m, n)
		}
	}
	slices.SortFunc(files, func(a, b file) int {
		if c := b.mod.Compare(a.mod); c != 0 {
			return c
		}
		return b.n - a.n
	})
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.path
	}
	return out
}

func escapeGlob(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}

// Resume finds the game to take up again among the autosaves of path
// (Autosaves): the newest that holds a game of want (any game when want
// is nil). It returns the file and the session (not yet autosaving), or
// "" and nil when no autosave holds such a game. When the newest autosave
// that could hold one cannot be read or replayed, the answer is a
// *CorruptSaveError naming it, never another file: the person decides
// (FreshPath starts a new game beside it). Autosaves of other games are
// passed over.
func Resume(path string, want env.Game, seed uint64) (string, *Session, error) {
	for _, p := range Autosaves(path) {
		data, err := ReadFileLimited(p)
		if err != nil {
			return "", nil, &CorruptSaveError{Path: p, Err: err}
		}
		if spec, ok := savedGame(data); ok && want != nil && spec != GameSpec(want) {
			continue // another game's: it stays for its own resume
		}
		s, err := Decode(data, want, seed, "")
		var other *OtherGameError
		switch {
		case errors.As(err, &other):
			continue
		case err != nil:
			return "", nil, &CorruptSaveError{Path: p, Err: err}
		}
		return p, s, nil
	}
	return "", nil, nil
}

// savedGame reads the game spec a save file (or a bare position) names,
// without replaying it.
func savedGame(data []byte) (string, bool) {
	var probe struct {
		Game    string `json:"game"`
		Options string `json:"options"`
		Format  string `json:"format"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Game == "" {
		return "", false
	}
	if probe.Format == "" && probe.Options != "" {
		return probe.Game + ":" + probe.Options, true
	}
	return probe.Game, true
}
