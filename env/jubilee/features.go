package jubilee

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The German seat's learning features (opponent=seat): a few dozen
// integers a German player counts before choosing whom a position's fire
// hits (6.11, 15.1), where a checked unit moves (6.15-6.21), or which unit
// receives a depth marker (9.2). The German sees the whole board (its own
// counters and markers face up, the Commonwealth's in the open). See
// FEATURES.md. The Commonwealth seat's features are in cwfeatures.go.

// GermanFeatureVersion numbers the German encoding.
const GermanFeatureVersion = 1

// featFar caps distances in hexes; it also stands for "none on that map"
// (hexes of two maps are far apart). featNA is a feature that does not
// apply.
const (
	featFar = 20
	featNA  = -1
)

// The areas and tracks counted one by one, by their printed names (a data
// set without one reads 0 there).
var (
	featAreas  = [...]string{"Yellow", "Orange", "Blue", "Dieppe", "Green", "Rear"}
	featTracks = [...]string{"Yellow", "Orange", "Blue", "Dieppe", "Green"}
)

// German state features, by index.
const (
	fTurn = iota
	fTurnsLeft
	fDecision
	fPoints
	fObjVP
	fEvac
	fElim
	fObjOpen
	fObjThreat
	fCWMap
	fCWMapSteps
	fCWStrength
	fCWDisrupted
	fCWBox
	fCWBoxSteps
	fCWTrack
	fAreaSteps // one per featAreas
)

// fTP begins the transport points, one per featTracks.
const fTP = fAreaSteps + len(featAreas)

// The German units, the cup and the deciding unit.
const (
	fGUnits = fTP + len(featTracks) + iota
	fGRevealed
	fGDisrupted
	fGStrength
	fDepthBox
	fDepthMap
	fCup
	fDrawsLeft
	fUType
	fUStrength
	fUDepth
	fUVP
	fUFieldCW
	fUDistCW
	fUHits
	numState
)

// germanStateFeatureDocs are the German state features, in order.
var germanStateFeatureDocs = func() []env.FeatureDoc {
	fs := []env.FeatureDoc{
		env.Feature("turn", 1, 24, "game turn (14.1)"),
		env.Feature("turns_left", 0, 23, "turns after the current one"),
		env.Feature("decision", 0, 3, "pending German decision: 0 none, 1 german_fire (whom a position hits), 2 german_move (a movement check), 3 german_depth (who gets a depth marker)"),
		env.Feature("points", -20, 200, "running Commonwealth victory points (14.3): objective VP plus evacuated steps less the variants' penalty; the German wants them low"),
		env.Feature("obj_vp", 0, 64, "objective VP destroyed (10.7)"),
		env.Feature("evacuated", 0, 200, "steps in the Evacuated Units box"),
		env.Feature("cw_elim_steps", 0, 200, "Commonwealth steps eliminated"),
		env.Feature("obj_open", 0, 64, "VP positions without an Objective Destroyed marker"),
		env.Feature("obj_threat", 0, 64, "of those, the ones with a Commonwealth unit within 2 hexes (6.19)"),
		env.Feature("cw_map", 0, 64, "Commonwealth units on the map (ashore)"),
		env.Feature("cw_map_steps", 0, 200, "their steps"),
		env.Feature("cw_map_strength", 0, 400, "their total strength"),
		env.Feature("cw_disrupted", 0, 64, "of them, disrupted or Attacker Disrupted"),
		env.Feature("cw_box", 0, 64, "Commonwealth units in Beach Landing boxes"),
		env.Feature("cw_box_steps", 0, 200, "their steps"),
		env.Feature("cw_track", 0, 64, "Commonwealth units still on the turn track"),
	}
	for _, a := range featAreas {
		fs = append(fs, env.Feature("cw_steps_"+strings.ToLower(a), 0, 200, "Commonwealth steps ashore in the "+a+" area"))
	}
	for _, t := range featTracks {
		fs = append(fs, env.Feature("tp_"+strings.ToLower(t), 0, 10, "transport points left on the "+t+" track"))
	}
	return append(fs,
		env.Feature("g_units", 0, 64, "German units on the map"),
		env.Feature("g_revealed", 0, 64, "of them, revealed"),
		env.Feature("g_disrupted", 0, 64, "of them, disrupted"),
		env.Feature("g_strength", 0, 200, "their total printed strength"),
		env.Feature("depth_box", 0, 24, "depth markers left in the Depth box"),
		env.Feature("depth_map", 0, 24, "depth markers on German units"),
		env.Feature("cup", 0, 40, "op chits in the cup"),
		env.Feature("draws_left", 0, 3, "op chits still to draw this turn (4.1 II)"),
		env.Feature("u_type", -1, 5, "the unit firing or checked for movement: 0 coastal, 1 infantry, 2 artillery, 3 anti-tank, 4 engineer, 5 HQ (NA=-1 at a depth marker or no decision, as for every u_ feature)"),
		env.Feature("u_strength", -1, 10, "its printed strength"),
		env.Feature("u_depth", -1, 3, "strength of its depth marker, 0 without one"),
		env.Feature("u_vp", -1, 10, "VP of its position, 0 if none or destroyed"),
		env.Feature("u_field_cw", -1, 64, "Commonwealth units in its field of fire, on the map or in its boxes"),
		env.Feature("u_dist_cw", -1, featFar, "hexes to the nearest Commonwealth unit on its map (20 if none)"),
		env.Feature("u_hits", -1, 2, "german_fire: hits it still has to give this chit (6.7); NA at a movement check"),
	)
}()

// The action's own features.
const (
	aKind = iota
	aRules
	aTgtType
	aTgtSteps
	aTgtStrength
	aTgtLevel
	aTgtGroup
	aTgtBox
	aTgtHexSteps
	aTgtLater
	aTgtDistObj
	aTgtEngineers
	aTgtDisrupted
	aPosVP
	aPosDistCW
	aPosDistCWDelta
	aPosFieldCW
	aPosCWStrength
	aPosType
	aPosStrength
	numOwn
)

var germanActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 4, "0 pass (stay), 1 hit a Commonwealth unit, 2 move to a free position, 3 assault move on a held position (6.18), 4 depth marker to a unit"),
	env.Feature("a_rules", 0, 1, "1 if the printed priorities choose this action (6.15-6.21, 9.2, 15.1): what the agent rules plays"),
	env.Feature("a_tgt_type", -1, 2, "hit: the unit's type, 0 infantry, 1 commando, 2 tank"),
	env.Feature("a_tgt_steps", -1, 4, "hit: its steps"),
	env.Feature("a_tgt_strength", -1, 10, "hit: its strength"),
	env.Feature("a_tgt_level", -1, 6, "hit: its fire priority (15.1): 1 in a box (a step and a transport point lost), 2..4 a step lost and disrupted (adjacent in the open, adjacent, farther), 5..6 disrupted only (adjacent, farther)"),
	env.Feature("a_tgt_group", -1, 1, "hit: it is among the units the priorities leave to choose from (best level, most steps)"),
	env.Feature("a_tgt_box", -1, 1, "hit: it is in a Beach Landing box"),
	env.Feature("a_tgt_hex_steps", -1, 64, "hit: Commonwealth steps in its hex (0 in a box)"),
	env.Feature("a_tgt_later", -1, 1, "hit: a position firing later on this chit may hit it too"),
	env.Feature("a_tgt_dist_obj", -1, featFar, "hit: hexes from it to the nearest VP position not destroyed (20 in a box or none on its map)"),
	env.Feature("a_tgt_engineers", -1, 1, "hit: it carries engineers (8.2)"),
	env.Feature("a_tgt_disrupted", -1, 1, "hit: it is already disrupted"),
	env.Feature("a_pos_vp", -1, 10, "move, assault, depth: VP of the position, 0 if none or destroyed"),
	env.Feature("a_pos_dist_cw", -1, featFar, "move, assault, depth: hexes from the position to the nearest Commonwealth unit on its map (20 if none)"),
	env.Feature("a_pos_dist_cw_delta", -featFar, featFar, "move, assault: that distance less u_dist_cw (below 0: nearer); 0 at a depth marker"),
	env.Feature("a_pos_field_cw", -1, 64, "move, assault, depth: Commonwealth units in the position's field of fire"),
	env.Feature("a_pos_cw_strength", -1, 64, "move, assault, depth: Commonwealth strength in the position's hex (an assault die above it pushes them back)"),
	env.Feature("a_pos_type", -1, 5, "depth: the type of the unit receiving the marker, as u_type"),
	env.Feature("a_pos_strength", -1, 10, "depth: its printed strength"),
}

// germanContext are the state features at the head of a state–action row.
var germanContext = []int{fTurn, fTurnsLeft, fDecision, fUType, fUStrength, fUDepth, fUVP, fUFieldCW, fUDistCW, fUHits}

// germanActionFeatureDocs are the features of a German state–action row:
// the context, n_legal, then the action's own.
var germanActionFeatureDocs = env.ActionRowDocs(germanStateFeatureDocs, germanContext, 64, germanActionOwnDocs)

var _ env.Featurer = (*Game)(nil)

// NewFeatureEncoder implements env.Featurer: the Commonwealth seat's
// features on every game (cwfeatures.go), the German seat's where the
// game opens it (opponent=seat).
func (g *Game) NewFeatureEncoder(p env.Player) env.FeatureEncoder {
	switch {
	case p == 0:
		return newCWEncoder(g)
	case p != 1 || !g.opts.OpponentSeat:
		return nil
	}
	e := &germanEncoder{g: g, state: make([]float64, numState)}
	e.areas, e.tracks = featIndex(g.data)
	return e
}

// featIndex looks up featAreas and featTracks in d, -1 where missing.
func featIndex(d *Data) (areas [len(featAreas)]int, tracks [len(featTracks)]int) {
	for i, a := range featAreas {
		areas[i] = indexOf(d.AreaNames, a)
	}
	for i, t := range featTracks {
		tracks[i] = -1
		for k, tr := range d.Tracks {
			if tr.Name == t {
				tracks[i] = k
			}
		}
	}
	return areas, tracks
}

// germanEncoder computes the German seat's features.
type germanEncoder struct {
	g      *Game
	areas  [len(featAreas)]int
	tracks [len(featTracks)]int
	s      *State
	state  []float64
	cwHex  []int16 // hexes of Commonwealth units on the map
	objHex []int16 // hexes of VP positions not destroyed
	rule   env.Action
	ruleOK bool
	group  uint64 // german_fire: the units the priorities leave to choose from
	uDist  int
	nLegal int
	legal  []env.Action
}

// Version implements env.FeatureEncoder.
func (e *germanEncoder) Version() int { return GermanFeatureVersion }

// StateDocs implements env.FeatureEncoder.
func (e *germanEncoder) StateDocs() []env.FeatureDoc { return germanStateFeatureDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *germanEncoder) ActionDocs() []env.FeatureDoc { return germanActionFeatureDocs }

// nearest is the distance in hexes from hex h to the nearest of hexes on
// its map, capped at featFar.
func (e *germanEncoder) nearest(h int, hexes []int16) int { return nearestHex(e.s.data(), h, hexes) }

// fieldCW counts the Commonwealth units in position p's field of fire, on
// the map or in its boxes.
func (s *State) fieldCW(p int) int {
	d, n := s.data(), 0
	for u := range d.CW {
		switch s.cwSt[u] {
		case cwMap:
			if d.fieldsOver[s.cwAt[u]]&(1<<p) != 0 {
				n++
			}
		case cwBox:
			if d.boxFields[s.cwAt[u]]&(1<<p) != 0 {
				n++
			}
		}
	}
	return n
}

// posVP is position p's VP, 0 once destroyed.
func (s *State) posVP(p int) int {
	if s.isDestroyed(p) {
		return 0
	}
	return int(s.data().Positions[p].VP)
}

// hexStrength is the Commonwealth strength in hex h.
func (s *State) hexStrength(h int16) int {
	n := 0
	for u := range s.data().CW {
		if s.onMap(u) && s.cwAt[u] == h {
			n += s.cwStrength(u)
		}
	}
	return n
}

// cwCount counts the Commonwealth units as both seats' features read them.
type cwCount struct {
	onMap, mapSteps, strength, disrupted int // ashore
	box, boxSteps, track, trackSteps     int
	areaSteps                            [len(featAreas)]int // steps ashore by area
}

// countCW counts the Commonwealth units; areas are featAreas' indices.
func (s *State) countCW(areas *[len(featAreas)]int) cwCount {
	var c cwCount
	d := s.data()
	for u := range d.CW {
		st := int(s.cwSteps[u])
		switch s.cwSt[u] {
		case cwMap:
			c.onMap++
			c.mapSteps += st
			c.strength += s.cwStrength(u)
			if s.cwF[u]&(fDisrupted|fAtkDis) != 0 {
				c.disrupted++
			}
			for i, a := range areas {
				if a >= 0 && int(d.Hexes[s.cwAt[u]].Area) == a {
					c.areaSteps[i] += st
				}
			}
		case cwBox:
			c.box++
			c.boxSteps += st
		case cwTrack:
			c.track++
			c.trackSteps += st
		}
	}
	return c
}

// reserves counts what both seats' features read of the depth markers and
// the op chits.
type reserves struct {
	depthBox, depthMap, depthRev int // markers in the Depth box, on units, of those revealed
	cup, drawsLeft               int // op chits in the cup, still to draw this turn (4.1 II)
}

func (s *State) reserves() reserves {
	var r reserves
	for m := range s.data().Depth {
		switch s.depthSt[m] {
		case dBox:
			r.depthBox++
		case dMap:
			r.depthMap++
			if s.depthRev[m] {
				r.depthRev++
			}
		}
	}
	for c := range s.data().Chits {
		if s.chitSt[c] == chCup {
			r.cup++
		}
	}
	if s.phase == phOps || s.phase == phBonus {
		r.drawsLeft = max(0, s.nDraws()-int(s.draws))
	}
	return r
}

// Reset implements env.FeatureEncoder.
func (e *germanEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not a jubilee state", st))
	}
	e.s = s
	d, f := s.data(), e.state
	clear(f)
	f[fTurn], f[fTurnsLeft] = float64(s.turn), float64(max(0, s.opts().Turns-int(s.turn)))
	f[fPoints], f[fObjVP], f[fEvac], f[fElim] = float64(s.Points()), float64(s.vp), float64(s.evacSteps), float64(s.elimSteps)
	if s.roll == rollNone {
		switch s.dec {
		case decGFire:
			f[fDecision] = 1
		case decGMove:
			f[fDecision] = 2
		case decGDepth:
			f[fDecision] = 3
		}
	}
	e.cwHex, e.objHex = e.cwHex[:0], e.objHex[:0]
	for u := range d.CW {
		if s.onMap(u) {
			e.cwHex = append(e.cwHex, s.cwAt[u])
		}
	}
	c := s.countCW(&e.areas)
	f[fCWMap], f[fCWMapSteps], f[fCWStrength], f[fCWDisrupted] = float64(c.onMap), float64(c.mapSteps), float64(c.strength), float64(c.disrupted)
	f[fCWBox], f[fCWBoxSteps], f[fCWTrack] = float64(c.box), float64(c.boxSteps), float64(c.track)
	for i, n := range c.areaSteps {
		f[fAreaSteps+i] = float64(n)
	}
	for p := range d.Positions {
		if d.objPos&(1<<p) == 0 || s.isDestroyed(p) {
			continue
		}
		h := d.Positions[p].Hex
		e.objHex = append(e.objHex, h)
		f[fObjOpen]++
		if e.nearest(int(h), e.cwHex) <= 2 {
			f[fObjThreat]++
		}
	}
	for i, t := range e.tracks {
		if t >= 0 {
			f[fTP+i] = float64(s.tp[t])
		}
	}
	for g, gu := range d.German {
		if s.gPos[g] < 0 {
			continue
		}
		f[fGUnits]++
		f[fGStrength] += float64(gu.Strength)
		if s.gF[g]&gRevealed != 0 {
			f[fGRevealed]++
		}
		if s.gF[g]&gDisrupted != 0 {
			f[fGDisrupted]++
		}
	}
	r := s.reserves()
	f[fDepthBox], f[fDepthMap], f[fCup], f[fDrawsLeft] = float64(r.depthBox), float64(r.depthMap), float64(r.cup), float64(r.drawsLeft)
	for i := fUType; i <= fUHits; i++ {
		f[i] = featNA
	}
	e.uDist, e.group, e.nLegal, e.ruleOK = featFar, 0, 0, false
	if f[fDecision] == 1 || f[fDecision] == 2 {
		p := s.curPos()
		g := int(s.posUnit[p])
		h := int(d.Positions[p].Hex)
		e.uDist = e.nearest(h, e.cwHex)
		f[fUType], f[fUStrength], f[fUDepth] = float64(d.German[g].Type), float64(d.German[g].Strength), 0
		if m := s.gDepth[g]; m >= 0 {
			f[fUDepth] = float64(d.Depth[m].Strength)
		}
		f[fUVP], f[fUFieldCW], f[fUDistCW] = float64(s.posVP(p)), float64(s.fieldCW(p)), float64(e.uDist)
		if f[fDecision] == 1 {
			f[fUHits] = float64(s.hits)
			_, e.group = s.fireGroup(p)
		}
	}
	if s.CurrentPlayer() == 1 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
		e.rule, _ = s.RuleAction()
		e.ruleOK = true
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *germanEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *germanEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.state, germanContext, e.nLegal, numOwn, featNA)
	own[aPosDistCWDelta] = 0
	own[aRules] = env.Flag(e.ruleOK && a == e.rule)
	s, d := e.s, e.s.data()
	i := int(a)
	pos := -1
	switch {
	case i == aPass:
		own[aKind] = 0
	case s.dec == decGFire && i >= aUnit && i < aUnit+len(d.CW):
		u := i - aUnit
		c := &d.CW[u]
		own[aKind] = 1
		own[aTgtType], own[aTgtSteps], own[aTgtStrength] = float64(c.Type), float64(s.cwSteps[u]), float64(s.cwStrength(u))
		own[aTgtLevel] = float64(s.hitLevel(s.curPos(), u))
		own[aTgtGroup], own[aTgtBox] = env.Flag(e.group&(1<<u) != 0), env.Flag(s.cwSt[u] == cwBox)
		own[aTgtHexSteps], own[aTgtDistObj] = 0, featFar
		if s.onMap(u) {
			_, steps := s.hexUnits(s.cwAt[u])
			own[aTgtHexSteps], own[aTgtDistObj] = float64(steps), float64(e.nearest(int(s.cwAt[u]), e.objHex))
		}
		own[aTgtLater] = env.Flag(s.laterFire(1<<u, nil))
		own[aTgtEngineers], own[aTgtDisrupted] = env.Flag(c.Engineers), env.Flag(s.cwF[u]&(fDisrupted|fAtkDis) != 0)
	case s.dec == decGMove && i >= aMove && i < aAttack:
		own[aKind] = 2
		pos = int(d.Hexes[i-aMove].Pos)
	case s.dec == decGMove && i >= aAttack && i < aBarrage:
		own[aKind] = 3
		pos = int(d.Hexes[i-aAttack].Pos)
	case s.dec == decGDepth && i >= aHex && i < aMove:
		own[aKind] = 4
		pos = int(d.Hexes[i-aHex].Pos)
		g := s.posUnit[pos]
		own[aPosType], own[aPosStrength] = float64(d.German[g].Type), float64(d.German[g].Strength)
	default:
		panic(fmt.Sprintf("features: action %s is not a German decision", s.ActionString(a)))
	}
	if pos >= 0 {
		h := d.Positions[pos].Hex
		dist := e.nearest(int(h), e.cwHex)
		own[aPosVP], own[aPosDistCW], own[aPosFieldCW] = float64(s.posVP(pos)), float64(dist), float64(s.fieldCW(pos))
		own[aPosCWStrength] = float64(s.hexStrength(h))
		if s.dec == decGMove {
			own[aPosDistCWDelta] = float64(dist - e.uDist)
		}
	}
	return dst
}
