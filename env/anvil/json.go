package anvil

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// stateJSON is the whole state, arrays trimmed to the data's sizes.
type stateJSON struct {
	Game       string    `json:"game"`
	Options    string    `json:"options"`
	Turn       int8      `json:"turn"`
	Phase      int8      `json:"phase"`
	Dec        int8      `json:"dec"`
	DecSide    int8      `json:"dec_side"`
	Roll       int8      `json:"roll"`
	Side       int8      `json:"side"`
	Passes     int8      `json:"passes"`
	Loc        []int8    `json:"loc"`
	Steps      []int8    `json:"steps"`
	Flag       []uint8   `json:"flag"`
	Group      []int8    `json:"group"`
	FFI        []int8    `json:"ffi"`
	Bombs      []int8    `json:"bombs"`
	Fort       []int8    `json:"fort"`
	Bridge     []int8    `json:"bridge"`
	Supplied   [2]uint64 `json:"supplied"`
	SurrTried  uint64    `json:"surr_tried"`
	PortVP     int8      `json:"port_vp"`
	FFITries   int8      `json:"ffi_tries"`
	BombMarker int8      `json:"bomb_marker"`
	PendArea   int8      `json:"pend_area"`
	GroupArea  int8      `json:"group_area"`
	NextGroup  int8      `json:"next_group"`
	ActArea    int8      `json:"act_area"`
	Verb       int8      `json:"verb"`
	Stack      int8      `json:"stack"`
	MP         int8      `json:"mp"`
	LastBorder int8      `json:"last_border"`
	PendTo     int8      `json:"pend_to"`
	Motor      bool      `json:"motor"`
	BridgeB    int8      `json:"bridge_b"`
	Sel        unitSet   `json:"sel"`
	Act        unitSet   `json:"act"`
	Moving     unitSet   `json:"moving"`
	CK         int8      `json:"ck"`
	CArea      int8      `json:"c_area"`
	CAtt       int8      `json:"c_att"`
	CPart      unitSet   `json:"c_part"`
	CSP        int8      `json:"c_sp"`
	CDRM       int8      `json:"c_drm"`
	HitsAtt    int8      `json:"hits_att"`
	HitsDue    int8      `json:"hits_due"`
	HitStage   int8      `json:"hit_stage"`
}

// MarshalJSON encodes the whole state.
func (s *State) MarshalJSON() ([]byte, error) {
	d := s.data()
	nU, nA, nB := len(d.Units), len(d.Areas), len(d.Borders)
	j := stateJSON{
		Game: Name, Options: s.g.Options(), Turn: s.turn, Phase: s.phase, Dec: s.dec, DecSide: s.decSide, Roll: s.roll,
		Side: s.side, Passes: s.passes, Loc: s.loc[:nU], Steps: s.steps[:nU], Flag: s.flag[:nU], Group: s.group[:nU],
		FFI: s.ffi[:nA], Bombs: s.bombs[:nA], Fort: s.fort[:nA], Bridge: s.bridge[:nB], Supplied: s.supplied,
		SurrTried: s.surrTried, PortVP: s.portVP, FFITries: s.ffiTries, BombMarker: s.bombMarker, PendArea: s.pendArea,
		GroupArea: s.groupArea, NextGroup: s.nextGroup, ActArea: s.actArea, Verb: s.verb, Stack: s.stack, MP: s.mp,
		LastBorder: s.lastBorder, PendTo: s.pendTo, Motor: s.motor, BridgeB: s.bridgeB, Sel: s.sel, Act: s.act,
		Moving: s.moving, CK: s.ck, CArea: s.cArea, CAtt: s.cAtt, CPart: s.cPart, CSP: s.cSP, CDRM: s.cDRM,
		HitsAtt: s.hitsAtt, HitsDue: s.hitsDue, HitStage: s.hitStage,
	}
	return json.Marshal(j)
}

// UnmarshalState rebuilds a state from MarshalJSON output, rejecting
// anything out of range or inconsistent with a one-line error.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	var j stateJSON
	if err := env.DecodeStrict(data, &j); err != nil {
		return nil, fmt.Errorf("anvil state: %w", err)
	}
	if j.Game != Name || j.Options != g.Options() {
		return nil, fmt.Errorf("anvil state: it is for %s:%s, not %s:%s", j.Game, j.Options, Name, g.Options())
	}
	d := g.data
	nU, nA, nB := len(d.Units), len(d.Areas), len(d.Borders)
	if len(j.Loc) != nU || len(j.Steps) != nU || len(j.Flag) != nU || len(j.Group) != nU ||
		len(j.FFI) != nA || len(j.Bombs) != nA || len(j.Fort) != nA || len(j.Bridge) != nB {
		return nil, errors.New("anvil state: array lengths do not match the data")
	}
	s := &State{g: g, turn: j.Turn, phase: j.Phase, dec: j.Dec, decSide: j.DecSide, roll: j.Roll, side: j.Side, passes: j.Passes,
		supplied: j.Supplied, surrTried: j.SurrTried, portVP: j.PortVP, ffiTries: j.FFITries, bombMarker: j.BombMarker,
		pendArea: j.PendArea, groupArea: j.GroupArea, nextGroup: j.NextGroup, actArea: j.ActArea, verb: j.Verb, stack: j.Stack,
		mp: j.MP, lastBorder: j.LastBorder, pendTo: j.PendTo, motor: j.Motor, bridgeB: j.BridgeB, sel: j.Sel, act: j.Act,
		moving: j.Moving, ck: j.CK, cArea: j.CArea, cAtt: j.CAtt, cPart: j.CPart, cSP: j.CSP, cDRM: j.CDRM,
		hitsAtt: j.HitsAtt, hitsDue: j.HitsDue, hitStage: j.HitStage}
	copy(s.loc[:], j.Loc)
	copy(s.steps[:], j.Steps)
	copy(s.flag[:], j.Flag)
	copy(s.group[:], j.Group)
	copy(s.ffi[:], j.FFI)
	copy(s.bombs[:], j.Bombs)
	copy(s.fort[:], j.Fort)
	copy(s.bridge[:], j.Bridge)
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("anvil state: %w", err)
	}
	if s.phase != phOver && s.roll == rollNone && len(s.LegalActions(make([]env.Action, 0, numActions))) == 0 {
		return nil, errors.New("anvil state: no legal action in a live state")
	}
	return s, nil
}

func in(v, lo, hi int8) bool { return v >= lo && v <= hi }

// validate checks every field's range, so no query can index out of
// bounds.
func (s *State) validate() error {
	d := s.data()
	nU, nA, nB := int8(len(d.Units)), int8(len(d.Areas)), int8(len(d.Borders))
	if !in(s.turn, 1, int8(s.g.turns)) || !in(s.phase, phGroups, phOver) || !in(s.dec, decNone, decSurrender) ||
		!in(s.decSide, 0, 1) || !in(s.roll, rollNone, rollRepairDelay) || !in(s.side, 0, 1) || !in(s.passes, 0, 2) ||
		!in(s.ffiTries, 0, 2) || !in(s.bombMarker, 0, 2) || !in(s.verb, verbNone, verbTrain) || !in(s.ck, ckNormal, ckPursuit) ||
		!in(s.cAtt, 0, 1) || !in(s.hitStage, 0, 1) || !in(s.portVP, 0, 100) || !in(s.nextGroup, 0, 127) ||
		!in(s.hitsDue, -30, 60) || !in(s.hitsAtt, 0, 60) || !in(s.cSP, 0, 127) || !in(s.cDRM, -60, 60) || !in(s.mp, 0, 99) {
		return errors.New("a counter or phase field is out of range")
	}
	for _, a := range []int8{s.actArea, s.stack, s.cArea, s.groupArea} {
		if !in(a, 0, nA-1) {
			return errors.New("an area field is out of range")
		}
	}
	if !in(s.pendArea, 0, max(nA, int8(len(s.g.sc.Arrivals)))-1) || !in(s.lastBorder, -1, nB-1) || !in(s.bridgeB, 0, max(nB-1, 0)) ||
		!(in(s.pendTo, 0, nA-1) || s.pendTo == toNorth || s.pendTo == toItaly) {
		return errors.New("a pending area, border or destination is out of range")
	}
	if s.roll == rollParadrop && int(s.pendArea) >= len(s.g.sc.Arrivals) || s.roll != rollParadrop && s.pendArea >= nA {
		return errors.New("the pending area or arrival is out of range")
	}
	if s.roll == rollParadrop && s.g.sc.Arrivals[s.pendArea].Kind != ArriveParadrop {
		return errors.New("a paradrop die for an arrival that is not a paradrop")
	}
	for _, set := range []unitSet{s.sel, s.act, s.moving, s.cPart} {
		for u := int(nU); u < MaxUnits; u++ {
			if set.has(u) {
				return errors.New("a unit set names a unit that does not exist")
			}
		}
	}
	if s.supplied[0]>>uint(nA) != 0 || s.supplied[1]>>uint(nA) != 0 || s.surrTried>>uint(nA) != 0 {
		return errors.New("an area set names an area that does not exist")
	}
	for u := range int(nU) {
		un := &d.Units[u]
		if !in(s.loc[u], locExited, nA-1) || !in(s.steps[u], 0, int8(un.Steps)) || s.flag[u] > fDisorg|fFresh|fLanded || !in(s.group[u], -1, 127) {
			return fmt.Errorf("unit %s is out of range", un.Name)
		}
		if (s.loc[u] == locElim) != (s.steps[u] == 0) {
			return fmt.Errorf("unit %s: eliminated exactly when it has no steps", un.Name)
		}
	}
	for a := range int(nA) {
		top := int8(0)
		if t := d.Areas[a].Track; t >= 0 {
			top = int8(len(d.Tracks[t].DRM) - 1)
		}
		if !in(s.ffi[a], ffiNone, ffiFighters) || !in(s.bombs[a], 0, 2) || !in(s.fort[a], 0, top) || (s.fort[a] > 0 && s.ffi[a] != ffiNone) {
			return fmt.Errorf("area %s is out of range", d.Areas[a].ID)
		}
	}
	for b := range int(nB) {
		if !in(s.bridge[b], bridgeDestroyed, bridgeIntact+6) {
			return errors.New("a bridge is out of range")
		}
	}
	if s.phase == phOver && (s.roll != rollNone || s.dec != decNone) {
		return errors.New("a finished game with a pending decision or die")
	}
	return nil
}
