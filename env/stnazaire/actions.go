package stnazaire

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The action space, fixed whatever the data set:
//
//	0            pass      end the phase, stay, hold fire, decline
//	1            demolish  attempt a demolition (11.1)
//	2..11        roll N    a die outcome N = 1..10
//	12..43       unit X    select British counter X to move (6.1)
//	44..171      to S      move to space S (or occupy, displace)
//	172..235     fire G    fire at German counter G (9.1, 5.2.2)
//	236..267     attack X  a German attacks British counter X (9.1.1; opponent=seat)
//
// The German seat (opponent=seat) moves its counters with "to S" and
// "pass" (stop) and fires with "attack X".
const (
	ActPass     env.Action = 0
	ActDemolish env.Action = 1
	actRoll0    env.Action = 2
	actUnit0    env.Action = actRoll0 + 10
	actTo0      env.Action = actUnit0 + MaxBritish
	actFire0    env.Action = actTo0 + MaxSpaces
	actAttack0  env.Action = actFire0 + MaxGerman
	numActions             = int(actAttack0) + MaxBritish
)

// RollAction is the chance outcome for a die showing face (1-based).
func RollAction(face int) env.Action { return actRoll0 + env.Action(face-1) }

// UnitAction selects British counter u.
func UnitAction(u int) env.Action { return actUnit0 + env.Action(u) }

// ToAction moves to space sp.
func ToAction(sp int) env.Action { return actTo0 + env.Action(sp) }

// FireAction fires at German counter g.
func FireAction(g int) env.Action { return actFire0 + env.Action(g) }

// AttackAction is a German attack on British counter u (opponent=seat).
func AttackAction(u int) env.Action { return actAttack0 + env.Action(u) }

// DecodeAction splits an action into its kind and argument: kind is one of
// "pass", "demolish", "roll", "unit", "to", "fire", "attack".
func DecodeAction(a env.Action) (kind string, arg int) {
	switch {
	case a == ActPass:
		return "pass", 0
	case a == ActDemolish:
		return "demolish", 0
	case a >= actRoll0 && a < actUnit0:
		return "roll", int(a-actRoll0) + 1
	case a >= actUnit0 && a < actTo0:
		return "unit", int(a - actUnit0)
	case a >= actTo0 && a < actFire0:
		return "to", int(a - actTo0)
	case a >= actFire0 && a < actAttack0:
		return "fire", int(a - actFire0)
	case a >= actAttack0 && int(a) < numActions:
		return "attack", int(a - actAttack0)
	}
	return "", -1
}

// OutcomeLabel implements env.OutcomeLabeler: every die is a D10, entered
// by its face.
func (s *State) OutcomeLabel(a env.Action) (int, string) {
	_, face := DecodeAction(a)
	return face, ""
}

// ActionString names an action: "pass", "demolish", "roll 7",
// "unit Roderick", "to Pumping station (objective 3)", "fire KM 3". Spaces
// go by their printed names (see SpaceName).
func (s *State) ActionString(a env.Action) string {
	d := s.data()
	kind, arg := DecodeAction(a)
	switch kind {
	case "roll":
		return "roll " + strconv.Itoa(arg)
	case "unit":
		if arg < len(d.British) {
			return "unit " + d.British[arg].Name
		}
	case "to":
		if arg < len(d.Spaces) {
			return "to " + d.SpaceName(arg)
		}
	case "fire":
		if arg < len(d.German) {
			return "fire " + d.German[arg].Name
		}
	case "attack":
		if arg < len(d.British) {
			return "attack " + d.British[arg].Name
		}
	case "pass", "demolish":
		return kind
	}
	return "action " + strconv.Itoa(int(a))
}

// ParseAction reads ActionString's notation, or a bare action number. A
// space may be given by its printed name, with or without its objective
// number and in any case, or by its id (as older save files hold it).
func (s *State) ParseAction(text string) (env.Action, error) {
	d := s.data()
	t := strings.TrimSpace(text)
	if n, err := strconv.Atoi(t); err == nil {
		if n < 0 || n >= numActions {
			return 0, fmt.Errorf("action %d out of range 0..%d", n, numActions-1)
		}
		if kind, arg := DecodeAction(env.Action(n)); ((kind == "unit" || kind == "attack") && arg >= len(d.British)) ||
			(kind == "to" && arg >= len(d.Spaces)) || (kind == "fire" && arg >= len(d.German)) {
			return 0, fmt.Errorf("action %d names no counter or space of this data set", n)
		}
		return env.Action(n), nil
	}
	kind, arg, _ := strings.Cut(t, " ")
	arg = strings.TrimSpace(arg)
	switch kind {
	case "pass", "demolish":
		if arg == "" {
			if kind == "pass" {
				return ActPass, nil
			}
			return ActDemolish, nil
		}
	case "roll":
		f, err := strconv.Atoi(arg)
		if err != nil || f < 1 || f > 10 {
			return 0, fmt.Errorf("action %q: a roll is 1 to 10", text)
		}
		return RollAction(f), nil
	case "unit":
		if u, ok := d.unitIdx[arg]; ok {
			return UnitAction(int(u)), nil
		}
		return 0, fmt.Errorf("action %q: no British counter named %q", text, arg)
	case "to":
		if sp, ok := d.findSpace(arg); ok {
			return ToAction(int(sp)), nil
		}
		return 0, fmt.Errorf("action %q: no space %q", text, arg)
	case "fire":
		if g, ok := d.gerIdx[arg]; ok {
			return FireAction(int(g)), nil
		}
		return 0, fmt.Errorf("action %q: no German counter named %q", text, arg)
	case "attack":
		if u, ok := d.unitIdx[arg]; ok {
			return AttackAction(int(u)), nil
		}
		return 0, fmt.Errorf("action %q: no British counter named %q", text, arg)
	}
	if s.opts().GermanSeat {
		return 0, fmt.Errorf("action %q: want pass, demolish, roll N, unit NAME, to SPACE, fire NAME or attack NAME", text)
	}
	return 0, fmt.Errorf("action %q: want pass, demolish, roll N, unit NAME, to SPACE or fire NAME", text)
}

// LegalActions lists the legal actions, sorted, into buf.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	d := s.data()
	if s.phase == phOver {
		return buf
	}
	if s.roll != rollNone {
		for f := 1; f <= int(s.rollK); f++ {
			buf = append(buf, RollAction(f))
		}
		return buf
	}
	u := int(s.decUnit)
	switch s.dec {
	case decSelect:
		buf = append(buf, ActPass)
		for m := s.onMapB; m != 0; m &= m - 1 {
			if v := bits.TrailingZeros32(m); s.canSelect(v) {
				buf = append(buf, UnitAction(v))
			}
		}
	case decMoveDest:
		buf = append(buf, ActPass)
		reach := &s.dests
		for sp := reach.next(0); sp >= 0; sp = reach.next(sp + 1) {
			buf = append(buf, ToAction(sp))
		}
	case decAssist:
		buf = append(buf, ActPass, FireAction(int(d.flak12)))
	case decFire:
		buf = append(buf, ActPass)
		for m := s.fireTargets(u); m != 0; m &= m - 1 {
			buf = append(buf, FireAction(bits.TrailingZeros64(m)))
		}
	case decOccupy:
		buf = append(buf, ActPass, ToAction(int(s.aux)))
	case decDemolish:
		buf = append(buf, ActPass, ActDemolish)
	case decDisplace:
		buf = append(buf, ActPass)
		for _, sp := range d.Move[s.bSpace[u]] {
			if s.canDisplaceTo(sp) {
				buf = append(buf, ToAction(int(sp)))
			}
		}
	case decGermanMove:
		buf = append(buf, ActPass)
		for sp := range d.Spaces {
			if s.germanMayEnter(u, int16(sp)) {
				buf = append(buf, ToAction(sp))
			}
		}
	case decGermanFire:
		for v := range d.British {
			if s.germanMayAttack(u, v) {
				buf = append(buf, AttackAction(v))
			}
		}
	}
	return buf
}

// ChanceOutcomes lists the faces of the pending die, equally likely.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.roll == rollNone || s.phase == phOver {
		return buf
	}
	if k := int(s.rollK); k < len(dieOutcomes) {
		return append(buf, dieOutcomes[k]...)
	}
	p := 1 / float64(s.rollK)
	for f := 1; f <= int(s.rollK); f++ {
		buf = append(buf, env.Outcome{Action: RollAction(f), Prob: p})
	}
	return buf
}

// UniformChance implements env.UniformChancer: every die is a fair D10,
// or a fair pick among k.
func (s *State) UniformChance() (env.Action, int) {
	if s.roll == rollNone || s.phase == phOver {
		return 0, 0
	}
	return RollAction(1), int(s.rollK)
}

// dieOutcomes[k] lists the outcomes of a die read as 1..k, as
// ChanceOutcomes gives them.
var dieOutcomes = func() (t [11][]env.Outcome) {
	for k := 1; k < len(t); k++ {
		p := 1 / float64(k)
		for f := 1; f <= k; f++ {
			t[k] = append(t[k], env.Outcome{Action: RollAction(f), Prob: p})
		}
	}
	return t
}()

// isLegal answers whether a is in LegalActions without listing them.
func (s *State) isLegal(a env.Action) bool {
	d := s.data()
	kind, arg := DecodeAction(a)
	if s.roll != rollNone {
		return kind == "roll" && arg <= int(s.rollK)
	}
	if kind == "pass" {
		return s.dec != decNone && s.dec != decGermanFire
	}
	u := int(s.decUnit)
	switch s.dec {
	case decSelect:
		return kind == "unit" && arg < len(d.British) && s.canSelect(arg)
	case decMoveDest:
		if kind != "to" || arg >= len(d.Spaces) {
			return false
		}
		return s.dests.has(arg)
	case decAssist:
		return kind == "fire" && arg == int(d.flak12)
	case decFire:
		return kind == "fire" && arg < len(d.German) && s.canFireAt(u, arg)
	case decOccupy:
		return kind == "to" && arg == int(s.aux)
	case decDemolish:
		return kind == "demolish"
	case decDisplace:
		return kind == "to" && arg < len(d.Spaces) && d.moveLinked[s.bSpace[u]][arg] && s.canDisplaceTo(int16(arg))
	case decGermanMove:
		return kind == "to" && arg < len(d.Spaces) && s.germanMayEnter(u, int16(arg))
	case decGermanFire:
		return kind == "attack" && arg < len(d.British) && s.germanMayAttack(u, arg)
	}
	return false
}

// Apply plays an action or a die outcome.
func (s *State) Apply(a env.Action) error {
	if s.phase == phOver {
		return fmt.Errorf("%w: the game is over", env.ErrIllegal)
	}
	if s.roll != rollNone {
		// A die, a rollout's commonest action: its face without decoding
		// (as isLegal asks, a face of 1 to rollK).
		if face := int(a-actRoll0) + 1; a >= actRoll0 && face <= int(s.rollK) {
			s.onRoll(face)
			s.advance()
			return nil
		}
	}
	if !s.isLegal(a) {
		return fmt.Errorf("%w: %q is not legal now (%s)", env.ErrIllegal, s.ActionString(a), s.Prompt())
	}
	kind, arg := DecodeAction(a)
	s.onDecision(kind, arg)
	s.advance()
	return nil
}
