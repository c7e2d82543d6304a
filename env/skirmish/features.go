package skirmish

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The German seat's learning features (opponent=seat): a few dozen
// integers a German player counts before picking the unit to activate, the
// one his officer directs, a unit's next action or a pillbox's target. The
// game has no hidden information. Distances are whole inches. See
// FEATURES.md. The British seat keeps the generic encoding.

// GermanFeatureVersion numbers the German encoding.
const GermanFeatureVersion = 1

// featFar caps distances in inches; it also stands for "no such figure
// or place". featNA is a feature that does not apply.
const (
	featFar = 60
	featNA  = -1
)

// German state features, by index.
const (
	fTurn = iota
	fTurnsLeft
	fDecision
	fAlert
	fAlarm
	fVP
	fPower
	fLit
	fBOn
	fBToLand
	fBLost
	fBExited
	fBSeen
	fBOpen
	fBAtWork
	fBLitOn
	fBDemo
	fTargetsLeft
	fTargetsThreatened
	fWireLeft
	fGOn
	fGReady
	fGShooters
	fGPool
	fGLost
	fDistBG
	fDistBTarget
	fDistBExit
	fUKind
	fUOfficer
	fUActs
	fUCover
	fUDistB
	fUBClose
	fUBShootable
	fUDistTarget
	fUGuarding
	fUMayMove
	fUMayShoot
	numState
)

// germanStateFeatureDocs are the German state features, in order.
var germanStateFeatureDocs = []env.FeatureDoc{
	env.Feature("turn", 1, 20, "game turn"),
	env.Feature("turns_left", 0, 19, "turns after the current one"),
	env.Feature("decision", 0, 4, "pending German decision: 0 none, 1 activate (pick a unit, an officer to direct, or end), 2 direct (the unit the officer gives +1), 3 action (the acting unit's next action), 4 pillbox (its target)"),
	env.Feature("alert", 0, 1, "the reaction set in force: 0 sleepy, 1 alert (G1-G5)"),
	env.Feature("alarm", 0, 1, "the garrison is Raised (G1)"),
	env.Feature("vp", -40, 160, "running British VP, clamped: the German wants them low"),
	env.Feature("power", 0, 1, "the power station stands (or the scenario has none): searchlights may be lit"),
	env.Feature("lights_lit", 0, 32, "searchlights lit and working"),
	env.Feature("b_on", 0, 32, "commando units on the table"),
	env.Feature("b_to_land", 0, 32, "commando units still to land"),
	env.Feature("b_lost", 0, 32, "commando units eliminated"),
	env.Feature("b_exited", 0, 32, "commando units that left by the exit edge"),
	env.Feature("b_seen", 0, 32, "commando units on the table some German figure could shoot now (in range, line of sight, arc, and within 6\" while Quiet)"),
	env.Feature("b_open", 0, 32, "commando units on the table not in cover"),
	env.Feature("b_at_work", 0, 32, "commando units touching an intact target or uncut wire"),
	env.Feature("b_lit", 0, 32, "commando units picked out by a lit searchlight (-2 to activate)"),
	env.Feature("b_demo", 0, 32, "demolition units on the table"),
	env.Feature("targets_left", 0, 32, "demolition targets still standing"),
	env.Feature("targets_threatened", 0, 32, "standing targets with a demolition unit within 12\" of their point"),
	env.Feature("wire_left", 0, 32, "barbed wire sections not cut"),
	env.Feature("g_on", 0, 32, "German figures on the table, pillboxes and searchlights included"),
	env.Feature("g_ready", 0, 32, "German units that may still activate this turn (awake and not yet activated, G4)"),
	env.Feature("g_shooters", 0, 32, "German units and pillboxes that could shoot a commando now"),
	env.Feature("g_pool", 0, 32, "German reinforcements still in the pool (G5)"),
	env.Feature("g_lost", 0, 32, "German figures eliminated"),
	env.Feature("dist_bg", 0, featFar, "least distance in inches from a German figure to a commando unit (60 if none)"),
	env.Feature("dist_b_target", 0, featFar, "least distance from a commando unit to a standing target's point (60 if none)"),
	env.Feature("dist_b_exit", 0, featFar, "least distance from a commando unit to an exit edge (60 if none)"),
	env.Feature("u_kind", -1, 7, "the deciding figure (the acting unit, the pillbox firing, the officer directing): 2 infantry, 3 motorcycle, 4 armoured car, 5 half-track, 6 pillbox (NA=-1 when none decides, as for every u_ feature)"),
	env.Feature("u_officer", -1, 1, "it is an officer"),
	env.Feature("u_acts", -1, 3, "its actions left (at an action; -1 otherwise)"),
	env.Feature("u_cover", -1, 1, "it stands in cover"),
	env.Feature("u_dist_b", -1, featFar, "its distance in inches to the nearest commando unit (60 if none)"),
	env.Feature("u_b_close", -1, 32, "commando units within 6\" of it (it may only move away)"),
	env.Feature("u_b_shootable", -1, 32, "commando units it could shoot now"),
	env.Feature("u_dist_target", -1, featFar, "its distance to the nearest standing target's point (60 if none)"),
	env.Feature("u_guarding", -1, 1, "it guards (G4.3): within 6\" of a standing target's point with a commando within 12\" of it"),
	env.Feature("u_may_move", -1, 1, "it may still move this activation (at an action)"),
	env.Feature("u_may_shoot", -1, 1, "it may still shoot this activation (at an action)"),
}

// The action's own features.
const (
	aKind = iota
	aRules
	aLOS
	aBand
	aFigKind
	aFigOfficer
	aFigDistB
	aFigBoosted
	aFigGuarding
	aTgtDist
	aTgtHitOn
	aTgtCover
	aTgtAtWork
	aTgtDemo
	aTgtOfficer
	aTgtLit
	aToLen
	aToDistB
	aToDelta
	aToCover
	aToShootable
	aToDistTarget
	aToStopped
	numOwn
)

var germanActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 6, "0 end (the phase, the activation, or the pillbox holds fire), 1 activate a unit, 2 an officer directs, 3 the unit he directs, 4 move, 5 shoot, 6 cut wire"),
	env.Feature("a_rules", 0, 1, "1 if the reaction rules (G1-G5) choose this action: what the agent rules plays"),
	env.Feature("a_los", -1, 1, "a commando unit within 12\" in line of sight: of the unit picked (activate, direct), from where the move ends, or the target shot at (always 1)"),
	env.Feature("a_band", -1, 2, "range band to the nearest commando from the same place (the target, for a shot): 0 within 6\", 1 within 12\", 2 beyond"),
	env.Feature("a_fig_kind", -1, 7, "activate, direct: the unit picked, its kind as u_kind"),
	env.Feature("a_fig_officer", -1, 1, "activate, direct: it is an officer"),
	env.Feature("a_fig_dist_b", -1, featFar, "activate, direct: its distance to the nearest commando unit"),
	env.Feature("a_fig_boosted", -1, 1, "activate, direct: an officer has given it +1 this turn"),
	env.Feature("a_fig_guarding", -1, 1, "activate, direct: it guards a target (G4.3)"),
	env.Feature("a_tgt_dist", -1, featFar, "shoot: the distance to the commando unit shot at"),
	env.Feature("a_tgt_hit_on", -1, 6, "shoot: the die that hits: 4, one more in cover, one more beyond 6\""),
	env.Feature("a_tgt_cover", -1, 1, "shoot: the target is in cover"),
	env.Feature("a_tgt_at_work", -1, 1, "shoot: it touches an intact target or uncut wire"),
	env.Feature("a_tgt_demo", -1, 1, "shoot: it is a demolition unit"),
	env.Feature("a_tgt_officer", -1, 1, "shoot: it is an officer"),
	env.Feature("a_tgt_lit", -1, 1, "shoot: a lit searchlight picks it out"),
	env.Feature("a_to_len", -1, 12, "move: inches moved"),
	env.Feature("a_to_dist_b", -1, featFar, "move: distance from where it ends to the nearest commando unit"),
	env.Feature("a_to_delta", -featFar, featFar, "move: that distance less u_dist_b (below 0: nearer, above: farther)"),
	env.Feature("a_to_cover", -1, 1, "move: it ends in cover"),
	env.Feature("a_to_shootable", -1, 32, "move: commando units it could shoot from there"),
	env.Feature("a_to_dist_target", -1, featFar, "move: distance from there to the nearest standing target's point"),
	env.Feature("a_to_stopped", -1, 1, "move: the 6\" stop cuts it short"),
}

// germanContext are the state features at the head of a state–action row.
var germanContext = []int{fTurn, fTurnsLeft, fDecision, fAlert, fAlarm, fUKind, fUActs, fUCover, fUDistB, fUBClose, fUBShootable, fUGuarding}

// germanActionFeatureDocs are the features of a German state–action row:
// the context, n_legal, then the action's own.
var germanActionFeatureDocs = env.ActionRowDocs(germanStateFeatureDocs, germanContext, numActions, germanActionOwnDocs)

var _ env.Featurer = (*Game)(nil)

// NewFeatureEncoder implements env.Featurer: the German seat's features
// where the game opens it; nil for the British, whose learners use the
// generic encoding.
func (g *Game) NewFeatureEncoder(p env.Player) env.FeatureEncoder {
	if p != German || !g.opts.Seat {
		return nil
	}
	return &germanEncoder{state: make([]float64, numState)}
}

// germanEncoder computes the German seat's features.
type germanEncoder struct {
	s      *State
	state  []float64
	uDist  int // u_dist_b, for a move's delta
	rule   env.Action
	ruled  bool
	nLegal int
	legal  []env.Action
}

// Version implements env.FeatureEncoder.
func (e *germanEncoder) Version() int { return GermanFeatureVersion }

// StateDocs implements env.FeatureEncoder.
func (e *germanEncoder) StateDocs() []env.FeatureDoc { return germanStateFeatureDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *germanEncoder) ActionDocs() []env.FeatureDoc { return germanActionFeatureDocs }

// inchesFar rounds hundredths to whole inches, capped at featFar.
func inchesFar(h int64) int { return int(min((h+Inch/2)/Inch, featFar)) }

// segDist is the distance in hundredths from p to the segment ab.
func segDist(a, b, p pt) int64 {
	d, w := b.sub(a), p.sub(a)
	t, l := w.dot(d), d.norm2()
	switch {
	case t <= 0 || l == 0:
		return length(w)
	case t >= l:
		return length(p.sub(b))
	}
	c := d.cross(w)
	if c < 0 {
		c = -c
	}
	return c / length(d)
}

// nearestB is the distance in inches from p to the nearest commando on
// the table (featFar if none).
func (s *State) nearestB(p pt) int {
	best := int64(-1)
	for j := range s.nf() {
		if s.side(j) == British && s.on(j) {
			if dd := dist2(p, s.f[j].pos()); best < 0 || dd < best {
				best = dd
			}
		}
	}
	if best < 0 {
		return featFar
	}
	return inchesFar(isqrt(best))
}

// nearestTarget is the distance in inches from p to the nearest standing
// target's point (featFar if none).
func (s *State) nearestTarget(p pt) int {
	best := int64(-1)
	for f, ft := range s.data().Features {
		if ft.Kind == FTarget && !s.isGone(f) {
			if dd := dist2(p, ft.At); best < 0 || dd < best {
				best = dd
			}
		}
	}
	if best < 0 {
		return featFar
	}
	return inchesFar(isqrt(best))
}

// sightsFrom counts the commandos a German unit standing at p could shoot:
// within 12" (6" while Quiet) and in line of sight.
func (s *State) sightsFrom(p pt) int {
	r := int64(Range)
	if !s.alarm {
		r = min(r, s.g.react.SentryRange)
	}
	n := 0
	for j := range s.nf() {
		if s.side(j) == British && s.on(j) && within(p, s.f[j].pos(), r) && s.los(p, s.f[j].pos()) {
			n++
		}
	}
	return n
}

// shootable counts the commandos figure i could shoot now.
func (s *State) shootable(i int) int {
	n := 0
	for j := range s.nf() {
		if s.side(j) == British && s.canShoot(i, j) {
			n++
		}
	}
	return n
}

// band is the range band of a distance in inches: 0 within 6", 1 within
// 12", 2 beyond.
func band(in int) float64 {
	switch {
	case in <= ShortRange/Inch:
		return 0
	case in <= Range/Inch:
		return 1
	}
	return 2
}

// Reset implements env.FeatureEncoder.
func (e *germanEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not a skirmish state", st))
	}
	e.s = s
	d, f := s.data(), e.state
	clear(f)
	f[fTurn], f[fTurnsLeft] = float64(s.turn), float64(max(0, s.g.turns-int(s.turn)))
	switch {
	case s.phase == phOver || s.step >= dieActivation || s.phaseSide() != German:
	case s.step == stepSelect:
		f[fDecision] = 1
	case s.step == stepBoost:
		f[fDecision] = 2
	case s.step == stepAct:
		f[fDecision] = 3
	case s.step == stepPillbox:
		f[fDecision] = 4
	}
	f[fAlert] = b2f(s.g.react.Name == "alert")
	f[fAlarm] = b2f(s.alarm)
	f[fVP] = float64(min(max(s.VP(), -40), 160))
	f[fPower] = b2f(s.lightActivePower())
	distBG, distBT, distBX := int64(-1), featFar, featFar
	for i := range s.nf() {
		fdf := s.def(i)
		switch {
		case fdf.Side == British && s.on(i):
			p := s.f[i].pos()
			f[fBOn]++
			if !s.inCover(i) {
				f[fBOpen]++
			}
			if s.atWork(i) {
				f[fBAtWork]++
			}
			if s.litOn(i) {
				f[fBLitOn]++
			}
			if fdf.Kind == Demolition {
				f[fBDemo]++
			}
			for g := range s.nf() {
				if s.side(g) == German && s.canShoot(g, i) {
					f[fBSeen]++
					break
				}
			}
			for g := range s.nf() {
				if s.side(g) == German && s.on(g) {
					if dd := dist2(p, s.f[g].pos()); distBG < 0 || dd < distBG {
						distBG = dd
					}
				}
			}
			distBT = min(distBT, s.nearestTarget(p))
			for _, ft := range d.Features {
				if ft.Kind == FExit {
					distBX = min(distBX, inchesFar(segDist(ft.A, ft.B, p)))
				}
			}
		case fdf.Side == British:
			switch st := s.f[i].st; {
			case st == stDead:
				f[fBLost]++
			case st == stOut:
				f[fBExited]++
			case fdf.Arrives > int(s.turn) && fdf.Arrives <= s.g.turns:
				f[fBToLand]++
			}
		case s.on(i):
			f[fGOn]++
			if fdf.Kind == Searchlight && s.lightActive(i) {
				f[fLit]++
			}
			if fdf.Kind.mobile() && s.canActivate(i) {
				f[fGReady]++
			}
			if fdf.Kind != Searchlight && s.shootable(i) > 0 {
				f[fGShooters]++
			}
		case s.f[i].st == stDead:
			f[fGLost]++
		case fdf.Pool && s.f[i].st == stAway:
			f[fGPool]++
		}
	}
	f[fDistBG] = featFar
	if distBG >= 0 {
		f[fDistBG] = float64(inchesFar(isqrt(distBG)))
	}
	f[fDistBTarget], f[fDistBExit] = float64(distBT), float64(distBX)
	for t, ft := range d.Features {
		switch {
		case s.isGone(t):
		case ft.Kind == FWire:
			f[fWireLeft]++
		case ft.Kind == FTarget:
			f[fTargetsLeft]++
			for j := range s.nf() {
				if s.side(j) == British && s.on(j) && s.def(j).Kind == Demolition && within(ft.At, s.f[j].pos(), Range) {
					f[fTargetsThreatened]++
					break
				}
			}
		}
	}
	u := -1
	switch f[fDecision] {
	case 2:
		u = int(s.aux)
	case 3, 4:
		u = int(s.cur)
	}
	e.uDist = featFar
	if u < 0 {
		for i := fUKind; i <= fUMayShoot; i++ {
			f[i] = featNA
		}
	} else {
		p := s.f[u].pos()
		e.uDist = s.nearestB(p)
		f[fUKind], f[fUOfficer], f[fUCover] = float64(s.def(u).Kind), b2f(s.def(u).Officer), b2f(s.inCover(u))
		f[fUDistB], f[fUBClose] = float64(e.uDist), float64(popcount(s.closeMask(u)))
		f[fUBShootable], f[fUDistTarget], f[fUGuarding] = float64(s.shootable(u)), float64(s.nearestTarget(p)), b2f(s.guarding(u))
		f[fUActs], f[fUMayMove], f[fUMayShoot] = featNA, featNA, featNA
		if s.step == stepAct {
			f[fUActs], f[fUMayMove], f[fUMayShoot] = float64(s.acts), b2f(s.mayMove()), b2f(s.mayShoot())
		}
	}
	e.nLegal, e.ruled = 0, false
	if f[fDecision] != 0 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
		if r, err := s.RuleAction(); err == nil {
			e.rule, e.ruled = r, true
		}
	}
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// EncodeState implements env.FeatureEncoder.
func (e *germanEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *germanEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.state, germanContext, e.nLegal, numOwn, featNA)
	own[aToDelta] = 0
	s := e.s
	own[aRules] = b2f(e.ruled && e.rule == a)
	fig := func(j int) {
		p := s.f[j].pos()
		dist := s.nearestB(p)
		own[aLOS], own[aBand] = b2f(s.shootable(j) > 0), band(dist)
		own[aFigKind], own[aFigOfficer], own[aFigDistB] = float64(s.def(j).Kind), b2f(s.def(j).Officer), float64(dist)
		own[aFigBoosted], own[aFigGuarding] = b2f(s.f[j].fl&flBoosted != 0), b2f(s.guarding(j))
	}
	switch x := int(a); {
	case x == aEnd:
		own[aKind] = 0
	case x >= aActivate && x < aDirect:
		own[aKind] = 1
		fig(x - aActivate)
	case x >= aDirect && x < aBoost:
		own[aKind] = 2
		fig(x - aDirect)
	case x >= aBoost && x < aMove:
		own[aKind] = 3
		fig(x - aBoost)
	case x >= aMove && x <= aAway:
		own[aKind] = 4
		i := int(s.cur)
		from := s.f[i].pos()
		end, stopped, ok := s.leg(i, x, s.closeMask(i))
		if !ok {
			panic(fmt.Sprintf("features: %s is not a legal move", s.ActionString(a)))
		}
		dist := s.nearestB(end)
		shots := s.sightsFrom(end)
		own[aLOS], own[aBand] = b2f(shots > 0), band(dist)
		own[aToLen], own[aToDistB], own[aToDelta] = float64(min(12, inchesFar(length(end.sub(from))))), float64(dist), float64(dist-e.uDist)
		own[aToCover], own[aToShootable] = b2f(s.coverAt(end)), float64(shots)
		own[aToDistTarget], own[aToStopped] = float64(s.nearestTarget(end)), b2f(stopped)
	case x >= aShoot && x < aMortar:
		own[aKind] = 5
		i, j := int(s.cur), x-aShoot
		dist := inchesFar(s.Dist(i, j))
		own[aLOS], own[aBand] = 1, band(dist)
		own[aTgtDist], own[aTgtHitOn] = float64(dist), float64(4-s.hitMod(i, j))
		own[aTgtCover], own[aTgtAtWork], own[aTgtDemo] = b2f(s.inCover(j)), b2f(s.atWork(j)), b2f(s.def(j).Kind == Demolition)
		own[aTgtOfficer], own[aTgtLit] = b2f(s.def(j).Officer), b2f(s.litOn(j))
	case x >= aCut && x < aExit:
		own[aKind] = 6
	default:
		panic(fmt.Sprintf("features: action %s is not a German decision", s.ActionString(a)))
	}
	return dst
}

// coverAt reports whether point p lies in a cover area.
func (s *State) coverAt(p pt) bool {
	d := s.data()
	for t := range d.Terrain {
		if tr := &d.Terrain[t]; tr.Kind == TCover && inConvex(p, tr.Poly) {
			return true
		}
	}
	return false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
