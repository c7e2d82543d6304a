package anvil

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Phase names the turn and phase (env.Phaser).
func (s *State) Phase() string {
	if s.phase == phOver {
		return "game over"
	}
	return fmt.Sprintf("turn %d, %s phase", s.turn, phaseNames[s.phase])
}

// Prompt says what the pending decision or die is about (env.Prompter).
func (s *State) Prompt() string {
	d := s.data()
	side := sideNames[s.decSide]
	switch s.roll {
	case rollFFI:
		return "FFI die for " + d.AreaName(int(s.pendArea)) + " (1-2 fighters, 3-4 control)"
	case rollBombing:
		return "bombing table die for " + d.AreaName(int(s.pendArea))
	case rollSurrender:
		return fmt.Sprintf("surrender die for %s: %d or more", d.AreaName(int(s.pendArea)), s.fort[s.pendArea])
	case rollParadrop:
		return "paradrop die in " + d.AreaName(s.g.sc.Arrivals[s.pendArea].Area) + " (1-4 Good Order)"
	case rollCombat:
		return fmt.Sprintf("%s die: %s attacks with %d SP, %+d", combatNames[s.ck], sideNames[s.cAtt], s.cSP, s.cDRM)
	case rollBridge:
		return "bridge die: 1-2 fails"
	case rollRepairDelay:
		return "bridging die: activations to wait"
	}
	switch {
	case s.phase == phOver:
		return "game over: " + Verdict(s.Margin())
	case s.dec == decGroup:
		return side + ": form combat groups"
	case s.dec == decFFI:
		return "Allied: FFI placement attempt or done"
	case s.dec == decBomb:
		return [2]string{"Allied: place the air bombing marker", "Allied: place the naval bombing marker"}[s.bombMarker&1]
	case s.dec == decSurrender:
		return "Allied: seek a surrender or done"
	case s.dec == decImpulse:
		return side + " impulse: activate an area or pass"
	case s.dec == decSelect:
		return side + ": choose units in " + d.AreaName(int(s.actArea)) + " and what they do"
	case s.dec == decMove:
		return fmt.Sprintf("%s: move from %s (%d MP left) or stop", side, d.AreaName(int(s.stack)), s.mp)
	case s.dec == decCounter:
		return side + ": counter-attack in " + d.AreaName(int(s.stack)) + "?"
	case s.dec == decPursuit:
		return side + ": pursue the units leaving " + d.AreaName(int(s.stack)) + "?"
	case s.dec == decHits:
		// How many are left, not "more": the first absorption has none
		// before it.
		if s.hitsDue == 1 {
			return side + ": 1 hit to take (5.8)"
		}
		return fmt.Sprintf("%s: %d hits to take (5.8)", side, s.hitsDue)
	}
	return s.Phase()
}

// String draws the state as text: turn, prompt, then each occupied area.
func (s *State) String() string {
	d := s.data()
	var b strings.Builder
	a, g := s.VP()
	fmt.Fprintf(&b, "%s. %s. VP Allied %d, German %d\n", s.Phase(), s.Prompt(), a, g)
	for ar := range d.Areas {
		var units []string
		for u := range d.Units {
			if int(s.loc[u]) == ar {
				units = append(units, s.unitLabel(u))
			}
		}
		marks := sideNames[s.controller(ar)]
		if s.fort[ar] > 0 {
			marks += fmt.Sprintf(", fortification %d", s.fort[ar])
		}
		if s.ffi[ar] == ffiFighters {
			marks += ", FFI fighters"
		}
		if s.bombs[ar] > 0 {
			marks += fmt.Sprintf(", %d bombing", s.bombs[ar])
		}
		if len(units) > 0 || s.fort[ar] > 0 {
			fmt.Fprintf(&b, "%s [%s]: %s\n", d.AreaName(ar), marks, strings.Join(units, "; "))
		}
	}
	return b.String()
}

func (s *State) unitLabel(u int) string {
	un := &s.data().Units[u]
	l := un.Name
	if un.Class == ClassCombat {
		l += fmt.Sprintf(" %d", s.sp(u))
	}
	if s.disorg(u) {
		l += " (D)"
	}
	return l
}

// Narrate says what action a did to before, in the printed game's words:
// the action, then every counter, area and track that changed.
func (s *State) Narrate(before env.State, a env.Action) string {
	b, ok := before.(*State)
	if !ok {
		return ""
	}
	d := s.data()
	who := sideNames[b.decSide]
	if b.roll != rollNone {
		who = "die"
	}
	lines := []string{who + ": " + b.ActionString(a)}
	if b.roll == rollCombat {
		face := int(a) - aDie + 1
		at, df := d.CRT(int(b.cSP), face+int(b.cDRM))
		hits := func(n int) string {
			if n == 1 {
				return "1 hit"
			}
			return fmt.Sprintf("%d hits", n)
		}
		lines[0] += fmt.Sprintf(": %s, %d SP, %d%+d = %d: %s to the attacker, %s to the defender",
			combatNames[b.ck], b.cSP, face, b.cDRM, face+int(b.cDRM), hits(at), hits(df))
	}
	reorg := false
	var entered []string // told after the new turn, whose arrivals they are
	for u := range d.Units {
		name := d.Units[u].Name
		switch {
		case b.loc[u] != s.loc[u] && s.loc[u] == locElim:
			lines = append(lines, name+" eliminated")
		case b.loc[u] != s.loc[u] && s.loc[u] == locExited:
			lines = append(lines, name+" exits the map")
		case b.loc[u] != s.loc[u] && s.loc[u] >= 0 && b.loc[u] >= 0:
			lines = append(lines, name+" moves to "+d.AreaName(int(s.loc[u])))
		case b.loc[u] != s.loc[u] && s.loc[u] >= 0:
			entered = append(entered, name+" enters in "+d.AreaName(int(s.loc[u])))
		case b.steps[u] == 2 && s.steps[u] == 1:
			lines = append(lines, name+" flipped to its reduced side")
		}
		switch {
		case s.loc[u] >= 0 && !b.disorg(u) && s.disorg(u):
			lines = append(lines, name+" disorganized")
		case s.loc[u] >= 0 && b.loc[u] >= 0 && b.disorg(u) && !s.disorg(u):
			reorg = true
		}
	}
	// Only the end of the turn takes Disorganized markers off, and it takes
	// them all, so one line tells it better than a line a unit.
	if reorg {
		lines = append(lines, "Disorganized markers off: every unit back in Good Order")
	}
	for ar := range d.Areas {
		if b.controller(ar) != s.controller(ar) {
			lines = append(lines, d.AreaName(ar)+" now "+sideNames[s.controller(ar)]+"-controlled")
		}
		if b.fort[ar] != s.fort[ar] {
			lines = append(lines, fmt.Sprintf("%s fortification level %d", d.AreaName(ar), s.fort[ar]))
		}
		if b.ffi[ar] != ffiFighters && s.ffi[ar] == ffiFighters {
			lines = append(lines, "FFI fighters in "+d.AreaName(ar))
		}
	}
	ab, gb := b.VP()
	if as, gs := s.VP(); as != ab || gs != gb {
		lines = append(lines, fmt.Sprintf("VP now Allied %d, German %d", as, gs))
	}
	if s.turn != b.turn || s.phase == phOver && b.phase != phOver {
		lines = append(lines, s.Phase())
	}
	lines = append(lines, entered...)
	return strings.Join(lines, "\n")
}
