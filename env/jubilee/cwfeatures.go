package jubilee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The Commonwealth seat's learning features, on every game: what the
// raid's commander counts before choosing a landing box, the unit that
// acts next and what it does (10.1: move, attack, barrage, destroy an
// objective, board), who joins an attack, and the few choices the rules
// leave him (15.1 ties, 6.18 retreats, 8.3 air strike, 8.4 recall, 5.7
// delays, 10.5 infiltration, 10.16 stacking, 16.3), in place of the
// generic encoding of the whole observation. The Commonwealth does not see
// an unrevealed German unit's strength or a face-down depth marker's, and
// the features read neither. See FEATURES.md.

// CommonwealthFeatureVersion numbers the Commonwealth encoding.
const CommonwealthFeatureVersion = 1

// cwDefGuess is the strength an unrevealed German unit is reckoned at in
// a_tgt_def (a face-down depth marker at half of it), as the raid plan
// reckons it (KnownDefence).
const cwDefGuess = 3

// The maps whose evacuation mode is read, by their printed names.
var featMaps = [...]string{"Yellow", "Dieppe", "Orange"}

// Commonwealth state features, by index.
const (
	csTurn = iota
	csTurnsLeft
	csDecision
	csPhase
	csPoints
	csObjVP
	csEvac
	csElim
	csElim3
	csObjOpen
	csObjThreat
	csCWMap
	csCWMapSteps
	csCWStrength
	csCWDisrupted
	csCWInFire
	csCWBox
	csCWBoxSteps
	csCWTrack
	csCWTrackSteps
	csAreaSteps // one per featAreas
)

// csTP begins the transport points, one per featTracks; csEvacMap the
// evacuation flags, one per featMaps.
const (
	csTP      = csAreaSteps + len(featAreas)
	csEvacMap = csTP + len(featTracks)
)

// The rest: the tank wall, replacements, the Germans in sight, the cup,
// the unit deciding and the attack being declared.
const (
	csWallDown = csEvacMap + len(featMaps) + iota
	csRepl
	csGUnits
	csGRevealed
	csGDisrupted
	csGStrength
	csDepthMap
	csDepthRevealed
	csDepthBox
	csCup
	csDrawsLeft
	csUType
	csUSteps
	csUStrength
	csUWhere
	csUDanger
	csUDistObj
	csUDistBeach
	csUDistGerman
	csUEvac
	csAtkUnits
	csAtkStrength
	csAtkDef
	numCState
)

// cwDecisionDoc lists the Commonwealth decisions as the feature decision
// numbers them: s.dec itself.
var cwDecisionDoc = func() string {
	var b strings.Builder
	b.WriteString("pending Commonwealth decision: 0 none")
	for i := decRemove; i < decGFire; i++ {
		fmt.Fprintf(&b, ", %d %s", i, decNames[i])
	}
	return b.String()
}()

// cwStateFeatureDocs are the Commonwealth state features, in order; those
// both seats count read as the German's.
var cwStateFeatureDocs = func() []env.FeatureDoc {
	g := germanStateFeatureDocs
	fs := []env.FeatureDoc{
		g[fTurn], g[fTurnsLeft],
		env.Feature("decision", 0, float64(decGFire-1), cwDecisionDoc),
		env.Feature("phase", 0, 6, "phase of the turn (4.1): 0 set-up, 1 I amphibious transport, 2 II operations, 3 II commando actions (10.19), 4 III CW actions, 5 IV end of turn, 6 game over"),
		env.Feature("points", -20, 200, "running Commonwealth victory points (14.3): objective VP plus evacuated steps less the variants' penalty"),
		g[fObjVP], g[fEvac], g[fElim],
		env.Feature("elim_three_step", 0, 64, "three-step infantry counters in the Eliminated Units box (12.2: at 10 the Dieppe map evacuates)"),
		g[fObjOpen],
		env.Feature("obj_threat", 0, 64, "of those, the ones with a Commonwealth unit within 2 hexes"),
		g[fCWMap], g[fCWMapSteps], g[fCWStrength], g[fCWDisrupted],
		env.Feature("cw_in_fire", 0, 64, "of them, in the field of fire of an occupied, undisrupted German position (6.22)"),
		g[fCWBox], g[fCWBoxSteps], g[fCWTrack],
		env.Feature("cw_track_steps", 0, 200, "their steps"),
	}
	fs = append(fs, g[fAreaSteps:fTP+len(featTracks)]...) // steps by area, TP by track
	for _, m := range featMaps {
		fs = append(fs, env.Feature("evac_"+strings.ToLower(m), 0, 1, "the "+m+" map is in evacuation mode (12.1)"))
	}
	return append(fs,
		env.Feature("wall_down", 0, 1, "the tank wall is down (8.2)"),
		env.Feature("repl_left", 0, 20, "one-step replacement counters left (6.9)"),
		g[fGUnits], g[fGRevealed], g[fGDisrupted],
		env.Feature("g_revealed_strength", 0, 200, "printed strength of the revealed ones"),
		g[fDepthMap],
		env.Feature("depth_revealed", 0, 24, "of them, revealed"),
		g[fDepthBox], g[fCup], g[fDrawsLeft],
		env.Feature("u_type", -1, 2, "the unit deciding (the one arriving, delayed, drifting, selected or infiltrating, or the attack's first unit): 0 infantry, 1 commando, 2 tank (NA=-1 where no unit decides, as for every u_ feature)"),
		env.Feature("u_steps", -1, 3, "its steps"),
		env.Feature("u_strength", -1, 10, "its strength"),
		env.Feature("u_where", -1, 2, "0 on the turn track, 1 in a Beach Landing box, 2 on the map"),
		env.Feature("u_danger", -1, 64, "live German fields of fire over its hex or box (0 on the track)"),
		env.Feature("u_dist_obj", -1, featFar, "on the map: hexes to the nearest VP position not destroyed on its map (20 if none)"),
		env.Feature("u_dist_beach", -1, featFar, "on the map: hexes to the nearest beach hex with a Beach Landing box to board from (10.8)"),
		env.Feature("u_dist_german", -1, featFar, "on the map: hexes to the nearest German-held hex (20 if none)"),
		env.Feature("u_evac", -1, 1, "its map is in evacuation mode"),
		env.Feature("atk_units", -1, 8, "join, attrition: units in the attack declared (11.2; NA=-1 elsewhere, as for every atk_ feature)"),
		env.Feature("atk_strength", -1, 64, "their total strength"),
		env.Feature("atk_def", -1, 20, "the defence as the Commonwealth knows it: a revealed unit's strength, else 3, plus terrain (15.2), plus a revealed depth marker's strength, a face-down one 1"),
	)
}()

// The action's own features.
const (
	caKind = iota
	caSteps
	caTPAfter
	caVP
	caDistObj
	caDistObjDelta
	caDistBeachDelta
	caDistGermanDelta
	caDanger
	caStack
	caHexes
	caInfiltrate
	caBoarding
	caTgtRevealed
	caTgtDisrupted
	caTgtDepth
	caTgtDef
	caAttStrength
	caOdds
	caAttHexes
	caAttHW
	caAttCdo
	caBarrageFaces
	caUnitType
	caUnitStrength
	caUnitCanDestroy
	caUnitCanBoard
	caUnitAttacks
	caFieldCW
	numCOwn
)

var cwActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 12, "0 pass (end the phase, end the unit's action, resolve the attack, no attrition), 1 yes, 2 no, 3 destroy an objective (10.7), 4 board (10.8), 5 board 1 or 2 steps by making change (10.9), 6 move, 7 attack, 8 barrage (11.13), 9 a unit (to act, join, take a hit, lose a step, be eliminated), 10 a Beach Landing box, 11 a hex (to remove, strike from the air, retreat to), 12 a transport track (8.4)"),
	env.Feature("a_steps", -1, 3, "board, making change: steps that board; a unit: its steps"),
	env.Feature("a_tp_after", -1, 10, "board, making change: transport points left on the track this phase after it boards; track: its transport points"),
	env.Feature("a_vp", -1, 10, "destroy, attack, barrage, a position's hex: VP of the position, 0 if none or destroyed"),
	env.Feature("a_dist_obj", -1, featFar, "move, retreat: hexes from the hex to the nearest VP position not destroyed on its map (20 if none); box: from its beach hex; unit: from the unit's hex (20 off the map)"),
	env.Feature("a_dist_obj_delta", -featFar, featFar, "move: a_dist_obj less u_dist_obj (below 0: nearer)"),
	env.Feature("a_dist_beach_delta", -featFar, featFar, "move: the same to the nearest beach hex to board from"),
	env.Feature("a_dist_german_delta", -featFar, featFar, "move: the same to the nearest German-held hex"),
	env.Feature("a_danger", -1, 64, "move, retreat, a unit: live German fields of fire over the hex (the unit's, 0 off the map); box: over the box"),
	env.Feature("a_stack", -1, 6, "move, retreat: Commonwealth units already in the hex (10.16: more than two are over-stacked); box: units already in the box"),
	env.Feature("a_hexes", -1, 3, "move: hexes moved (10.2)"),
	env.Feature("a_infiltrate", -1, 1, "move: it passes a German position whose field covers both hexes, a special draw (10.5)"),
	env.Feature("a_boarding", -1, 1, "move, retreat: the hex has a Beach Landing box to board from (10.8)"),
	env.Feature("a_tgt_revealed", -1, 1, "attack, barrage, a position's hex: its German unit is revealed"),
	env.Feature("a_tgt_disrupted", -1, 1, "the same: it is disrupted"),
	env.Feature("a_tgt_depth", -1, 2, "the same: its depth marker, 0 none, 1 face down, 2 revealed"),
	env.Feature("a_tgt_def", -1, 20, "attack, barrage, join's pass: the defence as atk_def reckons it"),
	env.Feature("a_att_strength", -1, 64, "attack, join (the attack with the unit joining), join's pass (as declared): the attackers' total strength; barrage: the tank's"),
	env.Feature("a_odds", -1, 3, "attack, join, join's pass: the row of the CW Attack Results Table (15.2) for a_att_strength against a_tgt_def: 0 less, 1 equal, 2 more, 3 two to one or more"),
	env.Feature("a_att_hexes", -1, 6, "the same: hexes next to the target the attackers stand in (11.6, 11.7)"),
	env.Feature("a_att_hw", -1, 1, "the same: an attacker has heavy weapons (11.5)"),
	env.Feature("a_att_cdo", -1, 1, "the same: a commando among them, the wild card of 11.8"),
	env.Feature("a_barrage_faces", -1, 6, "barrage: die faces that disrupt the unit (11.13: die plus the tank's strength)"),
	env.Feature("a_unit_type", -1, 2, "a unit: 0 infantry, 1 commando, 2 tank"),
	env.Feature("a_unit_strength", -1, 10, "a unit: its strength"),
	env.Feature("a_unit_can_destroy", -1, 1, "a unit: it stands on a VP position not destroyed (10.7)"),
	env.Feature("a_unit_can_board", -1, 1, "a unit: it may board now (10.8)"),
	env.Feature("a_unit_attacks", -1, 6, "a unit: German-held hexes next to it, across no cliff or river, not yet attacked or barraged this phase (0 for a tank)"),
	env.Feature("a_field_cw", -1, 64, "a position's hex (remove, air strike): Commonwealth units in its field of fire, on the map or in its boxes"),
}

// cwContext are the state features at the head of a Commonwealth
// state–action row.
var cwContext = []int{csTurn, csTurnsLeft, csDecision, csPhase, csUType, csUSteps, csUStrength, csUWhere, csUDanger,
	csUDistObj, csUDistBeach, csUDistGerman, csUEvac, csAtkUnits, csAtkStrength, csAtkDef}

var cwActionFeatureDocs = env.ActionRowDocs(cwStateFeatureDocs, cwContext, 64, cwActionOwnDocs)

// The action kinds, as a_kind.
const (
	ckPass = iota
	ckYes
	ckNo
	ckDestroy
	ckBoard
	ckChange
	ckMove
	ckAttack
	ckBarrage
	ckUnit
	ckBox
	ckHex
	ckTrack
)

// newCWEncoder builds the Commonwealth encoder for g's data.
func newCWEncoder(g *Game) *cwEncoder {
	d := g.data
	e := &cwEncoder{g: g, state: make([]float64, numCState)}
	e.areas, e.tracks = featIndex(d)
	for i, m := range featMaps {
		e.maps[i] = indexOf(d.MapNames, m)
	}
	for h, x := range d.Hexes {
		if x.Box >= 0 {
			e.beachHex = append(e.beachHex, int16(h))
		}
	}
	return e
}

// cwEncoder computes the Commonwealth seat's features.
type cwEncoder struct {
	g        *Game
	areas    [len(featAreas)]int
	tracks   [len(featTracks)]int
	maps     [len(featMaps)]int
	beachHex []int16 // hexes with a Beach Landing box to board from, fixed by the map
	s        *State
	state    []float64
	live     uint64  // positions whose fields are live
	objHex   []int16 // hexes of VP positions not destroyed
	gHex     []int16 // German-held hexes
	uHex     int     // the deciding unit's hex, or -1
	here     [3]int  // its distances: objective, beach, German
	nLegal   int
	legal    []env.Action
}

func (e *cwEncoder) Version() int                 { return CommonwealthFeatureVersion }
func (e *cwEncoder) StateDocs() []env.FeatureDoc  { return cwStateFeatureDocs }
func (e *cwEncoder) ActionDocs() []env.FeatureDoc { return cwActionFeatureDocs }

// dists are the distances from hex h to the nearest objective, beach to
// board from and German-held hex on its map.
func (e *cwEncoder) dists(h int) [3]int {
	d := e.s.data()
	return [3]int{nearestHex(d, h, e.objHex), nearestHex(d, h, e.beachHex), nearestHex(d, h, e.gHex)}
}

// danger counts the live fields of fire over hex h.
func (e *cwEncoder) danger(h int) int { return popcount(e.s.data().fieldsOver[h] & e.live) }

// Reset implements env.FeatureEncoder.
func (e *cwEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not a jubilee state", st))
	}
	e.s = s
	d, f := s.data(), e.state
	clear(f)
	f[csTurn], f[csTurnsLeft] = float64(s.turn), float64(max(0, s.opts().Turns-int(s.turn)))
	f[csPhase] = float64(s.phase)
	f[csPoints], f[csObjVP], f[csEvac], f[csElim] = float64(s.Points()), float64(s.vp), float64(s.evacSteps), float64(s.elimSteps)
	f[csElim3] = float64(s.elim3)
	if s.roll == rollNone && s.dec < decGFire {
		f[csDecision] = float64(s.dec)
	}
	e.live = s.liveMask()
	e.objHex, e.gHex = e.objHex[:0], e.gHex[:0]
	for p := range d.Positions {
		h := d.Positions[p].Hex
		if s.posUnit[p] >= 0 {
			e.gHex = append(e.gHex, h)
		}
		if d.objPos&(1<<p) != 0 && !s.isDestroyed(p) {
			e.objHex = append(e.objHex, h)
		}
	}
	f[csObjOpen] = float64(len(e.objHex))
	c := s.countCW(&e.areas)
	f[csCWMap], f[csCWMapSteps], f[csCWStrength], f[csCWDisrupted] = float64(c.onMap), float64(c.mapSteps), float64(c.strength), float64(c.disrupted)
	f[csCWBox], f[csCWBoxSteps], f[csCWTrack], f[csCWTrackSteps] = float64(c.box), float64(c.boxSteps), float64(c.track), float64(c.trackSteps)
	for i, n := range c.areaSteps {
		f[csAreaSteps+i] = float64(n)
	}
	for u := range d.CW {
		if s.onMap(u) && e.danger(int(s.cwAt[u])) > 0 {
			f[csCWInFire]++
		}
	}
	for _, h := range e.objHex {
		for u := range d.CW {
			if s.onMap(u) && d.Distance(int(h), int(s.cwAt[u])) <= 2 {
				f[csObjThreat]++
				break
			}
		}
	}
	for i, t := range e.tracks {
		if t >= 0 {
			f[csTP+i] = float64(s.tp[t])
		}
	}
	for i, m := range e.maps {
		if m >= 0 {
			f[csEvacMap+i] = env.Flag(s.evac[m])
		}
	}
	f[csWallDown] = env.Flag(s.wallDown)
	f[csRepl] = float64(s.repl[0]) + float64(s.repl[1]) + float64(s.repl[2])
	for g, gu := range d.German {
		if s.gPos[g] < 0 {
			continue
		}
		f[csGUnits]++
		if s.gF[g]&gRevealed != 0 {
			f[csGRevealed]++
			f[csGStrength] += float64(gu.Strength)
		}
		if s.gF[g]&gDisrupted != 0 {
			f[csGDisrupted]++
		}
	}
	r := s.reserves()
	f[csDepthBox], f[csDepthMap], f[csDepthRevealed], f[csCup], f[csDrawsLeft] = float64(r.depthBox), float64(r.depthMap), float64(r.depthRev), float64(r.cup), float64(r.drawsLeft)
	for i := csUType; i <= csAtkDef; i++ {
		f[i] = featNA
	}
	e.uHex, e.here = -1, [3]int{featFar, featFar, featFar}
	switch s.dec {
	case decBox, decDelay, decVerb, decJoin, decAttrition, decInfil, decDrift:
		if s.roll != rollNone || s.sel < 0 {
			break
		}
		u := int(s.sel)
		f[csUType], f[csUSteps], f[csUStrength] = float64(d.CW[u].Type), float64(s.cwSteps[u]), float64(s.cwStrength(u))
		f[csUEvac], f[csUDanger] = env.Flag(s.evac[s.mapOfUnit(u)]), 0
		switch s.cwSt[u] {
		case cwTrack:
			f[csUWhere] = 0
		case cwBox:
			f[csUWhere], f[csUDanger] = 1, float64(popcount(d.boxFields[s.cwAt[u]]&e.live))
		case cwMap:
			e.uHex = int(s.cwAt[u])
			e.here = e.dists(e.uHex)
			f[csUWhere], f[csUDanger] = 2, float64(e.danger(e.uHex))
			f[csUDistObj], f[csUDistBeach], f[csUDistGerman] = float64(e.here[0]), float64(e.here[1]), float64(e.here[2])
		}
		if (s.dec == decJoin || s.dec == decAttrition) && s.tgt >= 0 {
			f[csAtkUnits], f[csAtkStrength] = float64(popcount(s.atk)), 0
			for v := range d.CW {
				if s.atk&(1<<v) != 0 {
					f[csAtkStrength] += float64(s.cwStrength(v))
				}
			}
			def, _ := s.KnownDefence(int(d.Positions[s.tgt].Hex), cwDefGuess)
			f[csAtkDef] = float64(def)
		}
	}
	e.nLegal = 0
	if s.CurrentPlayer() == 0 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *cwEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *cwEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.state, cwContext, e.nLegal, numCOwn, featNA)
	own[caDistObjDelta], own[caDistBeachDelta], own[caDistGermanDelta] = 0, 0, 0
	s, d := e.s, e.s.data()
	u := int(s.sel)
	i := int(a)
	switch {
	case i == aPass:
		own[caKind] = ckPass
		if s.dec == decJoin {
			e.attack(own, int(d.Positions[s.tgt].Hex), s.atk)
		}
	case i == aYes:
		own[caKind] = ckYes
	case i == aNo:
		own[caKind] = ckNo
	case i == aDestroy:
		own[caKind] = ckDestroy
		own[caVP] = float64(s.posVP(int(d.Hexes[s.cwAt[u]].Pos)))
	case i == aBoard || i == aChange || i == aChange+1:
		own[caKind], own[caSteps] = ckBoard, float64(s.cwSteps[u])
		cost := s.boardCost(u)
		if i != aBoard {
			own[caKind], own[caSteps] = ckChange, float64(i-aChange+1)
			cost = i - aChange + 1
		}
		t := d.Boxes[d.Hexes[s.cwAt[u]].Box].Track
		own[caTPAfter] = float64(max(0, int(s.tp[t]-s.boarded[t])-cost))
	case s.dec == decVerb && i >= aMove && i < aAttack:
		h := i - aMove
		own[caKind] = ckMove
		there := e.dists(h)
		own[caDistObj] = float64(there[0])
		own[caDistObjDelta], own[caDistBeachDelta], own[caDistGermanDelta] = float64(there[0]-e.here[0]), float64(there[1]-e.here[1]), float64(there[2]-e.here[2])
		e.hex(own, h)
		own[caHexes] = float64(min(3, d.dist(e.uHex, h)))
		own[caInfiltrate] = env.Flag(d.CW[u].Type != Tank && d.dist(e.uHex, h) == 1 && s.infiltrated(e.uHex, h) >= 0)
	case s.dec == decVerb && i >= aAttack && i < aBarrage:
		own[caKind] = ckAttack
		e.target(own, i-aAttack)
		e.attack(own, i-aAttack, 1<<u)
	case s.dec == decVerb && i >= aBarrage:
		h := i - aBarrage
		own[caKind] = ckBarrage
		e.target(own, h)
		own[caTgtDef] = float64(e.def(h))
		own[caAttStrength] = float64(s.cwStrength(u))
		own[caBarrageFaces] = float64(max(0, min(6, 7-(int(d.BarrageDis)-s.cwStrength(u)))))
	case i >= aUnit && i < aBox:
		v := i - aUnit
		own[caKind] = ckUnit
		own[caSteps], own[caUnitType], own[caUnitStrength] = float64(s.cwSteps[v]), float64(d.CW[v].Type), float64(s.cwStrength(v))
		own[caDistObj], own[caDanger], own[caUnitCanDestroy], own[caUnitCanBoard], own[caUnitAttacks] = featFar, 0, 0, 0, 0
		if s.onMap(v) {
			h := int(s.cwAt[v])
			own[caDistObj], own[caDanger] = float64(nearestHex(d, h, e.objHex)), float64(e.danger(h))
			own[caUnitCanDestroy], own[caUnitCanBoard] = env.Flag(s.canDestroy(v)), env.Flag(s.canBoard(v))
			own[caUnitAttacks] = float64(s.attacksFrom(v))
		}
		if s.dec == decJoin {
			e.attack(own, int(d.Positions[s.tgt].Hex), s.atk|1<<v)
		}
	case i >= aBox && i < aTrack:
		b := i - aBox
		own[caKind] = ckBox
		own[caDistObj] = float64(nearestHex(d, int(d.Boxes[b].Beach), e.objHex))
		own[caDanger], own[caStack] = float64(popcount(d.boxFields[b]&e.live)), float64(s.boxUnits(b))
	case i >= aTrack && i < aHex:
		own[caKind] = ckTrack
		own[caTPAfter] = float64(s.tp[i-aTrack])
	case i >= aHex && i < aMove:
		h := i - aHex
		own[caKind] = ckHex
		if p := int(d.Hexes[h].Pos); s.dec != decRetreat && p >= 0 {
			e.target(own, h)
			own[caFieldCW] = float64(s.fieldCW(p))
		} else {
			own[caDistObj] = float64(nearestHex(d, h, e.objHex))
			e.hex(own, h)
		}
	default:
		panic(fmt.Sprintf("features: action %s is not a Commonwealth decision", s.ActionString(a)))
	}
	return dst
}

// hex fills the features of a hex a unit moves or retreats to.
func (e *cwEncoder) hex(own []float64, h int) {
	n, _ := e.s.hexUnits(int16(h))
	own[caDanger], own[caStack] = float64(e.danger(h)), float64(n)
	own[caBoarding] = env.Flag(e.s.data().Hexes[h].Box >= 0)
}

// target fills the features of the German position in hex h as the
// Commonwealth sees it.
func (e *cwEncoder) target(own []float64, h int) {
	s, d := e.s, e.s.data()
	p := int(d.Hexes[h].Pos)
	own[caVP] = float64(s.posVP(p))
	g := s.posUnit[p]
	if g < 0 {
		return
	}
	own[caTgtRevealed], own[caTgtDisrupted], own[caTgtDepth] = env.Flag(s.gF[g]&gRevealed != 0), env.Flag(s.gF[g]&gDisrupted != 0), 0
	if m := s.gDepth[g]; m >= 0 {
		own[caTgtDepth] = 1
		if s.depthRev[m] {
			own[caTgtDepth] = 2
		}
	}
}

// def is the defence of German-held hex h as the Commonwealth reckons it.
func (e *cwEncoder) def(h int) int {
	def, _ := e.s.KnownDefence(h, cwDefGuess)
	return min(20, def)
}

// attack fills the features of an attack by the units of atk on hex h:
// the odds row against the defence reckoned, the hexes it comes from, its
// heavy weapons and commandos.
func (e *cwEncoder) attack(own []float64, h int, atk uint64) {
	s, d := e.s, e.s.data()
	def := e.def(h)
	str, from, hw, cdo := 0, [6]int16{}, false, false
	nf := 0
	for v := range d.CW {
		if atk&(1<<v) == 0 {
			continue
		}
		str += s.cwStrength(v)
		hw = hw || s.cwHW(v)
		cdo = cdo || d.CW[v].Type == Commando
		if x := s.cwAt[v]; s.adjacentTo(int(x), h) && !slices.Contains(from[:nf], x) {
			from[nf] = x
			nf++
		}
	}
	own[caTgtDef], own[caAttStrength], own[caOdds] = float64(def), float64(min(64, str)), float64(oddsRow(str, def))
	own[caAttHexes], own[caAttHW], own[caAttCdo] = float64(nf), env.Flag(hw), env.Flag(cdo)
}

// attacksFrom counts the German-held hexes unit u, on the map, may attack
// now (10.1, 11.11): next to it, across no cliff or river; none for a tank.
func (s *State) attacksFrom(u int) int {
	d := s.data()
	if d.CW[u].Type == Tank {
		return 0
	}
	h, n := int(s.cwAt[u]), 0
	for dir, x := range d.nbr[h] {
		if x >= 0 && d.side[h][dir]&(sCliff|sRiver) == 0 && s.attackable(int(x)) {
			n++
		}
	}
	return n
}

// nearestHex is the distance in hexes from hex h to the nearest of hexes
// on its map, capped at featFar (which also stands for none).
func nearestHex(d *Data, h int, hexes []int16) int {
	best := featFar
	for _, x := range hexes {
		best = min(best, d.Distance(h, int(x)))
	}
	return best
}
