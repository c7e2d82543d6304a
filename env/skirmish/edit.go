package skirmish

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

var _ env.Editor = (*State)(nil)

// EditHelp implements env.Editor.
func (s *State) EditHelp() string {
	return strings.Join([]string{
		"set FIGURE eliminated | not eliminated            (not eliminated: back where it fell)",
		"set FIGURE at X, Y | at FEATURE                   (inches from the table's north-west corner)",
		"set FIGURE activated | not activated",
		"set SEARCHLIGHT lit (active) | dark",
		"set TARGET destroyed | intact;  set WIRE cut (removed) | intact",
		"set alarm raised | quiet",
		"VP follow from the figures and targets: set those, and the VP are recounted; dice are entered, not set",
	}, "\n")
}

// EditExamples implements env.Editor: for the first figures and features
// Edit may change now, a command that flips their state.
func (s *State) EditExamples() []string {
	d := s.data()
	var cands []string
	for i, fd := range d.Figures {
		switch s.f[i].st {
		case stOn:
			cands = append(cands, env.EditPrefix+fd.Name+" eliminated")
		case stDead:
			cands = append(cands, env.EditPrefix+fd.Name+" not eliminated")
		}
	}
	for f, ft := range d.Features {
		switch {
		case ft.Kind == FTarget && s.isGone(f):
			cands = append(cands, env.EditPrefix+ft.Name+" intact")
		case ft.Kind == FTarget:
			cands = append(cands, env.EditPrefix+ft.Name+" destroyed")
		case ft.Kind == FWire && !s.isGone(f):
			cands = append(cands, env.EditPrefix+ft.Name+" cut")
		}
	}
	return env.FirstEdits(cands, 3, func(cmd string) error { c := *s; return c.Edit(cmd) })
}

// Edit implements env.Editor: it sets by hand a result the player's table
// gives otherwise. It refuses while a shot or a hand-to-hand fight is being
// resolved (its dice were asked for on the figures as they stood), edits of
// the figure that acts or is shot at now or the officer directing, of the
// target whose demolition die is pending, of the alarm while a die of the
// German phases hangs on it, and anything that leaves the position
// inconsistent or the pending decision without a move. An edit that leaves
// no commando to play ends the game, as the turn sequence would.
func (s *State) Edit(cmd string) error {
	t, err := env.EditCommand(cmd)
	if err != nil {
		return err
	}
	if s.phase == phOver {
		return fmt.Errorf("%q: the game is over", cmd)
	}
	if s.step >= dieHit && s.step <= dieRerollGerman {
		return fmt.Errorf("%q: %s is under way: enter its dice, then set", cmd, s.Prompt())
	}
	c := *s
	if err := c.edit(t); err != nil {
		return fmt.Errorf("%q: %w", cmd, err)
	}
	if c == *s {
		return fmt.Errorf("%q: that is already so", cmd)
	}
	if err := c.checkMachine(); err != nil {
		return fmt.Errorf("%q: it would leave the position inconsistent (%v)", cmd, err)
	}
	c.advance() // ends the game if no commando is left to play
	var buf [numActions]env.Action
	if !c.IsTerminal() && len(c.LegalActions(buf[:0])) == 0 {
		return fmt.Errorf("%q: it would leave the pending decision without a move; set it after", cmd)
	}
	*s = c
	return nil
}

// named finds the figure or feature whose printed name, the longest that
// fits, begins t followed by a space; rest is what follows.
func (s *State) named(t string) (fig, feat int, rest string) {
	d := s.data()
	fig, feat = -1, -1
	best := 0
	try := func(name string) bool {
		if len(name) > best && len(t) > len(name) && strings.EqualFold(t[:len(name)], name) && t[len(name)] == ' ' {
			best, rest = len(name), strings.TrimSpace(t[len(name):])
			return true
		}
		return false
	}
	for i, fd := range d.Figures {
		if try(fd.Name) {
			fig, feat = i, -1
		}
	}
	for f, ft := range d.Features {
		if try(ft.Name) {
			fig, feat = -1, f
		}
	}
	return fig, feat, rest
}

func (s *State) edit(t string) error {
	if rest, ok := cutFold(t, "alarm "); ok {
		return s.editAlarm(rest)
	}
	if strings.EqualFold(t, "vp") || strings.HasPrefix(strings.ToLower(t), "vp ") {
		return fmt.Errorf("VP follow from the figures and targets: set those, and the VP are recounted")
	}
	fig, feat, rest := s.named(t)
	switch {
	case fig >= 0:
		return s.editFigure(fig, rest)
	case feat >= 0:
		return s.editFeature(feat, rest)
	}
	return fmt.Errorf("%q begins with no figure or feature followed by what to set", t)
}

// cutFold cuts prefix off t, ignoring case.
func cutFold(t, prefix string) (string, bool) {
	if len(t) >= len(prefix) && strings.EqualFold(t[:len(prefix)], prefix) {
		return strings.TrimSpace(t[len(prefix):]), true
	}
	return t, false
}

// busy names why figure i may not be edited now: it acts, fires, rolls or
// directs.
func (s *State) busy(i int) error {
	switch {
	case s.step == stepIdle || s.step == stepSelect:
	case int(s.cur) == i:
		return fmt.Errorf("%s is acting now (%s): set it after", s.def(i).Name, s.Prompt())
	case s.step == stepBoost && int(s.aux) == i:
		return fmt.Errorf("%s is directing now: set it after", s.def(i).Name)
	}
	return nil
}

func (s *State) editFigure(i int, what string) error {
	d := s.data()
	fd := s.def(i)
	f := &s.f[i]
	if err := s.busy(i); err != nil {
		return err
	}
	switch f.st {
	case stAway:
		return fmt.Errorf("%s is not on the table yet", fd.Name)
	case stOut:
		return fmt.Errorf("%s has left the table", fd.Name)
	}
	w := strings.ToLower(what)
	if w == "active" { // the text's word for a lit searchlight
		w = "lit"
	}
	if w != "not eliminated" && f.st == stDead {
		return fmt.Errorf("%s is eliminated: set it not eliminated first", fd.Name)
	}
	switch w {
	case "eliminated":
		s.eliminate(i)
	case "not eliminated":
		if f.st != stDead {
			return fmt.Errorf("%s is not eliminated", fd.Name)
		}
		f.st = stOn
		if fd.Side == British {
			s.lost--
		} else {
			s.kills--
		}
	case "activated", "not activated":
		if !fd.Kind.mobile() {
			return fmt.Errorf("%s never activates", fd.Name)
		}
		if w == "activated" {
			f.fl |= flDone
		} else {
			f.fl &^= flDone
		}
	case "lit", "dark":
		if fd.Kind != Searchlight {
			return fmt.Errorf("%s is no searchlight", fd.Name)
		}
		if w == "dark" {
			f.fl &^= flLit
			break
		}
		if !s.alarm || !s.lightActivePower() {
			return fmt.Errorf("a searchlight stays dark while the alarm is quiet or the power station is destroyed (G2)")
		}
		f.fl |= flLit
	default:
		place, ok := cutFold(what, "at ")
		if !ok {
			return fmt.Errorf("a figure may be set eliminated, not eliminated, at X, Y, at FEATURE, activated, not activated, lit or dark, not %q", what)
		}
		if !fd.Kind.mobile() {
			return fmt.Errorf("%s is a fixed emplacement", fd.Name)
		}
		p, err := s.placeOf(place)
		if err != nil {
			return err
		}
		if d.blocked(p) {
			return fmt.Errorf("(%s, %s) is off the table or in a building or the water", fmtInches(p.x), fmtInches(p.y))
		}
		f.x, f.y = int32(p.x), int32(p.y)
	}
	return nil
}

// placeOf reads "X, Y" or "(X, Y)" in inches, or a feature's name (the
// point a move to it heads for).
func (s *State) placeOf(t string) (pt, error) {
	for _, ft := range s.data().Features {
		if strings.EqualFold(ft.Name, t) {
			return ft.At, nil
		}
	}
	xs, ys, ok := strings.Cut(strings.Trim(t, "() "), ",")
	x, err1 := parseInches(xs)
	y, err2 := parseInches(ys)
	if !ok || err1 != nil || err2 != nil {
		return pt{}, fmt.Errorf("no feature %q, nor a place X, Y in inches", t)
	}
	return pt{x, y}, nil
}

func (s *State) editFeature(f int, what string) error {
	ft := &s.data().Features[f]
	w := strings.ToLower(what)
	if w == "removed" { // the text's word for cut wire
		w = "cut"
	}
	var gone bool
	switch {
	case ft.Kind == FTarget && (w == "destroyed" || w == "intact"):
		gone = w == "destroyed"
		if s.step == dieDemolition && int(s.tgt) == f {
			return fmt.Errorf("the demolition die on %s is pending: enter it first", ft.Name)
		}
	case ft.Kind == FWire && (w == "cut" || w == "intact"):
		gone = w == "cut"
	case ft.Kind == FTarget:
		return fmt.Errorf("a target may be set destroyed or intact, not %q", what)
	case ft.Kind == FWire:
		return fmt.Errorf("wire may be set cut or intact, not %q", what)
	default:
		return fmt.Errorf("%s is a %s: it cannot be destroyed or cut", ft.Name, featureKindNames[ft.Kind])
	}
	if gone != s.isGone(f) {
		s.gone ^= 1 << f
		if gone {
			s.vp += int16(ft.VP)
		} else {
			s.vp -= int16(ft.VP)
		}
	}
	return nil
}

func (s *State) editAlarm(what string) error {
	w := strings.ToLower(what)
	if w != "raised" && w != "quiet" {
		return fmt.Errorf("the alarm may be set raised or quiet, not %q", what)
	}
	if s.step >= dieAlarm {
		return fmt.Errorf("the German phases' die is pending (%s): enter it first", s.Prompt())
	}
	if s.step == stepBoost {
		// Who may be directed hangs on the alarm (G4).
		return fmt.Errorf("%s: set the alarm after", s.Prompt())
	}
	s.alarm = w == "raised"
	if !s.alarm {
		for _, l := range s.data().searchlights {
			s.f[l].fl &^= flLit // G2: dark while quiet
		}
	}
	return nil
}
