package stnazaire

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// HistoricalLosses is the commando losses of the raid, for rule 14.
const HistoricalLosses = 17

// Level returns the victory level of a VP total (13).
func (d *Data) Level(vp int) string {
	name := d.Levels[0].Name
	for _, l := range d.Levels {
		if vp >= l.Min {
			name = l.Name
		}
	}
	return name
}

// LossVerdict compares losses with history (14).
func LossVerdict(lost int) string {
	switch {
	case lost < HistoricalLosses:
		return "better than historical"
	case lost == HistoricalLosses:
		return "equal to historical"
	}
	return "worse than historical"
}

// ObjectivesDestroyed counts destroyed objective spaces, sunk ships and
// eliminated numbered FlaK.
func (s *State) ObjectivesDestroyed() int {
	d := s.data()
	n := 0
	for sp := range d.Spaces {
		if s.destroyed.has(sp) {
			n++
		}
	}
	for g, gu := range d.German {
		if s.gLoc[g] == gRemoved && gu.Objective > 0 {
			n++
		}
	}
	return n
}

// Score gives the VP, the victory level, and the figures of rules 13 and 14.
func (s *State) Score() env.Score {
	d := s.data()
	var exited, notLanded int
	for u := range d.British {
		switch s.bStatus[u] {
		case bExited:
			exited++
		case bNotLanded:
			notLanded++
		}
	}
	return env.Score{
		Value:   float64(s.vp),
		Verdict: d.Level(int(s.vp)),
		Metrics: []env.Metric{
			{Name: "lost", Value: float64(s.lost)},
			{Name: "beat_history", Value: b2f64(int(s.lost) < HistoricalLosses)},
			{Name: "objectives", Value: float64(s.ObjectivesDestroyed())},
			{Name: "exited", Value: float64(exited)},
			{Name: "not_landed", Value: float64(notLanded)},
			{Name: "turn", Value: float64(s.turn)},
		},
	}
}

// Prompt says in a line what the pending decision or die is about.
func (s *State) Prompt() string {
	d := s.data()
	name := func(i int) string {
		if i >= 0 && i < len(d.British) {
			return d.British[i].Name
		}
		return "?"
	}
	gname := d.germanLabel
	u := int(s.decUnit)
	switch s.dec {
	case decSelect:
		return "choose a commando to move, or pass to end the movement phase"
	case decMoveDest:
		return fmt.Sprintf("move %s from %s, or pass to stay", name(u), d.SpaceName(int(s.bSpace[u])))
	case decAssist:
		return fmt.Sprintf("optional 5.2.3: may %s attack FlaK #12?", name(u))
	case decFire:
		return fmt.Sprintf("%s (strength %d) fires at whom, or pass to hold fire", name(u), s.bStrength(u))
	case decOccupy:
		return fmt.Sprintf("may %s occupy vacated %s?", name(u), d.SpaceName(int(s.aux)))
	case decDemolish:
		return fmt.Sprintf("%s may demolish objective #%d at %s (needs %d, modifier %+d)", name(u),
			d.Spaces[s.bSpace[u]].Objective, d.Spaces[s.bSpace[u]].Name, s.opts().DemolitionTarget, s.demolitionModifier(u))
	case decDisplace:
		return fmt.Sprintf("%s may step into an adjacent space after the demolition", name(u))
	case decGermanMove:
		return fmt.Sprintf("%s at %s moves (%d left), or pass to stop", gname(u), d.SpaceName(int(s.gSpace[u])), s.gMovesLeft[u])
	case decGermanFire:
		if t := s.gTarget[u]; t >= 0 {
			return fmt.Sprintf("%s fires again at %s: which commando", gname(u), d.SpaceName(int(t)))
		}
		return fmt.Sprintf("%s attacks which commando", gname(u))
	}
	r, t := int(s.rollU), int(s.rollT)
	switch s.roll {
	case rollLanding:
		return fmt.Sprintf("D10: landing of %s at %s", name(r), d.SpaceName(int(d.LandingSpace[d.British[r].Group])))
	case rollFightB:
		return fmt.Sprintf("D10: %s fires at FlaK #12", name(r))
	case rollFightG:
		return fmt.Sprintf("D10: FlaK #12 fires at %s", name(r))
	case rollCohesion:
		if r < len(d.British) {
			return fmt.Sprintf("D10: cohesion of pinned %s (needs %d or less)", name(r), cohesionBritish)
		}
		return fmt.Sprintf("D10: cohesion of pinned %s (needs %d or less)", gname(r-len(d.British)), cohesionGerman)
	case rollZoC:
		return fmt.Sprintf("D10: %s tries to leave a German zone of control (needs 5+)", name(r))
	case rollStack:
		return fmt.Sprintf("D10 read 1-%d (reroll higher): which commando in overstacked %s is eliminated", s.rollK, d.SpaceName(t))
	case rollAttackB:
		return fmt.Sprintf("D10: %s fires at %s", name(r), gname(t))
	case rollAttackG:
		return fmt.Sprintf("D10: %s fires at %s", gname(r), name(t))
	case rollQuad:
		return fmt.Sprintf("coloured D10: %s fires again on %d or less", gname(r), d.German[r].Strength)
	case rollDemolition:
		return fmt.Sprintf("D10: %s demolishes #%d (needs %d, modifier %+d)", name(r), d.Spaces[s.bSpace[r]].Objective,
			s.opts().DemolitionTarget, s.demolitionModifier(r))
	case rollReinfBlack:
		return "black D10: how many German reinforcements"
	case rollReinfColour:
		return "coloured D10: where the reinforcements enter"
	case rollGermanTie:
		return fmt.Sprintf("D10 read 1-%d (reroll higher): where %s moves among equal spaces", s.rollK, gname(r))
	}
	if s.phase == phOver {
		return "game over"
	}
	return ""
}

// String draws the state: turn, phase, prompt, and every occupied space.
// Face-down German counters show as "?".
func (s *State) String() string {
	d := s.data()
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d, phase %s. VP %d (%s), commandos lost %d.\n", s.turn, phaseNames[s.phase], s.vp, d.Level(int(s.vp)), s.lost)
	if p := s.Prompt(); p != "" {
		fmt.Fprintf(&b, "Now: %s\n", p)
	}
	for sp := range d.Spaces {
		var units []string
		for u, bu := range d.British {
			if s.bStatus[u] == bOnMap && s.bSpace[u] == int16(sp) {
				units = append(units, fmt.Sprintf("British %s (%s)", bu.Name, s.unitLabel(u)))
			}
		}
		for g, gu := range d.German {
			if s.gLoc[g] != gOnMap || s.gSpace[g] != int16(sp) {
				continue
			}
			if s.gf.has(g, fConcealed) {
				units = append(units, "a face-down German counter")
			} else {
				units = append(units, fmt.Sprintf("German %s (strength %d%s)", gu.Name, gu.Strength, flag(s.gf.has(g, fPinned), ", pinned")))
			}
		}
		if len(units) == 0 && !s.destroyed.has(sp) {
			continue
		}
		fmt.Fprintf(&b, "  %s%s%s\n", d.SpaceName(sp), flag(s.destroyed.has(sp), " destroyed"), flag(len(units) > 0, ": "+strings.Join(units, "; ")))
	}
	for st := bAboard; st <= bCaptured; st++ {
		if st == bOnMap {
			continue
		}
		var names []string
		for u, bu := range d.British {
			if s.bStatus[u] == st {
				names = append(names, bu.Name)
			}
		}
		if len(names) > 0 {
			fmt.Fprintf(&b, "  %s: %s\n", bStatusPrinted[st], strings.Join(names, ", "))
		}
	}
	return b.String()
}

// bStatusPrinted names where a commando off the map is, as a player says it.
var bStatusPrinted = [...]string{"aboard the boats", "on the map", "eliminated", "did not land", "left the map", "captured"}

func b2f64(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func flag(on bool, text string) string {
	if on {
		return text
	}
	return ""
}
