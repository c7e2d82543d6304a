package jubilee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The action space: control words, die faces, chits, units, boxes,
// tracks, and hexes read as a target, a move, an attack or a barrage.
const (
	aPass    = 0
	aYes     = 1
	aNo      = 2
	aDestroy = 3
	aBoard   = 4
	aChange  = 5 // board 1 or 2 steps of a three-step unit, making change (10.9)
	aRoll    = aChange + 2
	aChit    = aRoll + 6
	aUnit    = aChit + MaxChits
	aBox     = aUnit + MaxCW
	aTrack   = aBox + MaxBoxes
	aHex     = aTrack + numTracks
	aMove    = aHex + MaxHexes
	aAttack  = aMove + MaxHexes
	aBarrage = aAttack + MaxHexes

	numActions = aBarrage + MaxHexes
)

// LegalActions appends the legal actions, sorted, to buf[:0].
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if s.phase == phOver {
		return buf
	}
	d := s.data()
	if s.roll != rollNone {
		switch s.roll {
		case rollPick:
			for u := range d.CW {
				if s.pickable(u) {
					buf = append(buf, env.Action(aUnit+u))
				}
			}
		case rollChit, rollInfilChit:
			for c := range d.Chits {
				if s.chitSt[c] == chCup {
					buf = append(buf, env.Action(aChit+c))
				}
			}
		default:
			for f := range 6 {
				buf = append(buf, env.Action(aRoll+f))
			}
		}
		return buf
	}
	switch s.dec {
	case decRemove:
		for _, p := range s.townCoastal() {
			if p >= 0 && s.posUnit[p] >= 0 {
				buf = append(buf, env.Action(aHex+int(d.Positions[p].Hex)))
			}
		}
	case decBox:
		cnt := s.boxCounts()
		for b := range d.Boxes {
			if s.boxFitsIn(&cnt, int(s.sel), b) {
				buf = append(buf, env.Action(aBox+b))
			}
		}
	case decDrift:
		bx := &d.Boxes[s.cwAt[s.sel]]
		buf = append(buf, env.Action(aBox+int(bx.East)), env.Action(aBox+int(bx.West)))
		sortActions(buf)
	case decDelay, decInfil:
		buf = append(buf, aYes, aNo)
	case decFireTie:
		for u := range d.CW {
			if s.cand&(1<<u) != 0 {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decRetreat:
		var hs [6]int16
		for _, h := range s.retreatHexes(hs[:0]) {
			buf = append(buf, env.Action(aHex+int(h)))
		}
	case decAir, decGDepth:
		for p := range d.Positions {
			if s.cand&(1<<p) != 0 {
				buf = append(buf, env.Action(aHex+int(d.Positions[p].Hex)))
			}
		}
	case decRecall:
		for t := range numTracks {
			if s.cand&(1<<t) != 0 {
				buf = append(buf, env.Action(aTrack+t))
			}
		}
	case decSelect:
		buf = append(buf, aPass)
		for u := range d.CW {
			if s.canAct(u) {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decVerb:
		buf = s.verbActions(buf)
	case decJoin:
		buf = append(buf, aPass)
		for u := range d.CW {
			if s.canJoin(u) {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decAttrition:
		buf = append(buf, aPass)
		for u := range d.CW {
			if s.atk&(1<<u) != 0 && s.onMap(u) && s.adjacentTo(int(s.cwAt[u]), int(d.Positions[s.tgt].Hex)) {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decStack:
		for u := range d.CW {
			if s.onMap(u) && s.cwAt[u] == s.aux {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decGFire:
		p := s.curPos()
		for u := range d.CW {
			if s.hitLevel(p, u) > 0 {
				buf = append(buf, env.Action(aUnit+u))
			}
		}
	case decGMove:
		var m moveCheck
		s.checkMove(s.curPos(), &m)
		buf = append(buf, aPass)
		for _, q := range m.dests[:m.nDest] {
			buf = append(buf, env.Action(aMove+int(d.Positions[q].Hex)))
		}
		for _, q := range m.assault[:m.nAssault] {
			buf = append(buf, env.Action(aAttack+int(d.Positions[q].Hex)))
		}
	}
	switch s.dec {
	case decRemove, decAir, decGDepth, decGMove: // position order is not hex order
		sortActions(buf)
	}
	return buf
}

// ChanceOutcomes lists the outcomes of a chance node: die faces, or the
// chits in the cup, or the commandos still to pick, each equally likely.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.roll == rollNone || s.phase == phOver {
		return buf
	}
	var acts [legalCap]env.Action
	legal := s.LegalActions(acts[:0])
	p := 1 / float64(len(legal))
	for _, a := range legal {
		buf = append(buf, env.Outcome{Action: a, Prob: p})
	}
	return buf
}

// UniformChance implements env.UniformChancer: a die is a fair D6; a pick
// of a unit or a chit from the cup is not declared (its outcomes are not
// a run of actions).
func (s *State) UniformChance() (env.Action, int) {
	switch s.roll {
	case rollNone, rollPick, rollChit, rollInfilChit:
		return 0, 0
	}
	if s.phase == phOver {
		return 0, 0
	}
	return aRoll, 6
}

// legalCap is room on the stack for the legal actions of any node (a few
// dozen at most); a longer list would only move to the heap.
const legalCap = 256

// isLegal reports whether a is legal now, without allocating: directly for
// the common nodes, through LegalActions for the rest.
func (s *State) isLegal(a env.Action) bool {
	if a < 0 || a >= numActions || s.phase == phOver {
		return false
	}
	i := int(a)
	switch {
	case s.roll == rollChit || s.roll == rollInfilChit:
		return i >= aChit && i < aChit+len(s.data().Chits) && s.chitSt[i-aChit] == chCup
	case s.roll != rollNone && s.roll != rollPick:
		return i >= aRoll && i < aChit
	case s.dec == decSelect:
		return i == aPass || (i >= aUnit && i < aUnit+len(s.data().CW) && s.canAct(i-aUnit))
	case s.dec == decJoin:
		return i == aPass || (i >= aUnit && i < aUnit+len(s.data().CW) && s.canJoin(i-aUnit))
	case s.dec == decVerb:
		return s.verbLegal(i)
	}
	var acts [legalCap]env.Action
	for _, x := range s.LegalActions(acts[:0]) {
		if x == a {
			return true
		}
	}
	return false
}

// verbLegal is whether verbActions lists action i, tested alone.
func (s *State) verbLegal(i int) bool {
	d := s.data()
	u := int(s.sel)
	switch {
	case i == aPass:
		return true
	case i == aDestroy:
		return s.canDestroy(u)
	case i == aBoard:
		return s.canBoard(u)
	case i == aChange || i == aChange+1:
		return s.canMakeChange(u, i-aChange+1)
	case i >= aMove && i < aAttack:
		if h := i - aMove; h < len(d.Hexes) {
			dests := s.moveDests(u)
			return dests.has(h)
		}
	case i >= aAttack && i < aBarrage:
		if n := i - aAttack; n < len(d.Hexes) && d.CW[u].Type != Tank {
			h := int(s.cwAt[u])
			dir := d.dirTo(h, n)
			return dir >= 0 && d.side[h][dir]&(sCliff|sRiver) == 0 && s.attackable(n)
		}
	case i >= aBarrage && i < numActions:
		if t := i - aBarrage; t < len(d.Hexes) && d.CW[u].Type == Tank && s.phase == phAction {
			p := int(d.Hexes[t].Pos)
			return p >= 0 && s.canBarrage(u, p)
		}
	}
	return false
}

// Apply plays a decision or a chance outcome.
func (s *State) Apply(a env.Action) error {
	if !s.isLegal(a) {
		return fmt.Errorf("%w: %s in %s", env.ErrIllegal, s.actionName(a), s.Phase())
	}
	if s.roll != rollNone {
		s.chance(int(a))
	} else {
		s.decide(int(a))
	}
	s.advance()
	return nil
}

// OutcomeLabel implements env.OutcomeLabeler: a die is entered by its
// face; a drawn op chit or a commando picked at random by its printed
// name ("Action 7", "3 Cdo 2"), or by its number in the list of those
// still possible, as the prompt lists them.
func (s *State) OutcomeLabel(a env.Action) (int, string) {
	d := s.data()
	i := int(a)
	if i >= aRoll && i < aChit {
		return i - aRoll + 1, ""
	}
	n := 0
	for _, o := range s.ChanceOutcomes(nil) {
		if n++; o.Action == a {
			break
		}
	}
	switch {
	case i >= aChit && i < aUnit && i-aChit < len(d.Chits):
		return n, d.Chits[i-aChit].Name
	case i >= aUnit && i < aBox && i-aUnit < len(d.CW):
		return n, d.CW[i-aUnit].Name
	}
	return n, s.actionName(a)
}

// ActionString names an action as ParseAction reads it: hexes by their
// printed numbers followed by the area and any objective there, as the
// board names its cells ("move 0517 Dieppe", "attack 1706 Yellow, Battery
// Goebbels"); a Beach Landing box by its ID and the beach hex it lands on
// ("box W2 off 0421 Dieppe"); counters, chits and tracks by their printed
// names.
// A number that names nothing in the data set is "action N".
func (s *State) ActionString(a env.Action) string { return s.actionName(a) }

func (s *State) actionName(a env.Action) string {
	if name, ok := s.name(int(a)); ok {
		return name
	}
	return "action " + strconv.Itoa(int(a))
}

// name names action i, or reports that it names nothing in the data set.
func (s *State) name(i int) (string, bool) {
	d := s.data()
	hex := func(verb string, h int) (string, bool) {
		if h < len(d.Hexes) {
			return verb + " " + d.hexNames[h], true
		}
		return "", false
	}
	switch {
	case i < 0 || i >= numActions:
		return "", false
	case i == aPass:
		return "pass", true
	case i == aYes:
		return "yes", true
	case i == aNo:
		return "no", true
	case i == aDestroy:
		return "destroy", true
	case i == aBoard:
		return "board", true
	case i < aRoll:
		return "board " + strconv.Itoa(i-aChange+1) + " steps", true
	case i < aChit:
		return "roll " + strconv.Itoa(i-aRoll+1), true
	case i < aUnit:
		if c := i - aChit; c < len(d.Chits) {
			return "chit " + d.Chits[c].Name, true
		}
	case i < aBox:
		if u := i - aUnit; u < len(d.CW) {
			return "unit " + d.CW[u].Name, true
		}
	case i < aTrack:
		if b := i - aBox; b < len(d.Boxes) {
			return "box " + d.Boxes[b].ID + " off " + d.hexNames[d.Boxes[b].Beach], true
		}
	case i < aHex:
		return "track " + d.Tracks[i-aTrack].Name, true
	case i < aMove:
		return hex("hex", i-aHex)
	case i < aAttack:
		return hex("move", i-aMove)
	case i < aBarrage:
		return hex("attack", i-aAttack)
	default:
		return hex("barrage", i-aBarrage)
	}
	return "", false
}

// ParseAction reads an action's name or number; a number that names
// nothing in the data set is refused. A hex may be given by its number
// alone ("move 0517") or by its whole name ("move 0517 Dieppe"), a box by
// its ID alone ("box W2") or with its beach ("box W2 off 0421 Dieppe").
func (s *State) ParseAction(text string) (env.Action, error) {
	d := s.data()
	t := strings.TrimSpace(text)
	if n, err := strconv.Atoi(t); err == nil {
		if n < 0 || n >= numActions {
			return 0, fmt.Errorf("action %d out of 0..%d", n, numActions-1)
		}
		if _, ok := s.name(n); !ok {
			return 0, fmt.Errorf("action %d names no hex, counter, chit or box of this data set", n)
		}
		return env.Action(n), nil
	}
	switch t {
	case "pass":
		return aPass, nil
	case "yes":
		return aYes, nil
	case "no":
		return aNo, nil
	case "destroy":
		return aDestroy, nil
	case "board":
		return aBoard, nil
	case "board 1 steps":
		return aChange, nil
	case "board 2 steps":
		return aChange + 1, nil
	}
	verb, arg, ok := strings.Cut(t, " ")
	if !ok || arg == "" {
		return 0, fmt.Errorf("unknown action %q", text)
	}
	find := func(n int, name func(int) string) int {
		for i := range n {
			if name(i) == arg {
				return i
			}
		}
		return -1
	}
	// A hex is its number ("0517"), or its number and the rest of its name
	// ("0517 Dieppe"), as ActionString writes it.
	hex := func(base int) (env.Action, error) {
		id, rest, _ := strings.Cut(arg, " ")
		h, ok := d.hexIdx[id]
		if !ok {
			return 0, fmt.Errorf("unknown hex %q", id)
		}
		if rest = strings.TrimSpace(rest); rest != "" && !strings.EqualFold(id+" "+rest, d.hexNames[h]) {
			return 0, fmt.Errorf("hex %s is %s, not %s %s", id, d.hexNames[h], id, rest)
		}
		return env.Action(base + h), nil
	}
	switch verb {
	case "action":
		return s.ParseAction(arg)
	case "roll":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 6 {
			return 0, fmt.Errorf("roll %q: want 1 to 6", arg)
		}
		return env.Action(aRoll + n - 1), nil
	case "chit":
		if c := find(len(d.Chits), func(i int) string { return d.Chits[i].Name }); c >= 0 {
			return env.Action(aChit + c), nil
		}
		return 0, fmt.Errorf("unknown chit %q", arg)
	case "unit":
		if u := find(len(d.CW), func(i int) string { return d.CW[i].Name }); u >= 0 {
			return env.Action(aUnit + u), nil
		}
		return 0, fmt.Errorf("unknown unit %q", arg)
	case "box":
		// A box is its ID ("W2"), or its ID and the beach hex it lands
		// on ("W2 off 0421 Dieppe"), as ActionString writes it.
		id, rest, _ := strings.Cut(arg, " ")
		for b := range d.Boxes {
			if d.Boxes[b].ID != id {
				continue
			}
			beach := d.hexNames[d.Boxes[b].Beach]
			if rest = strings.TrimSpace(rest); rest != "" && !strings.EqualFold(rest, "off "+beach) {
				return 0, fmt.Errorf("box %s is off %s, not %s", id, beach, rest)
			}
			return env.Action(aBox + b), nil
		}
		return 0, fmt.Errorf("unknown box %q", id)
	case "track":
		if k := find(numTracks, func(i int) string { return d.Tracks[i].Name }); k >= 0 {
			return env.Action(aTrack + k), nil
		}
		return 0, fmt.Errorf("unknown track %q", arg)
	case "hex":
		return hex(aHex)
	case "move":
		return hex(aMove)
	case "attack":
		return hex(aAttack)
	case "barrage":
		return hex(aBarrage)
	}
	return 0, fmt.Errorf("unknown action %q", text)
}

// ActionCell implements env.BoardActioner: a hex action (a move, an
// attack, a barrage, a chosen hex or position) points at its hex, which its
// name gives; a Beach Landing box at the beach hex it lands on (which the
// board labels with the box's ID, and the action names); a unit's
// selection at the hex of its counter, or nowhere (-1) when the unit is in
// a box or off the map. Chits, dice, tracks and control words point
// nowhere.
func (s *State) ActionCell(a env.Action) int {
	d := s.data()
	switch i := int(a); {
	case i >= aHex && i < numActions:
		if h := (i - aHex) % MaxHexes; h < len(d.Hexes) {
			return h
		}
	case i >= aBox && i < aTrack:
		if b := i - aBox; b < len(d.Boxes) {
			return int(d.Boxes[b].Beach)
		}
	case i >= aUnit && i < aBox:
		if u := i - aUnit; u < len(d.CW) && s.cwSt[u] == cwMap {
			return int(s.cwAt[u])
		}
	}
	return -1
}

// sortActions sorts a short list in place (position order is not hex
// order).
func sortActions(buf []env.Action) {
	for j := 1; j < len(buf); j++ {
		for k := j; k > 0 && buf[k] < buf[k-1]; k-- {
			buf[k], buf[k-1] = buf[k-1], buf[k]
		}
	}
}
