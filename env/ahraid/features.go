package ahraid

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The German seat's learning features (opponent=seat): a few dozen
// integers a German player counts before moving a unit, choosing whom it
// fires at, or merging two weak units; the game has no hidden
// information. See FEATURES.md.

// GermanFeatureVersion numbers the German encoding.
const GermanFeatureVersion = 1

// featFar caps distances in areas along movement links; it also stands
// for "no such area". featNA is a feature that does not apply.
const (
	featFar = 20
	featNA  = -1
)

// German state features, by index.
const (
	fTurn = iota
	fTurnsLeft
	fDecision
	fVP
	fCdoAshore
	fCdoStrength
	fCdoCharges
	fObjOpen
	fObjCharged
	fGUnits
	fGStrength
	fGReduced
	fCup
	fUStrength
	fUCdoHere
	fUDistCdo
	fUDistObj
	numState
)

// germanStateFeatureDocs are the German state features, in order.
var germanStateFeatureDocs = []env.FeatureDoc{
	env.Feature("turn", 1, 40, "game turn"),
	env.Feature("turns_left", 0, 39, "turns after the current one"),
	env.Feature("decision", 0, 3, "pending German decision: 0 none, 1 move, 2 target, 3 consolidate"),
	env.Feature("vp", -100, 200, "running British victory points: the German wants them low"),
	env.Feature("cdo_ashore", 0, 64, "commando units ashore"),
	env.Feature("cdo_strength", 0, 400, "their total strength"),
	env.Feature("cdo_charges", 0, 64, "commando units ashore still carrying demolition charges"),
	env.Feature("obj_open", 0, 64, "objectives intact or damaged"),
	env.Feature("obj_charged", 0, 64, "open objectives with charges set"),
	env.Feature("g_units", 0, 64, "German units on the map"),
	env.Feature("g_strength", 0, 400, "their total strength"),
	env.Feature("g_reduced", 0, 64, "German units on their reduced side"),
	env.Feature("cup", 0, 200, "counters left in the cup"),
	env.Feature("u_strength", -1, 30, "the unit deciding a move: its strength (NA=-1 at any other decision, as for every u_ feature)"),
	env.Feature("u_cdo_here", -1, 64, "commando units in its area"),
	env.Feature("u_dist_cdo", -1, featFar, "its distance in areas to the nearest commando ashore (20 if none)"),
	env.Feature("u_dist_obj", -1, featFar, "its distance to the nearest open objective on land (20 if none)"),
}

// The action's own features.
const (
	aKind = iota
	aRules
	aToDistCdo
	aToDistCdoDelta
	aToCdo
	aToDistObj
	aToObj
	aToGermans
	aTgtStrength
	aTgtAssault
	aTgtCharges
	aTgtGrenades
	aTgtPrimaryOpen
	numOwn
)

var germanActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 3, "0 pass, 1 move to an area, 2 fire at a commando unit, 3 merge (consolidate)"),
	env.Feature("a_rules", 0, 1, "1 if the aid's rules choose this action: what the agent rules plays"),
	env.Feature("a_to_dist_cdo", -1, featFar, "move: distance from the destination to the nearest commando ashore"),
	env.Feature("a_to_dist_cdo_delta", -featFar, featFar, "move: that distance less u_dist_cdo (below 0: nearer)"),
	env.Feature("a_to_cdo", -1, 64, "move: commando units in the destination"),
	env.Feature("a_to_dist_obj", -1, featFar, "move: distance from the destination to the nearest open objective"),
	env.Feature("a_to_obj", -1, 1, "move: an open objective lies in the destination"),
	env.Feature("a_to_germans", -1, 64, "move: German units already in the destination"),
	env.Feature("a_tgt_strength", -1, 30, "fire: the commando unit's strength"),
	env.Feature("a_tgt_assault", -1, 1, "fire: it is an assault party"),
	env.Feature("a_tgt_charges", -1, 10, "fire: demolition charges it carries"),
	env.Feature("a_tgt_grenades", -1, 10, "fire: grenades it carries"),
	env.Feature("a_tgt_primary_open", -1, 1, "fire: its primary objective is still open"),
}

// germanContext are the state features at the head of a state–action row.
var germanContext = []int{fTurn, fTurnsLeft, fDecision, fUStrength, fUCdoHere, fUDistCdo, fUDistObj}

// germanActionFeatureDocs are the features of a German state–action row:
// the context, n_legal, then the action's own.
var germanActionFeatureDocs = env.ActionRowDocs(germanStateFeatureDocs, germanContext, 64, germanActionOwnDocs)

var _ env.Featurer = (*Game)(nil)

// NewFeatureEncoder implements env.Featurer: the British seat's features
// (britishfeatures.go), and the German seat's where the game opens it.
func (g *Game) NewFeatureEncoder(p env.Player) env.FeatureEncoder {
	if p == 0 {
		return &britishEncoder{g: g, state: make([]float64, numBState)}
	}
	if p != 1 || !g.opts.OpponentSeat {
		return nil
	}
	d := g.data
	n := len(d.Areas)
	e := &germanEncoder{g: g, dist: make([][]int8, n), state: make([]float64, numState)}
	for a := range n { // breadth first along movement links
		row := make([]int8, n)
		for b := range row {
			row[b] = featFar
		}
		row[a] = 0
		queue := []int{a}
		for len(queue) > 0 {
			b := queue[0]
			queue = queue[1:]
			for _, c := range d.nbr[b] {
				if row[c] == featFar && row[b]+1 < featFar {
					row[c] = row[b] + 1
					queue = append(queue, int(c))
				}
			}
		}
		e.dist[a] = row
	}
	return e
}

// germanEncoder computes the German seat's features.
type germanEncoder struct {
	g      *Game
	dist   [][]int8 // areas apart along movement links, capped at featFar
	s      *State
	state  []float64
	cdoA   []int // areas holding commandos ashore
	objA   []int // areas of open objectives on land
	nLegal int
	uCdo   int
	legal  []env.Action
}

// Version implements env.FeatureEncoder.
func (e *germanEncoder) Version() int { return GermanFeatureVersion }

// StateDocs implements env.FeatureEncoder.
func (e *germanEncoder) StateDocs() []env.FeatureDoc { return germanStateFeatureDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *germanEncoder) ActionDocs() []env.FeatureDoc { return germanActionFeatureDocs }

// nearest is the distance from area a to the nearest of areas.
func (e *germanEncoder) nearest(a int, areas []int) int {
	best := featFar
	if a < 0 || a >= len(e.dist) {
		return best
	}
	for _, b := range areas {
		best = min(best, int(e.dist[a][b]))
	}
	return best
}

// Reset implements env.FeatureEncoder.
func (e *germanEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not an ahraid state", st))
	}
	e.s = s
	d, f := s.data(), e.state
	clear(f)
	f[fTurn], f[fTurnsLeft], f[fVP] = float64(s.Turn), float64(max(0, s.g.turns-int(s.Turn))), s.VP()
	switch s.Dec {
	case decGerMove:
		f[fDecision] = 1
	case decGerTarget:
		f[fDecision] = 2
	case decConsol:
		f[fDecision] = 3
	}
	e.cdoA, e.objA = e.cdoA[:0], e.objA[:0]
	for u := range d.Commandos {
		if s.UStat[u] == uAshore {
			f[fCdoAshore]++
			f[fCdoStrength] += float64(s.UStr[u])
			if s.UChg[u] > 0 {
				f[fCdoCharges]++
			}
			e.cdoA = append(e.cdoA, int(s.UWhere[u]))
		}
	}
	for o, od := range d.Objectives {
		if !s.objOpen(o) {
			continue
		}
		f[fObjOpen]++
		if s.OCharge[o] >= 0 {
			f[fObjCharged]++
		}
		if od.Area >= 0 {
			e.objA = append(e.objA, int(od.Area))
		}
	}
	for g := range s.GArea {
		if s.GArea[g] >= 0 {
			f[fGUnits]++
			f[fGStrength] += float64(s.GStr[g])
			if s.GReduced[g] {
				f[fGReduced]++
			}
		}
	}
	f[fCup] = float64(s.cupTotal())
	e.uCdo = featFar
	if s.Dec == decGerMove && s.Roll == rollNone {
		g := int(s.Aux)
		a := int(s.GArea[g])
		n, _ := s.cdoIn(a)
		e.uCdo = e.nearest(a, e.cdoA)
		f[fUStrength], f[fUCdoHere], f[fUDistCdo], f[fUDistObj] = float64(s.GStr[g]), float64(n), float64(e.uCdo), float64(e.nearest(a, e.objA))
	} else {
		for i := fUStrength; i <= fUDistObj; i++ {
			f[i] = featNA
		}
	}
	e.nLegal = 0
	if s.CurrentPlayer() == 1 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *germanEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *germanEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.state, germanContext, e.nLegal, numOwn, featNA)
	own[aToDistCdoDelta] = 0
	s, d := e.s, e.s.data()
	rule, err := s.RuleAction()
	own[aRules] = 0
	if err == nil && rule == a {
		own[aRules] = 1
	}
	switch word, arg := DecodeAction(a); word {
	case "pass":
		own[aKind] = 0
	case "yes":
		own[aKind] = 3
	case "to":
		own[aKind] = 1
		c, _ := s.cdoIn(arg)
		dc := e.nearest(arg, e.cdoA)
		own[aToDistCdo], own[aToDistCdoDelta], own[aToCdo] = float64(dc), float64(dc-e.uCdo), float64(c)
		own[aToDistObj], own[aToGermans] = float64(e.nearest(arg, e.objA)), float64(s.germansIn(arg))
		own[aToObj] = 0
		for _, o := range e.objA {
			if o == arg {
				own[aToObj] = 1
			}
		}
	case "at":
		u := arg
		own[aKind] = 2
		own[aTgtStrength], own[aTgtAssault] = float64(s.UStr[u]), env.Flag(d.Commandos[u].Assault)
		own[aTgtCharges], own[aTgtGrenades] = float64(s.UChg[u]), float64(s.UGren[u])
		p := int(d.Commandos[u].Primary)
		own[aTgtPrimaryOpen] = env.Flag(p >= 0 && s.objOpen(p))
	default:
		panic(fmt.Sprintf("features: action %s is not a German decision", s.ActionString(a)))
	}
	return dst
}
