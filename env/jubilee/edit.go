package jubilee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// EditHelp implements env.Editor.
func (s *State) EditHelp() string {
	return strings.Join([]string{
		"set UNIT steps N | disrupted | undisrupted | eliminated | at HEX   (a CW unit on the map or in a box, by its printed name)",
		"set GERMAN revealed | disrupted | undisrupted | eliminated         (a German unit: a face-up one by name, any by its hex)",
		"set HEX depth revealed | eliminated                                  (the depth marker of the German unit in HEX)",
		"set HEX destroyed                                                   (an Objective Destroyed marker on the VP position in HEX)",
		"edits are taken when an op chit is to be drawn or a unit chosen to act; VP follow from the Objective Destroyed markers",
	}, "\n")
}

// EditExamples implements env.Editor: for the first units and markers
// Edit may change now, a command that changes them.
func (s *State) EditExamples() []string {
	if !s.editable() {
		return nil
	}
	d := s.data()
	var cands []string
	for u, c := range d.CW {
		if s.cwSt[u] != cwMap {
			continue
		}
		if s.cwF[u]&(fDisrupted|fAtkDis) != 0 {
			cands = append(cands, env.EditPrefix+c.Name+" undisrupted")
		} else {
			cands = append(cands, env.EditPrefix+c.Name+" disrupted")
		}
		if s.cwSteps[u] > 1 {
			cands = append(cands, fmt.Sprintf("%s%s steps %d", env.EditPrefix, c.Name, s.cwSteps[u]-1))
		}
		break
	}
	for g := range d.German {
		if s.gPos[g] < 0 {
			continue
		}
		h := d.Hexes[d.Positions[s.gPos[g]].Hex].ID
		if m := s.gDepth[g]; m >= 0 && !s.depthRev[m] {
			cands = append(cands, env.EditPrefix+h+" depth revealed")
		}
		if s.gF[g]&gRevealed == 0 {
			cands = append(cands, env.EditPrefix+h+" revealed")
		}
	}
	return env.FirstEdits(cands, 3, func(cmd string) error { c := *s; return c.Edit(cmd) })
}

// editable reports whether the game stands where a hand correction cannot
// break the rules' bookkeeping: between op chits (4.1 II) or choosing the
// next unit to act (10.1), no fire, attack or move half resolved.
func (s *State) editable() bool {
	return s.phase != phOver && s.atk == 0 &&
		((s.roll == rollChit && s.chit < 0) || (s.roll == rollNone && s.dec == decSelect))
}

// Edit implements env.Editor: it sets by hand a result the person's
// printed tables give otherwise. It is taken only between op chits or when
// a unit is to be chosen to act, so that no fire, attack or move is half
// resolved; it refuses both sides in one hex and an edit that leaves the
// pending decision without a move. Stacking may be exceeded then: the end
// of the action phase enforces it (10.14, 10.16).
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
		now := s.Phase()
		if p := s.Prompt(); p != "" {
			now += ": " + p
		}
		return fmt.Errorf("%q: %s is under way; set it when an op chit is to be drawn or a unit chosen to act", cmd, now)
	}
	if c.roll == rollNone && c.phase != phOver && len(c.LegalActions(nil)) == 0 {
		return fmt.Errorf("%q: it would leave the pending decision without a move; set it after", cmd)
	}
	*s = c
	return nil
}

// edit reads the command against a copy; the caller checks the moment
// after reading it, so that a misspelt name is named first.
func (s *State) edit(t string) error {
	d := s.data()
	lower := strings.ToLower(t)
	who, what, arg := t, "", ""
	switch {
	case strings.Contains(lower, " at "):
		i := strings.LastIndex(lower, " at ")
		who, what, arg = t[:i], "at", strings.TrimSpace(t[i+len(" at "):])
	case strings.HasSuffix(lower, " depth revealed"), strings.HasSuffix(lower, " depth eliminated"):
		i := strings.LastIndex(lower, " depth ")
		who, what = t[:i], "depth "+lower[i+len(" depth "):]
	default:
		if i := strings.LastIndex(t, " "); i >= 0 {
			who, what = t[:i], lower[i+1:]
			if j := strings.LastIndex(who, " "); j >= 0 && strings.EqualFold(who[j+1:], "steps") {
				who, what, arg = who[:j], "steps", t[i+1:]
			}
		}
	}
	who = strings.TrimSpace(who)
	if strings.EqualFold(who, "vp") {
		return fmt.Errorf("VP follow from the Objective Destroyed markers: set those, and the VP are recounted")
	}
	if u := findName(who, len(d.CW), func(i int) string { return d.CW[i].Name }); u >= 0 {
		if !s.editable() {
			return nil // Edit names the moment
		}
		return s.editCW(u, what, arg)
	}
	if g := findName(who, len(d.German), func(i int) string { return d.German[i].Name }); g >= 0 && s.gPos[g] >= 0 && s.gF[g]&gRevealed != 0 {
		if !s.editable() {
			return nil
		}
		return s.editGerman(g, what)
	}
	if h, ok := d.hexIdx[who]; ok {
		p := d.Hexes[h].Pos
		if what == "destroyed" {
			if p < 0 || d.Positions[p].VP == 0 {
				return fmt.Errorf("%s holds no VP position", who)
			}
			if !s.editable() {
				return nil
			}
			if !s.isDestroyed(int(p)) {
				s.destroyObjective(int(p))
			}
			return nil
		}
		g := s.germanAt(h)
		if g < 0 {
			return fmt.Errorf("no German unit in %s", who)
		}
		if !s.editable() {
			return nil
		}
		return s.editGerman(g, what)
	}
	return fmt.Errorf("no CW unit, face-up German unit or hex named %q", who)
}

func findName(name string, n int, nameOf func(int) string) int {
	for i := range n {
		if strings.EqualFold(nameOf(i), name) {
			return i
		}
	}
	return -1
}

func (s *State) editCW(u int, what, arg string) error {
	d := s.data()
	c := &d.CW[u]
	if s.cwSt[u] != cwMap && s.cwSt[u] != cwBox {
		return fmt.Errorf("%s is not on the map or in a box (%s)", c.Name, cwStNames[s.cwSt[u]])
	}
	switch what {
	case "steps":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > int(c.MaxSteps) {
			return fmt.Errorf("%s has 1 to %d steps, not %q (set it eliminated to remove it)", c.Name, c.MaxSteps, arg)
		}
		return s.setSteps(u, int8(n))
	case "disrupted":
		s.cwF[u] |= fDisrupted
	case "undisrupted":
		s.cwF[u] &^= fDisrupted | fAtkDis
	case "eliminated":
		s.eliminate(u)
	case "at":
		if s.cwSt[u] != cwMap {
			return fmt.Errorf("%s is in box %s: it lands by the rules", c.Name, d.Boxes[s.cwAt[u]].ID)
		}
		h, ok := d.hexIdx[arg]
		if !ok {
			return fmt.Errorf("no hex %q", arg)
		}
		x := &d.Hexes[h]
		if m := d.Hexes[s.cwAt[u]].Map; x.Map != m {
			return fmt.Errorf("%s is on the %s map, hex %s on the %s map", c.Name, d.MapNames[m], arg, d.MapNames[x.Map])
		}
		if x.Terrain == tSea {
			return fmt.Errorf("hex %s is sea", arg)
		}
		if s.germanAt(h) >= 0 {
			return fmt.Errorf("hex %s holds a German unit", arg)
		}
		s.cwAt[u] = int16(h)
	default:
		return fmt.Errorf("a CW unit may be set steps N, disrupted, undisrupted, eliminated or at HEX, not %q", what)
	}
	return nil
}

// setSteps loses steps as the rules do (6.9: a two-step infantry unit
// becomes a replacement), or gives back steps lost to fire.
func (s *State) setSteps(u int, n int8) error {
	c := &s.data().CW[u]
	for s.cwSteps[u] > n {
		if c.Type == Infantry && s.cwSteps[u] == 2 && s.repl[c.Symbol] == 0 {
			return fmt.Errorf("no %s replacement counter is left for %s (6.9): set it eliminated", symbolNames[c.Symbol], c.Name)
		}
		s.loseStep(u)
	}
	if s.cwSteps[u] < n {
		// A replacement's original counter is in the Eliminated box, counted
		// towards evacuation (12.2): that cannot be taken back.
		if s.cwF[u]&(fRepl|fChanged) != 0 {
			return fmt.Errorf("%s is on a one-step replacement counter (6.9)", c.Name)
		}
		k := int16(n - s.cwSteps[u])
		if s.elimSteps < k {
			return fmt.Errorf("%s: fewer steps are in the Eliminated box than it would regain", c.Name)
		}
		s.cwSteps[u] = n
		s.elimSteps -= k
	}
	return nil
}

func (s *State) editGerman(g int, what string) error {
	d := s.data()
	h := d.Hexes[d.Positions[s.gPos[g]].Hex].ID
	switch what {
	case "revealed":
		s.gF[g] |= gRevealed
	case "disrupted":
		s.gF[g] |= gDisrupted
	case "undisrupted":
		s.gF[g] &^= gDisrupted
	case "eliminated":
		s.removeDepth(g)
		s.posUnit[s.gPos[g]], s.gPos[g] = -1, -1
	case "depth revealed", "depth eliminated":
		m := s.gDepth[g]
		if m < 0 {
			return fmt.Errorf("the German unit in %s has no depth marker", h)
		}
		if what == "depth revealed" {
			s.depthRev[m] = true
		} else {
			s.removeDepth(g)
		}
	default:
		return fmt.Errorf("a German unit may be set revealed, disrupted, undisrupted, eliminated, depth revealed or depth eliminated, not %q", what)
	}
	return nil
}
