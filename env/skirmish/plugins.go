package skirmish

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The optional plug-ins of env/plugins.go: the table for drawing, the
// figures on it, narration in the text's words, a leaf value and caveats.

var (
	_ env.BoardDrawer = (*Game)(nil)
	_ env.Caveats     = (*Game)(nil)
	_ env.PieceLister = (*State)(nil)
	_ env.Narrator    = (*State)(nil)
	_ env.LeafValuer  = (*State)(nil)
	_ env.RuleBot     = (*State)(nil)

	_ env.BoardActioner = (*State)(nil)

	_ env.DecisionKinds  = (*Game)(nil)
	_ env.DecisionKinder = (*State)(nil)
)

// decisionKinds name the decisions as the prompt does, by step: which unit
// activates (or an officer directs, or the side ends), which unit the
// officer gives +1, the acting unit's next action, the pillbox's target.
var decisionKinds = [...]string{stepSelect: "activate", stepBoost: "direct", stepAct: "action", stepPillbox: "pillbox"}

// DecisionKinds lists the kinds of decision (env.DecisionKinds).
func (g *Game) DecisionKinds() []string { return decisionKinds[stepSelect:] }

// DecisionKind is the pending decision's kind, "" at a die or the end
// (env.DecisionKinder).
func (s *State) DecisionKind() string {
	if s.phase == phOver || s.step >= dieActivation || s.step == stepIdle {
		return ""
	}
	return decisionKinds[s.step]
}

func inches(h int64) float64 { return float64(h) / Inch }

func poly2(ps []pt) [][2]float64 {
	out := make([][2]float64, len(ps))
	for i, p := range ps {
		out[i] = [2]float64{inches(p.x), inches(p.y)}
	}
	return out
}

// Board is the table drawn to scale, in inches, origin at the north-west
// corner: terrain as shapes, named features as cells.
func (g *Game) Board() env.Board {
	d := g.data
	b := env.Board{Kind: env.BoardTable, Width: inches(d.W), Height: inches(d.H), Legend: map[string]string{
		"building": "#8a7f72", "water": "#5b8fb9", "cover": "#9bb07a", "wire": "#444444",
		"target": "#d9534f", "exit": "#5cb85c", "waypoint": "#cccccc", "entry": "#f0ad4e"}}
	for _, t := range d.Terrain {
		b.Shapes = append(b.Shapes, env.Shape{Kind: terrainKindNames[t.Kind], Name: t.Name, Polygon: poly2(t.Poly)})
	}
	for _, f := range d.Features {
		c := env.Cell{ID: f.Name, Name: f.Name, X: inches(f.At.x), Y: inches(f.At.y), Kind: featureKindNames[f.Kind]}
		switch f.Kind {
		case FTarget:
			c.Label = fmt.Sprintf("%d VP", f.VP)
		case FWire, FExit:
			c.Polygon = poly2([]pt{f.A, f.B})
		}
		b.Cells = append(b.Cells, c)
	}
	for _, e := range d.Entries {
		b.Cells = append(b.Cells, env.Cell{ID: "entry " + e.Name, Name: e.Name, X: inches(e.At.x), Y: inches(e.At.y), Kind: "entry"})
	}
	return b
}

// Caveats say what is authored rather than in the text.
func (g *Game) Caveats() []string {
	out := append([]string{}, g.data.Caveats...)
	return append(out, fmt.Sprintf("German reaction set %q (authored, reactions.go); turn limit %d (authored).", g.react.Name, g.turns))
}

// Pieces lists the figures on the table, placed by X, Y in inches.
func (s *State) Pieces() []env.Piece {
	var out []env.Piece
	for i, fd := range s.data().Figures {
		if !s.on(i) {
			continue
		}
		var marks []string
		marks = append(marks, strings.ReplaceAll(kindNames[fd.Kind], "_", " "))
		if fd.Officer {
			marks = append(marks, "officer")
		}
		if fd.Mortar {
			marks = append(marks, "mortar")
		}
		if s.f[i].fl&flLit != 0 {
			marks = append(marks, "lit")
		}
		if s.f[i].fl&flDone != 0 {
			marks = append(marks, "activated")
		}
		out = append(out, env.Piece{Side: sideNames[fd.Side], Name: fd.Name, Label: strings.Join(marks, ", "), Cell: -1,
			X: inches(int64(s.f[i].x)), Y: inches(int64(s.f[i].y)), Active: int(s.cur) == i})
	}
	return out
}

// LeafValue estimates the final VP: what is scored, with commandos still
// on the table counted at half the cost of capture.
func (s *State) LeafValue() []float64 {
	v := float64(s.VP())
	if s.phase != phOver {
		v += float64(s.data().LostVP) * float64(s.captured()) / 2
	}
	if s.g.opts.Seat {
		return []float64{v, -v}
	}
	return []float64{v}
}

// Narrate tells what action a did, in the text's words; the receiver is
// the state after it.
func (s *State) Narrate(before env.State, a env.Action) string {
	b, ok := before.(*State)
	if !ok {
		return ""
	}
	name := func(i int8) string {
		if i >= 0 && int(i) < b.nf() {
			return b.def(int(i)).Name
		}
		return "?"
	}
	var lines []string
	k := int(a) - aRoll + 1
	switch b.step {
	case dieActivation:
		// From the roll, not s.acts: the rules' German may have spent them
		// already (its moves follow as change lines).
		m := b.activationMod(int(b.cur))
		lines = append(lines, fmt.Sprintf("%s rolls %d (%+d): %s", name(b.cur), k, m, actionsWord(activationActions(k+m))))
	case dieHit:
		if s.step == dieSave {
			lines = append(lines, fmt.Sprintf("%s rolls %d (%+d): a hit on %s, who must save", name(b.cur), k, b.hitMod(int(b.cur), int(b.tgt)), name(b.tgt)))
		} else {
			lines = append(lines, fmt.Sprintf("%s rolls %d (%+d): a miss", name(b.cur), k, b.hitMod(int(b.cur), int(b.tgt))))
		}
	case dieSave:
		lines = append(lines, fmt.Sprintf("%s saves on %d: %s", name(b.tgt), k, map[bool]string{true: "eliminated", false: "saved"}[k <= 3]))
	case dieMortar:
		lines = append(lines, fmt.Sprintf("2\" mortar rolls %d: %s %s", k, name(b.tgt), map[bool]string{true: "eliminated", false: "unharmed"}[k >= 5]))
	case dieFightBritish, dieRerollBritish:
		lines = append(lines, fmt.Sprintf("%s scores %d in hand to hand", name(b.cur), k))
	case dieFightGerman, dieRerollGerman:
		switch {
		case int(b.aux) > k:
			lines = append(lines, fmt.Sprintf("%s scores %d: %s eliminated", name(b.tgt), k, name(b.tgt)))
		case int(b.aux) < k:
			lines = append(lines, fmt.Sprintf("%s scores %d: %s eliminated", name(b.tgt), k, name(b.cur)))
		default:
			lines = append(lines, fmt.Sprintf("%s scores %d: a draw, reroll with one die each", name(b.tgt), k))
		}
	case dieDemolition:
		if k >= 4 {
			lines = append(lines, fmt.Sprintf("%s rolls %d: the explosives are set. Bang! %s destroyed", name(b.cur), k, b.data().Features[b.tgt].Name))
		} else {
			lines = append(lines, fmt.Sprintf("%s rolls %d: the explosives were not set", name(b.cur), k))
		}
	case dieAlarm:
		lines = append(lines, fmt.Sprintf("alarm roll %d (%+d): the garrison is %s", k, b.alarmMod(), s.alarmName()))
	case dieLight:
		lines = append(lines, fmt.Sprintf("%s rolls %d: %s", name(b.cur), k, map[bool]string{true: "lit", false: "dark"}[k >= b.g.react.LitOn]))
	case dieReinforce:
		at := b.data().Entries[b.tgt].Name
		switch r := b.nextReinforcement(); {
		case k < b.g.react.ReinforceOn:
			lines = append(lines, fmt.Sprintf("reinforcement roll %d at %s: none arrives", k, at))
		case r < 0:
			lines = append(lines, fmt.Sprintf("reinforcement roll %d at %s: none is left to arrive", k, at))
		default:
			lines = append(lines, fmt.Sprintf("reinforcement roll %d: %s arrives at %s", k, b.def(r).Name, at))
		}
	default:
		if b.step == stepAct && int(a) >= aMove && int(a) <= aAway {
			line := fmt.Sprintf("%s: %s", name(b.cur), b.ActionString(a))
			if s.cur == b.cur && s.blk&blStopped != 0 {
				line += ", and must stop within 6\" of the enemy"
			}
			lines = append(lines, line)
		} else if t := b.ActionString(a); t != "end" || s.changedTable(b) {
			who := ""
			if b.cur >= 0 {
				who = name(b.cur) + ": "
			}
			lines = append(lines, who+t)
		}
	}
	if s.alarm && !b.alarm && b.step != dieAlarm && len(lines) > 0 {
		lines[0] += "; the alarm is raised (G1)"
	}
	lines = s.tableChanges(b, lines)
	if s.phase == phOver && b.phase != phOver {
		lines = append(lines, fmt.Sprintf("the raid is over: %d VP, %s", s.VP(), s.Verdict()))
	}
	return strings.Join(lines, "\n")
}

// tableChanges appends to lines what changed on the table from b to s:
// the figures (where they stand, on or off it, their markers), the
// features destroyed, the VP and a new turn with its landings.
func (s *State) tableChanges(b *State, lines []string) []string {
	d := s.data()
	cleared := false
	var landed []string // commandos land at the start of a turn, told after it
	for i, fd := range d.Figures {
		f0, f1 := &b.f[i], &s.f[i]
		at := fmt.Sprintf("(%s, %s)", fmtInches(int64(f1.x)), fmtInches(int64(f1.y)))
		switch {
		case f0.st == stOn && f1.st == stDead:
			lines = append(lines, fd.Name+" eliminated")
		case f0.st == stOn && f1.st == stOut:
			lines = append(lines, fd.Name+" leaves the table by the exit edge")
		case f0.st != stOn && f1.st == stOn && fd.Side == British:
			landed = append(landed, fd.Name+" lands at "+at)
		case f0.st != stOn && f1.st == stOn:
			lines = append(lines, fd.Name+" comes on the table at "+at)
		case f1.st == stOn && (f0.x != f1.x || f0.y != f1.y):
			lines = append(lines, fd.Name+" moves to "+at)
		}
		if f1.st != stOn {
			continue
		}
		switch l0, l1 := f0.fl&flLit != 0, f1.fl&flLit != 0; {
		case l1 && !l0:
			lines = append(lines, fd.Name+" lit")
		case l0 && !l1:
			lines = append(lines, fd.Name+" goes dark")
		}
		switch d0, d1 := f0.fl&flDone != 0 && f0.st == stOn, f1.fl&flDone != 0; {
		case d1 && !d0:
			lines = append(lines, fd.Name+" marked activated for the turn")
		case d0 && !d1:
			cleared = true
		}
	}
	// Only the end of the turn clears the marks, and it clears them all.
	if cleared {
		lines = append(lines, "activation marks cleared")
	}
	for f, ft := range d.Features {
		if s.isGone(f) && !b.isGone(f) {
			lines = append(lines, ft.Name+" destroyed")
		}
	}
	if v := s.VP(); v != b.VP() {
		lines = append(lines, fmt.Sprintf("VP now %d", v))
	}
	if s.turn != b.turn && s.phase != phOver {
		lines = append(lines, fmt.Sprintf("turn %d begins", s.turn))
	}
	return append(lines, landed...)
}

// changedTable says whether the table changed from b to s.
func (s *State) changedTable(b *State) bool {
	return len(s.tableChanges(b, nil)) > 0
}

func actionsWord(n int8) string {
	switch n {
	case 0:
		return "no action allowed"
	case 1:
		return "one action allowed"
	case 2:
		return "two actions allowed"
	}
	return "three actions allowed"
}

// ActionCell implements env.BoardActioner: the cell a click plays action a
// by. The table's cells are its named features, then the reinforcements'
// entry points (which no decision names). A move to a feature, a
// demolition and a cut of wire point at the feature. The other moves end
// at free coordinates, not at a cell: a leg along a compass direction
// ("move NE 4"), a move away from the enemy, leaving by the exit edge;
// they name no place and point at none. A move that names a figure (to
// activate, direct or boost it, or to move toward, shoot, mortar or
// assault it) points at none: the figure stands at its own place on the
// table, and the page plays the move by a click on the figure, even where
// the figure is named for its post ("North caisson sentry").
func (s *State) ActionCell(a env.Action) int {
	n, nf := int(a), len(s.data().Features)
	switch {
	case n >= aTo && n < aTo+nf:
		return n - aTo
	case n >= aDemolish && n < aDemolish+nf:
		return n - aDemolish
	case n >= aCut && n < aCut+nf:
		return n - aCut
	}
	return -1
}
