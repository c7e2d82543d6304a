package stnazaire

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The German seat's learning features (opponent=seat): what a German
// player counts before moving a counter or choosing whom it fires at, a few
// dozen integers as the British features are. The German sees the whole
// board (the commandos are face up; its own counters it knows). See
// FEATURES.md.

// GermanFeatureVersion numbers the German encoding.
const GermanFeatureVersion = 1

// German state features, by index.
const (
	gsTurn = iota
	gsTurnsLeft
	gsPhase
	gsDecision
	gsVP
	gsLost
	gsOnMap
	gsExited
	gsDemoWithWork
	gsDemoMinDist
	gsThreatened
	gsObjectivesLeft
	gsStranded
	gsCommandosStrength
	gsPoolA
	gsPoolB
	gsGOnMap
	gsGStrength
	gsGPinned
	gsGInContact
	gsUClass
	gsUStrength
	gsUMovesLeft
	gsUPinned
	gsUDistDemo
	gsUDistCommando
	gsUOnThreatened
	gsUCommandosNear
	gsUGermansHere
	numGState
)

// germanStateFeatureDocs are the German state features, in order.
var germanStateFeatureDocs = []env.FeatureDoc{
	env.Feature("turn", 1, 10, "game turn (1.2)"),
	env.Feature("turns_left", 0, 9, "turns after the current one"),
	env.Feature("phase", 0, 8, "phase: 0 landing, 1..7 A..G, 8 over"),
	env.Feature("decision", 0, 2, "pending German decision: 0 none, 1 move (phase E), 2 fire (phases C and F)"),
	env.Feature("vp", -100, 200, "running British victory points (13): the German wants them low"),
	env.Feature("lost", 0, 32, "commandos lost so far"),
	env.Feature("b_on_map", 0, 32, "commandos on the map"),
	env.Feature("b_exited", 0, 32, "commandos that left by an exit"),
	env.Feature("demo_with_work", 0, 32, "demolition teams on the map that may still demolish an objective"),
	env.Feature("demo_min_dist", 0, FeatFar, "least distance from such a team to an objective it may demolish (20 if none)"),
	env.Feature("threatened", 0, 128, "objective spaces not destroyed that a demolition team on the map may still demolish"),
	env.Feature("objectives_left", 0, 128, "objective spaces not destroyed"),
	env.Feature("stranded", 0, 32, "commandos on the map that can no longer reach an exit by the end at 3 spaces a turn"),
	env.Feature("b_strength", 0, 192, "total strength of the commandos on the map"),
	env.Feature("pool_a", 0, 64, "German counters in pool A"),
	env.Feature("pool_b", 0, 64, "German counters in pool B"),
	env.Feature("g_on_map", 0, 64, "German counters on the map, face up or down"),
	env.Feature("g_strength", 0, 960, "their total strength"),
	env.Feature("g_pinned", 0, 64, "pinned German counters on the map"),
	env.Feature("g_in_contact", 0, 64, "German counters on the map next to a commando or in its space"),
	env.Feature("u_class", -1, 6, "the deciding counter's class: 0 FlaK, 1 quad FlaK, 2 Kriegsmarine, 3 Marine FlaK 705, 4 Todt, 5 679th infantry, 6 other (NA=-1 when no German decides, as for every u_ feature)"),
	env.Feature("u_strength", -1, 15, "its strength"),
	env.Feature("u_moves_left", -1, 3, "its moves left this phase (phase E)"),
	env.Feature("u_pinned", -1, 1, "it is pinned"),
	env.Feature("u_dist_demo", -1, FeatFar, "its distance to the nearest demolition team with work (20 if none)"),
	env.Feature("u_dist_commando", -1, FeatFar, "its distance to the nearest commando on the map (20 if none)"),
	env.Feature("u_on_threatened", -1, 1, "it stands on an objective a demolition team may still demolish"),
	env.Feature("u_commandos_near", -1, 32, "commandos in its space or next to it"),
	env.Feature("u_germans_here", -1, 3, "German counters in its space, itself included"),
}

// The German action's own features.
const (
	gaKind = iota
	gaRules
	gaToDistDemo
	gaToDistDemoDelta
	gaToDistCommando
	gaToDistCommandoDelta
	gaToThreatened
	gaToZoC
	gaToGermans
	gaToCommandosNear
	gaTgtType
	gaTgtStrength
	gaTgtReduced
	gaTgtPinned
	gaTgtHasWork
	gaTgtDistObj
	gaTgtHit
	gaTgtCommandosHere
	numGOwn
)

// germanActionOwnDocs are the German action's own features: a feature of
// another kind of action reads NA (-1), a delta 0.
var germanActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 2, "0 pass (stop moving), 1 move to a space, 2 attack a commando"),
	env.Feature("a_rules", 0, 1, "1 if the printed priorities choose this action (8.1, 9.1.1): what the agent rules plays"),
	env.Feature("a_to_dist_demo", -1, FeatFar, "move: distance from the destination to the nearest demolition team with work"),
	env.Feature("a_to_dist_demo_delta", -FeatFar, FeatFar, "move: that distance less u_dist_demo (below 0: nearer)"),
	env.Feature("a_to_dist_commando", -1, FeatFar, "move: distance from the destination to the nearest commando"),
	env.Feature("a_to_dist_commando_delta", -FeatFar, FeatFar, "move: that distance less u_dist_commando"),
	env.Feature("a_to_threatened", -1, 1, "move: the destination is an objective a demolition team may still demolish"),
	env.Feature("a_to_zoc", -1, 1, "move: the destination is next to an unpinned commando (entering ends the move, 6.1)"),
	env.Feature("a_to_germans", -1, 3, "move: German counters already in the destination"),
	env.Feature("a_to_commandos_near", -1, 32, "move: commandos next to the destination"),
	env.Feature("a_tgt_type", -1, 2, "attack: the commando's type: 0 assault, 1 demolition, 2 HQ"),
	env.Feature("a_tgt_strength", -1, 6, "attack: its strength now"),
	env.Feature("a_tgt_reduced", -1, 1, "attack: it is on its reduced side"),
	env.Feature("a_tgt_pinned", -1, 1, "attack: it is pinned"),
	env.Feature("a_tgt_has_work", -1, 1, "attack: it may still demolish an objective"),
	env.Feature("a_tgt_dist_obj", -1, FeatFar, "attack: its distance to the nearest objective it may demolish (20 if none)"),
	env.Feature("a_tgt_hit", -1, 1, "attack: it already has a result in this exchange of fire"),
	env.Feature("a_tgt_commandos_here", -1, 32, "attack: commandos in its space"),
}

// germanActionFeatureDocs are the features of a German state–action row:
// the context (turn, turns_left, phase, decision and the u_ features),
// n_legal, then the action's own.
var germanActionFeatureDocs = env.ActionRowDocs(germanStateFeatureDocs, germanContext, 128, germanActionOwnDocs)

var germanContext = []int{gsTurn, gsTurnsLeft, gsPhase, gsDecision, gsUClass, gsUStrength, gsUMovesLeft, gsUPinned, gsUDistDemo, gsUDistCommando, gsUOnThreatened, gsUCommandosNear}

// germanEncoder computes the German seat's features. It shares the British
// encoder's map distances and its per-commando work sets.
type germanEncoder struct {
	*featureEncoder
	gstate   []float64
	g        int // deciding German counter, or -1
	uDemo    int
	uCmd     int
	rule     env.Action
	ruleOK   bool
	demoSp   []int // spaces of demolition teams with work
	cmdSp    []int // spaces of commandos on the map
	threat   []bool
	haveRule bool
}

func newGermanEncoder(sg *Game) *germanEncoder {
	b := newFeatureEncoder(sg)
	if b == nil {
		return nil
	}
	return &germanEncoder{featureEncoder: b, gstate: make([]float64, numGState), threat: make([]bool, b.ns)}
}

// Version implements env.FeatureEncoder.
func (e *germanEncoder) Version() int { return GermanFeatureVersion }

// StateDocs implements env.FeatureEncoder.
func (e *germanEncoder) StateDocs() []env.FeatureDoc { return germanStateFeatureDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *germanEncoder) ActionDocs() []env.FeatureDoc { return germanActionFeatureDocs }

// nearest is the distance from x to the nearest of spaces, or FeatFar.
func (e *germanEncoder) nearest(x int, spaces []int) int {
	best := FeatFar
	for _, y := range spaces {
		best = min(best, e.dist(x, y))
	}
	return best
}

// near counts the commandos in x or next to it.
func (e *germanEncoder) near(x int) int {
	n := int(e.s.cntB[x])
	for _, m := range e.d.Move[x] {
		n += int(e.s.cntB[m])
	}
	return n
}

// Reset implements env.FeatureEncoder: it reads the German's view of s.
func (e *germanEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not a stnazaire state", st))
	}
	e.s, e.workDone = s, 0
	d, f := e.d, e.gstate
	clear(f)
	f[gsTurn], f[gsTurnsLeft], f[gsPhase] = float64(s.turn), float64(s.TurnsLeft()), float64(s.phase)
	switch s.dec {
	case decGermanMove:
		f[gsDecision] = 1
	case decGermanFire:
		f[gsDecision] = 2
	}
	f[gsVP], f[gsLost] = float64(s.vp), float64(s.lost)
	e.demoSp, e.cmdSp = e.demoSp[:0], e.cmdSp[:0]
	clear(e.threat)
	demoMin := FeatFar
	for u := range e.nu {
		switch s.bStatus[u] {
		case bOnMap:
			x := int(s.bSpace[u])
			f[gsOnMap]++
			f[gsCommandosStrength] += float64(s.bStrength(u))
			e.cmdSp = append(e.cmdSp, x)
			if e.slack(x) < 0 {
				f[gsStranded]++
			}
			if d.British[u].Type == Demolition && e.hasWork(u) {
				f[gsDemoWithWork]++
				e.demoSp = append(e.demoSp, x)
				demoMin = min(demoMin, e.distObj(u, x))
				for k, sp := range e.objSp {
					if e.workOf(u)&(1<<k) != 0 {
						e.threat[sp] = true
					}
				}
			}
		case bExited:
			f[gsExited]++
		}
	}
	f[gsDemoMinDist] = float64(demoMin)
	for _, sp := range e.objSp {
		if !s.destroyed.has(sp) {
			f[gsObjectivesLeft]++
			if e.threat[sp] {
				f[gsThreatened]++
			}
		}
	}
	for g := range d.German {
		switch s.gLoc[g] {
		case gPoolA:
			f[gsPoolA]++
		case gPoolB:
			f[gsPoolB]++
		case gOnMap:
			x := int(s.gSpace[g])
			f[gsGOnMap]++
			f[gsGStrength] += float64(d.German[g].Strength)
			if s.gf.has(g, fPinned) {
				f[gsGPinned]++
			}
			if e.near(x) > 0 {
				f[gsGInContact]++
			}
		}
	}
	e.g = -1
	if germanDecision(s.dec) && s.roll == rollNone {
		e.g = int(s.decUnit)
	}
	e.uDemo, e.uCmd = FeatFar, FeatFar
	if g := e.g; g >= 0 {
		x := int(s.gSpace[g])
		e.uDemo, e.uCmd = e.nearest(x, e.demoSp), e.nearest(x, e.cmdSp)
		f[gsUClass], f[gsUStrength] = float64(d.German[g].Class), float64(d.German[g].Strength)
		f[gsUMovesLeft], f[gsUPinned] = float64(max(0, s.gMovesLeft[g])), featB2i(s.gf.has(g, fPinned))
		f[gsUDistDemo], f[gsUDistCommando] = float64(e.uDemo), float64(e.uCmd)
		f[gsUOnThreatened], f[gsUCommandosNear] = featB2i(e.threat[x] && !s.destroyed.has(x)), float64(e.near(x))
		f[gsUGermansHere] = float64(s.cntG[x])
	} else {
		for i := gsUClass; i <= gsUGermansHere; i++ {
			f[i] = featNA
		}
	}
	e.nLegal, e.haveRule = 0, false
	if s.CurrentPlayer() == 1 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *germanEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.gstate...) }

// EncodeAction implements env.FeatureEncoder.
func (e *germanEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.gstate, germanContext, e.nLegal, numGOwn, featNA)
	own[gaToDistDemoDelta], own[gaToDistCommandoDelta] = 0, 0
	if !e.haveRule {
		e.rule, e.haveRule = 0, true
		var err error
		e.rule, err = e.s.RuleAction()
		e.ruleOK = err == nil
	}
	own[gaRules] = featB2i(e.ruleOK && a == e.rule)
	s, d := e.s, e.d
	switch kind, arg := DecodeAction(a); kind {
	case "pass":
		own[gaKind] = 0
	case "to":
		x := arg
		own[gaKind] = 1
		demo, cmd := e.nearest(x, e.demoSp), e.nearest(x, e.cmdSp)
		own[gaToDistDemo], own[gaToDistDemoDelta] = float64(demo), float64(demo-e.uDemo)
		own[gaToDistCommando], own[gaToDistCommandoDelta] = float64(cmd), float64(cmd-e.uCmd)
		own[gaToThreatened] = featB2i(e.threat[x] && !s.destroyed.has(x))
		own[gaToZoC] = featB2i(s.britishZoCAt(int16(x)))
		own[gaToGermans], own[gaToCommandosNear] = float64(s.cntG[x]), float64(e.near(x))
	case "attack":
		u := arg
		x := int(s.bSpace[u])
		own[gaKind] = 2
		own[gaTgtType], own[gaTgtStrength] = float64(d.British[u].Type), float64(s.bStrength(u))
		own[gaTgtReduced], own[gaTgtPinned] = featB2i(s.bf.has(u, fReduced)), featB2i(s.bf.has(u, fPinned))
		own[gaTgtHasWork], own[gaTgtDistObj] = featB2i(e.hasWork(u)), float64(e.distObj(u, x))
		own[gaTgtHit], own[gaTgtCommandosHere] = featB2i(s.bHit[u].any()), float64(s.cntB[x])
	default:
		panic(fmt.Sprintf("features: action %d is not a German decision", a))
	}
	return dst
}
