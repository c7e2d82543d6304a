package skirmish

import (
	"fmt"
	"slices"
)

// The JSON form of a scenario. Coordinates are inches from the north-west
// corner of the table, x east, y south, with at most two decimals. Every
// entry says where it comes from ("rules" or "reconstructed") and why;
// data/README.md explains the default table.

type dataFile struct {
	Name     string       `json:"name"`
	Version  int          `json:"version"`
	Note     string       `json:"note,omitempty"`
	Width    float64      `json:"width"`
	Height   float64      `json:"height"`
	Turns    int          `json:"turns"`
	ExitFrom int          `json:"exit_from_turn"`
	Victory  victoryDef   `json:"victory"`
	Terrain  []terrainDef `json:"terrain"`
	Features []featureDef `json:"features"`
	Figures  []figureDef  `json:"figures"`
	Entries  []entryDef   `json:"entries"`
	Caveats  []string     `json:"caveats,omitempty"`
}

type victoryDef struct {
	LostVP   int        `json:"lost_vp"`
	ExitedVP int        `json:"exited_vp"`
	Levels   []levelDef `json:"levels"`
	Source   string     `json:"source"`
	Why      string     `json:"why,omitempty"`
}

type levelDef struct {
	Name  string `json:"name"`
	MinVP int    `json:"min_vp"`
}

type terrainDef struct {
	Name    string       `json:"name"`
	Kind    string       `json:"kind"`
	Polygon [][2]float64 `json:"polygon"`
	Source  string       `json:"source"`
	Why     string       `json:"why,omitempty"`
}

type featureDef struct {
	Name     string      `json:"name"`
	Kind     string      `json:"kind"`
	At       [2]float64  `json:"at"`
	VP       int         `json:"vp,omitempty"`
	Building string      `json:"building,omitempty"`
	From     *[2]float64 `json:"from,omitempty"`
	To       *[2]float64 `json:"to,omitempty"`
	Power    bool        `json:"power,omitempty"`
	Source   string      `json:"source"`
	Why      string      `json:"why,omitempty"`
}

type figureDef struct {
	Name    string      `json:"name"`
	Side    string      `json:"side"`
	Kind    string      `json:"kind"`
	Officer bool        `json:"officer,omitempty"`
	Mortar  bool        `json:"mortar,omitempty"`
	At      *[2]float64 `json:"at,omitempty"`
	Arrives int         `json:"arrives,omitempty"`
	Pool    bool        `json:"pool,omitempty"`
	Facing  *[2]float64 `json:"facing,omitempty"`
	Source  string      `json:"source"`
	Why     string      `json:"why,omitempty"`
}

type entryDef struct {
	Name   string     `json:"name"`
	At     [2]float64 `json:"at"`
	Source string     `json:"source"`
	Why    string     `json:"why,omitempty"`
}

func point(v [2]float64) (pt, error) {
	x, err := floatInches(v[0])
	if err != nil {
		return pt{}, err
	}
	y, err := floatInches(v[1])
	return pt{x, y}, err
}

func checkSource(what, s string) error {
	if s != "rules" && s != "reconstructed" {
		return fmt.Errorf("%s: source must be \"rules\" or \"reconstructed\", not %q", what, s)
	}
	return nil
}

func (f *dataFile) build() (*Data, error) {
	d := &Data{Name: f.Name, Turns: f.Turns, ExitFrom: f.ExitFrom, LostVP: f.Victory.LostVP,
		ExitedVP: f.Victory.ExitedVP, Caveats: f.Caveats, power: -1}
	var err error
	if d.W, err = floatInches(f.Width); err != nil {
		return nil, fmt.Errorf("width: %w", err)
	}
	if d.H, err = floatInches(f.Height); err != nil {
		return nil, fmt.Errorf("height: %w", err)
	}
	if d.W < 12*Inch || d.H < 12*Inch || d.W > 120*Inch || d.H > 120*Inch {
		return nil, fmt.Errorf("table %s\" x %s\": want each side from 12\" to 120\"", fmtInches(d.W), fmtInches(d.H))
	}
	if d.Turns < 1 || d.Turns > 20 {
		return nil, fmt.Errorf("turns %d: want 1 to 20", d.Turns)
	}
	if err := checkSource("victory", f.Victory.Source); err != nil {
		return nil, err
	}
	if len(f.Victory.Levels) == 0 {
		return nil, fmt.Errorf("victory: no levels")
	}
	for i, l := range f.Victory.Levels {
		if l.Name == "" || (i > 0 && l.MinVP >= f.Victory.Levels[i-1].MinVP) {
			return nil, fmt.Errorf("victory level %d: want a name and min_vp falling from level to level", i+1)
		}
		d.Levels = append(d.Levels, Level{l.Name, l.MinVP})
	}
	names := map[string]bool{}
	unique := func(what, n string) error {
		if n == "" {
			return fmt.Errorf("%s: %w", what, errNoName)
		}
		if names[what+n] {
			return fmt.Errorf("%s %q named twice", what, n)
		}
		names[what+n] = true
		return nil
	}
	if len(f.Terrain) > 64 {
		return nil, fmt.Errorf("%d terrain polygons: at most 64", len(f.Terrain))
	}
	for _, t := range f.Terrain {
		if err := unique("terrain", t.Name); err != nil {
			return nil, err
		}
		if err := checkSource("terrain "+t.Name, t.Source); err != nil {
			return nil, err
		}
		k := slices.Index(terrainKindNames[:], t.Kind)
		if k < 0 {
			return nil, fmt.Errorf("terrain %q: kind %q is not building, water or cover", t.Name, t.Kind)
		}
		var poly []pt
		for _, v := range t.Polygon {
			p, err := point(v)
			if err != nil {
				return nil, fmt.Errorf("terrain %q: %w", t.Name, err)
			}
			poly = append(poly, p)
		}
		if len(poly) > 16 || !isConvex(poly) {
			return nil, fmt.Errorf("terrain %q: the polygon must be convex with 3 to 16 corners", t.Name)
		}
		d.Terrain = append(d.Terrain, Terrain{Name: t.Name, Kind: k, Poly: poly, bb: boxOf(poly)})
	}
	if len(f.Features) > MaxFeatures {
		return nil, fmt.Errorf("%d features: at most %d", len(f.Features), MaxFeatures)
	}
	for _, fd := range f.Features {
		if err := unique("feature", fd.Name); err != nil {
			return nil, err
		}
		if err := checkSource("feature "+fd.Name, fd.Source); err != nil {
			return nil, err
		}
		k := slices.Index(featureKindNames[:], fd.Kind)
		if k < 0 {
			return nil, fmt.Errorf("feature %q: kind %q is not target, wire, cover, exit or waypoint", fd.Name, fd.Kind)
		}
		ft := Feature{Name: fd.Name, Kind: FeatureKind(k), VP: fd.VP, Terrain: -1, Power: fd.Power}
		if ft.At, err = point(fd.At); err != nil {
			return nil, fmt.Errorf("feature %q: %w", fd.Name, err)
		}
		if d.blocked(ft.At) {
			return nil, fmt.Errorf("feature %q: its point is off the table or in impassable terrain", fd.Name)
		}
		switch ft.Kind {
		case FTarget:
			ft.Terrain = d.terrainIndex(fd.Building)
			if ft.Terrain < 0 || d.Terrain[ft.Terrain].Kind != TBuilding {
				return nil, fmt.Errorf("target %q: building %q is not a building of the table", fd.Name, fd.Building)
			}
			if !polyWithin(ft.At, d.Terrain[ft.Terrain].Poly, Touch) {
				return nil, fmt.Errorf("target %q: its point is not in contact with %s", fd.Name, fd.Building)
			}
			if fd.VP < 0 || fd.VP > 20 {
				return nil, fmt.Errorf("target %q: vp %d: want 0 to 20", fd.Name, fd.VP)
			}
			d.targetVP += fd.VP
			if fd.Power {
				d.power = len(d.Features)
			}
		case FWire, FExit:
			if fd.From == nil || fd.To == nil {
				return nil, fmt.Errorf("%s %q: needs from and to", fd.Kind, fd.Name)
			}
			if ft.A, err = point(*fd.From); err == nil {
				ft.B, err = point(*fd.To)
			}
			if err != nil {
				return nil, fmt.Errorf("%s %q: %w", fd.Kind, fd.Name, err)
			}
			if ft.A == ft.B {
				return nil, fmt.Errorf("%s %q: from and to are the same point", fd.Kind, fd.Name)
			}
			if !segWithin(ft.A, ft.B, ft.At, Touch) {
				return nil, fmt.Errorf("%s %q: its point does not touch it", fd.Kind, fd.Name)
			}
		}
		if fd.Power && ft.Kind != FTarget {
			return nil, fmt.Errorf("feature %q: only a target can be the power station", fd.Name)
		}
		d.Features = append(d.Features, ft)
	}
	if len(f.Entries) > MaxEntries {
		return nil, fmt.Errorf("%d entries: at most %d", len(f.Entries), MaxEntries)
	}
	for _, e := range f.Entries {
		if err := unique("entry", e.Name); err != nil {
			return nil, err
		}
		p, err := point(e.At)
		if err != nil || d.blocked(p) {
			return nil, fmt.Errorf("entry %q: its point is off the table or in impassable terrain", e.Name)
		}
		d.Entries = append(d.Entries, Entry{e.Name, p})
	}
	if len(f.Figures) == 0 || len(f.Figures) > MaxFigures {
		return nil, fmt.Errorf("%d figures: want 1 to %d", len(f.Figures), MaxFigures)
	}
	nb := 0
	for _, fd := range f.Figures {
		if err := unique("figure", fd.Name); err != nil {
			return nil, err
		}
		if err := checkSource("figure "+fd.Name, fd.Source); err != nil {
			return nil, err
		}
		side := slices.Index(sideNames[:], fd.Side)
		k := slices.Index(kindNames[:], fd.Kind)
		if side < 0 || k < 0 {
			return nil, fmt.Errorf("figure %q: side %q, kind %q: want British or German and a kind of the text", fd.Name, fd.Side, fd.Kind)
		}
		fg := FigureDef{Name: fd.Name, Side: side, Kind: Kind(k), Officer: fd.Officer, Mortar: fd.Mortar, Arrives: fd.Arrives, Pool: fd.Pool}
		if (side == British) != (fg.Kind == Assault || fg.Kind == Demolition) {
			return nil, fmt.Errorf("figure %q: commandos are assault or demolition units, Germans the other kinds", fd.Name)
		}
		if fg.Mortar && side != British {
			return nil, fmt.Errorf("figure %q: only a commando unit carries the 2\" mortar", fd.Name)
		}
		if fg.Officer && !fg.Kind.mobile() {
			return nil, fmt.Errorf("figure %q: a %s cannot hold an officer", fd.Name, fd.Kind)
		}
		if fg.Pool {
			if side != German || !fg.Kind.mobile() || fd.At != nil || len(d.Entries) == 0 {
				return nil, fmt.Errorf("figure %q: a reinforcement is a mobile German unit without a position, and needs an entry", fd.Name)
			}
		} else {
			if fd.At == nil {
				return nil, fmt.Errorf("figure %q: needs a position", fd.Name)
			}
			if fg.Start, err = point(*fd.At); err != nil {
				return nil, fmt.Errorf("figure %q: %w", fd.Name, err)
			}
			if d.blocked(fg.Start) {
				return nil, fmt.Errorf("figure %q: placed off the table or in impassable terrain", fd.Name)
			}
		}
		if fg.Arrives < 0 || fg.Arrives > d.Turns || (fg.Arrives > 1 && side != British) {
			return nil, fmt.Errorf("figure %q: arrives %d: commandos arrive on turns 1 to %d", fd.Name, fg.Arrives, d.Turns)
		}
		if fg.Kind == Pillbox {
			if fd.Facing == nil {
				return nil, fmt.Errorf("pillbox %q: needs a facing", fd.Name)
			}
			fc, err := point(*fd.Facing)
			if err != nil || fc == (pt{}) {
				return nil, fmt.Errorf("pillbox %q: facing must be a non-zero direction", fd.Name)
			}
			fg.Facing = fc
			d.pillboxes = append(d.pillboxes, len(d.Figures))
		}
		if fg.Kind == Searchlight {
			d.searchlights = append(d.searchlights, len(d.Figures))
		}
		if side == British {
			nb++
		}
		d.Figures = append(d.Figures, fg)
	}
	if nb == 0 {
		return nil, fmt.Errorf("no commando units")
	}
	d.index()
	return d, nil
}
