package ahraid

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The JSON form of a state is its plain data under the game's name and
// options and the turn's clock time; every field is checked when read back.

type stateJSON struct {
	Game    string `json:"game"`
	Options string `json:"options"`
	Clock   string `json:"clock"`
	core
}

// MarshalJSON encodes the whole state.
func (s *State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{Game: Name, Options: s.g.Options(), Clock: s.data().Clock(int(s.Turn)), core: s.core})
}

// UnmarshalState reads a state written by MarshalJSON, checking every range
// and cross-reference. It never panics on bad input.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	var j stateJSON
	if err := env.DecodeStrict(data, &j); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	if j.Game != Name || j.Options != g.Options() {
		return nil, fmt.Errorf("state: for %s:%s, not this game (%s:%s)", j.Game, j.Options, Name, g.Options())
	}
	s := &State{g: g, core: j.core}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	if j.Clock != g.data.Clock(int(s.Turn)) {
		return nil, fmt.Errorf("state: clock %q does not match turn %d (%s)", j.Clock, s.Turn, g.data.Clock(int(s.Turn)))
	}
	return s, nil
}

func in(v, lo, hi int) bool { return v >= lo && v <= hi }

// rollKinds are the chance nodes each step may wait on, by sub-step.
var rollKinds = map[[2]uint8]uint8{
	{1, 0}: roll2D6, {1, 1}: roll2D6, {2, 1}: rollD6, {2, 2}: rollD6,
	{3, 0}: rollD6, {3, 1}: rollD6, {3, 3}: rollD6, {3, 4}: rollPick, {3, 5}: rollD6,
	{4, 1}: roll2D6, {4, 2}: rollD6, {5, 2}: rollD6, {5, 3}: rollPick, {5, 4}: rollD6,
	{6, 2}: rollD6, {7, 1}: rollD6, {7, 2}: rollCup, {9, 0}: rollD6,
	{10, 1}: roll2D6, {10, 2}: rollCup, {11, 1}: rollCup, {13, 1}: rollD6, {13, 2}: rollPick,
	{14, 2}: rollD6, {14, 3}: rollD6, {14, 4}: rollD6, {14, 5}: rollD6, {15, 1}: rollD6, {15, 2}: rollD6,
	{16, 2}: rollPick, {16, 3}: rollD6, {16, 4}: rollD6, {17, 2}: rollPick, {17, 3}: rollD6,
	{18, 0}: rollD6, {19, 2}: rollD6, {19, 3}: rollD6, {19, 4}: rollD6, {19, 5}: rollD6, {23, 1}: rollD6,
}

// decSteps is the step at which each decision is offered.
var decSteps = [...]uint8{decCover: 4, decBoat: 6, decLand: 9, decCdoMove: 11, decCdoFire: 14, decLongRange: 15,
	decDemolish: 19, decGerMove: 13, decConsol: 21}

func (s *State) validate() error {
	d := s.data()
	nB, nU, nK, nO, nA, nZ := len(d.Boats), len(d.Commandos), len(d.Guns), len(d.Objectives), len(d.Areas), len(d.Zones)
	bad := func(what string, v any) error { return fmt.Errorf("%s %v out of range", what, v) }
	if !in(int(s.Turn), 1, s.g.turns) {
		return bad("turn", s.Turn)
	}
	if !in(int(s.Step), 1, stepOver) || s.Step == 12 || s.Sub > 9 {
		return bad("step", s.Step)
	}
	if !in(int(s.Attempts), 0, maxAttempts) || !in(int(s.Die), 0, 12) || !in(int(s.NOrder), 0, MaxGerman) ||
		!in(int(s.NOpts), 0, MaxPick) || !in(int(s.CupWave), 0, len(d.Cup)) || !in(int(s.PowerAt), 0, s.g.turns) {
		return errors.New("machine counters out of range")
	}
	for b := range MaxBoats {
		if s.BStat[b] > bEngland || (b < nB && !in(int(s.BZone[b]), 0, nZ-1)) || !in(int(s.BMF[b]), -10, 10) ||
			!in(int(s.BSpent[b]), -1, 10) || !in(int(s.BTorp[b]), 0, 4) {
			return bad("boat", b)
		}
	}
	for u := range MaxCommandos {
		if u >= nU {
			continue
		}
		w := int(s.UWhere[u])
		var ok bool
		switch s.UStat[u] {
		case uAboard:
			ok = in(w, 0, nB-1)
		case uAshore:
			ok = in(w, 0, nA-1)
		case uWater:
			ok = in(w, 0, nZ-1)
		default:
			ok = s.UStat[u] <= uCaptured
		}
		if !ok || !in(int(s.UStr[u]), 0, 6) || !in(int(s.UGren[u]), 0, 5) || !in(int(s.UChg[u]), 0, 5) {
			return bad("commando", d.Commandos[u].Name)
		}
		if s.UStr[u] == 0 && s.UStat[u] != uEliminated {
			return fmt.Errorf("commando %s has no strength but is %s", d.Commandos[u].Name, unitStatNames[s.UStat[u]])
		}
	}
	for g := range MaxGerman {
		if !in(int(s.GArea[g]), -1, nA-1) || (s.GArea[g] >= 0 && !in(int(s.GStr[g]), 1, 6)) {
			return bad("German unit", g+1)
		}
	}
	for i, c := range s.CupCnt {
		if !in(int(c), 0, 100) || (i == 0 && c != 0) {
			return bad("cup", s.CupCnt)
		}
	}
	for k := range MaxGuns {
		if s.KStat[k] > kDestroyed || !in(int(s.Beam[k]), -1, nZ-1) || !in(int(s.BeamOn[k]), -1, nB-1) {
			return bad("gun", k)
		}
	}
	for o := range MaxObjectives {
		if s.OStat[o] > oGone || !in(int(s.OCharge[o]), -1, nU-1) || !in(int(s.OSetTurn[o]), 0, s.g.turns) {
			return bad("objective", o)
		}
	}
	for _, v := range s.AreaFire {
		if !in(int(v), 0, 2) {
			return bad("area fire", v)
		}
	}
	for i := range int(s.NOrder) {
		if !in(int(s.Order[i]), 0, MaxGerman-1) {
			return bad("order", s.Order[i])
		}
	}
	for i := range int(s.NOpts) {
		if !in(int(s.Opts[i]), 0, MaxAreas-1) {
			return bad("options", s.Opts[i])
		}
	}
	return s.validateMachine(nB, nU, nK, nO, nA, nZ)
}

// validateMachine checks that whatever the pending roll or decision will
// index exists.
func (s *State) validateMachine(nB, nU, nK, nO, nA, nZ int) error {
	d := s.data()
	if s.Roll != rollNone && s.Dec != decNone {
		return errors.New("a roll and a decision are both pending")
	}
	if s.Step == stepOver {
		if s.Roll != rollNone || s.Dec != decNone {
			return errors.New("the game is over but something is pending")
		}
		return nil
	}
	if s.Roll == rollNone && s.Dec == decNone {
		return errors.New("nothing pending in a game that is not over")
	}
	cur, aux, aux2 := int(s.Cursor), int(s.Aux), int(s.Aux2)
	if s.Roll != rollNone {
		if want, ok := rollKinds[[2]uint8{s.Step, s.Sub}]; !ok || want != s.Roll {
			return fmt.Errorf("roll %d not expected at step %d.%d", s.Roll, s.Step, s.Sub)
		}
		if s.Roll == rollPick && !in(int(s.RollK), 1, MaxPick) {
			return bad2("pick size", s.RollK)
		}
		if s.Roll == rollPick && !s.g.opts.TargetByNumber && int(s.RollK) != int(s.NOpts) {
			return errors.New("pick size differs from the options listed")
		}
		if s.Roll == rollPick && s.g.opts.TargetByNumber && (s.Step == stepHarbour || s.Step == stepQuay) && (int(s.RollK) != nB || s.NOpts == 0) {
			return errors.New("boat-number pick of the wrong size")
		}
		if s.Roll == rollCup && s.cupTotal() == 0 {
			return errors.New("a cup draw from an empty cup")
		}
	} else {
		if int(s.Dec) >= len(decSteps) && s.Dec != decGerTarget || s.Dec == decNone {
			return bad2("decision", s.Dec)
		}
		if s.Dec == decGerTarget {
			if s.Step != stepGerFire && s.Step != stepTowers {
				return errors.New("a German target outside steps 16-17")
			}
		} else if decSteps[s.Dec] != s.Step {
			return fmt.Errorf("decision %d not offered at step %d", s.Dec, s.Step)
		}
		if s.Dec >= decGerMove && !s.g.opts.OpponentSeat {
			return errors.New("a German decision without opponent=seat")
		}
	}
	// What Cursor, Aux and Aux2 index at each step.
	var n int
	switch s.Step {
	case stepRepair, stepSearchlight, stepCover, stepTowers:
		n = nK
	case stepQuay:
		n = nZ
	case stepBoatMove, stepLanding:
		n = nB
	case stepCdoMove, stepCdoFire, stepLongRange, stepLosses, stepDemolition:
		n = nU
	case stepGerMove, stepGerFire:
		n = int(s.NOrder)
	case stepConsolidate:
		n = nA
	case stepHarbour:
		n = nB
		if s.Sub == 1 {
			n = int(s.NOpts)
		}
	default:
		n = 99
	}
	// Past the last gun, step 1 rolls for relighting the searchlights.
	if !in(cur, 0, n-1) && !(s.Step == stepActivation || s.Step == stepWithdraw || s.Step == stepEnd ||
		(s.Step == stepGerMove && s.Sub == 1) || (s.Step == stepRepair && s.Sub == 1 && cur == nK)) {
		return bad2("cursor", cur)
	}
	okOpts := func(limit int) error {
		for i := range int(s.NOpts) {
			if int(s.Opts[i]) >= limit {
				return bad2("option", s.Opts[i])
			}
		}
		return nil
	}
	gunAt := func(i int, kind uint8) bool { return in(i, 0, nK-1) && d.Guns[i].Kind == kind }
	german := func(i int) bool { return in(i, 0, MaxGerman-1) && s.GArea[i] >= 0 }
	var ok = true
	switch s.Step {
	case stepSearchlight:
		ok = d.Guns[cur].Kind == kSearchlight && (s.Sub != 2 || s.Beam[cur] >= 0)
	case stepHarbour, stepQuay:
		if err := okOpts(nB); err != nil {
			return err
		}
		if s.Sub == 1 && s.Step == stepHarbour || s.Sub == 5 || s.Sub == 4 && s.Step == stepQuay {
			ok = in(aux, 0, nB-1)
		}
		if s.Step == stepQuay {
			ok = ok && in(aux2, 1, 5)
		}
	case stepCover:
		ok = s.Sub == 0 || in(aux2, 0, nK-1)
	case stepBoatMove:
		ok = s.Sub != 2 || in(aux, 0, nO-1)
	case stepLanding, stepActivation:
		ok = s.Roll == rollNone || s.Step == stepActivation && s.Sub == 1 || in(aux, 0, nA-1)
	case stepWithdraw:
		ok = d.crewArea >= 0 || s.Sub != 2
	case stepCdoMove:
		ok = s.Sub != 1 || in(aux, 0, 2*len(d.pens)-1)
		ok = ok && (s.Dec == decNone || s.UStat[cur] == uAshore)
	case stepGerMove:
		if err := okOpts(nA); err != nil {
			return err
		}
		if s.Dec == decGerMove {
			ok = german(aux) && in(aux2, 0, nA-1)
		}
		ok = ok && (s.Sub != 2 || in(cur, 0, n-1) && german(int(s.Order[cur])))
	case stepCdoFire:
		switch s.Sub {
		case 2, 3:
			ok = german(aux)
		case 4:
			ok = in(aux, 0, nK-1)
		}
		ok = ok && s.UStat[cur] == uAshore
	case stepLongRange:
		ok = s.Sub == 0 || gunAt(aux, kTower)
		ok = ok && s.UStat[cur] == uAshore
	case stepGerFire, stepTowers:
		if err := okOpts(nU); err != nil {
			return err
		}
		if s.Step == stepGerFire {
			ok = german(aux) && int(s.Order[cur]) == aux
		} else {
			ok = gunAt(aux, kTower)
		}
		if s.Sub >= 3 || s.Dec == decGerTarget {
			ok = ok && in(aux2, 0, nU-1) && s.UStat[aux2] == uAshore
		}
		for i := range int(s.NOpts) {
			ok = ok && s.UStat[s.Opts[i]] == uAshore
		}
	case stepDemolition:
		switch s.Sub {
		case 2:
			ok = in(aux, 0, nK-1)
		case 3, 4, 5:
			ok = in(aux, 0, nO-1)
		}
		ok = ok && s.UStat[cur] == uAshore
	case stepEnd:
		ok = d.rammed >= 0
	}
	if !ok {
		return fmt.Errorf("step %d.%d: cursor %d, aux %d, aux2 %d name nothing the step can use", s.Step, s.Sub, cur, aux, aux2)
	}
	return nil
}

func bad2(what string, v any) error { return fmt.Errorf("%s %v out of range", what, v) }
