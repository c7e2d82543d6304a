package web

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// legalMove is one legal move as the page lists it.
type legalMove struct {
	Number int    `json:"number"`
	Action int    `json:"action"`
	Name   string `json:"name"`
}

// stateBody is the whole position for the page.
type stateBody struct {
	Version    uint64         `json:"version"`
	Steps      int            `json:"steps"`
	Seed       uint64         `json:"seed"`
	View       stnazaire.View `json:"view"`
	Text       string         `json:"text"`
	Pending    string         `json:"pending"`
	Unit       string         `json:"unit,omitempty"`
	Prompt     string         `json:"prompt"`
	Chance     bool           `json:"chance"`
	Over       bool           `json:"over"`
	Faces      []int          `json:"faces"`
	Legal      []legalMove    `json:"legal"`
	Score      env.Score      `json:"score"`
	CanUndo    bool           `json:"can_undo"`
	Log        []string       `json:"log"`
	Autosave   string         `json:"autosave"`
	Agent      string         `json:"agent"`
	ThinkMS    int64          `json:"think_ms"`
	Suggestion *jobBody       `json:"suggestion"`
	Warning    string         `json:"warning,omitempty"`
}

func (s *Server) stateJSON() any { return s.stateLocked("") }

func (s *Server) stateLocked(warning string) stateBody {
	st := s.sess.State().(*stnazaire.State)
	d := st.Game().(*stnazaire.Game).Data()
	kind, unit := st.Pending()
	b := stateBody{Version: s.version, Steps: s.sess.Steps(), Seed: s.sess.Seed(), View: st.View(), Text: st.String(),
		Pending: kind, Prompt: st.Prompt(), Chance: s.sess.AtChance(), Over: s.sess.Over(), Faces: s.sess.Faces(),
		Legal: []legalMove{}, Score: st.Score(), CanUndo: s.sess.Steps() > 0, Log: append([]string{}, s.log...),
		Autosave: s.sess.AutosavePath(), Agent: s.adv.Agent(), ThinkMS: s.adv.Think().Milliseconds(), Warning: warning}
	if unit >= 0 && unit < len(d.British) {
		b.Unit = d.British[unit].Name
	}
	if !b.Chance && !b.Over {
		for i, a := range s.sess.Legal() {
			b.Legal = append(b.Legal, legalMove{Number: i + 1, Action: int(a), Name: st.ActionString(a)})
		}
	}
	if s.job != nil {
		j := s.jobLocked()
		b.Suggestion = &j
	}
	return b
}

// mapBody is the board: spaces, links and objectives.
type mapBody struct {
	Spaces     []mapSpace     `json:"spaces"`
	Links      []mapLink      `json:"links"`
	Objectives map[int]mapObj `json:"objectives"`
}

type mapSpace struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Square    bool    `json:"square"`
	Objective int     `json:"objective,omitempty"`
	Ship      bool    `json:"ship,omitempty"`
	Landing   bool    `json:"landing,omitempty"`
	Entry     bool    `json:"entry,omitempty"`
	Exit      bool    `json:"exit,omitempty"`
}

type mapLink struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Kind string `json:"kind"` // "move" (solid) or "fire" (dashed)
}

type mapObj struct {
	Name string `json:"name"`
	VP   int    `json:"vp"`
}

func (s *Server) getMap(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	d := s.sess.Game().(*stnazaire.Game).Data()
	s.mu.Unlock()
	m := mapBody{Objectives: map[int]mapObj{}}
	for _, sp := range d.Spaces {
		m.Spaces = append(m.Spaces, mapSpace{ID: sp.ID, Name: sp.Name, X: sp.X, Y: sp.Y, Square: sp.Square,
			Objective: int(sp.Objective), Ship: sp.Ship, Landing: sp.Landing >= 0, Entry: sp.Entry >= 0, Exit: sp.Exit >= 0})
	}
	for a := range d.Spaces {
		for kind, links := range map[string][][]int16{"move": d.Move, "fire": d.Fire} {
			for _, b := range links[a] {
				if int(b) > a {
					m.Links = append(m.Links, mapLink{A: d.Spaces[a].ID, B: d.Spaces[b].ID, Kind: kind})
				}
			}
		}
	}
	sort.Slice(m.Links, func(i, j int) bool {
		if m.Links[i].A != m.Links[j].A {
			return m.Links[i].A < m.Links[j].A
		}
		return m.Links[i].B < m.Links[j].B
	})
	for n, name := range d.ObjName {
		if name != "" {
			m.Objectives[n] = mapObj{Name: name, VP: d.ObjVP[n]}
		}
	}
	writeJSON(w, http.StatusOK, m)
}

// playLocked applies a and answers the new position; an autosave failure
// is a warning.
func (s *Server) playLocked(a env.Action, note string) (any, error) {
	name := s.sess.State().ActionString(a)
	err := s.sess.Play(a)
	if err != nil && !advise.IsAutosave(err) {
		return nil, conflict("%s", err)
	}
	s.changedLocked(name + note)
	return s.stateLocked(warning(err)), nil
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
	n, err := advise.NewSession(s.sess.Game(), seed, s.sess.AutosavePath())
	if err != nil && !advise.IsAutosave(err) {
		return nil, badRequest("%s", err)
	}
	s.sess, s.log = n, nil
	s.changedLocked("")
	return s.stateLocked(warning(err)), nil
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

func (s *Server) postUndo(r *http.Request) (any, error) {
	if err := decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.sess.Undo()
	if err != nil && !advise.IsAutosave(err) {
		return nil, sessionError(err)
	}
	if len(s.log) > 0 {
		s.log = s.log[:len(s.log)-1]
	}
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
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.sess.Save(path); err != nil {
		return nil, &apiError{http.StatusInternalServerError, err.Error()}
	}
	return map[string]string{"saved": filepath.Base(path)}, nil
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
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.sess.Load(path); err != nil && !advise.IsAutosave(err) {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &apiError{http.StatusNotFound, "no saved game " + filepath.Base(path)}
		}
		return nil, badRequest("%s", err)
	}
	s.log = nil
	s.changedLocked("loaded " + filepath.Base(path))
	return s.stateLocked(""), nil
}

// maxSaves bounds the list of saved games.
const maxSaves = 200

func (s *Server) getSaves(w http.ResponseWriter, r *http.Request) {
	entries, err := os.ReadDir(s.opts.Dir)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "listing the saves: "+err.Error())
		return
	}
	names := []string{}
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && filepath.Ext(n) == ".json" && saveName.MatchString(n) && len(names) < maxSaves {
			names = append(names, n)
		}
	}
	writeJSON(w, http.StatusOK, map[string][]string{"saves": names})
}
