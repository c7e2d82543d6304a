package skirmish

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The fixed action space. A move is a direction from a fixed set of eight
// and a length from a fixed set of three (a third, two thirds or all of a
// move action: 2", 4", 6" on foot, 4", 8", 12" for vehicles), or a move
// toward a named feature, toward an enemy figure (an assault move for a
// commando assault unit) or directly away from the nearest enemy.
const (
	aEnd       = 0
	aRoll      = 1 // aRoll+k-1 is a die showing k
	aActivate  = aRoll + 6
	aDirect    = aActivate + MaxFigures
	aBoost     = aDirect + MaxFigures
	aMove      = aBoost + MaxFigures
	aTo        = aMove + nDirs*nLens
	aToward    = aTo + MaxFeatures
	aAway      = aToward + MaxFigures
	aShoot     = aAway + 1
	aMortar    = aShoot + MaxFigures
	aAssault   = aMortar + MaxFigures
	aDemolish  = aAssault + MaxFigures
	aCut       = aDemolish + MaxFeatures
	aExit      = aCut + MaxFeatures
	numActions = aExit + 1
)

const (
	nDirs = 8
	nLens = 3
)

// dirs are the eight compass directions scaled to 10,000 (y is south).
var dirs = [nDirs]pt{{0, -10000}, {7071, -7071}, {10000, 0}, {7071, 7071}, {0, 10000}, {-7071, 7071}, {-10000, 0}, {-7071, -7071}}

var dirNames = [nDirs]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// moveLen is a move action's full length for figure i (Movement).
func (s *State) moveLen(i int) int64 {
	if s.def(i).Kind.vehicle() {
		return 12 * Inch
	}
	return 6 * Inch
}

// legLen is the length of the k-th fixed leg (k = 0, 1, 2) for figure i.
func (s *State) legLen(i, k int) int64 { return s.moveLen(i) * int64(k+1) / nLens }

// OutcomeLabel implements env.OutcomeLabeler: every die is a D6, entered
// by its face.
func (s *State) OutcomeLabel(a env.Action) (int, string) { return int(a) - aRoll + 1, "" }

// ActionString names an action as ParseAction reads it back.
func (s *State) ActionString(a env.Action) string {
	d := s.data()
	fig := func(i int) string {
		if i < len(d.Figures) {
			return d.Figures[i].Name
		}
		return "#" + strconv.Itoa(i)
	}
	feat := func(i int) string {
		if i < len(d.Features) {
			return d.Features[i].Name
		}
		return "#" + strconv.Itoa(i)
	}
	switch n := int(a); {
	case n == aEnd:
		return "end"
	case n < aActivate && n >= aRoll:
		return "roll " + strconv.Itoa(n-aRoll+1)
	case n < aDirect && n >= aActivate:
		return "activate " + fig(n-aActivate)
	case n < aBoost && n >= aDirect:
		return "direct " + fig(n-aDirect)
	case n < aMove && n >= aBoost:
		return "boost " + fig(n-aBoost)
	case n < aTo && n >= aMove:
		k, l := (n-aMove)/nLens, (n-aMove)%nLens
		length := int64(6*Inch) * int64(l+1) / nLens
		if s.cur >= 0 && s.step == stepAct {
			length = s.legLen(int(s.cur), l)
		}
		return "move " + dirNames[k] + " " + fmtInches(length)
	case n < aToward && n >= aTo:
		return "to " + feat(n-aTo)
	case n < aAway && n >= aToward:
		return "toward " + fig(n-aToward)
	case n == aAway:
		return "away"
	case n < aMortar && n >= aShoot:
		return "shoot " + fig(n-aShoot)
	case n < aAssault && n >= aMortar:
		return "mortar " + fig(n-aMortar)
	case n < aDemolish && n >= aAssault:
		return "assault " + fig(n-aAssault)
	case n < aCut && n >= aDemolish:
		return "demolish " + feat(n-aDemolish)
	case n < aExit && n >= aCut:
		return "cut " + feat(n-aCut)
	case n == aExit:
		return "exit"
	}
	return "action " + strconv.Itoa(int(a))
}

// ParseAction reads an action's name or number.
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.TrimSpace(text)
	if n, err := strconv.Atoi(t); err == nil {
		if n < 0 || n >= numActions {
			return 0, fmt.Errorf("action %d out of range 0-%d", n, numActions-1)
		}
		return env.Action(n), nil
	}
	switch t {
	case "end":
		return aEnd, nil
	case "away":
		return aAway, nil
	case "exit":
		return aExit, nil
	}
	verb, rest, _ := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	d := s.data()
	slot := func(base, limit int) (env.Action, bool) {
		if n, err := strconv.Atoi(strings.TrimPrefix(rest, "#")); err == nil && strings.HasPrefix(rest, "#") && n >= 0 && n < limit {
			return env.Action(base + n), true
		}
		return 0, false
	}
	figure := func(base int) (env.Action, error) {
		if a, ok := slot(base, MaxFigures); ok {
			return a, nil
		}
		for i, f := range d.Figures {
			if f.Name == rest {
				return env.Action(base + i), nil
			}
		}
		return 0, fmt.Errorf("no figure named %q", rest)
	}
	feature := func(base int) (env.Action, error) {
		if a, ok := slot(base, MaxFeatures); ok {
			return a, nil
		}
		for i, f := range d.Features {
			if f.Name == rest {
				return env.Action(base + i), nil
			}
		}
		return 0, fmt.Errorf("no feature named %q", rest)
	}
	switch verb {
	case "roll":
		k, err := strconv.Atoi(rest)
		if err != nil || k < 1 || k > 6 {
			return 0, fmt.Errorf("roll %q: want a die face 1-6", rest)
		}
		return env.Action(aRoll + k - 1), nil
	case "activate":
		return figure(aActivate)
	case "direct":
		return figure(aDirect)
	case "boost":
		return figure(aBoost)
	case "toward":
		return figure(aToward)
	case "shoot":
		return figure(aShoot)
	case "mortar":
		return figure(aMortar)
	case "assault":
		return figure(aAssault)
	case "to":
		return feature(aTo)
	case "demolish":
		return feature(aDemolish)
	case "cut":
		return feature(aCut)
	case "move":
		dn, ln, _ := strings.Cut(rest, " ")
		k := -1
		for i, n := range dirNames {
			if n == dn {
				k = i
			}
		}
		h, err := parseInches(ln)
		if k < 0 || err != nil {
			return 0, fmt.Errorf("move %q: want a direction (N, NE, ... NW) and a length in inches", rest)
		}
		for l := range nLens {
			if h == int64(6*Inch)*int64(l+1)/nLens || (s.cur >= 0 && s.step == stepAct && h == s.legLen(int(s.cur), l)) {
				return env.Action(aMove + k*nLens + l), nil
			}
		}
		return 0, fmt.Errorf("move %q: a leg is a third, two thirds or all of a move action", rest)
	}
	return 0, fmt.Errorf("unknown action %q", text)
}
