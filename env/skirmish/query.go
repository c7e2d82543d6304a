package skirmish

import (
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
// wire sections are in the way. It is built once with the scenario
// (Data.index) and shared by every state, so nothing outlives the Data.
type routes struct {
	n    int
	len  [MaxFeatures][MaxFeatures]int64 // -1: blocked by terrain
	wire [MaxFeatures][MaxFeatures]uint32
}

// legCost is the length of the straight walk p-q, -1 if terrain blocks it,
// and the wire sections across it.
func (d *Data) legCost(p, q pt) (int64, uint32) {
	if d.walled(p, q) {
		return -1, 0
	}
	var w uint32
	for _, f := range d.wires {
		if ft := &d.Features[f]; segsMeet(p, q, ft.A, ft.B) {
			w |= 1 << f
		}
	}
	return length(q.sub(p)), w
}

// walled reports whether terrain that blocks movement (buildings, water)
// meets the segment p-q.
func (d *Data) walled(p, q pt) bool {
	for k := range d.walls {
		if w := &d.walls[k]; w.bb.meetsSeg(p, q) && segMeetsConvex(p, q, w.poly) {
			return true
		}
	}
	return false
}

// legOpen reports whether the straight walk p-q is clear of terrain and of
// wire not in gone: legCost's length >= 0 with no wire of it standing.
func (d *Data) legOpen(p, q pt, gone uint32) bool {
	if d.walled(p, q) {
		return false
	}
	for _, f := range d.wires {
		if ft := &d.Features[f]; gone&(1<<f) == 0 && segsMeet(p, q, ft.A, ft.B) {
			return false
		}
	}
	return true
}

// Route is the shortest walk for figure i to feature goal through the
// scenario's feature points, past terrain and uncut wire (figures
// ignored): the first feature to head for and the length in hundredths.
// ok is false when there is no such walk.
func (s *State) Route(i, goal int) (first int, dist int64, ok bool) {
	var t routeTable
	s.data().walk(s.f[i].pos(), s.gone, goal, &t)
	return t.To(goal)
}

// routeTable holds the walks walk found from one point.
type routeTable struct {
	best [MaxFeatures]int64 // -1: no walk
	hop  [MaxFeatures]int8
}

// To is the first feature to head for on the shortest walk to goal, its
// length, and false if there is none.
func (t *routeTable) To(goal int) (first int, dist int64, ok bool) {
	if t.best[goal] < 0 {
		return -1, 0, false
	}
	return int(t.hop[goal]), t.best[goal], true
}

// walk is Dijkstra's search from point from over the feature graph with
// the wire of gone cut, stopping once goal is settled.
func (d *Data) walk(from pt, gone uint32, goal int, t *routeTable) {
	r := d.rt
	best, hop := &t.best, &t.hop
	var done [MaxFeatures]bool
	for f := range MaxFeatures {
		best[f], hop[f] = 0, 0 // beyond the scenario's features, as Route always answered
	}
	for f := range r.n {
		best[f], hop[f] = -1, -1
		if at := d.Features[f].At; d.legOpen(from, at, gone) {
			best[f], hop[f] = length(at.sub(from)), int8(f)
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
		bu, lu, wu := best[u], &r.len[u], &r.wire[u]
		for v := range r.n {
			if l := lu[v]; l >= 0 && wu[v]&^gone == 0 && (best[v] < 0 || bu+l < best[v]) {
				best[v], hop[v] = bu+l, hop[u]
			}
		}
	}
}

// GoalTable holds the length of the shortest walk from every feature point
// to one goal feature over the feature graph, with the wire of one state
// cut: what Route's search finds on its way back from the goal. A state's
// RouteLen and RouteLenAfterMove fill it, and fill it again only when the
// scenario, the goal or the wire cut differ, so a table kept across
// decisions is searched again only when wire is cut or a target falls.
type GoalTable struct {
	d    *Data
	gone uint32
	goal int
	dist [MaxFeatures]int64 // -1: no walk
}

// goalTable readies t for goal in s: Dijkstra's search from the goal,
// along the graph's lines taken backwards.
func (s *State) goalTable(goal int, t *GoalTable) {
	d := s.data()
	if t.d == d && t.gone == s.gone && t.goal == goal {
		return
	}
	t.d, t.gone, t.goal = d, s.gone, goal
	r := d.rt
	var done [MaxFeatures]bool
	for f := range r.n {
		t.dist[f] = -1
	}
	t.dist[goal] = 0
	for {
		u := -1
		for f := range r.n {
			if !done[f] && t.dist[f] >= 0 && (u < 0 || t.dist[f] < t.dist[u]) {
				u = f
			}
		}
		if u < 0 {
			return
		}
		done[u] = true
		for v := range r.n {
			if l := r.len[v][u]; l >= 0 && r.wire[v][u]&^s.gone == 0 && (t.dist[v] < 0 || t.dist[u]+l < t.dist[v]) {
				t.dist[v] = t.dist[u] + l
			}
		}
	}
}

// RouteLen is the length of Route(i, goal), with ok false when there is
// no walk or it is not shorter than below. Route's length is the shortest
// over the feature points of the straight leg there and the walk on, so
// it is found from t (filled for goal as needed) by checking the legs
// against the terrain in order of that sum, only while it is below below.
func (s *State) RouteLen(i, goal int, t *GoalTable, below int64) (int64, bool) {
	return s.routeLen(s.f[i].pos(), goal, t, below)
}

// RouteLenAfterMove is RouteLen for the acting figure after its move
// action a (a compass leg, a move to a feature, toward a figure or away),
// without making it: the figure stands where the leg ends, and nothing the
// move sets off moves it or cuts wire. ok is false too when a is not a
// legal move now.
func (s *State) RouteLenAfterMove(a env.Action, goal int, t *GoalTable, below int64) (int64, bool) {
	n := int(a)
	if s.phase == phOver || s.step != stepAct || n < aMove || n > aAway {
		return 0, false
	}
	i := int(s.cur)
	end, legal := s.moveEnd(i, n, s.closeMask(i))
	if !legal {
		return 0, false
	}
	return s.routeLen(end, goal, t, below)
}

func (s *State) routeLen(from pt, goal int, t *GoalTable, below int64) (int64, bool) {
	d := s.data()
	r := d.rt
	if goal >= r.n {
		_ = t.dist[goal]
		return 0, 0 < below // beyond the scenario's features, as Route always answered
	}
	s.goalTable(goal, t)
	var sum [MaxFeatures]int64
	for f := range r.n {
		sum[f] = -1
		if on := t.dist[f]; on >= 0 {
			if l := length(d.Features[f].At.sub(from)) + on; l < below {
				sum[f] = l
			}
		}
	}
	for {
		u := -1
		for f := range r.n {
			if sum[f] >= 0 && (u < 0 || sum[f] < sum[u]) {
				u = f
			}
		}
		if u < 0 {
			return 0, false
		}
		if d.legOpen(from, d.Features[u].At, s.gone) {
			return sum[u], true
		}
		sum[u] = -1
	}
}
