package skirmish

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/chariot-ai/chariot/env"
)

// The JSON form of a state names figures and features, and gives positions
// as fixed-point inches (strings such as "12.34"), so a round trip is exact.

type stateJSON struct {
	Game    string       `json:"game"`
	Options string       `json:"options"`
	Turn    int          `json:"turn"`
	Phase   string       `json:"phase"`
	Step    string       `json:"step"`
	Alarm   bool         `json:"alarm"`
	Current int          `json:"current"`
	Actions int          `json:"actions"`
	Blocks  int          `json:"blocks"`
	Target  int          `json:"target"`
	Aux     int          `json:"aux"`
	Cursor  int          `json:"cursor"`
	Gone    []string     `json:"destroyed_or_cut"`
	Figures []figureJSON `json:"figures"`
}

type figureJSON struct {
	Name    string `json:"name"`
	X       string `json:"x"`
	Y       string `json:"y"`
	Status  string `json:"status"`
	Done    bool   `json:"activated,omitempty"`
	Boosted bool   `json:"directed,omitempty"`
	Lit     bool   `json:"lit,omitempty"`
}

// MarshalJSON encodes the whole state.
func (s *State) MarshalJSON() ([]byte, error) {
	j := stateJSON{Game: Name, Options: s.g.Options(), Turn: int(s.turn), Phase: phaseNames[s.phase], Step: stepNames[s.step],
		Alarm: s.alarm, Current: int(s.cur), Actions: int(s.acts), Blocks: int(s.blk), Target: int(s.tgt), Aux: int(s.aux),
		Cursor: int(s.cursor), Gone: []string{}}
	for f, ft := range s.data().Features {
		if s.isGone(f) {
			j.Gone = append(j.Gone, ft.Name)
		}
	}
	for i, fd := range s.data().Figures {
		f := &s.f[i]
		j.Figures = append(j.Figures, figureJSON{Name: fd.Name, X: fmtInches(int64(f.x)), Y: fmtInches(int64(f.y)),
			Status: statusNames[f.st], Done: f.fl&flDone != 0, Boosted: f.fl&flBoosted != 0, Lit: f.fl&flLit != 0})
	}
	return json.Marshal(j)
}

// UnmarshalState rebuilds a state, checking it is one the game can reach
// the shape of: every index in range and every step where it belongs.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	var j stateJSON
	if err := env.DecodeStrict(data, &j); err != nil {
		return nil, fmt.Errorf("skirmish state: %w", err)
	}
	s, err := g.fromJSON(&j)
	if err != nil {
		return nil, fmt.Errorf("skirmish state: %w", err)
	}
	return s, nil
}

func (g *Game) fromJSON(j *stateJSON) (*State, error) {
	d := g.data
	if j.Game != Name || j.Options != g.Options() {
		return nil, fmt.Errorf("game %q with options %q is not %s:%s", j.Game, j.Options, Name, g.Options())
	}
	s := &State{g: g, alarm: j.Alarm}
	ph, st := slices.Index(phaseNames[:], j.Phase), slices.Index(stepNames[:], j.Step)
	if ph < 0 || st < 0 {
		return nil, fmt.Errorf("unknown phase %q or step %q", j.Phase, j.Step)
	}
	if j.Turn < 1 || j.Turn > g.turns {
		return nil, fmt.Errorf("turn %d: want 1 to %d", j.Turn, g.turns)
	}
	nf := len(d.Figures)
	if j.Current < -1 || j.Current >= nf || j.Actions < 0 || j.Actions > 3 || j.Blocks < 0 || j.Blocks >= 32 ||
		j.Target < -1 || j.Target >= max(nf, len(d.Features), len(d.Entries)) || j.Aux < -1 || j.Aux >= max(nf, 7) ||
		j.Cursor < 0 || j.Cursor > max(nf, len(d.Entries)) {
		return nil, errors.New("machine field out of range")
	}
	s.turn, s.phase, s.step = int8(j.Turn), int8(ph), int8(st)
	s.cur, s.acts, s.blk, s.tgt, s.aux, s.cursor = int8(j.Current), int8(j.Actions), uint8(j.Blocks), int8(j.Target), int8(j.Aux), int8(j.Cursor)
	for _, name := range j.Gone {
		f := slices.IndexFunc(d.Features, func(ft Feature) bool { return ft.Name == name })
		if f < 0 || d.Features[f].Kind == FCover || d.Features[f].Kind == FExit || d.Features[f].Kind == FWaypoint || s.isGone(f) {
			return nil, fmt.Errorf("%q cannot be destroyed or cut", name)
		}
		s.gone |= 1 << f
		s.vp += int16(d.Features[f].VP)
	}
	if len(j.Figures) != nf {
		return nil, fmt.Errorf("%d figures, the scenario has %d", len(j.Figures), nf)
	}
	for i, fj := range j.Figures {
		fd := &d.Figures[i]
		if fj.Name != fd.Name {
			return nil, fmt.Errorf("figure %d is %q, the scenario's is %q", i, fj.Name, fd.Name)
		}
		x, err1 := parseInches(fj.X)
		y, err2 := parseInches(fj.Y)
		status := slices.Index(statusNames[:], fj.Status)
		if err := errors.Join(err1, err2); err != nil || status < 0 {
			return nil, fmt.Errorf("figure %q: bad position or status", fd.Name)
		}
		f := &s.f[i]
		f.x, f.y, f.st = int32(x), int32(y), int8(status)
		if f.st == stOn && d.blocked(f.pos()) {
			return nil, fmt.Errorf("figure %q stands off the table or in impassable terrain", fd.Name)
		}
		if (f.st == stOut && fd.Side != British) || (fj.Lit && fd.Kind != Searchlight) {
			return nil, fmt.Errorf("figure %q: status or marks it cannot have", fd.Name)
		}
		if fj.Done {
			f.fl |= flDone
		}
		if fj.Boosted {
			f.fl |= flBoosted
		}
		if fj.Lit {
			f.fl |= flLit
		}
		switch {
		case f.st == stDead && fd.Side == British:
			s.lost++
		case f.st == stDead:
			s.kills++
		case f.st == stOut:
			s.out++
		}
	}
	if err := s.checkMachine(); err != nil {
		return nil, err
	}
	return s, nil
}

// checkMachine checks that the pending step fits the phase and that the
// figures and features it refers to can take part in it.
func (s *State) checkMachine() error {
	d := s.data()
	fig := func(i int8) bool { return i >= 0 && int(i) < s.nf() && s.on(int(i)) }
	bad := errors.New("the pending step does not fit the state")
	acting := fig(s.cur) && s.side(int(s.cur)) == s.phaseSide() && s.def(int(s.cur)).Kind.mobile() && s.phase != phPillbox
	shot := fig(s.cur) && fig(s.tgt) && s.side(int(s.tgt)) != s.side(int(s.cur)) && s.def(int(s.cur)).Kind != Searchlight
	inAct := s.phase == phBritish || s.phase == phGerman
	ok := false
	switch s.step {
	case stepIdle:
		ok = s.phase == phOver
	case stepSelect:
		ok = inAct && s.cur == -1
	case stepBoost:
		ok = inAct && s.cur == -1 && s.aux >= 0 && int(s.aux) < s.nf() && s.def(int(s.aux)).Officer && s.side(int(s.aux)) == s.phaseSide()
	case stepAct:
		ok = inAct && acting && s.acts >= 1
	case dieActivation:
		ok = inAct && acting && s.acts == 0
	case stepPillbox:
		ok = s.phase == phPillbox && fig(s.cur) && s.def(int(s.cur)).Kind == Pillbox
	case dieHit, dieSave:
		ok = shot && (s.phase == phPillbox && s.def(int(s.cur)).Kind == Pillbox || inAct && acting)
	case dieMortar:
		ok = shot && inAct && acting && s.def(int(s.cur)).Mortar
	case dieFightBritish, dieRerollBritish, dieFightGerman, dieRerollGerman:
		ok = shot && s.phase == phBritish && acting && s.def(int(s.cur)).Kind == Assault
		if s.step == dieFightGerman || s.step == dieRerollGerman {
			ok = ok && s.aux >= 1 && s.aux <= 6
		}
	case dieDemolition:
		ok = s.phase == phBritish && acting && s.def(int(s.cur)).Kind == Demolition && s.tgt >= 0 &&
			int(s.tgt) < len(d.Features) && d.Features[s.tgt].Kind == FTarget && !s.isGone(int(s.tgt))
	case dieAlarm:
		ok = s.phase == phAlarm && !s.alarm
	case dieLight:
		ok = s.phase == phLights && fig(s.cur) && s.def(int(s.cur)).Kind == Searchlight
	case dieReinforce:
		ok = s.phase == phReinforce && s.tgt >= 0 && int(s.tgt) < len(d.Entries)
	}
	if !ok {
		return bad
	}
	if s.phase != phOver && !s.g.opts.Seat && s.step < dieActivation && s.phaseSide() == German {
		return errors.New("a German decision is pending, but the Germans are played by the rules")
	}
	if s.step == stepBoost && !slices.ContainsFunc(s.LegalActions(nil), func(env.Action) bool { return true }) {
		return errors.New("the officer has no unit to direct")
	}
	return nil
}
