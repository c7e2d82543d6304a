package skirmish

import (
	"runtime"
	"sync"
	"weak"

	"github.com/chariot-ai/chariot/env"
)

// Queries for agents and tools outside the package: what a player at the
// table can see and measure, and the action that does a thing. None of it
// changes the state.

// FigureInfo is one figure as a player sees it. Positions are hundredths
// of an inch.
type FigureInfo struct {
	Name            string
	British         bool
	Kind            Kind
	Officer, Mortar bool
	X, Y            int64
	OnTable         bool
	Activated       bool
}

// NumFigures counts the scenario's figures.
func (s *State) NumFigures() int { return s.nf() }

// Figure describes figure i.
func (s *State) Figure(i int) FigureInfo {
	d, f := s.def(i), &s.f[i]
	return FigureInfo{Name: d.Name, British: d.Side == British, Kind: d.Kind, Officer: d.Officer, Mortar: d.Mortar,
		X: int64(f.x), Y: int64(f.y), OnTable: f.st == stOn, Activated: f.fl&flDone != 0}
}

// Acting is the figure acting or deciding now, or -1.
func (s *State) Acting() int { return int(s.cur) }

// Selecting reports whether the side to move picks a unit to activate.
func (s *State) Selecting() bool { return s.step == stepSelect }

// ActionsLeft is the acting unit's actions left.
func (s *State) ActionsLeft() int { return int(s.acts) }

// Turn, Turns: the turn and the limit; ExitFrom: the first turn the exit
// is open.
func (s *State) Turn() int     { return int(s.turn) }
func (s *State) Turns() int    { return s.g.turns }
func (s *State) ExitFrom() int { return s.data().ExitFrom }

// Alarm reports whether the garrison is Raised.
func (s *State) Alarm() bool { return s.alarm }

// Features of the scenario, by kind.
func (s *State) Features(k FeatureKind) []int {
	var out []int
	for f, ft := range s.data().Features {
		if ft.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

// Intact reports whether a target stands (or wire is uncut).
func (s *State) Intact(f int) bool { return !s.isGone(f) }

// Touches reports whether figure i is in contact with feature f (a
// target, a wire section or the exit edge).
func (s *State) Touches(i, f int) bool {
	switch s.data().Features[f].Kind {
	case FTarget:
		return s.touchesTarget(i, f)
	case FWire:
		return s.touchesWire(i, f)
	case FExit:
		return s.atExit(i)
	}
	return false
}

// Dist is the distance between two figures in hundredths of an inch.
func (s *State) Dist(i, j int) int64 { return length(s.f[i].pos().sub(s.f[j].pos())) }

// InCover reports whether figure i stands in a cover area.
func (s *State) InCover(i int) bool { return s.inCover(i) }

// IsLegal reports whether a is legal now.
func (s *State) IsLegal(a env.Action) bool { return s.isLegal(a) }

// Actions by what they do.
func ActEnd() env.Action                { return aEnd }
func ActActivate(i int) env.Action      { return env.Action(aActivate + i) }
func ActDirect(i int) env.Action        { return env.Action(aDirect + i) }
func ActBoost(i int) env.Action         { return env.Action(aBoost + i) }
func ActMove(dir, third int) env.Action { return env.Action(aMove + dir*nLens + third) }
func ActTo(f int) env.Action            { return env.Action(aTo + f) }
func ActToward(j int) env.Action        { return env.Action(aToward + j) }
func ActAway() env.Action               { return aAway }
func ActShoot(j int) env.Action         { return env.Action(aShoot + j) }
func ActMortar(j int) env.Action        { return env.Action(aMortar + j) }
func ActAssault(j int) env.Action       { return env.Action(aAssault + j) }
func ActDemolish(f int) env.Action      { return env.Action(aDemolish + f) }
func ActCut(f int) env.Action           { return env.Action(aCut + f) }
func ActExit() env.Action               { return aExit }

// NumDirs is the number of compass directions of a move.
const NumDirs = nDirs

// routes is the static graph of the scenario's feature points: which pairs
// a figure can walk between in a straight line past the terrain, and which
// wire sections are in the way.
type routes struct {
	n    int
	len  [MaxFeatures][MaxFeatures]int64 // -1: blocked by terrain
	wire [MaxFeatures][MaxFeatures]uint32
}

// routeCache holds each scenario's graph while its Data lives. The key is
// weak and a cleanup drops the entry once the Data is collected, so that
// building game after game (each parses its own Data) pins nothing: keyed
// by *Data, every game ever built kept its scenario and graph.
var routeCache sync.Map // weak.Pointer[Data] -> *routes

func (d *Data) routes() *routes {
	key := weak.Make(d)
	if r, ok := routeCache.Load(key); ok {
		return r.(*routes)
	}
	r := &routes{n: len(d.Features)}
	for a := range r.n {
		for b := range r.n {
			p, q := d.Features[a].At, d.Features[b].At
			r.len[a][b], r.wire[a][b] = d.legCost(p, q)
		}
	}
	if old, loaded := routeCache.LoadOrStore(key, r); loaded {
		return old.(*routes) // another goroutine built it first
	}
	runtime.AddCleanup(d, func(k weak.Pointer[Data]) { routeCache.Delete(k) }, key)
	return r
}

// legCost is the length of the straight walk p-q, -1 if terrain blocks it,
// and the wire sections across it.
func (d *Data) legCost(p, q pt) (int64, uint32) {
	for t := range d.Terrain {
		tr := &d.Terrain[t]
		if tr.Kind != TCover && tr.bb.meetsSeg(p, q) && segMeetsConvex(p, q, tr.Poly) {
			return -1, 0
		}
	}
	var w uint32
	for f, ft := range d.Features {
		if ft.Kind == FWire && segsMeet(p, q, ft.A, ft.B) {
			w |= 1 << f
		}
	}
	return length(q.sub(p)), w
}

// Route is the shortest walk for figure i to feature goal through the
// scenario's feature points, past terrain and uncut wire (figures
// ignored): the first feature to head for and the length in hundredths.
// ok is false when there is no such walk.
func (s *State) Route(i, goal int) (first int, dist int64, ok bool) {
	d := s.data()
	r := d.routes()
	from := s.f[i].pos()
	var best [MaxFeatures]int64
	var hop [MaxFeatures]int
	var done [MaxFeatures]bool
	for f := range r.n {
		best[f], hop[f] = -1, -1
		if l, w := d.legCost(from, d.Features[f].At); l >= 0 && w&^s.gone == 0 {
			best[f], hop[f] = l, f
		}
	}
	for {
		u := -1
		for f := range r.n {
			if !done[f] && best[f] >= 0 && (u < 0 || best[f] < best[u]) {
				u = f
			}
		}
		if u < 0 || u == goal {
			break
		}
		done[u] = true
		for v := range r.n {
			if l := r.len[u][v]; l >= 0 && r.wire[u][v]&^s.gone == 0 && (best[v] < 0 || best[u]+l < best[v]) {
				best[v], hop[v] = best[u]+l, hop[u]
			}
		}
	}
	if best[goal] < 0 {
		return -1, 0, false
	}
	return hop[goal], best[goal], true
}
