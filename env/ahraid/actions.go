package ahraid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The action space, fixed whatever the data set:
//
//	0 pass      end, stop, stay, hold fire
//	1 yes       merge the Germans of an area (step 21)
//	2 ram       the destroyer rams the south caisson (step 6)
//	3 pick up   take survivors aboard (step 6)
//	4 grenade   an assault unit throws grenades (step 14)
//	5 exit      a commando leaves by land zone 5 or 6
//	roll N      a die outcome, a pick or a cup draw, N = 1..MaxPick
//	sail Z      a boat moves to sea zone Z
//	to A        a commando or German unit moves to area A
//	land A      a boat lands its party at area A
//	embark U    a boat takes commando U aboard
//	fire G      fire at German unit G
//	gun K       attack gun, searchlight or tower K (steps 4, 14, 15, 19)
//	prepare O   set charges on objective O
//	detonate O  fire the charges set on objective O
//	torpedo O   torpedo attack on objective O (table N-3)
//	at U        a German unit or tower fires at commando U (seat 1)
const (
	ActPass    env.Action = 0
	ActYes     env.Action = 1
	ActRam     env.Action = 2
	ActPickUp  env.Action = 3
	ActGrenade env.Action = 4
	ActExit    env.Action = 5
	actRoll0   env.Action = 6
	actSail0              = actRoll0 + MaxPick
	actTo0                = actSail0 + MaxZones
	actLand0              = actTo0 + MaxAreas
	actEmbark0            = actLand0 + MaxAreas
	actFire0              = actEmbark0 + MaxCommandos
	actGun0               = actFire0 + MaxGerman
	actPrep0              = actGun0 + MaxGuns
	actDet0               = actPrep0 + MaxObjectives
	actTorp0              = actDet0 + MaxObjectives
	actAt0                = actTorp0 + MaxObjectives
	numActions            = int(actAt0) + MaxCommandos
)

var simpleNames = [...]string{"pass", "yes", "ram", "pick up", "grenade", "exit"}

type family struct {
	word  string
	first env.Action
	size  int
}

var families = [...]family{
	{"roll", actRoll0, MaxPick}, {"sail", actSail0, MaxZones}, {"to", actTo0, MaxAreas}, {"land", actLand0, MaxAreas},
	{"embark", actEmbark0, MaxCommandos}, {"fire", actFire0, MaxGerman}, {"gun", actGun0, MaxGuns},
	{"prepare", actPrep0, MaxObjectives}, {"detonate", actDet0, MaxObjectives}, {"torpedo", actTorp0, MaxObjectives},
	{"at", actAt0, MaxCommandos},
}

// RollAction is the chance outcome N (a face, a 2d6 sum, a pick, a strength).
func RollAction(n int) env.Action { return actRoll0 + env.Action(n-1) }

// SailAction, ToAction, ... build the actions of each family.
func SailAction(z int) env.Action     { return actSail0 + env.Action(z) }
func ToAction(a int) env.Action       { return actTo0 + env.Action(a) }
func LandAction(a int) env.Action     { return actLand0 + env.Action(a) }
func EmbarkAction(u int) env.Action   { return actEmbark0 + env.Action(u) }
func FireAction(g int) env.Action     { return actFire0 + env.Action(g) }
func GunAction(k int) env.Action      { return actGun0 + env.Action(k) }
func PrepareAction(o int) env.Action  { return actPrep0 + env.Action(o) }
func DetonateAction(o int) env.Action { return actDet0 + env.Action(o) }
func TorpedoAction(o int) env.Action  { return actTorp0 + env.Action(o) }
func AtAction(u int) env.Action       { return actAt0 + env.Action(u) }

// DecodeAction splits an action into its word and argument (0-based, or the
// roll's N).
func DecodeAction(a env.Action) (word string, arg int) {
	if a >= 0 && int(a) < len(simpleNames) {
		return simpleNames[a], 0
	}
	for _, f := range families {
		if a >= f.first && a < f.first+env.Action(f.size) {
			if f.word == "roll" {
				return "roll", int(a-f.first) + 1
			}
			return f.word, int(a - f.first)
		}
	}
	return "", -1
}

// argName names the argument of a family in the printed game's words, or
// "" if the data set has no such piece.
func (d *Data) argName(word string, i int) string {
	switch word {
	case "sail":
		if i < len(d.Zones) {
			return d.Zones[i].ID
		}
	case "to", "land":
		if i < len(d.Areas) {
			return d.Areas[i].ID
		}
	case "embark", "at":
		if i < len(d.Commandos) {
			return d.Commandos[i].Name
		}
	case "fire":
		if i < MaxGerman {
			return "G" + strconv.Itoa(i+1)
		}
	case "gun":
		if i < len(d.Guns) {
			return d.Guns[i].Name
		}
	case "prepare", "detonate", "torpedo":
		if i < len(d.Objectives) {
			return d.Objectives[i].Name
		}
	}
	return ""
}

// argLabel is argName with the place spelled out, so that the text names
// the board's cell a click plays it by (ActionCell): an area is its number
// and, in brackets, its name, "366 (Old Entrance landing)"; an objective
// named otherwise than its area adds the area, "Minesweeper 1 (425 East
// quay of the Bassin)". "" if the data set has no such piece.
func (d *Data) argLabel(word string, i int) string {
	n := d.argName(word, i)
	switch {
	case n == "":
	case word == "to" || word == "land":
		if d.Areas[i].Name != "" {
			return n + " (" + d.Areas[i].Name + ")"
		}
	case word == "prepare" || word == "detonate" || word == "torpedo":
		if a := d.Areas[d.Objectives[i].Area]; a.Name != "" && !strings.EqualFold(n, a.Name) {
			return n + " (" + a.ID + " " + a.Name + ")"
		}
	}
	return n
}

// ActionString names an action: "sail AP", "to 366 (Old Entrance
// landing)", "gun M60", "prepare Pumping station", "detonate Bridge M (460
// Bridge M and the Customs house)", "roll 5".
func (s *State) ActionString(a env.Action) string {
	word, arg := DecodeAction(a)
	switch word {
	case "":
		return "action " + strconv.Itoa(int(a))
	case "roll":
		if what := s.picked(arg); what != "" {
			return "roll " + strconv.Itoa(arg) + " (" + what + ")"
		}
		return "roll " + strconv.Itoa(arg)
	}
	if int(a) < len(simpleNames) {
		return word
	}
	if n := s.data().argLabel(word, arg); n != "" {
		return word + " " + n
	}
	return "action " + strconv.Itoa(int(a))
}

// picked names what pick v chooses at a pick node: the boat hit, the
// commando a German fires at ("at Smalley"), the area a German makes for
// ("towards 443"); "" elsewhere.
func (s *State) picked(v int) string {
	name := s.pickedName(v)
	switch {
	case name == "":
	case s.Step == stepGerMove:
		return "towards " + name
	case s.Step == stepGerFire || s.Step == stepTowers:
		return "at " + name
	}
	return name
}

// pickedName is the printed name of what pick v chooses: a boat, a
// commando or an area; "" away from a pick.
func (s *State) pickedName(v int) string {
	if s.Roll != rollPick || v < 1 || v > int(s.RollK) {
		return ""
	}
	switch s.Step {
	case stepHarbour, stepQuay:
		if s.NOpts > 0 {
			return s.boatName(s.boatPicked(v))
		}
	case stepGerMove:
		if v <= int(s.NOpts) {
			return s.areaName(int(s.Opts[v-1]))
		}
	case stepGerFire, stepTowers:
		if v <= int(s.NOpts) {
			return s.unitName(int(s.Opts[v-1]))
		}
	}
	return ""
}

// OutcomeLabel implements env.OutcomeLabeler: the N of "roll N" is the
// number entered (a die's face, the dice's total, a pick's number in the
// prompt's list, a cup counter's strength), and a pick is also named by
// what it picks, except a boat picked by its number (target_by_number),
// where several numbers pick one boat.
func (s *State) OutcomeLabel(a env.Action) (int, string) {
	_, v := DecodeAction(a)
	if s.g.opts.TargetByNumber && (s.Step == stepHarbour || s.Step == stepQuay) {
		return v, ""
	}
	return v, s.pickedName(v)
}

// ParseAction reads ActionString's notation, or an action number (refused
// if it names nothing in the data set). A roll
// may carry what it picks in brackets ("roll 3 (ML 192)"); it is ignored.
// An area or objective is read by its short name ("to 366", "prepare
// Bridge M") or as ActionString spells it out ("to 366 (Old Entrance
// landing)").
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "roll ") {
		if i := strings.Index(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
			t = t[:i]
		}
	}
	if n, err := strconv.Atoi(t); err == nil {
		if n < 0 || n >= numActions {
			return 0, fmt.Errorf("action %d out of range 0..%d", n, numActions-1)
		}
		if word, arg := DecodeAction(env.Action(n)); n >= len(simpleNames) && word != "roll" && s.data().argName(word, arg) == "" {
			return 0, fmt.Errorf("action %d names no piece or place of this data set", n)
		}
		return env.Action(n), nil
	}
	for i, n := range simpleNames {
		if t == n {
			return env.Action(i), nil
		}
	}
	word, arg, _ := strings.Cut(t, " ")
	arg = strings.TrimSpace(arg)
	d := s.data()
	for _, f := range families {
		if f.word != word {
			continue
		}
		if word == "roll" {
			n, err := strconv.Atoi(arg)
			if err != nil || n < 1 || n > MaxPick {
				return 0, fmt.Errorf("action %q: a roll is 1 to %d", text, MaxPick)
			}
			return RollAction(n), nil
		}
		for i := range f.size {
			if arg != "" && (d.argName(word, i) == arg || d.argLabel(word, i) == arg) { // "" is what argName says of a missing piece
				return f.first + env.Action(i), nil
			}
		}
		return 0, fmt.Errorf("action %q: nothing called %q for %s", text, arg, word)
	}
	return 0, fmt.Errorf("action %q: want pass, yes, ram, pick up, grenade, exit, or roll/sail/to/land/embark/fire/gun/prepare/detonate/torpedo/at NAME", text)
}

// LegalActions lists the legal actions, sorted, into buf.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.Step == stepOver {
		return buf
	}
	if s.Roll != rollNone {
		switch s.Roll {
		case rollD6:
			for f := 1; f <= 6; f++ {
				buf = append(buf, RollAction(f))
			}
		case roll2D6:
			for f := 2; f <= 12; f++ {
				buf = append(buf, RollAction(f))
			}
		case rollPick:
			for f := 1; f <= int(s.RollK); f++ {
				buf = append(buf, RollAction(f))
			}
		case rollCup:
			for f := 1; f <= 6; f++ {
				if s.CupCnt[f] > 0 {
					buf = append(buf, RollAction(f))
				}
			}
		}
		return buf
	}
	return s.decisions(buf)
}

// ChanceOutcomes lists the outcomes of the pending roll.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.Step == stepOver {
		return buf
	}
	switch s.Roll {
	case rollD6:
		for f := 1; f <= 6; f++ {
			buf = append(buf, env.Outcome{Action: RollAction(f), Prob: 1.0 / 6})
		}
	case roll2D6:
		for f := 2; f <= 12; f++ {
			buf = append(buf, env.Outcome{Action: RollAction(f), Prob: float64(6-abs(f-7)) / 36})
		}
	case rollPick:
		for f := 1; f <= int(s.RollK); f++ {
			buf = append(buf, env.Outcome{Action: RollAction(f), Prob: 1 / float64(s.RollK)})
		}
	case rollCup:
		n := float64(s.cupTotal())
		for f := 1; f <= 6; f++ {
			if s.CupCnt[f] > 0 {
				buf = append(buf, env.Outcome{Action: RollAction(f), Prob: float64(s.CupCnt[f]) / n})
			}
		}
	}
	return buf
}

// UniformChance implements env.UniformChancer: a D6 and a pick among k
// are fair; 2D6 and a draw from the cup are not.
func (s *State) UniformChance() (env.Action, int) {
	if s.Step == stepOver {
		return 0, 0
	}
	switch s.Roll {
	case rollD6:
		return RollAction(1), 6
	case rollPick:
		return RollAction(1), int(s.RollK)
	}
	return 0, 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// isLegal answers whether a is among LegalActions.
func (s *State) isLegal(a env.Action) bool {
	if a < 0 || int(a) >= numActions || s.Step == stepOver {
		return false
	}
	if a == ActPass && s.Roll == rollNone {
		// Every decision but a German target's lists pass first.
		return s.Dec != decNone && s.Dec != decGerTarget
	}
	var arr [numActions]env.Action
	for _, b := range s.LegalActions(arr[:0]) {
		if b == a {
			return true
		}
	}
	return false
}

// Apply plays an action or a chance outcome.
func (s *State) Apply(a env.Action) error {
	if s.Step == stepOver {
		return fmt.Errorf("%w: the game is over", env.ErrIllegal)
	}
	if !s.isLegal(a) {
		return fmt.Errorf("%w: %q is not legal now (%s)", env.ErrIllegal, s.ActionString(a), s.Prompt())
	}
	word, arg := DecodeAction(a)
	if s.Roll != rollNone {
		s.Roll = rollNone
		s.onRoll(arg)
	} else {
		dec := s.Dec
		s.Dec = decNone
		s.onDecision(dec, word, arg)
	}
	s.advance()
	return nil
}
