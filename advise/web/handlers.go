package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
)

// legalMove is one legal move as the page lists it; Cell is the board
// cell it points at (env.BoardActioner), or -1.
type legalMove struct {
	Number int    `json:"number"`
	Action int    `json:"action"`
	Name   string `json:"name"`
	Cell   int    `json:"cell"`
}

// stateBody is the whole position for the page.
type stateBody struct {
	Version    uint64      `json:"version"`
	Steps      int         `json:"steps"`
	Seed       uint64      `json:"seed"`
	Pieces     []env.Piece `json:"pieces"`
	Text       string      `json:"text"`
	Phase      string      `json:"phase,omitempty"`
	Seat       string      `json:"seat,omitempty"`
	Prompt     string      `json:"prompt"`
	Chance     bool        `json:"chance"`
	Over       bool        `json:"over"`
	Faces      []int       `json:"faces"`
	Outcomes   []string    `json:"outcomes"`
	Legal      []legalMove `json:"legal"`
	Score      env.Score   `json:"score"`
	CanUndo    bool        `json:"can_undo"`
	CanUndoNew bool        `json:"can_undo_new"`
	Log        []string    `json:"log"`
	Autosave   string      `json:"autosave"`
	// AutosaveError is the last autosave's failure, shown until one
	// succeeds: the file holds an earlier step than the page.
	AutosaveError string   `json:"autosave_error,omitempty"`
	Agent         string   `json:"agent"`
	ThinkMS       int64    `json:"think_ms"`
	Top           int      `json:"top"` // how many moves a suggestion lists
	Suggestion    *jobBody `json:"suggestion"`
	Warning       string   `json:"warning,omitempty"`
	// EditHelp lists the corrections by hand the game takes (env.Editor).
	EditHelp string `json:"edit_help,omitempty"`
	// EditExample is one correction the position takes, for the edit box.
	EditExample string `json:"edit_example,omitempty"`
	// Tool names, per seat, the agent the tool plays it by ("" for the
	// person's seats); empty when the person plays every seat.
	Tool []string `json:"tool"`
	// Standing says in words where the game stands (turn and phase, or
	// step; score and verdict); Figures are the score's other figures,
	// named in words.
	Standing string   `json:"standing"`
	Figures  []figure `json:"figures"`
	// Cheap says the advice costs no search (an agent's bare choice), so
	// the page may ask for it unasked.
	Cheap bool `json:"cheap"`
}

func (s *Server) stateJSON() any { return s.stateLocked("") }

func (s *Server) stateLocked(warning string) stateBody {
	st := s.sess.State()
	b := stateBody{Version: s.version, Steps: s.sess.Steps(), Seed: s.sess.Seed(), Pieces: []env.Piece{}, Text: st.String(),
		Prompt: s.sess.Prompt(), Chance: s.sess.AtChance(), Over: s.sess.Over(), Faces: s.sess.Faces(), Outcomes: []string{},
		Legal: []legalMove{}, Score: st.Score(), CanUndo: s.sess.Steps() > 0, CanUndoNew: s.prev != nil, Log: append([]string{}, s.log...),
		Autosave: s.sess.AutosavePath(), Agent: s.adv.Agent(), ThinkMS: s.adv.Think().Milliseconds(), Top: s.adv.Top(), Warning: warning,
		EditHelp: s.sess.EditHelp(), EditExample: s.sess.EditExample(), Tool: s.sess.Tool(), Cheap: !s.adv.IsSearch()}
	if b.Tool == nil {
		b.Tool = []string{}
	}
	if err := s.sess.AutosaveErr(); err != nil {
		b.AutosaveError = err.Error()
	}
	b.Standing, b.Figures = s.sess.Standing(), []figure{}
	for _, m := range b.Score.Metrics {
		if m.Name != "turn" { // the phase says it
			b.Figures = append(b.Figures, figure{Label: advise.Words(m.Name), Value: m.Value})
		}
	}
	if pl, ok := st.(env.PieceLister); ok {
		b.Pieces = append(b.Pieces, pl.Pieces()...)
	}
	if ph, ok := st.(env.Phaser); ok {
		b.Phase = ph.Phase()
	}
	if p := st.CurrentPlayer(); p >= 0 {
		b.Seat = env.SeatName(st.Game(), p)
	}
	if b.Chance {
		b.Outcomes = s.sess.Outcomes()
	}
	if !b.Chance && !b.Over {
		ba, _ := st.(env.BoardActioner)
		for i, a := range s.sess.Legal() {
			m := legalMove{Number: i + 1, Action: int(a), Name: st.ActionString(a), Cell: -1}
			if ba != nil {
				m.Cell = ba.ActionCell(a)
			}
			b.Legal = append(b.Legal, m)
		}
	}
	if s.job != nil {
		j := s.jobLocked()
		b.Suggestion = &j
	}
	return b
}

// figure is one metric of the score, named in words.
type figure struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
}

// mapBody is the board the page draws (env.BoardDrawer; Kind "none" for a
// game without one) and the game it belongs to.
type mapBody struct {
	Game        string   `json:"game"`
	Description string   `json:"description"`
	Seats       []string `json:"seats"`
	// Players are the seats a person or the tool may play (Seats may name
	// rule-driven sides too); Opponents the agent the tool plays each by
	// unless told otherwise.
	Players   []string `json:"players"`
	Opponents []string `json:"opponents"`
	env.Board
}

func (s *Server) getMap(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	g := s.sess.Game()
	s.mu.Unlock()
	m := mapBody{Game: advise.GameSpec(g), Board: env.Board{Kind: "none"}}
	for p := range g.NumPlayers() {
		m.Seats = append(m.Seats, env.SeatName(g, env.Player(p)))
		m.Opponents = append(m.Opponents, advise.DefaultOpponent(g, p))
	}
	m.Players = append([]string{}, m.Seats...)
	if sn, ok := g.(env.Seater); ok { // the rule-driven sides too
		m.Seats = sn.SeatNames()
	}
	if reg, err := env.Lookup(g.Name()); err == nil {
		m.Description = reg.Description
	}
	if bd, ok := g.(env.BoardDrawer); ok {
		m.Board = bd.Board()
	}
	writeJSON(w, http.StatusOK, m)
}

// playLocked applies a and answers the new position; an autosave failure
// is a warning.
func (s *Server) playLocked(a env.Action, note string) (any, error) {
	before := s.sess.State().Clone()
	name := before.ActionString(a)
	err := s.sess.Play(a)
	if err != nil && !advise.IsAutosave(err) {
		return nil, conflict("%s", err)
	}
	step := name + note
	if _, ok := s.sess.State().(env.Narrator); ok {
		if lines := advise.Narration(before, a, s.sess.State()); len(lines) > 0 {
			step = advise.OneLine(lines)
		}
	}
	s.changedLocked(step)
	if terr := s.toolLocked(); terr != nil && !advise.IsAutosave(terr) {
		return s.stateLocked("the tool's move: " + terr.Error()), nil
	} else if err == nil {
		err = terr
	}
	return s.stateLocked(warning(err)), nil
}

// toolLocked makes the moves of the seats the tool plays (two-sided
// play), logging each with the seat and the agent that made it.
func (s *Server) toolLocked() error {
	return s.sess.PlayTools(s.base, func(before env.State, a env.Action, after env.State) {
		p := before.CurrentPlayer()
		s.changedLocked(advise.ToolHead(env.SeatName(before.Game(), p), s.sess.Tool()[p], toolStep(before, a, after)))
	})
}

// toolStep says what a move did, in the game's words where it narrates.
func toolStep(before env.State, a env.Action, after env.State) string {
	if _, ok := after.(env.Narrator); ok {
		if lines := advise.Narration(before, a, after); len(lines) > 0 {
			return advise.OneLine(lines)
		}
	}
	return before.ActionString(a)
}

// postSeats chooses two-sided play: {"seat": "German", "opponent":
// "withdrawal"} has the person play German and the tool the other seats
// (by the game's default opponent where opponent is ""); {"seat": ""}
// gives every seat back to the person. The tool moves at once where it is
// to play.
func (s *Server) postSeats(r *http.Request) (any, error) {
	var req struct {
		Seat     string `json:"seat"`
		Opponent string `json:"opponent"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var specs []string
	note := "you play every seat"
	if req.Seat != "" {
		p, err := advise.ParseSeat(s.sess.Game(), req.Seat)
		if err != nil {
			return nil, badRequest("%s", err)
		}
		specs = advise.ToolSpecs(s.sess.Game(), p, strings.TrimSpace(req.Opponent))
		note = "you play " + env.SeatName(s.sess.Game(), p)
	}
	if err := s.readsNoFile(specs); err != nil {
		return nil, err
	}
	if err := s.sess.SetTool(specs); err != nil {
		return nil, badRequest("%s", err)
	}
	s.changedLocked(note)
	err := s.toolLocked()
	if err != nil && !advise.IsAutosave(err) {
		return nil, conflict("the tool's move: %s", err)
	}
	err = errors.Join(err, s.sess.Autosave())
	return s.stateLocked(warning(err)), nil
}

// readsNoFile refuses agents that name files, unless the tool played by
// them at the start: the page reads no file the server was not started
// with (a spec's file would be read, and its errors could show it).
func (s *Server) readsNoFile(specs []string) error {
	for _, spec := range specs {
		if spec == "" || slices.Contains(s.startTools, spec) {
			continue
		}
		files, err := eval.NamedFiles(spec)
		if err != nil {
			return badRequest("agent %s: %s", spec, err)
		}
		if len(files) > 0 {
			return badRequest("agent %s names a file: the page plays agents that read none (chariot serve --opponent plays it)", spec)
		}
	}
	return nil
}

func warning(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// sessionError maps the session's refusals to statuses.
func sessionError(err error) error {
	switch {
	case errors.Is(err, advise.ErrOver), errors.Is(err, advise.ErrAtChance), errors.Is(err, advise.ErrNotChance), errors.Is(err, advise.ErrNoUndo):
		return conflict("%s", err)
	}
	return badRequest("%s", err)
}

func (s *Server) postNew(r *http.Request) (any, error) {
	var req struct {
		Seed *uint64 `json:"seed"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	seed := s.sess.Seed() + 1
	if req.Seed != nil {
		seed = *req.Seed
	}
	// The game left behind keeps its autosave: the new one gets a file of
	// its own, and New game can be taken back.
	// Named after the first autosave, not the last: NAME-2, NAME-3, ...,
	// never NAME-2-2-2.
	path := s.sess.AutosavePath()
	if path != "" && s.sess.Steps() > 0 {
		path = advise.FreshPath(s.opts.Autosave)
	}
	n, err := advise.NewSession(s.sess.Game(), seed, path)
	if err != nil && !advise.IsAutosave(err) {
		return nil, badRequest("%s", err)
	}
	if terr := n.SetTool(s.sess.Tool()); terr != nil { // the same seats as before
		return nil, badRequest("%s", terr)
	}
	s.prev, s.prevLog = s.sess, s.log
	s.sess, s.log = n, nil
	s.changedLocked("")
	if terr := s.toolLocked(); terr != nil && !advise.IsAutosave(terr) {
		return nil, conflict("the tool's move: %s", terr)
	}
	return s.stateLocked(warning(err)), nil
}

// postNewUndo takes back the last New game: the game before it, with its
// autosave, comes back.
func (s *Server) postNewUndo(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.prev == nil {
		return nil, conflict("no new game to take back")
	}
	s.sess, s.log, s.prev, s.prevLog = s.prev, s.prevLog, nil, nil
	s.changedLocked("back to the game before New game")
	return s.stateLocked(""), nil
}

func (s *Server) postRoll(r *http.Request) (any, error) {
	var req struct {
		Face string `json:"face"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.sess.ParseRoll(req.Face)
	if err != nil {
		return nil, sessionError(err)
	}
	note := ""
	if advise.IsToolRoll(req.Face) {
		note = " (tool roll)"
	}
	return s.playLocked(a, note)
}

func (s *Server) postMove(r *http.Request) (any, error) {
	var req struct {
		Move string `json:"move"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.sess.ParseMove(req.Move)
	if err != nil {
		return nil, sessionError(err)
	}
	return s.playLocked(a, "")
}

// postEdit corrects the position by hand (env.Editor): {"cmd": "set
// Birney pinned"}. The edit is a step of the game: logged, saved, undone.
func (s *Server) postEdit(r *http.Request) (any, error) {
	var req struct {
		Cmd string `json:"cmd"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !advise.IsEdit(req.Cmd) {
		return nil, badRequest("an edit begins with set: %s", strings.ReplaceAll(s.sess.EditHelp(), "\n", "; "))
	}
	err := s.sess.Edit(req.Cmd)
	if err != nil && !advise.IsAutosave(err) {
		if errors.Is(err, advise.ErrNoEdit) {
			return nil, conflict("%s", err)
		}
		return nil, sessionError(err)
	}
	s.changedLocked(strings.TrimSpace(req.Cmd))
	return s.stateLocked(warning(err)), nil
}

func (s *Server) postUndo(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	steps := s.sess.Steps()
	err := s.sess.Undo()
	if err != nil && !advise.IsAutosave(err) {
		return nil, sessionError(err)
	}
	s.log = s.log[:max(0, len(s.log)-(steps-s.sess.Steps()))]
	s.changedLocked("")
	return s.stateLocked(warning(err)), nil
}

// saveName is a plain file name in the save directory.
var saveName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

func (s *Server) savePath(name string) (string, error) {
	if !saveName.MatchString(name) || strings.Contains(name, "..") {
		return "", badRequest("file %q: use a plain name of letters, digits, '.', '_' and '-', up to 64", name)
	}
	if filepath.Ext(name) != ".json" {
		name += ".json"
	}
	return filepath.Join(s.opts.Dir, name), nil
}

type fileRequest struct {
	File string `json:"file"`
	// Overwrite confirms that a saved game already in the file may be
	// replaced.
	Overwrite bool `json:"overwrite"`
}

func (s *Server) postSave(r *http.Request) (any, error) {
	var req fileRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	path, err := s.savePath(req.File)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := os.Lstat(path); err == nil {
		if advise.Replaceable(path) != nil {
			return nil, conflict("%s is not a saved game: it is never replaced; choose another name", name)
		}
		if !req.Overwrite {
			return nil, conflict("%s holds a saved game already: confirm to replace it", name)
		}
	}
	if err := s.sess.Save(path); err != nil {
		var ns *advise.NotSaveError
		if errors.As(err, &ns) {
			return nil, conflict("%s is not a saved game: it is never replaced; choose another name", name)
		}
		return nil, &apiError{http.StatusInternalServerError, "saving " + name + " failed"}
	}
	return map[string]string{"saved": name}, nil
}

// readSave reads a saved game by its plain name in the save directory:
// a regular file, reached with no link out of the directory, that begins
// as a chariot save does. Its errors name the file, never its content.
func (s *Server) readSave(name string) ([]byte, error) {
	root, err := os.OpenRoot(s.opts.Dir)
	if err != nil {
		return nil, &apiError{http.StatusInternalServerError, "the save directory cannot be opened"}
	}
	defer root.Close()
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, &apiError{http.StatusNotFound, "no saved game " + name}
	case err != nil:
		return nil, badRequest("%s cannot be read from the save directory", name)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > advise.MaxSaveSize {
		return nil, badRequest("%s is not a saved game", name)
	}
	data, err := io.ReadAll(io.LimitReader(f, advise.MaxSaveSize+1))
	if err != nil || len(data) > advise.MaxSaveSize || !advise.IsSave(bytes.NewReader(data)) {
		return nil, badRequest("%s is not a saved game", name)
	}
	return data, nil
}

func (s *Server) postLoad(r *http.Request) (any, error) {
	var req fileRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	path, err := s.savePath(req.File)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(path)
	data, err := s.readSave(name)
	if err != nil {
		return nil, err
	}
	var tools struct {
		Tool []string `json:"tool"`
	}
	if json.Unmarshal(data, &tools) != nil {
		return nil, badRequest("%s is not a saved game", name)
	}
	if err := s.readsNoFile(tools.Tool); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.sess.LoadData(name, data); err != nil && !advise.IsAutosave(err) {
		var other *advise.OtherGameError
		if errors.As(err, &other) {
			return nil, badRequest("%s: %s (chariot serve --load %s plays it)", name, other, path)
		}
		return nil, badRequest("%s", err)
	}
	s.log = s.sess.Recent(maxLog)
	s.changedLocked("loaded " + name)
	if err := s.toolLocked(); err != nil && !advise.IsAutosave(err) {
		return nil, conflict("the tool's move: %s", err)
	}
	return s.stateLocked(""), nil
}

// maxSaves bounds the list of saved games, and maxListed the files looked
// at for it.
const (
	maxSaves  = 200
	maxListed = 2000
)

// getSaves lists the saved games of the save directory: regular files
// (no links) with a save's name that begin as a chariot save does.
func (s *Server) getSaves(w http.ResponseWriter, r *http.Request) {
	root, err := os.OpenRoot(s.opts.Dir)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the save directory cannot be opened")
		return
	}
	defer root.Close()
	dir, err := root.Open(".")
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the save directory cannot be listed")
		return
	}
	defer dir.Close()
	entries, _ := dir.ReadDir(maxListed)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	names := []string{}
	for _, e := range entries {
		n := e.Name()
		if len(names) == maxSaves || !e.Type().IsRegular() || filepath.Ext(n) != ".json" || !saveName.MatchString(n) {
			continue
		}
		if f, err := root.OpenFile(n, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			if advise.IsSave(f) {
				names = append(names, n)
			}
			f.Close()
		}
	}
	writeJSON(w, http.StatusOK, map[string][]string{"saves": names})
}
