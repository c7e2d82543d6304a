package jubilee

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// The JSON form of a state names units, hexes, boxes and chits, so a saved
// game or a rule scenario can be read and written by a person.

type stateJSON struct {
	Game      string         `json:"game"`
	Options   string         `json:"options"`
	Turn      int            `json:"turn"`
	Phase     string         `json:"phase"`
	VP        int            `json:"objective_vp"`
	Evacuated int            `json:"evacuated_steps"`
	ElimSteps int            `json:"eliminated_steps"`
	Elim3     int            `json:"three_step_eliminated"`
	TP        []int          `json:"transport_points"`
	Evac      []bool         `json:"evacuation_mode"`
	BoardHex  []string       `json:"board_hex"`
	Destroyed []string       `json:"destroyed"`
	WallDown  bool           `json:"tank_wall_destroyed,omitempty"`
	Repl      []int          `json:"replacements"`
	ReplOut   []int          `json:"replacements_boarded,omitempty"`
	BoxLoose  map[string]int `json:"box_loose_steps,omitempty"`
	LooseEvac int            `json:"loose_steps_evacuated,omitempty"`
	CW        []cwJSON       `json:"cw"`
	German    []germanJSON   `json:"german"`
	Depth     []depthJSON    `json:"depth"`
	Chits     []string       `json:"chits"`
	Machine   machineJSON    `json:"machine"`
	Hidden    string         `json:"hidden"`
}

type cwJSON struct {
	Name  string `json:"name"`
	State string `json:"state"`
	At    string `json:"at,omitempty"`
	Turn  int    `json:"turn,omitempty"`
	Steps int    `json:"steps"`
	Flags int    `json:"flags,omitempty"`
}

type germanJSON struct {
	Name  string `json:"name"`
	At    string `json:"at,omitempty"`
	Flags int    `json:"flags,omitempty"`
	Depth string `json:"depth,omitempty"`
}

type depthJSON struct {
	Name     string `json:"name"`
	State    string `json:"state"`
	Revealed bool   `json:"revealed,omitempty"`
}

type machineJSON struct {
	Step     int     `json:"step"`
	Draws    int     `json:"draws"`
	Decision string  `json:"decision,omitempty"`
	Roll     string  `json:"roll,omitempty"`
	Cursor   int     `json:"cursor"`
	Aux      int     `json:"aux"`
	Aux2     int     `json:"aux2"`
	Chit     int     `json:"chit"`
	Sel      int     `json:"sel"`
	Tgt      int     `json:"tgt"`
	Hits     int     `json:"hits"`
	Atk      uint64  `json:"atk,omitempty"`
	Cand     uint64  `json:"cand,omitempty"`
	Boarded  []int   `json:"boarded"`
	Wire     []int16 `json:"wire,omitempty"`
}

var depthStNames = []string{"box", "map", "gone"}
var chitStNames = []string{"cup", "aside", "gone"}

// MarshalJSON encodes the whole state, hidden information included.
func (s *State) MarshalJSON() ([]byte, error) {
	d := s.data()
	j := stateJSON{Game: Name, Options: s.g.Options(), Turn: int(s.turn), Phase: phaseNames[s.phase], VP: int(s.vp),
		Evacuated: int(s.evacSteps), ElimSteps: int(s.elimSteps), Elim3: int(s.elim3), Evac: s.evac[:], WallDown: s.wallDown,
		Destroyed: []string{}}
	for t := range numTracks {
		j.TP = append(j.TP, int(s.tp[t]))
	}
	for _, h := range s.boardHex {
		id := ""
		if h >= 0 {
			id = d.Hexes[h].ID
		}
		j.BoardHex = append(j.BoardHex, id)
	}
	for p := range d.Positions {
		if s.isDestroyed(p) {
			j.Destroyed = append(j.Destroyed, d.Hexes[d.Positions[p].Hex].ID)
		}
	}
	for _, r := range s.repl {
		j.Repl = append(j.Repl, int(r))
	}
	j.LooseEvac = int(s.looseEvac)
	if s.replOut != [3]int8{} {
		for _, r := range s.replOut {
			j.ReplOut = append(j.ReplOut, int(r))
		}
	}
	for b, n := range s.boxLoose {
		if n > 0 {
			if j.BoxLoose == nil {
				j.BoxLoose = map[string]int{}
			}
			j.BoxLoose[d.Boxes[b].ID] = int(n)
		}
	}
	for u, c := range d.CW {
		x := cwJSON{Name: c.Name, State: cwStNames[s.cwSt[u]], Steps: int(s.cwSteps[u]), Flags: int(s.cwF[u])}
		switch s.cwSt[u] {
		case cwMap:
			x.At = d.Hexes[s.cwAt[u]].ID
		case cwBox:
			x.At = d.Boxes[s.cwAt[u]].ID
		case cwTrack:
			x.Turn = int(s.cwTurn[u])
		}
		j.CW = append(j.CW, x)
	}
	for g, gu := range d.German {
		x := germanJSON{Name: gu.Name, Flags: int(s.gF[g])}
		if s.gPos[g] >= 0 {
			x.At = d.Hexes[d.Positions[s.gPos[g]].Hex].ID
		}
		if m := s.gDepth[g]; m >= 0 {
			x.Depth = d.Depth[m].Name
		}
		j.German = append(j.German, x)
	}
	for m, dm := range d.Depth {
		j.Depth = append(j.Depth, depthJSON{Name: dm.Name, State: depthStNames[s.depthSt[m]], Revealed: s.depthRev[m]})
	}
	for c := range d.Chits {
		j.Chits = append(j.Chits, chitStNames[s.chitSt[c]])
	}
	m := &j.Machine
	m.Step, m.Draws, m.Decision, m.Roll = int(s.step), int(s.draws), decNames[s.dec], rollNames[s.roll]
	m.Cursor, m.Aux, m.Aux2, m.Chit, m.Sel, m.Tgt, m.Hits = int(s.cursor), int(s.aux), int(s.aux2), int(s.chit), int(s.sel), int(s.tgt), int(s.hits)
	m.Atk, m.Cand = s.atk, s.cand
	for t := range numTracks {
		m.Boarded = append(m.Boarded, int(s.boarded[t]))
	}
	m.Wire = append(m.Wire, s.wire[:s.nWire]...)
	h, err := s.hidden.MarshalBinary()
	if err != nil {
		return nil, err
	}
	j.Hidden = hex.EncodeToString(h)
	return json.Marshal(j)
}

// UnmarshalState reads a state written by MarshalJSON, checking every name
// and range; it never panics on bad input.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	s, err := g.decodeState(data)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	return s, nil
}

func (g *Game) decodeState(data []byte) (*State, error) {
	var j stateJSON
	if err := env.DecodeStrict(data, &j); err != nil {
		return nil, err
	}
	if j.Game != Name {
		return nil, fmt.Errorf("game %q is not %q", j.Game, Name)
	}
	if j.Options != g.Options() {
		return nil, fmt.Errorf("saved with options %q, but this game has %q", j.Options, g.Options())
	}
	d := g.data
	s := &State{g: g}
	if j.Turn < 1 || j.Turn > g.opts.Turns {
		return nil, fmt.Errorf("turn %d out of 1..%d", j.Turn, g.opts.Turns)
	}
	s.turn = int8(j.Turn)
	ph := indexOf(phaseNames[:], j.Phase)
	if ph < 0 {
		return nil, fmt.Errorf("unknown phase %q", j.Phase)
	}
	s.phase = uint8(ph)
	if j.VP < 0 || j.VP > 200 || j.Evacuated < 0 || j.Evacuated > 500 || j.ElimSteps < 0 || j.ElimSteps > 500 || j.Elim3 < 0 || j.Elim3 > MaxCW {
		return nil, errors.New("a total is out of range")
	}
	s.vp, s.evacSteps, s.elimSteps, s.elim3, s.wallDown = int16(j.VP), int16(j.Evacuated), int16(j.ElimSteps), int8(j.Elim3), j.WallDown
	if len(j.TP) != numTracks || len(j.Evac) != 3 || len(j.BoardHex) != 3 || len(j.Repl) != 3 {
		return nil, errors.New("transport_points, evacuation_mode, board_hex or replacements of the wrong length")
	}
	for t, v := range j.TP {
		if v < 0 || v > int(d.Tracks[t].Max) {
			return nil, fmt.Errorf("track %s: %d transport points out of 0..%d", d.Tracks[t].Name, v, d.Tracks[t].Max)
		}
		s.tp[t] = int8(v)
	}
	copy(s.evac[:], j.Evac)
	for m, id := range j.BoardHex {
		s.boardHex[m] = -1
		if id != "" {
			h, ok := d.hexIdx[id]
			if !ok || d.Hexes[h].Box < 0 || int(d.Hexes[h].Map) != m {
				return nil, fmt.Errorf("board_hex %q is not a boarding beach of map %s", id, d.MapNames[m])
			}
			s.boardHex[m] = int16(h)
		}
	}
	for i, v := range j.Repl {
		if v < 0 || v > 20 {
			return nil, fmt.Errorf("replacements %d out of range", v)
		}
		s.repl[i] = int8(v)
	}
	if j.LooseEvac < 0 || j.LooseEvac > j.Evacuated {
		return nil, errors.New("loose_steps_evacuated out of range")
	}
	s.looseEvac = int16(j.LooseEvac)
	if len(j.ReplOut) != 0 && len(j.ReplOut) != 3 {
		return nil, errors.New("replacements_boarded of the wrong length")
	}
	for i, v := range j.ReplOut {
		if v < 0 || v > 20 {
			return nil, fmt.Errorf("replacements_boarded %d out of range", v)
		}
		s.replOut[i] = int8(v)
	}
	for id, n := range j.BoxLoose {
		b := indexOf(boxIDs(d.File.Boxes), id)
		if b < 0 || n < 1 || n > 20 {
			return nil, fmt.Errorf("box_loose_steps: bad box %q or count %d", id, n)
		}
		s.boxLoose[b] = int8(n)
	}
	for _, id := range j.Destroyed {
		h, ok := d.hexIdx[id]
		if !ok || d.Hexes[h].Pos < 0 || d.Positions[d.Hexes[h].Pos].VP == 0 {
			return nil, fmt.Errorf("destroyed: %q is not an objective", id)
		}
		s.destroyed |= 1 << d.Hexes[h].Pos
	}
	if len(j.CW) != len(d.CW) || len(j.German) != len(d.German) || len(j.Depth) != len(d.Depth) || len(j.Chits) != len(d.Chits) {
		return nil, errors.New("counter or chit lists do not match the data")
	}
	for u, x := range j.CW {
		c := &d.CW[u]
		if x.Name != c.Name {
			return nil, fmt.Errorf("cw #%d: name %q, the data has %q", u, x.Name, c.Name)
		}
		st := indexOf(cwStNames[:], x.State)
		if st < 0 || x.Flags < 0 || x.Flags >= 1<<9 {
			return nil, fmt.Errorf("cw %s: bad state %q or flags", x.Name, x.State)
		}
		s.cwSt[u], s.cwF[u], s.cwAt[u] = uint8(st), uint16(x.Flags), -1
		live := st == int(cwTrack) || st == int(cwBox) || st == int(cwMap)
		if (live && (x.Steps < 1 || x.Steps > int(c.MaxSteps))) || (st == int(cwElim) && x.Steps != 0) || x.Steps < 0 || x.Steps > int(c.MaxSteps) {
			return nil, fmt.Errorf("cw %s: %d steps", x.Name, x.Steps)
		}
		s.cwSteps[u] = int8(x.Steps)
		switch uint8(st) {
		case cwMap:
			h, ok := d.hexIdx[x.At]
			if !ok || d.Hexes[h].Terrain == tSea {
				return nil, fmt.Errorf("cw %s: bad hex %q", x.Name, x.At)
			}
			s.cwAt[u] = int16(h)
		case cwBox:
			b := indexOf(boxIDs(d.File.Boxes), x.At)
			if b < 0 {
				return nil, fmt.Errorf("cw %s: unknown box %q", x.Name, x.At)
			}
			s.cwAt[u] = int16(b)
		case cwTrack:
			if x.Turn < 1 || x.Turn > numTurns+1 {
				return nil, fmt.Errorf("cw %s: track turn %d", x.Name, x.Turn)
			}
			s.cwTurn[u] = int8(x.Turn)
		}
		if (st != int(cwMap) && st != int(cwBox)) && x.At != "" {
			return nil, fmt.Errorf("cw %s: only a unit on the map or in a box has a place", x.Name)
		}
	}
	for p := range s.posUnit {
		s.posUnit[p] = -1
	}
	used := map[int]bool{}
	for gi, x := range j.German {
		if x.Name != d.German[gi].Name || x.Flags < 0 || x.Flags > 255 {
			return nil, fmt.Errorf("german #%d: name %q or flags", gi, x.Name)
		}
		s.gF[gi], s.gPos[gi], s.gDepth[gi] = uint8(x.Flags), -1, -1
		if x.At != "" {
			h, ok := d.hexIdx[x.At]
			if !ok || d.Hexes[h].Pos < 0 || s.posUnit[d.Hexes[h].Pos] >= 0 {
				return nil, fmt.Errorf("german %s: %q is not a free position", x.Name, x.At)
			}
			s.gPos[gi] = d.Hexes[h].Pos
			s.posUnit[d.Hexes[h].Pos] = int8(gi)
		}
		if x.Depth != "" {
			m := -1
			for k := range d.Depth {
				if d.Depth[k].Name == x.Depth {
					m = k
				}
			}
			if m < 0 || used[m] || s.gPos[gi] < 0 {
				return nil, fmt.Errorf("german %s: bad depth marker %q", x.Name, x.Depth)
			}
			used[m] = true
			s.gDepth[gi] = int8(m)
		}
	}
	for m, x := range j.Depth {
		st := indexOf(depthStNames, x.State)
		if x.Name != d.Depth[m].Name || st < 0 || (st == int(dMap)) != used[m] {
			return nil, fmt.Errorf("depth %q: bad name or state %q", x.Name, x.State)
		}
		s.depthSt[m], s.depthRev[m] = uint8(st), x.Revealed
	}
	for c, x := range j.Chits {
		st := indexOf(chitStNames, x)
		if st < 0 {
			return nil, fmt.Errorf("chit %s: bad state %q", d.Chits[c].Name, x)
		}
		s.chitSt[c] = uint8(st)
	}
	for h := range d.Hexes {
		if s.germanAt(h) >= 0 && s.cwInHex(int16(h)) {
			return nil, fmt.Errorf("hex %s holds both sides", d.Hexes[h].ID)
		}
	}
	if err := s.decodeMachine(&j.Machine); err != nil {
		return nil, fmt.Errorf("machine: %w", err)
	}
	hb, err := hex.DecodeString(j.Hidden)
	if err != nil {
		return nil, fmt.Errorf("hidden: %w", err)
	}
	if err := s.hidden.UnmarshalBinary(hb); err != nil {
		return nil, fmt.Errorf("hidden: %w", err)
	}
	return s, s.selfCheck()
}

func (s *State) decodeMachine(m *machineJSON) error {
	d := s.data()
	dec, roll := indexOf(decNames[:], m.Decision), indexOf(rollNames[:], m.Roll)
	if dec < 0 || roll < 0 {
		return errors.New("unknown decision or roll")
	}
	if dec != 0 && roll != 0 {
		return errors.New("a decision and a roll cannot both be pending")
	}
	if s.phase != phOver && dec == 0 && roll == 0 {
		return errors.New("nothing pending in a game that is not over")
	}
	if s.phase == phOver && (dec != 0 || roll != 0) {
		return errors.New("a finished game has nothing pending")
	}
	s.dec, s.roll = uint8(dec), uint8(roll)
	if !s.g.opts.OpponentSeat && s.dec >= decGFire {
		return errors.New("a German decision needs opponent=seat")
	}
	if m.Step < 0 || m.Step > 4 || m.Draws < 0 || m.Draws > 3 || m.Cursor < 0 || m.Cursor > 4*MaxPositions || m.Hits < -1 || m.Hits > 2 {
		return errors.New("step, draws, cursor or hits out of range")
	}
	if m.Aux < -1 || m.Aux >= MaxHexes || m.Aux2 < -1 || m.Aux2 >= MaxHexes {
		return errors.New("aux out of range")
	}
	if m.Chit < -1 || m.Chit >= len(d.Chits) || m.Sel < -1 || m.Sel >= len(d.CW) || m.Tgt < -1 || m.Tgt >= len(d.Positions) {
		return errors.New("chit, sel or tgt out of range")
	}
	s.step, s.draws, s.cursor, s.aux, s.aux2 = uint8(m.Step), int8(m.Draws), int16(m.Cursor), int16(m.Aux), int16(m.Aux2)
	s.chit, s.sel, s.tgt, s.hits, s.atk, s.cand = int8(m.Chit), int8(m.Sel), int8(m.Tgt), int8(m.Hits), m.Atk, m.Cand
	if s.atk>>len(d.CW) != 0 {
		return errors.New("atk names unknown units")
	}
	if len(m.Boarded) != numTracks || len(m.Wire) > len(s.wire) {
		return errors.New("boarded or wire of the wrong length")
	}
	for t, v := range m.Boarded {
		if v < 0 || v > 20 {
			return errors.New("boarded out of range")
		}
		s.boarded[t] = int8(v)
	}
	for i, w := range m.Wire {
		if w < 0 || int(w) >= 6*len(d.Hexes) {
			return errors.New("wire out of range")
		}
		s.wire[i] = w
	}
	s.nWire = int8(len(m.Wire))
	return nil
}

// selfCheck plays every legal action on a copy, so that a state which
// decodes but would break the engine is rejected here.
func (s *State) selfCheck() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("inconsistent state: %v", r)
		}
	}()
	_, _, _ = s.String(), s.Observation(0, nil), s.Observe(0)
	var buf [numActions]env.Action
	legal := s.LegalActions(buf[:0])
	if s.phase != phOver && len(legal) == 0 {
		return errors.New("inconsistent state: no legal action")
	}
	for _, a := range legal {
		c := *s
		c.hidden = *rand.NewPCG(1, 2)
		if e := c.Apply(a); e != nil {
			return fmt.Errorf("inconsistent state: %w", e)
		}
		_ = c.String()
	}
	return nil
}
