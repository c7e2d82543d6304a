package advise

import (
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"slices"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Session is one game in progress at a person's table. It is not safe for
// concurrent use: a server guards it with a mutex.
type Session struct {
	game     env.Game
	start    env.State
	moves    []step
	state    env.State
	seed     uint64
	autosave string
	// autosaveErr is the last autosave's failure, nil once one succeeds;
	// savedSteps the steps of the game the autosave file last took.
	autosaveErr error
	savedSteps  int
	// tool names, per seat, the agent spec the tool plays that seat by,
	// or "" for a seat the person plays; nil when the person plays them
	// all.
	tool []string

	legal    []env.Action
	outcomes []env.Outcome
}

// NewSession starts a new game of g from seed. The seed also drives the
// rolls the person asks the tool to make. autosave is the file written
// after every step, or "" for none.
func NewSession(g env.Game, seed uint64, autosave string) (*Session, error) {
	s := &Session{game: g, start: g.NewInitialState(seed), seed: seed, autosave: autosave}
	s.state = s.start.Clone()
	return s, s.Autosave()
}

// Game is the game being played.
func (s *Session) Game() env.Game { return s.game }

// State is the current position. The caller must not modify it; Clone it
// to look ahead.
func (s *Session) State() env.State { return s.state }

// Seed is the seed of the tool's rolls (and of the game, when it was
// started new).
func (s *Session) Seed() uint64 { return s.seed }

// step is one entry of the game's history: an action, or a correction
// made by hand (env.Editor) when edit is not "". who is the seat that
// chose the action (env.Chance for a die), or byHand for an edit.
type step struct {
	a    env.Action
	edit string
	who  env.Player
}

// byHand is the chooser of an edit.
const byHand env.Player = -100

// stepAt records a at st, before it is applied.
func stepAt(st env.State, a env.Action) step { return step{a: a, who: st.CurrentPlayer()} }

// apply plays the step on st.
func (m step) apply(st env.State) error {
	if m.edit == "" {
		return st.Apply(m.a)
	}
	ed, ok := st.(env.Editor)
	if !ok {
		return ErrNoEdit
	}
	return ed.Edit(m.edit)
}

// Moves are the action strings of the moves played since the start, and
// the hand edits among them ("set Birney pinned").
func (s *Session) Moves() []string {
	st := s.start.Clone()
	out := make([]string, len(s.moves))
	for i, m := range s.moves {
		out[i] = m.edit
		if m.edit == "" {
			out[i] = st.ActionString(m.a)
		}
		_ = m.apply(st) // checked when played
	}
	return out
}

// Recent says what the last n steps did, oldest first, in the words the
// console and the page use (Narration): a game resumed from a save shows
// how it got where it is. It replays the history; a step that no longer
// replays ends the list there.
func (s *Session) Recent(n int) []string {
	st := s.start.Clone()
	var out []string
	for i, m := range s.moves {
		before := st.Clone()
		if err := m.apply(st); err != nil {
			break
		}
		if i < len(s.moves)-n {
			continue
		}
		line := m.edit
		if line == "" {
			line = OneLine(Narration(before, m.a, st))
		}
		if line == "" {
			line = before.ActionString(m.a)
		}
		out = append(out, line)
	}
	return out
}

// Steps counts the moves (and hand edits) played since the start.
func (s *Session) Steps() int { return len(s.moves) }

// AutosavePath is the autosave file, or "".
func (s *Session) AutosavePath() string { return s.autosave }

// SetAutosave changes the autosave file ("" for none) and writes it.
func (s *Session) SetAutosave(path string) error {
	s.autosave = path
	return s.Autosave()
}

// Legal lists the legal actions of the current position, sorted; a
// person's move number n (from 1) is Legal()[n-1].
func (s *Session) Legal() []env.Action {
	s.legal = s.state.LegalActions(s.legal)
	return append([]env.Action(nil), s.legal...)
}

// AtChance reports whether the position waits for a die.
func (s *Session) AtChance() bool { return s.state.CurrentPlayer() == env.Chance }

// Over reports whether the game has ended.
func (s *Session) Over() bool { return s.state.IsTerminal() }

// Prompt says what the pending decision or die is about, if the game can.
func (s *Session) Prompt() string {
	if p, ok := s.state.(env.Prompter); ok {
		return p.Prompt()
	}
	return ""
}

// Faces lists the numbers of the pending die's faces (env.TableOutcomes),
// or none off a chance node or where the outcomes are named (a chit, a
// pick: see Outcomes).
func (s *Session) Faces() []int {
	faces := []int{}
	for _, o := range env.TableOutcomes(s.state) {
		if o.Name != "" {
			return []int{}
		}
		faces = append(faces, o.Number)
	}
	return faces
}

// Outcomes names the outcomes of the pending chance node as a person
// enters them: a chit, a boat picked, or "roll N" for a face.
func (s *Session) Outcomes() []string {
	list := env.TableOutcomes(s.state)
	names := make([]string, len(list))
	for i, o := range list {
		names[i] = o.Entry()
	}
	return names
}

// OutcomeForms says what the pending chance node takes (env.OutcomeForms):
// "1 to 10 or roll N".
func (s *Session) OutcomeForms() string { return env.OutcomeForms(s.state) }

// Errors a front end may tell apart.
var (
	ErrNotChance = errors.New("no die is pending: choose a move")
	ErrAtChance  = errors.New("a die is pending: enter the roll first")
	ErrOver      = errors.New("the game is over")
	ErrNoUndo    = errors.New("nothing to undo")
	ErrNoEdit    = errors.New("this game offers no edits by hand")
)

// ParseRoll reads a die entry at a chance node, as env.ParseOutcome does:
// a face ("7" or "roll 7"), or an outcome's name ("3 Cdo 2"); or "r" (or
// "roll") to let the tool roll. It returns the chance action.
func (s *Session) ParseRoll(text string) (env.Action, error) {
	if s.Over() {
		return 0, ErrOver
	}
	if !s.AtChance() {
		return 0, ErrNotChance
	}
	if IsToolRoll(text) {
		return s.toolRoll(), nil
	}
	a, err := env.ParseOutcome(s.state, text)
	if err != nil {
		verb := "roll"
		if len(s.Faces()) == 0 {
			verb = "draw"
		}
		return 0, fmt.Errorf("%v, or r to let me %s", err, verb)
	}
	return a, nil
}

// IsToolRoll reports whether a die entry asks the tool to roll.
func IsToolRoll(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	return t == "r" || t == "roll"
}

// toolRoll draws the pending die from the session's own stream: seeded by
// the session seed and the number of moves played, so it never depends on
// a search and an undo followed by a roll gives the same face.
func (s *Session) toolRoll() env.Action {
	s.outcomes = s.state.ChanceOutcomes(s.outcomes)
	return env.SampleChance(s.outcomes, rng.RollAt(s.seed, len(s.moves)))
}

// ParseMove reads a person's decision: its number in Legal() (from 1), or
// its action string ("to Old Mole landing stage", "fire KM 3", "pass").
func (s *Session) ParseMove(text string) (env.Action, error) {
	if s.Over() {
		return 0, ErrOver
	}
	if s.AtChance() {
		return 0, ErrAtChance
	}
	t := strings.TrimSpace(text)
	legal := s.Legal()
	if IsToolRoll(t) {
		// A move may bear the name of the tool's roll (Pig's "roll").
		if a, err := s.state.ParseAction(t); err == nil && slices.Contains(legal, a) {
			return a, nil
		}
		return 0, fmt.Errorf("no die is pending: enter a move, its number (1 to %d) or its name", len(legal))
	}
	if t == "" {
		return 0, fmt.Errorf("enter a move: its number (1 to %d) or its name", len(legal))
	}
	if n, err := strconv.Atoi(t); err == nil {
		if n < 1 || n > len(legal) {
			return 0, fmt.Errorf("no move number %d: the moves are numbered 1 to %d", n, len(legal))
		}
		return legal[n-1], nil
	}
	a, err := s.state.ParseAction(t)
	if err != nil {
		return 0, err
	}
	for _, b := range legal {
		if a == b {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%q is not legal now; the moves are numbered 1 to %d", t, len(legal))
}

// Play applies a legal action (a decision or a die face) and autosaves.
// An autosave error is returned after the move was made.
func (s *Session) Play(a env.Action) error {
	if s.Over() {
		return ErrOver
	}
	m := stepAt(s.state, a)
	if err := s.state.Apply(a); err != nil {
		return err
	}
	s.moves = append(s.moves, m)
	return s.Autosave()
}

// Edit corrects the position by hand where the person's printed table
// gives another result (env.Editor): "set Birney pinned". The edit is
// recorded among the moves, so undo, save and load repeat it.
func (s *Session) Edit(cmd string) error {
	if s.Over() {
		return ErrOver
	}
	ed, ok := s.state.(env.Editor)
	if !ok {
		return ErrNoEdit
	}
	cmd = strings.TrimSpace(cmd)
	if err := ed.Edit(cmd); err != nil {
		return err
	}
	s.moves = append(s.moves, step{edit: cmd, who: byHand})
	return s.Autosave()
}

// EditHelp lists the game's edit commands, or "" when it has none.
func (s *Session) EditHelp() string {
	if ed, ok := s.state.(env.Editor); ok {
		return ed.EditHelp()
	}
	return ""
}

// EditExample is an edit the game takes in the current position ("set
// Birney pinned" on St. Nazaire), or "" where none applies or the game
// offers no edits: the page shows it as the edit box's example.
func (s *Session) EditExample() string {
	if ed, ok := s.state.(env.Editor); ok {
		if ex := ed.EditExamples(); len(ex) > 0 {
			return ex[0]
		}
	}
	return ""
}

// IsEdit reports whether a line is an edit command.
func IsEdit(line string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(line))+" ", env.EditPrefix)
}

// Undo takes back the person's last step (a decision, a die or an edit),
// with the moves the tool made after it (see SetTool), replaying the rest
// from the start, and autosaves.
func (s *Session) Undo() error {
	n := len(s.moves) - 1
	for n >= 0 && s.toolPlays(s.moves[n].who) {
		n--
	}
	if n < 0 {
		return ErrNoUndo
	}
	st, err := replay(s.start, s.moves[:n])
	if err != nil {
		return err
	}
	s.moves, s.state = s.moves[:n], st
	return s.Autosave()
}

// replay applies moves to a clone of start.
func replay(start env.State, moves []step) (env.State, error) {
	st := start.Clone()
	for i, m := range moves {
		if err := m.apply(st); err != nil {
			name := m.edit
			if name == "" {
				name = st.ActionString(m.a)
			}
			return nil, fmt.Errorf("move %d (%s): %w", i+1, name, err)
		}
	}
	return st, nil
}
