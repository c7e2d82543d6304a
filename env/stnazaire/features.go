package stnazaire

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/chariot-ai/chariot/env"
)

// FeatureVersion numbers the encoding. It changes whenever a feature is added,
// removed or redefined; model files record it.
const FeatureVersion = 1

// FeatFar caps distances: a distance of FeatFar or more, or no such space at all,
// reads as FeatFar.
const FeatFar = 20

// featNA is the value of a feature that does not apply (an action block of
// another kind of action, the deciding unit when no unit decides).
const featNA = -1

// Kinds of action, the value of the a_kind feature.
const (
	featPass = iota
	featDemolish
	featUnit
	featTo
	featFire
)

// State features, by index into the State vector.
const (
	sTurn = iota
	sTurnsLeft
	sPhase
	sDecision
	sVP
	sLost
	sPoolA
	sPoolB
	sAboard
	sOnMap
	sExited
	sGone
	sPinned
	sReduced
	sStrength
	sDemoOnMap
	sDemoWithWork
	sDemoMinDist
	sDemoSumDist
	sStranded
	sMinExitSlack
	sInZoC
	sGRevealed
	sGConcealed
	sGStrength
	sGPinned
	sFlakSpaces
	sDestroyed
	sObjectivesLeft
	sValueEstimate
	sUPresent
	sUType
	sUStrength
	sUDistObj
	sUExitSlack
	sUDanger
	sUCommandosHere
	numState
)

// stateFeatureDocs are the state features, in order.
var stateFeatureDocs = []env.FeatureDoc{
	env.Feature("turn", 1, 10, "game turn (1.2)"),
	env.Feature("turns_left", 0, 9, "turns after the current one"),
	env.Feature("phase", 0, 8, "phase: 0 landing, 1..7 A..G, 8 over"),
	env.Feature("decision", 0, 7, "pending decision: 0 none, 1 select, 2 move, 3 assist, 4 fire, 5 occupy, 6 demolish, 7 displace"),
	env.Feature("vp", -100, 200, "running victory points (13)"),
	env.Feature("lost", 0, 32, "commandos lost so far"),
	env.Feature("pool_a", 0, 64, "German counters in pool A"),
	env.Feature("pool_b", 0, 64, "German counters in pool B"),
	env.Feature("aboard", 0, 32, "commandos still to land"),
	env.Feature("on_map", 0, 32, "commandos on the map"),
	env.Feature("exited", 0, 32, "commandos that left by an exit"),
	env.Feature("gone", 0, 32, "commandos eliminated, captured or never landed"),
	env.Feature("pinned", 0, 32, "commandos on the map that are pinned"),
	env.Feature("reduced", 0, 32, "commandos on the map that are reduced"),
	env.Feature("strength", 0, 192, "total strength of the commandos on the map"),
	env.Feature("demo_on_map", 0, 32, "demolition teams on the map"),
	env.Feature("demo_with_work", 0, 32, "demolition teams on the map that may still demolish an objective"),
	env.Feature("demo_min_dist", 0, FeatFar, "least distance from such a team to an objective it may demolish (Far=20 if none)"),
	env.Feature("demo_sum_dist", 0, 100, "sum of those distances, capped at 100"),
	env.Feature("stranded", 0, 32, "commandos on the map that can no longer reach an exit by the end at 3 spaces a turn"),
	env.Feature("min_exit_slack", -FeatFar, FeatFar, "least exit slack of a commando on the map (see u_exit_slack; 20 if none)"),
	env.Feature("in_zoc", 0, 32, "commandos on the map in a German zone of control (6.1)"),
	env.Feature("g_revealed", 0, 64, "face-up German counters on the map"),
	env.Feature("g_concealed", 0, 64, "face-down German counters on the map (8.2)"),
	env.Feature("g_strength", 0, 960, "total strength of the face-up German counters"),
	env.Feature("g_pinned", 0, 64, "pinned face-up German counters"),
	env.Feature("flak_spaces", 0, 128, "spaces holding a face-up FlaK"),
	env.Feature("destroyed", 0, 128, "objectives destroyed"),
	env.Feature("objectives_left", 0, 128, "objective spaces not destroyed"),
	env.Feature("value_estimate", -100, 200, "stnazaire.State.Value: running VP less 2 per stranded commando"),
	env.Feature("u_present", 0, 1, "1 if a commando on the map is deciding (move, fire, occupy, demolish, displace)"),
	env.Feature("u_type", -1, 2, "its type: 0 assault, 1 demolition, 2 HQ (NA=-1 when u_present is 0, as for every u_ feature)"),
	env.Feature("u_strength", -1, 6, "its strength"),
	env.Feature("u_dist_obj", -1, FeatFar, "its distance to the nearest objective it may demolish (20 if none)"),
	env.Feature("u_exit_slack", -FeatFar, FeatFar, "its exit slack: 3×(turns_left+1) less its distance to the nearest exit; below 0 it cannot get out"),
	env.Feature("u_danger", -1, 16, "German-held spaces next to its space"),
	env.Feature("u_commandos_here", -1, 32, "commandos in its space, itself included"),
}

// actionOwnDocs are the features of the action itself, after the
// context in a state–action row. A feature of another kind of action
// reads featNA (-1), a delta 0.
var actionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 4, "0 pass, 1 demolish, 2 select a unit, 3 move to a space, 4 fire at a German"),
	env.Feature("a_to_dist_obj", -1, FeatFar, "move: distance from the destination to the deciding unit's nearest objective"),
	env.Feature("a_to_dist_obj_delta", -FeatFar, FeatFar, "move: that distance less u_dist_obj (below 0: nearer)"),
	env.Feature("a_to_exit_slack", -FeatFar, FeatFar, "move: exit slack at the destination"),
	env.Feature("a_to_exit_slack_delta", -FeatFar, FeatFar, "move: that slack less u_exit_slack"),
	env.Feature("a_to_danger", -1, 16, "move: German-held spaces next to the destination"),
	env.Feature("a_to_commandos", -1, 32, "move: commandos already in the destination"),
	env.Feature("a_to_is_exit", -1, 1, "move: the destination is an exit box"),
	env.Feature("a_to_is_obj", -1, 1, "move: the deciding unit may demolish the objective there"),
	env.Feature("a_to_zoc", -1, 1, "move: the destination is in a German zone of control"),
	env.Feature("a_to_dist_german_delta", -FeatFar, FeatFar, "move: change in the distance to the nearest German counter"),
	env.Feature("a_to_dist_demo", -1, FeatFar, "move: distance from the destination to the nearest other demolition team with work"),
	env.Feature("a_fire_strength", -1, 15, "fire: the target's strength"),
	env.Feature("a_fire_flak", -1, 1, "fire: the target is a FlaK or quad FlaK"),
	env.Feature("a_fire_obj_vp", -1, 20, "fire: VP of the objective the target carries (0 if none)"),
	env.Feature("a_fire_own", -1, 1, "fire: the target carries the deciding unit's own objective"),
	env.Feature("a_fire_pinned", -1, 1, "fire: the target is pinned"),
	env.Feature("a_unit_type", -1, 2, "select: the unit's type"),
	env.Feature("a_unit_strength", -1, 6, "select: the unit's strength"),
	env.Feature("a_unit_dist_obj", -1, FeatFar, "select: the unit's distance to its nearest objective"),
	env.Feature("a_unit_exit_slack", -FeatFar, FeatFar, "select: the unit's exit slack"),
	env.Feature("a_unit_danger", -1, 16, "select: German-held spaces next to the unit"),
	env.Feature("a_unit_has_work", -1, 1, "select: the unit may still demolish an objective"),
}

// context are the state features repeated at the head of every
// state–action row, then n_legal.
var contextIdx = []int{sTurn, sTurnsLeft, sPhase, sDecision, sUPresent, sUType, sUStrength, sUDistObj, sUExitSlack, sUDanger}

// The action's own features, by index into its block.
const (
	aKind = iota
	aToDistObj
	aToDistObjDelta
	aToExitSlack
	aToExitSlackDelta
	aToDanger
	aToCommandos
	aToIsExit
	aToIsObj
	aToZoC
	aToDistGermanDelta
	aToDistDemo
	aFireStrength
	aFireFlak
	aFireObjVP
	aFireOwn
	aFirePinned
	aUnitType
	aUnitStrength
	aUnitDistObj
	aUnitExitSlack
	aUnitDanger
	aUnitHasWork
	numOwn
)

// actionFeatureDocs are the features of a state–action row, in order: the
// context (state features), n_legal, then actionOwnDocs.
var actionFeatureDocs = env.ActionRowDocs(stateFeatureDocs, contextIdx, 236, actionOwnDocs)

// featureEncoder computes features for one St. Nazaire game. It is not safe for
// concurrent use.
type featureEncoder struct {
	g        *Game
	d        *Data
	nu, ns   int
	exitDist []int // distance from each space to the nearest exit box
	objSp    []int // spaces holding an objective
	obs      []float32
	legal    []env.Action

	// The decision loaded by Load.
	s      *State
	state  []float64
	unit   int // deciding commando, or -1
	nLegal int
	// distances of the deciding unit's space
	uObj, uExit, uGerman int
	// Caches of the loaded state, filled on first use: work[u] has bit k
	// set if commando u may demolish the objective in objSp[k] (workDone
	// says it is filled); gSpaces lists the spaces holding German counters.
	work     []uint64
	workDone uint64
	gSpaces  []int
}

// newFeatureEncoder builds an encoder for g, which must be a St. Nazaire game
// whose observation has the layout the encoding reads.
func newFeatureEncoder(sg *Game) *featureEncoder {
	d := sg.Data()
	e := &featureEncoder{g: sg, d: d, nu: len(d.British), ns: len(d.Spaces)}
	e.exitDist = make([]int, e.ns)
	for x := range d.Spaces {
		e.exitDist[x] = 127 // as State.Value: no exit at all
		for y, sp := range d.Spaces {
			if sp.Exit >= 0 {
				e.exitDist[x] = min(e.exitDist[x], d.Distance(x, y))
			}
		}
		if d.Spaces[x].Objective > 0 {
			e.objSp = append(e.objSp, x)
		}
	}
	e.state = make([]float64, numState)
	e.work = make([]uint64, e.nu)
	if len(e.objSp) > 64 {
		return nil // the work sets are 64-bit masks
	}
	e.legal = make([]env.Action, 0, sg.NumDistinctActions())
	return e
}

func featB2i(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (e *featureEncoder) dist(a, b int) int {
	if a < 0 || b < 0 {
		return FeatFar
	}
	return min(e.d.Distance(a, b), FeatFar)
}

// workOf is the set of objectives (bits over objSp) commando u may
// demolish.
func (e *featureEncoder) workOf(u int) uint64 {
	if e.workDone&(1<<u) == 0 {
		var w uint64
		for k, sp := range e.objSp {
			if e.s.MayDemolish(u, sp) {
				w |= 1 << k
			}
		}
		e.work[u] = w
		e.workDone |= 1 << u
	}
	return e.work[u]
}

// distObj is the distance from x to the nearest objective commando u may
// demolish, or FeatFar.
func (e *featureEncoder) distObj(u, x int) int {
	best := FeatFar
	if x < 0 {
		return best
	}
	for w := e.workOf(u); w != 0; w &= w - 1 {
		best = min(best, e.dist(x, e.objSp[bits.TrailingZeros64(w)]))
	}
	return best
}

func (e *featureEncoder) hasWork(u int) bool { return e.workOf(u) != 0 }

// danger counts the German-held spaces next to x.
func (e *featureEncoder) danger(x int) int {
	n := 0
	for _, m := range e.d.Move[x] {
		if e.s.GermansAt(int(m)) > 0 {
			n++
		}
	}
	return n
}

// distGerman is the distance from x to the nearest space holding a German
// counter, face up or down, or FeatFar.
func (e *featureEncoder) distGerman(x int) int {
	best := FeatFar
	for _, z := range e.gSpaces {
		best = min(best, e.dist(x, z))
	}
	return best
}

// distDemo is the distance from x to the nearest demolition team other
// than u on the map that still has work, or FeatFar.
func (e *featureEncoder) distDemo(u, x int) int {
	best := FeatFar
	for v := range e.d.British {
		if v != u && e.s.OnMap(v) && e.d.British[v].Type == Demolition && e.hasWork(v) {
			best = min(best, e.dist(x, e.s.UnitSpace(v)))
		}
	}
	return best
}

// slack is how many spaces of movement to spare a commando in x has for
// reaching an exit by the end, at three spaces a turn: negative means it
// can no longer make it.
func (e *featureEncoder) slack(x int) int {
	if x < 0 {
		return 0
	}
	return max(-FeatFar, min(FeatFar, 3*(e.s.TurnsLeft()+1)-e.exitDist[x]))
}

// Load reads a British decision of s (or any state: where no seat decides
// the unit features read featNA) for State and Action. s must belong to the
// encoder's game; it is not modified, and must not change before the last
// call of Action for it.
func (e *featureEncoder) Load(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not a stnazaire state", st))
	}
	e.s = s
	e.workDone, e.gSpaces = 0, e.gSpaces[:0]
	d := e.d
	e.obs = s.Observation(0, e.obs)
	o := e.obs
	f := e.state
	clear(f)
	round := func(x float32, scale float64) float64 { return math.Round(float64(x) * scale) }
	f[sTurn] = round(o[0], 10)
	f[sTurnsLeft] = float64(s.TurnsLeft())
	for i := 0; i < 9; i++ {
		if o[1+i] == 1 {
			f[sPhase] = float64(i)
		}
	}
	for i := 0; i < 8; i++ {
		if o[10+i] == 1 {
			f[sDecision] = float64(i)
		}
	}
	f[sVP], f[sLost], f[sPoolA], f[sPoolB] = round(o[32], 100), round(o[33], 20), round(o[34], 20), round(o[35], 20)
	e.unit = -1
	demoMin, demoSum, minSlack := FeatFar, 0, FeatFar
	for u := range e.nu {
		// status one-hot (aboard, map, eliminated, not landed, exited,
		// captured), then reduced, pinned, moved, fired, tried, deciding,
		// strength/6, on an objective
		blk := o[obsGlobal+u*(obsPerUnit+e.ns):]
		switch {
		case blk[0] == 1:
			f[sAboard]++
		case blk[1] == 1:
			f[sOnMap]++
			if blk[7] == 1 {
				f[sPinned]++
			}
			if blk[6] == 1 {
				f[sReduced]++
			}
			f[sStrength] += round(blk[12], 6)
			x := s.UnitSpace(u)
			if d.British[u].Type == Demolition {
				f[sDemoOnMap]++
				if e.hasWork(u) {
					f[sDemoWithWork]++
					dd := e.distObj(u, x)
					demoMin = min(demoMin, dd)
					demoSum += dd
				}
			}
			sl := e.slack(x)
			if sl < 0 {
				f[sStranded]++
			}
			minSlack = min(minSlack, sl)
			if s.GermanZoC(x) {
				f[sInZoC]++
			}
		case blk[4] == 1:
			f[sExited]++
		default:
			f[sGone]++
		}
	}
	f[sDemoMinDist], f[sDemoSumDist], f[sMinExitSlack] = float64(demoMin), float64(min(demoSum, 100)), float64(minSlack)
	sb := o[obsGlobal+e.nu*(obsPerUnit+e.ns):]
	for sp := range e.ns {
		// revealed/3, strength/15, face-down/3, pinned/3, FlaK, destroyed,
		// objective/17
		b := sb[sp*obsPerSpace:]
		if b[0] > 0 || b[2] > 0 {
			e.gSpaces = append(e.gSpaces, sp)
		}
		f[sGRevealed] += round(b[0], 3)
		f[sGConcealed] += round(b[2], 3)
		f[sGStrength] += round(b[1], 15)
		f[sGPinned] += round(b[3], 3)
		f[sFlakSpaces] += float64(b[4])
		if b[5] == 1 {
			f[sDestroyed]++
		} else if b[6] > 0 {
			f[sObjectivesLeft]++
		}
	}
	// State.Value, counted here: the running VP less 2 for
	// each commando that can no longer reach an exit.
	f[sValueEstimate] = f[sVP]
	if f[sPhase] != 8 {
		f[sValueEstimate] -= 2 * f[sStranded]
	}
	if kind, u := s.Pending(); kind != PendRoll && kind != PendOver && u >= 0 {
		e.unit = u
	}
	e.uObj, e.uExit, e.uGerman = FeatFar, FeatFar, FeatFar
	if u := e.unit; u >= 0 && s.OnMap(u) {
		x := s.UnitSpace(u)
		e.uObj, e.uExit, e.uGerman = e.distObj(u, x), e.slack(x), e.distGerman(x)
		f[sUPresent], f[sUType], f[sUStrength] = 1, float64(d.British[u].Type), float64(s.Strength(u))
		f[sUDistObj], f[sUExitSlack], f[sUDanger] = float64(e.uObj), float64(e.uExit), float64(e.danger(x))
		f[sUCommandosHere] = float64(s.CommandosAt(x))
	} else {
		for i := sUType; i <= sUCommandosHere; i++ {
			f[i] = featNA
		}
	}
	e.nLegal = 0
	if s.CurrentPlayer() == 0 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
	}
}

// State appends the state features of the loaded state to dst[:0].
func (e *featureEncoder) State(dst []float64) []float64 {
	return append(dst[:0], e.state...)
}

// Action appends the features of action a at the loaded decision to
// dst[:0], in the order of ActionNames: the context, then the action's
// block. Features of another kind of action read featNA, deltas 0.
func (e *featureEncoder) Action(a env.Action, dst []float64) []float64 {
	dst, own := env.AppendActionRow(dst, e.state, contextIdx, e.nLegal, numOwn, featNA)
	own[aToDistObjDelta], own[aToExitSlackDelta], own[aToDistGermanDelta] = 0, 0, 0
	s, d, u := e.s, e.d, e.unit
	kind, arg := DecodeAction(a)
	switch kind {
	case "pass":
		own[aKind] = featPass
	case "demolish":
		own[aKind] = featDemolish
	case "unit":
		own[aKind] = featUnit
		x := s.UnitSpace(arg)
		own[aUnitType], own[aUnitStrength] = float64(d.British[arg].Type), float64(s.Strength(arg))
		own[aUnitDistObj], own[aUnitExitSlack] = float64(e.distObj(arg, x)), float64(e.slack(x))
		own[aUnitDanger], own[aUnitHasWork] = float64(e.danger(x)), featB2i(e.hasWork(arg))
	case "to":
		own[aKind] = featTo
		x := arg
		dObj := FeatFar
		if u >= 0 {
			dObj = e.distObj(u, x)
		}
		own[aToDistObj], own[aToDistObjDelta] = float64(dObj), float64(dObj-e.uObj)
		own[aToExitSlack], own[aToExitSlackDelta] = float64(e.slack(x)), float64(e.slack(x)-e.uExit)
		own[aToDanger], own[aToCommandos] = float64(e.danger(x)), float64(s.CommandosAt(x))
		own[aToIsExit] = featB2i(d.Spaces[x].Exit >= 0)
		own[aToIsObj] = featB2i(u >= 0 && s.MayDemolish(u, x))
		own[aToZoC] = featB2i(s.GermanZoC(x))
		own[aToDistGermanDelta] = float64(e.distGerman(x) - e.uGerman)
		own[aToDistDemo] = float64(e.distDemo(u, x))
	case "fire":
		own[aKind] = featFire
		g := d.German[arg]
		own[aFireStrength] = float64(g.Strength)
		own[aFireFlak] = featB2i(g.Class == ClassFlak || g.Class == ClassQuadFlak)
		own[aFireObjVP] = 0
		if g.Objective > 0 {
			own[aFireObjVP] = float64(d.ObjVP[g.Objective])
		}
		own[aFireOwn] = featB2i(u >= 0 && g.Objective > 0 && g.Objective == d.British[u].Objective)
		own[aFirePinned] = featB2i(s.GermanPinned(arg))
	default:
		panic(fmt.Sprintf("features: action %d is not a British decision", a))
	}
	return dst
}

// Legal returns the legal actions of the loaded decision (empty if no seat
// decides). The slice is the encoder's: it changes on the next Load.
func (e *featureEncoder) Legal() []env.Action { return e.legal[:e.nLegal] }

// NewFeatureEncoder implements env.Featurer: the British seat's features,
// and the German seat's (germanfeatures.go) where the game opens it.
func (g *Game) NewFeatureEncoder(p env.Player) env.FeatureEncoder {
	switch {
	case p == 0:
		if e := newFeatureEncoder(g); e != nil {
			return e
		}
	case p == 1 && g.GermanSeat():
		if e := newGermanEncoder(g); e != nil {
			return e
		}
	}
	return nil
}

// Version implements env.FeatureEncoder.
func (e *featureEncoder) Version() int { return FeatureVersion }

// StateDocs implements env.FeatureEncoder.
func (e *featureEncoder) StateDocs() []env.FeatureDoc { return stateFeatureDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *featureEncoder) ActionDocs() []env.FeatureDoc { return actionFeatureDocs }

// Reset implements env.FeatureEncoder.
func (e *featureEncoder) Reset(s env.State) { e.Load(s) }

// EncodeState implements env.FeatureEncoder.
func (e *featureEncoder) EncodeState(buf []float64) []float64 { return e.State(buf) }

// EncodeAction implements env.FeatureEncoder.
func (e *featureEncoder) EncodeAction(a env.Action, buf []float64) []float64 { return e.Action(a, buf) }
