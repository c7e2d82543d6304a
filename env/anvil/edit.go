package anvil

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// EditHelp implements env.Editor.
func (s *State) EditHelp() string {
	return strings.Join([]string{
		"set UNIT reduced | full | disorganized | good order | eliminated | at AREA   (a unit on the map, by its printed name)",
		"set AREA Allied | German | FFI fighters | fortification N                (AREA by its number, its name or both: 09, Toulon, 09 Toulon)",
		"edits are taken between activations and in the FFI, bombing and surrender steps; control is then checked as after an activation (1.6), and VP follow from steps and control",
	}, "\n")
}

// EditExamples implements env.Editor: for the first unit and area Edit
// may change now, a command that flips its status or its control.
func (s *State) EditExamples() []string {
	if !s.editable() {
		return nil
	}
	d := s.data()
	var cands []string
	for u := range d.Units {
		un := &d.Units[u]
		if s.loc[u] < 0 || un.Class != ClassCombat || un.Side != int(s.decSide) {
			continue
		}
		if s.disorg(u) {
			cands = append(cands, env.EditPrefix+un.Name+" good order")
		} else {
			cands = append(cands, env.EditPrefix+un.Name+" disorganized")
		}
		if s.steps[u] == 2 {
			cands = append(cands, env.EditPrefix+un.Name+" reduced")
		} else {
			cands = append(cands, env.EditPrefix+un.Name+" full")
		}
		break
	}
	for a := range d.Areas {
		if s.fort[a] == 0 && !s.hasUnits(Allied, a) && !s.hasUnits(German, a) {
			cands = append(cands, env.EditPrefix+d.Areas[a].ID+" "+sideNames[1-s.controller(a)])
			break
		}
	}
	return env.FirstEdits(cands, 3, func(cmd string) error { c := *s; return c.Edit(cmd) })
}

// editable reports whether the game stands between activations or in a
// step of the turn that chooses areas only (FFI, bombing, surrender): no
// unit is chosen, moving or in a combat, so a hand correction breaks no
// half-done activation.
func (s *State) editable() bool {
	switch {
	case s.phase == phOver || s.roll != rollNone:
		return false
	case !s.sel.empty() || !s.act.empty() || !s.moving.empty() || !s.cPart.empty():
		return false
	}
	return s.dec == decImpulse || s.dec == decFFI || s.dec == decBomb || s.dec == decSurrender
}

// Edit implements env.Editor: it sets by hand a result the person's
// printed tables give otherwise. It is taken only where no activation or
// die is half done; then, as after an activation, a support unit left
// without a combat unit of its side is eliminated (1.3.2) and control and
// supply are checked (1.6, 1.8). It refuses what the rules forbid (a CD
// unit moving, the armoured train off the coast and the Rhone, an Allied
// area with fortification levels) and an edit that leaves the side whose
// impulse it is with nothing to do.
func (s *State) Edit(cmd string) error {
	t, err := env.EditCommand(cmd)
	if err != nil {
		return err
	}
	if s.phase == phOver {
		return fmt.Errorf("%q: the game is over", cmd)
	}
	c := *s
	if err := c.edit(t); err != nil {
		return fmt.Errorf("%q: %w", cmd, err)
	}
	if !s.editable() {
		return fmt.Errorf("%q: %s; set it between activations", cmd, s.Prompt())
	}
	if c.dec == decImpulse && !c.canActivate(int(c.side)) {
		return fmt.Errorf("%q: it would leave the %s impulse with nothing to activate", cmd, sideNames[c.side])
	}
	if len(c.LegalActions(nil)) == 0 {
		return fmt.Errorf("%q: it would leave the pending decision without a move", cmd)
	}
	*s = c
	return nil
}

// edit reads and carries out the command on a copy; the caller checks the
// moment after, so that a misspelt name is named first.
func (s *State) edit(t string) error {
	d := s.data()
	lower := strings.ToLower(t)
	who, what, arg := t, "", ""
	switch {
	case strings.Contains(lower, " at "):
		i := strings.Index(lower, " at ")
		who, what, arg = t[:i], "at", strings.TrimSpace(t[i+len(" at "):])
	case strings.HasSuffix(lower, " good order"):
		who, what = t[:len(t)-len(" good order")], "good order"
	case strings.HasSuffix(lower, " ffi fighters"):
		who, what = t[:len(t)-len(" ffi fighters")], "ffi fighters"
	default:
		if i := strings.LastIndex(t, " "); i >= 0 {
			who, what = t[:i], lower[i+1:]
			if j := strings.LastIndex(who, " "); j >= 0 && strings.EqualFold(who[j+1:], "fortification") {
				who, what, arg = who[:j], "fortification", t[i+1:]
			}
		}
	}
	who = strings.TrimSpace(who)
	if strings.EqualFold(who, "vp") {
		return fmt.Errorf("VP follow from the steps lost and the areas controlled: set those, and the VP are recounted")
	}
	if u := findName(who, len(d.Units), func(i int) string { return d.Units[i].Name }); u >= 0 {
		if !s.editable() {
			return nil // Edit names the moment
		}
		if err := s.editUnit(u, what, arg); err != nil {
			return err
		}
		s.afterEdit()
		return nil
	}
	if a, ok := s.findArea(who); ok {
		if !s.editable() {
			return nil
		}
		return s.editArea(a, what, arg)
	}
	return fmt.Errorf("no unit or area named %q", who)
}

func findName(name string, n int, nameOf func(int) string) int {
	for i := range n {
		if strings.EqualFold(nameOf(i), name) {
			return i
		}
	}
	return -1
}

// findArea reads an area by its number, its printed name, or both.
func (s *State) findArea(name string) (int, bool) {
	d := s.data()
	a := findName(name, len(d.Areas), func(i int) string { return d.Areas[i].ID })
	if a < 0 {
		a = findName(name, len(d.Areas), func(i int) string { return d.Areas[i].Name })
	}
	if a < 0 {
		a = findName(name, len(d.Areas), d.AreaName)
	}
	return a, a >= 0
}

// afterEdit applies what the game checks after every activation.
func (s *State) afterEdit() {
	s.cleanupLonely()
	s.controlCheck()
	s.updateSupply()
}

func (s *State) editUnit(u int, what, arg string) error {
	d := s.data()
	un := &d.Units[u]
	if s.loc[u] < 0 {
		where := map[int8]string{locOff: "not yet arrived", locElim: "eliminated", locExited: "exited"}[s.loc[u]]
		return fmt.Errorf("%s is not on the map (%s)", un.Name, where)
	}
	switch what {
	case "reduced", "full":
		if un.Steps != 2 {
			return fmt.Errorf("%s has one step: set it eliminated", un.Name)
		}
		s.steps[u] = map[string]int8{"reduced": 1, "full": 2}[what]
	case "disorganized":
		s.flag[u] |= fDisorg
	case "good order":
		s.flag[u] &^= fDisorg
	case "eliminated":
		s.eliminate(u)
	case "at":
		a, ok := s.findArea(arg)
		if !ok {
			return fmt.Errorf("no area %q", arg)
		}
		switch ar := &d.Areas[a]; {
		case un.Class == ClassCD && int(s.loc[u]) != a:
			return fmt.Errorf("%s is a CD unit: it never moves (1.3.3)", un.Name)
		case un.Class == ClassTrain && !ar.Coastal && !ar.Rhone:
			return fmt.Errorf("the armoured train runs only in coastal areas and along the Rhone, not in %s", d.AreaName(a))
		}
		s.loc[u] = int8(a)
	default:
		return fmt.Errorf("a unit may be set reduced, full, disorganized, good order, eliminated or at AREA, not %q", what)
	}
	return nil
}

func (s *State) editArea(a int, what, arg string) error {
	d := s.data()
	ar := &d.Areas[a]
	name := d.AreaName(a)
	want := -1
	switch what {
	case "allied", "ffi fighters":
		if s.fort[a] > 0 {
			return fmt.Errorf("%s has fortification level %d: German while levels remain (1.5); set fortification 0 first", name, s.fort[a])
		}
		if what == "ffi fighters" {
			s.ffi[a] = ffiFighters
		} else if s.ffi[a] == ffiNone {
			s.ffi[a] = ffiControl
		}
		want = Allied
	case "german":
		s.ffi[a] = ffiNone
		want = German
	case "fortification":
		if ar.Track < 0 {
			return fmt.Errorf("%s has no fortification track", name)
		}
		top := len(d.Tracks[ar.Track].DRM) - 1
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > top {
			return fmt.Errorf("%s has fortification levels 0 to %d, not %q", name, top, arg)
		}
		if n > 0 && s.controller(a) == Allied {
			return fmt.Errorf("%s is Allied-controlled: set it German first (1.5)", name)
		}
		s.fort[a] = int8(n)
	default:
		return fmt.Errorf("an area may be set Allied, German, FFI fighters or fortification N, not %q", what)
	}
	s.afterEdit()
	if want >= 0 && s.controller(a) != want {
		return fmt.Errorf("only %s units stand in %s: control follows them (1.6)", sideNames[1-want], name)
	}
	return nil
}
