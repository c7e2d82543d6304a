package stnazaire

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// EditHelp implements env.Editor.
func (s *State) EditHelp() string {
	return strings.Join([]string{
		"set COMMANDO pinned | unpinned | reduced | full | eliminated | at SPACE",
		"set GERMAN pinned | unpinned | eliminated | at SPACE   (a counter on the map, by its printed name)",
		"set SPACE destroyed | intact                         (an objective space)",
		"VP follow from the counters and markers: set those, and the VP are recounted",
	}, "\n")
}

// EditExamples implements env.Editor: for the first commando, face-up
// German counter and objective space that Edit may change now, the
// command that flips its pin or its demolition.
func (s *State) EditExamples() []string {
	d := s.data()
	var cands []string
	flip := func(name string, on bool, yes, no string) {
		if on {
			cands = append(cands, env.EditPrefix+name+" "+no)
		} else {
			cands = append(cands, env.EditPrefix+name+" "+yes)
		}
	}
	for u, bu := range d.British {
		if s.bStatus[u] == bOnMap {
			flip(bu.Name, s.bf.has(u, fPinned), "pinned", "unpinned")
		}
	}
	for g, gu := range d.German {
		if s.gLoc[g] == gOnMap && !s.gf.has(g, fConcealed) {
			flip(gu.Name, s.gf.has(g, fPinned), "pinned", "unpinned")
		}
	}
	for sp := range d.Spaces {
		if d.Spaces[sp].Objective != 0 {
			flip(d.Spaces[sp].Name, s.destroyed.has(sp), "destroyed", "intact")
		}
	}
	return env.FirstEdits(cands, 3, func(cmd string) error { c := *s; return c.Edit(cmd) })
}

// Edit implements env.Editor: it sets by hand a result the person's
// printed tables give otherwise. It refuses what would break the rules'
// bookkeeping: touching the unit that decides or rolls now, any change in
// the middle of an exchange of fire (the results are applied together at
// its end: correct them then), two sides in one space, more than three
// units where the rules forbid it, and an edit that leaves the pending
// decision without a move.
func (s *State) Edit(cmd string) error {
	t, err := env.EditCommand(cmd)
	if err != nil {
		return err
	}
	if s.phase == phOver {
		return fmt.Errorf("%q: the game is over", cmd)
	}
	if s.midExchange() {
		return fmt.Errorf("%q: the exchange of fire is under way; set its results once it is over", cmd)
	}
	c := *s
	if err := c.edit(t); err != nil {
		return fmt.Errorf("%q: %w", cmd, err)
	}
	c.recount() // the pending commando's destinations may have changed
	if c.roll == rollNone && !c.isOver() && len(c.LegalActions(nil)) == 0 {
		return fmt.Errorf("%q: it would leave the pending decision without a move; set it after", cmd)
	}
	*s = c
	return nil
}

func (s *State) isOver() bool { return s.phase == phOver }

// midExchange reports whether a combat phase is past its start: targets
// are declared or results noted but not applied, or the advances that
// follow them are under way (9.1).
func (s *State) midExchange() bool {
	return (s.phase == phCombatC || s.phase == phCombatF) && s.step != cStart
}

func (s *State) edit(t string) error {
	d := s.data()
	who, what := t, ""
	if i := strings.LastIndex(strings.ToLower(t), " at "); i >= 0 {
		who, what = t[:i], "at"
	} else if i := strings.LastIndex(t, " "); i >= 0 {
		who, what = t[:i], strings.ToLower(t[i+1:])
	}
	who = strings.TrimSpace(who)
	if strings.EqualFold(who, "vp") {
		return fmt.Errorf("VP follow from the counters and markers: set those, and the VP are recounted")
	}
	if u := findName(who, len(d.British), func(i int) string { return d.British[i].Name }); u >= 0 {
		return s.editBritish(u, what, t)
	}
	if g := findName(who, len(d.German), func(i int) string { return d.German[i].Name }); g >= 0 && s.gLoc[g] == gOnMap && !s.gf.has(g, fConcealed) {
		return s.editGerman(g, what, t)
	}
	if sp, ok := d.findSpace(who); ok {
		return s.editObjective(int(sp), what)
	}
	return fmt.Errorf("no commando, face-up German counter on the map or space named %q", who)
}

func findName(name string, n int, nameOf func(int) string) int {
	for i := range n {
		if strings.EqualFold(nameOf(i), name) {
			return i
		}
	}
	return -1
}

// busy names why a unit may not be edited now: it decides or rolls.
func (s *State) busy(british bool, i int) error {
	if s.roll != rollNone {
		r, t := int(s.rollU), int(s.rollT)
		nb := len(s.data().British)
		switch s.roll {
		case rollCohesion:
			if (british && r == i) || (!british && r == nb+i) {
				return fmt.Errorf("its die is pending: enter it first")
			}
		case rollAttackG, rollQuad, rollGermanTie:
			if (!british && r == i) || (british && s.roll == rollAttackG && t == i) {
				return fmt.Errorf("a die about it is pending: enter it first")
			}
		case rollAttackB:
			if (british && r == i) || (!british && t == i) {
				return fmt.Errorf("a die about it is pending: enter it first")
			}
		case rollStack:
			if british {
				return fmt.Errorf("the die for the overstacked space is pending: enter it first")
			}
		case rollFightB, rollFightG:
			if (british && r == i) || (!british && i == int(s.data().flak12)) {
				return fmt.Errorf("the fight for FlaK #12 is pending: enter its die first")
			}
		case rollReinfBlack, rollReinfColour:
		default:
			if british && r == i {
				return fmt.Errorf("its die is pending: enter it first")
			}
		}
	}
	if s.dec != decNone && s.dec != decSelect && germanDecision(s.dec) != british && int(s.decUnit) == i {
		return fmt.Errorf("it is deciding now: set it after")
	}
	return nil
}

func (s *State) editBritish(u int, what, t string) error {
	d := s.data()
	if s.bStatus[u] != bOnMap {
		return fmt.Errorf("%s is not on the map (%s)", d.British[u].Name, bStatusPrinted[s.bStatus[u]])
	}
	if err := s.busy(true, u); err != nil {
		return fmt.Errorf("%s: %w", d.British[u].Name, err)
	}
	switch what {
	case "pinned", "unpinned":
		s.bf.put(u, fPinned, what == "pinned")
	case "reduced":
		if d.British[u].Reduced == 0 {
			return fmt.Errorf("%s is single-sided: set it eliminated", d.British[u].Name)
		}
		s.bf.put(u, fReduced, true)
	case "full":
		s.bf.put(u, fReduced, false)
	case "eliminated":
		s.eliminateBritish(u)
	case "at":
		sp, err := s.editSpace(t)
		if err != nil {
			return err
		}
		if s.cntG[sp] > 0 {
			return fmt.Errorf("%s holds German counters", d.SpaceName(int(sp)))
		}
		if s.cntB[sp] >= 3 && s.phase != phLanding && s.phase != phMove && s.bSpace[u] != sp {
			return fmt.Errorf("%s already holds three commandos (7)", d.SpaceName(int(sp)))
		}
		s.putB(u, bOnMap, sp)
		s.revealAround(sp)
	default:
		return fmt.Errorf("a commando may be set pinned, unpinned, reduced, full, eliminated or at SPACE, not %q", what)
	}
	return nil
}

func (s *State) editGerman(g int, what, t string) error {
	d := s.data()
	if err := s.busy(false, g); err != nil {
		return fmt.Errorf("%s: %w", d.German[g].Name, err)
	}
	switch what {
	case "pinned", "unpinned":
		s.pinG(g, what == "pinned")
	case "eliminated":
		s.eliminateGerman(g)
	case "at":
		sp, err := s.editSpace(t)
		if err != nil {
			return err
		}
		if s.cntB[sp] > 0 {
			return fmt.Errorf("%s holds commandos", d.SpaceName(int(sp)))
		}
		if s.cntG[sp] >= 3 && s.gSpace[g] != sp {
			return fmt.Errorf("%s already holds three German counters", d.SpaceName(int(sp)))
		}
		s.putG(g, gOnMap, sp)
		s.revealGerman(g)
	default:
		return fmt.Errorf("a German counter may be set pinned, unpinned, eliminated or at SPACE, not %q", what)
	}
	return nil
}

// editSpace reads the SPACE of "... at SPACE": a space on the map, not an
// exit box (a commando leaves by moving).
func (s *State) editSpace(t string) (int16, error) {
	i := strings.LastIndex(strings.ToLower(t), " at ")
	name := strings.TrimSpace(t[i+len(" at "):])
	sp, ok := s.data().findSpace(name)
	if !ok {
		return 0, fmt.Errorf("no space %q", name)
	}
	if s.data().Spaces[sp].Exit >= 0 {
		return 0, fmt.Errorf("%s is an exit box: a commando leaves by moving there", s.data().SpaceName(int(sp)))
	}
	return sp, nil
}

func (s *State) editObjective(sp int, what string) error {
	d := s.data()
	o := d.Spaces[sp].Objective
	if o == 0 {
		return fmt.Errorf("%s is no objective space", d.SpaceName(sp))
	}
	switch what {
	case "destroyed", "intact":
		on := what == "destroyed"
		if s.destroyed.has(sp) != on {
			s.destroyed.put(sp, on)
			if on {
				s.vp += int16(d.ObjVP[o])
			} else {
				s.vp -= int16(d.ObjVP[o])
			}
		}
	default:
		return fmt.Errorf("an objective may be set destroyed or intact, not %q", what)
	}
	return nil
}
