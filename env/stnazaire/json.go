package stnazaire

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// The JSON form of a state names counters and spaces, so a saved game or a
// rule scenario in testdata/ can be read and written by a person.

type stateJSON struct {
	Game       string        `json:"game"`
	Options    string        `json:"options"`
	Turn       int           `json:"turn"`
	Phase      string        `json:"phase"`
	VP         int           `json:"vp"`
	Lost       int           `json:"lost"`
	BirneyDone bool          `json:"birney_done,omitempty"`
	Destroyed  []string      `json:"destroyed"`
	British    []britishJSON `json:"british"`
	German     []germanJSON  `json:"german"`
	Machine    machineJSON   `json:"machine"`
	Hidden     string        `json:"hidden"`
}

type britishJSON struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Space   string   `json:"space,omitempty"`
	Reduced bool     `json:"reduced,omitempty"`
	Pinned  bool     `json:"pinned,omitempty"`
	Moved   bool     `json:"moved,omitempty"`
	FiredC  bool     `json:"fired_c,omitempty"`
	Tried   bool     `json:"tried,omitempty"`
	Target  string   `json:"target,omitempty"`
	Aimed   string   `json:"aimed,omitempty"`
	Hit     *hitJSON `json:"hit,omitempty"`
}

type germanJSON struct {
	Name      string   `json:"name"`
	Loc       string   `json:"loc"`
	Space     string   `json:"space,omitempty"`
	Concealed bool     `json:"concealed,omitempty"`
	Pinned    bool     `json:"pinned,omitempty"`
	Origin    string   `json:"origin,omitempty"`
	MovesLeft int      `json:"moves_left,omitempty"`
	Target    string   `json:"target,omitempty"`
	Hit       *hitJSON `json:"hit,omitempty"`
}

type machineJSON struct {
	Step        int      `json:"step"`
	Cursor      int      `json:"cursor"`
	Aux         int      `json:"aux"`
	Aux2        int      `json:"aux2"`
	Decision    int      `json:"decision"`
	DecUnit     int      `json:"dec_unit"`
	Roll        int      `json:"roll"`
	RollK       int      `json:"roll_k"`
	RollU       int      `json:"roll_u"`
	RollT       int      `json:"roll_t"`
	Order       []int    `json:"order,omitempty"`
	HeldBritish []string `json:"held_british,omitempty"`
	HeldGerman  []string `json:"held_german,omitempty"`
}

var originNames = [...]string{"fixed", "setup", "pool_a", "pool_b"}

// MarshalJSON encodes the whole state, hidden counters included.
func (s *State) MarshalJSON() ([]byte, error) {
	d := s.data()
	sid := func(sp int16) string {
		if sp < 0 {
			return ""
		}
		return d.Spaces[sp].ID
	}
	j := stateJSON{Game: Name, Options: s.g.Options(), Turn: int(s.turn), Phase: phaseNames[s.phase],
		VP: int(s.vp), Lost: int(s.lost), BirneyDone: s.birneyDone, Destroyed: []string{}}
	for sp := range d.Spaces {
		if s.destroyed.has(sp) {
			j.Destroyed = append(j.Destroyed, d.Spaces[sp].ID)
		}
	}
	for u := range d.British {
		b := britishJSON{Name: d.British[u].Name, Status: bStatusNames[s.bStatus[u]], Space: sid(s.bSpace[u]),
			Reduced: s.bf.has(u, fReduced), Pinned: s.bf.has(u, fPinned), Moved: s.bf.has(u, fMoved), FiredC: s.bf.has(u, fFiredC), Tried: s.bf.has(u, fTried)}
		if t := s.bTarget[u]; t >= 0 {
			b.Target, b.Aimed = d.German[t].Name, sid(s.bAimed[u])
		}
		if h := s.bHit[u]; h.any() {
			b.Hit = toHitJSON(h)
		}
		j.British = append(j.British, b)
	}
	for g := range d.German {
		x := germanJSON{Name: d.German[g].Name, Loc: gLocNames[s.gLoc[g]], Space: sid(s.gSpace[g]), Concealed: s.gf.has(g, fConcealed),
			Pinned: s.gf.has(g, fPinned), MovesLeft: int(s.gMovesLeft[g]), Target: sid(s.gTarget[g])}
		if s.gLoc[g] == gOnMap {
			x.Origin = originNames[s.gOrigin[g]]
		}
		if h := s.gHit[g]; h.any() {
			x.Hit = toHitJSON(h)
		}
		j.German = append(j.German, x)
	}
	m := &j.Machine
	m.Step, m.Cursor, m.Aux, m.Aux2 = int(s.step), int(s.cursor), int(s.aux), int(s.aux2)
	m.Decision, m.DecUnit, m.Roll, m.RollK, m.RollU, m.RollT = int(s.dec), int(s.decUnit), int(s.roll), int(s.rollK), int(s.rollU), int(s.rollT)
	for k := 0; k < int(s.nOrder); k++ {
		m.Order = append(m.Order, int(s.gOrder[k]))
	}
	for sp := range d.Spaces {
		if s.startHeldB.has(sp) {
			m.HeldBritish = append(m.HeldBritish, d.Spaces[sp].ID)
		}
		if s.startHeldG.has(sp) {
			m.HeldGerman = append(m.HeldGerman, d.Spaces[sp].ID)
		}
	}
	h, err := s.hidden.MarshalBinary()
	if err != nil {
		return nil, err
	}
	j.Hidden = hex.EncodeToString(h)
	return json.Marshal(j)
}

// UnmarshalState reads a state written by MarshalJSON, checking every name,
// range and cross-reference. It never panics on bad input.
func (g *Game) UnmarshalState(data []byte) (st env.State, err error) {
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
	space := func(id string, what string) (int16, error) {
		if id == "" {
			return -1, nil
		}
		sp, ok := d.spaceIdx[id]
		if !ok {
			return -1, fmt.Errorf("%s: unknown space %q", what, id)
		}
		return sp, nil
	}
	if j.Turn < 1 || j.Turn > g.opts.Turns {
		return nil, fmt.Errorf("turn %d out of 1..%d", j.Turn, g.opts.Turns)
	}
	s.turn = int8(j.Turn)
	ph := indexOf(phaseNames[:], j.Phase)
	if ph < 0 {
		return nil, fmt.Errorf("unknown phase %q", j.Phase)
	}
	s.phase = uint8(ph)
	if j.VP < -1000 || j.VP > 1000 || j.Lost < 0 || j.Lost > len(d.British) {
		return nil, fmt.Errorf("vp %d or lost %d out of range", j.VP, j.Lost)
	}
	s.vp, s.lost, s.birneyDone = int16(j.VP), int8(j.Lost), j.BirneyDone
	for _, id := range j.Destroyed {
		sp, err := space(id, "destroyed")
		if err != nil {
			return nil, err
		}
		if sp < 0 || d.Spaces[sp].Objective == 0 {
			return nil, fmt.Errorf("destroyed: space %q has no objective", id)
		}
		s.destroyed.put(int(sp), true)
	}
	if len(j.British) != len(d.British) {
		return nil, fmt.Errorf("british: %d counters, the data has %d", len(j.British), len(d.British))
	}
	for u, b := range j.British {
		ctx := fmt.Sprintf("british %q", b.Name)
		if b.Name != d.British[u].Name {
			return nil, fmt.Errorf("british #%d: name %q, the data has %q", u, b.Name, d.British[u].Name)
		}
		st := indexOf(bStatusNames[:], b.Status)
		if st < 0 {
			return nil, fmt.Errorf("%s: unknown status %q", ctx, b.Status)
		}
		sp, err := space(b.Space, ctx)
		if err != nil {
			return nil, err
		}
		if (st == int(bOnMap)) != (sp >= 0) || (sp >= 0 && d.Spaces[sp].Exit >= 0) {
			return nil, fmt.Errorf("%s: a commando has a space (not an exit box) exactly when on the map", ctx)
		}
		if b.Reduced && d.British[u].Reduced == 0 {
			return nil, fmt.Errorf("%s: a single-sided counter cannot be reduced", ctx)
		}
		s.bStatus[u], s.bSpace[u] = uint8(st), sp
		s.bf.put(u, fReduced, b.Reduced)
		s.bf.put(u, fPinned, b.Pinned)
		s.bf.put(u, fMoved, b.Moved)
		s.bf.put(u, fFiredC, b.FiredC)
		s.bf.put(u, fTried, b.Tried)
		s.bTarget[u], s.bAimed[u] = -1, -1
		if b.Target != "" {
			t, ok := d.gerIdx[b.Target]
			if !ok {
				return nil, fmt.Errorf("%s: unknown target %q", ctx, b.Target)
			}
			if s.bAimed[u], err = space(b.Aimed, ctx); err != nil || s.bAimed[u] < 0 {
				return nil, fmt.Errorf("%s: a target needs the space aimed at", ctx)
			}
			s.bTarget[u] = t
		}
		if b.Hit != nil {
			if s.bHit[u], err = b.Hit.hit(); err != nil {
				return nil, fmt.Errorf("%s: %w", ctx, err)
			}
		}
	}
	if len(j.German) != len(d.German) {
		return nil, fmt.Errorf("german: %d counters, the data has %d", len(j.German), len(d.German))
	}
	for gi, x := range j.German {
		ctx := fmt.Sprintf("german %q", x.Name)
		if x.Name != d.German[gi].Name {
			return nil, fmt.Errorf("german #%d: name %q, the data has %q", gi, x.Name, d.German[gi].Name)
		}
		loc := indexOf(gLocNames[:], x.Loc)
		if loc < 0 {
			return nil, fmt.Errorf("%s: unknown location %q", ctx, x.Loc)
		}
		sp, err := space(x.Space, ctx)
		if err != nil {
			return nil, err
		}
		if (loc == int(gOnMap)) != (sp >= 0) || (sp >= 0 && d.Spaces[sp].Exit >= 0) {
			return nil, fmt.Errorf("%s: a counter has a space (not an exit box) exactly when on the map", ctx)
		}
		if loc == int(gRemoved) && !isFlak(d.German[gi].Class) {
			return nil, fmt.Errorf("%s: only FlaK counters are removed from the game", ctx)
		}
		s.gLoc[gi], s.gSpace[gi] = uint8(loc), sp
		s.gf.put(gi, fConcealed, x.Concealed)
		s.gf.put(gi, fPinned, x.Pinned)
		if loc == int(gOnMap) {
			o := indexOf(originNames[:], x.Origin)
			if o < 0 {
				return nil, fmt.Errorf("%s: unknown origin %q", ctx, x.Origin)
			}
			s.gOrigin[gi] = uint8(o)
		} else if x.Origin != "" {
			return nil, fmt.Errorf("%s: only a counter on the map has an origin", ctx)
		}
		if x.MovesLeft < 0 || x.MovesLeft > movementAllowance {
			return nil, fmt.Errorf("%s: moves_left %d out of 0..%d", ctx, x.MovesLeft, movementAllowance)
		}
		s.gMovesLeft[gi] = int8(x.MovesLeft)
		if s.gTarget[gi], err = space(x.Target, ctx); err != nil {
			return nil, err
		}
		if x.Hit != nil {
			if s.gHit[gi], err = x.Hit.hit(); err != nil {
				return nil, fmt.Errorf("%s: %w", ctx, err)
			}
		}
	}
	if err := s.decodeMachine(&j.Machine, space); err != nil {
		return nil, fmt.Errorf("machine: %w", err)
	}
	h, err := hex.DecodeString(j.Hidden)
	if err != nil {
		return nil, fmt.Errorf("hidden: %w", err)
	}
	if err := s.hidden.UnmarshalBinary(h); err != nil {
		return nil, fmt.Errorf("hidden: %w", err)
	}
	s.recount()
	if err := s.selfCheck(); err != nil {
		return nil, err
	}
	return s, nil
}

// hitJSON is a pending combat result in the saved form.
type hitJSON struct {
	Steps int  `json:"steps,omitempty"`
	Pin   bool `json:"pin,omitempty"`
	DE    bool `json:"de,omitempty"`
}

func toHitJSON(h hit) *hitJSON {
	return &hitJSON{Steps: h.steps(), Pin: h.pin(), DE: h.de()}
}

func (j *hitJSON) hit() (hit, error) {
	if j.Steps < 0 || j.Steps > 3 {
		return 0, fmt.Errorf("hit steps %d out of 0..3", j.Steps)
	}
	h := hit(j.Steps)
	if j.Pin {
		h |= hitPin
	}
	if j.DE {
		h |= hitDE
	}
	if h == 0 {
		return 0, errors.New("an empty hit is written as no hit")
	}
	return h, nil
}

func (s *State) decodeMachine(m *machineJSON, space func(string, string) (int16, error)) error {
	d := s.data()
	nB, nG, nS := len(d.British), len(d.German), len(d.Spaces)
	if m.Step < 0 || m.Step > 7 || m.Cursor < 0 || m.Cursor > nB+nG || m.Aux < -1 || m.Aux > nS || m.Aux2 < -1 || m.Aux2 > 10 {
		return errors.New("step, cursor or aux out of range")
	}
	s.step, s.cursor, s.aux, s.aux2 = uint8(m.Step), int16(m.Cursor), int16(m.Aux), int16(m.Aux2)
	if m.Decision < 0 || m.Decision > int(decGermanFire) || m.Roll < 0 || m.Roll > int(rollGermanTie) {
		return errors.New("unknown decision or roll")
	}
	if m.Decision != int(decNone) && m.Roll != int(rollNone) {
		return errors.New("a decision and a roll cannot both be pending")
	}
	if s.phase != phOver && m.Decision == int(decNone) && m.Roll == int(rollNone) {
		return errors.New("nothing is pending in a game that is not over")
	}
	s.dec, s.roll = uint8(m.Decision), uint8(m.Roll)
	if germanDecision(s.dec) {
		if !s.opts().GermanSeat {
			return errors.New("a German decision is pending, but the Germans are not a seat (opponent=rules)")
		}
		if m.DecUnit < 0 || m.DecUnit >= nG || s.gLoc[m.DecUnit] != gOnMap {
			return errors.New("the pending German decision needs a German counter on the map")
		}
		s.decUnit = int8(m.DecUnit)
		return s.decodeOrder(m, space)
	}
	if m.DecUnit < -1 || m.DecUnit >= nB {
		return fmt.Errorf("dec_unit %d out of range", m.DecUnit)
	}
	s.decUnit = int8(m.DecUnit)
	needsUnit := s.dec != decNone && s.dec != decSelect
	if needsUnit && (s.decUnit < 0 || s.bStatus[s.decUnit] != bOnMap) {
		return errors.New("the pending decision needs a commando on the map")
	}
	if s.dec == decOccupy && (s.aux < 0 || int(s.aux) >= nS) {
		return errors.New("an occupation needs a space")
	}
	return s.decodeOrder(m, space)
}

// decodeOrder reads the pending roll, the German attack order and the
// spaces held when the exchange of fire began.
func (s *State) decodeOrder(m *machineJSON, space func(string, string) (int16, error)) error {
	d := s.data()
	nB, nG, nS := len(d.British), len(d.German), len(d.Spaces)
	if s.roll != rollNone {
		if m.RollK < 1 || m.RollK > 10 {
			return fmt.Errorf("roll_k %d out of 1..10", m.RollK)
		}
	} else if m.RollK != 0 {
		return errors.New("roll_k without a roll")
	}
	if m.RollU < -1 || m.RollU >= nB+nG || m.RollT < -1 || m.RollT >= max(nS, nG, nB) {
		return errors.New("roll_u or roll_t out of range")
	}
	s.rollK, s.rollU, s.rollT = int8(m.RollK), int16(m.RollU), int16(m.RollT)
	if len(m.Order) > nG {
		return errors.New("order longer than the German counters")
	}
	for k, g := range m.Order {
		if g < 0 || g >= nG {
			return fmt.Errorf("order entry %d out of range", g)
		}
		s.gOrder[k] = int8(g)
	}
	s.nOrder = int8(len(m.Order))
	for _, list := range []struct {
		ids []string
		dst *spaceSet
	}{{m.HeldBritish, &s.startHeldB}, {m.HeldGerman, &s.startHeldG}} {
		for _, id := range list.ids {
			sp, err := space(id, "held")
			if err != nil || sp < 0 {
				return fmt.Errorf("held: bad space %q", id)
			}
			list.dst.put(int(sp), true)
		}
	}
	return nil
}

// selfCheck plays every legal action on a copy, so a state that decodes
// but would break the rules engine is rejected here rather than later.
func (s *State) selfCheck() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("inconsistent state: %v", r)
		}
	}()
	_, _, _ = s.String(), s.Observation(0, nil), s.View()
	var buf [numActions]env.Action
	for _, a := range s.LegalActions(buf[:0]) {
		c := *s
		c.hidden = *rand.NewPCG(1, 2)
		if e := c.Apply(a); e != nil {
			return fmt.Errorf("inconsistent state: %w", e)
		}
	}
	if s.phase != phOver && len(s.LegalActions(buf[:0])) == 0 {
		return errors.New("inconsistent state: no legal action")
	}
	return nil
}
