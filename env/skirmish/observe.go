package skirmish

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The observation: nothing is hidden, so every seat sees the same table.
// Layout: 16 globals, then per figure slot (MaxFigures) 10 values, then
// per feature slot (MaxFeatures) 1 value (destroyed or cut).
const (
	obsGlobals = 16
	obsPerFig  = 10
	obsSize    = obsGlobals + MaxFigures*obsPerFig + MaxFeatures
)

// ObservationSize is the length of the observation.
func (g *Game) ObservationSize() int { return obsSize }

// Observation writes the table as floats.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	if cap(buf) < obsSize {
		buf = make([]float32, obsSize)
	}
	buf = buf[:obsSize]
	clear(buf)
	d := s.data()
	b := func(v bool) float32 {
		if v {
			return 1
		}
		return 0
	}
	buf[0] = float32(s.turn) / float32(s.g.turns)
	buf[1] = b(s.alarm)
	buf[2+int(s.phase)] = 1 // 7 phases: 2..8
	buf[9] = float32(s.acts) / 3
	buf[10] = b(s.blk&blMoved != 0)
	buf[11] = b(s.blk&blShot != 0)
	buf[12] = b(s.blk&blStopped != 0)
	buf[13] = b(s.step >= dieActivation)
	buf[14] = b(s.step == stepAct)
	buf[15] = float32(s.VP()) / 20
	for i := range s.nf() {
		o := obsGlobals + i*obsPerFig
		f := &s.f[i]
		buf[o] = float32(f.x) / float32(d.W)
		buf[o+1] = float32(f.y) / float32(d.H)
		buf[o+2] = b(f.st == stOn)
		buf[o+3] = b(f.st == stDead)
		buf[o+4] = b(f.st == stOut)
		buf[o+5] = b(f.fl&flDone != 0)
		buf[o+6] = b(f.fl&flBoosted != 0)
		buf[o+7] = b(f.fl&flLit != 0)
		buf[o+8] = float32(s.side(i))
		buf[o+9] = b(int(s.cur) == i)
	}
	for f := range d.Features {
		buf[obsGlobals+MaxFigures*obsPerFig+f] = b(s.isGone(f))
	}
	return buf
}

// View is the structured observation.
type View struct {
	Turn    int          `json:"turn"`
	Phase   string       `json:"phase"`
	Alarm   string       `json:"alarm"`
	VP      int          `json:"vp"`
	Acting  string       `json:"acting,omitempty"`
	Actions int          `json:"actions_left,omitempty"`
	Figures []FigureView `json:"figures"`
	Gone    []string     `json:"destroyed_or_cut"`
}

// FigureView is one figure as a person at the table sees it.
type FigureView struct {
	Name   string  `json:"name"`
	Side   string  `json:"side"`
	Kind   string  `json:"kind"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Status string  `json:"status"`
}

// Observe returns the View.
func (s *State) Observe(p env.Player) any {
	v := View{Turn: int(s.turn), Phase: phaseNames[s.phase], Alarm: s.alarmName(), VP: s.VP(), Actions: int(s.acts), Gone: []string{}}
	if s.cur >= 0 {
		v.Acting = s.def(int(s.cur)).Name
	}
	for i, f := range s.data().Figures {
		v.Figures = append(v.Figures, FigureView{Name: f.Name, Side: sideNames[f.Side], Kind: kindNames[f.Kind],
			X: float64(s.f[i].x) / Inch, Y: float64(s.f[i].y) / Inch, Status: statusNames[s.f[i].st]})
	}
	for f, ft := range s.data().Features {
		if s.isGone(f) {
			v.Gone = append(v.Gone, ft.Name)
		}
	}
	return v
}

func (s *State) alarmName() string {
	if s.alarm {
		return "raised"
	}
	return "quiet"
}

// Phase names the turn and phase (env.Phaser).
func (s *State) Phase() string { return fmt.Sprintf("turn %d, %s", s.turn, phaseNames[s.phase]) }

// Prompt says what the pending decision or die is about (env.Prompter).
func (s *State) Prompt() string {
	name := func(i int8) string {
		if i >= 0 && int(i) < s.nf() {
			return s.def(int(i)).Name
		}
		return "?"
	}
	switch s.step {
	case stepSelect:
		return sideNames[s.phaseSide()] + ": activate a unit, direct with an officer, or end"
	case stepBoost:
		return name(s.aux) + " directs: which unit gets +1"
	case stepAct:
		return fmt.Sprintf("%s: %d action(s) left", name(s.cur), s.acts)
	case stepPillbox:
		return name(s.cur) + " fires: choose a target"
	case dieActivation:
		return fmt.Sprintf("activation roll for %s (%+d)", name(s.cur), s.activationMod(int(s.cur)))
	case dieHit:
		return fmt.Sprintf("%s shoots at %s: 4+ hits (%+d)", name(s.cur), name(s.tgt), s.hitMod(int(s.cur), int(s.tgt)))
	case dieSave:
		return name(s.tgt) + " save: 1-3 eliminated"
	case dieMortar:
		return "2\" mortar at " + name(s.tgt) + ": 5-6 eliminates"
	case dieFightBritish:
		return name(s.cur) + " in hand to hand: two dice, highest counts"
	case dieFightGerman, dieRerollGerman:
		return fmt.Sprintf("%s in hand to hand against %d", name(s.tgt), s.aux)
	case dieRerollBritish:
		return name(s.cur) + " rerolls the draw with one die"
	case dieDemolition:
		return "demolition: 4-6 the explosives are set"
	case dieAlarm:
		return fmt.Sprintf("alarm (G1): %d+ raises it (%+d)", s.g.react.AlarmOn, s.alarmMod())
	case dieLight:
		return fmt.Sprintf("%s (G2): lit on %d+", name(s.cur), s.g.react.LitOn)
	case dieReinforce:
		return fmt.Sprintf("reinforcements at %s (G5): %d+", s.data().Entries[s.tgt].Name, s.g.react.ReinforceOn)
	}
	return "the game is over: " + s.Verdict()
}

// String is a readable picture of the state.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s; alarm %s; VP %d", s.Phase(), s.alarmName(), s.VP())
	if s.phase == phOver {
		fmt.Fprintf(&b, " (%s)", s.Verdict())
	} else {
		b.WriteString(" so far (commandos still ashore count at the end)")
	}
	b.WriteString("\n")
	for i, f := range s.data().Figures {
		if st := s.f[i].f(); st != "" {
			fmt.Fprintf(&b, "  %-8s %-27s %s\n", sideNames[f.Side], f.Name, st)
		}
	}
	for f, ft := range s.data().Features {
		if s.isGone(f) {
			fmt.Fprintf(&b, "  %s: %s\n", ft.Name, map[bool]string{true: "destroyed", false: "cut"}[ft.Kind == FTarget])
		}
	}
	b.WriteString("  " + s.Prompt() + "\n")
	return b.String()
}

// f describes a figure's place and marks, "" if it is not yet in play.
func (f *fig) f() string {
	if f.st == stAway {
		return ""
	}
	if f.st != stOn {
		return statusNames[f.st]
	}
	s := fmt.Sprintf("at (%s, %s)", fmtInches(int64(f.x)), fmtInches(int64(f.y)))
	if f.fl&flDone != 0 {
		s += " activated"
	}
	if f.fl&flBoosted != 0 {
		s += " directed"
	}
	if f.fl&flLit != 0 {
		s += " lit"
	}
	return s
}
