package skirmish

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The scenario is data: the table, its terrain and features, the forces,
// the turn limit and the victory points. The text has none of it; every
// entry of data/default.json is authored and says why (data/README.md).

// Limits of the fixed action space: a data file may use fewer.
const (
	MaxFigures  = 32
	MaxFeatures = 32
	MaxEntries  = 4
)

// Sides.
const (
	British = 0
	German  = 1
)

var sideNames = [2]string{"British", "German"}

// Kind is what a figure is, which fixes how it moves, fights and is hit.
type Kind int8

// Figure kinds named by the text.
const (
	Assault Kind = iota
	Demolition
	Infantry
	Motorcycle
	ArmouredCar
	HalfTrack
	Pillbox
	Searchlight
)

var kindNames = [...]string{"assault", "demolition", "infantry", "motorcycle", "armoured_car", "half_track", "pillbox", "searchlight"}

// vehicle kinds move 12" a move action (Movement).
func (k Kind) vehicle() bool { return k == Motorcycle || k == ArmouredCar || k == HalfTrack }

// armoured kinds give -1 to shots at them (Shooting).
func (k Kind) armoured() bool { return k == ArmouredCar || k == HalfTrack }

// mobile kinds activate and move.
func (k Kind) mobile() bool { return k != Pillbox && k != Searchlight }

// FeatureKind says what a named feature is for.
type FeatureKind int8

// Feature kinds.
const (
	FTarget FeatureKind = iota
	FWire
	FCover
	FExit
	FWaypoint
)

var featureKindNames = [...]string{"target", "wire", "cover", "exit", "waypoint"}

// Terrain kinds.
const (
	TBuilding = iota // impassable, blocks line of sight
	TWater           // impassable, does not block line of sight
	TCover           // passable, gives cover to a figure inside
)

var terrainKindNames = [...]string{"building", "water", "cover"}

// Terrain is one convex polygon of the table.
type Terrain struct {
	Name string
	Kind int
	Poly []pt
	bb   box
}

// Feature is a named place figures can move toward: a demolition target
// (a building, in contact when within Contact of it), a barbed wire
// section, a cover area, the exit edge or a waypoint.
type Feature struct {
	Name string
	Kind FeatureKind
	// At is the point a move "to" the feature heads for.
	At pt
	// VP is a target's victory points when destroyed.
	VP int
	// Terrain is the building a target is (-1 for other kinds).
	Terrain int
	// A, B are the ends of a wire section or the exit edge.
	A, B pt
	// Power marks the power station: once destroyed, no searchlight is lit.
	Power bool
}

// FigureDef is one figure (a unit: a stand of figures) of the scenario.
type FigureDef struct {
	Name    string
	Side    int
	Kind    Kind
	Officer bool
	Mortar  bool
	Start   pt
	// Arrives is the turn a commando lands (placed at Start at the start
	// of that British phase); 1 or 0 means on the table from the start.
	Arrives int
	// Pool marks a German reinforcement, placed at an entry on arrival.
	Pool bool
	// Facing is a pillbox's facing: its 180-degree arc is the half-plane
	// in front of it.
	Facing pt
}

// Entry is a German reinforcement entry point.
type Entry struct {
	Name string
	At   pt
}

// Level is a victory level: the first whose MinVP the score reaches.
type Level struct {
	Name  string
	MinVP int
}

// Data is an immutable, validated scenario, shared by every state.
type Data struct {
	Name         string
	W, H         int64
	Turns        int
	ExitFrom     int
	LostVP       int
	ExitedVP     int
	Terrain      []Terrain
	Features     []Feature
	Figures      []FigureDef
	Entries      []Entry
	Levels       []Level
	Caveats      []string
	targetVP     int
	power        int // the power station feature, or -1
	pillboxes    []int
	searchlights []int
	// Built with the data, once (index): what the hot paths scan.
	walls  []wall  // terrain that blocks movement (not cover)
	sights []wall  // terrain that blocks line of sight (buildings)
	wires  []int   // wire features
	rt     *routes // the feature graph
}

// wall is a blocking polygon with its bounding box, packed for the scans
// of movement and line of sight.
type wall struct {
	bb   box
	poly []pt
}

// index builds what the hot paths read: the blocking terrain, the wire
// and the route graph between feature points. It
// runs once, when the scenario is built; the Data is immutable after.
func (d *Data) index() {
	for i := range d.Terrain {
		t := &d.Terrain[i]
		if t.Kind != TCover {
			d.walls = append(d.walls, wall{t.bb, t.Poly})
		}
		if t.Kind == TBuilding {
			d.sights = append(d.sights, wall{t.bb, t.Poly})
		}
	}
	for f, ft := range d.Features {
		if ft.Kind == FWire {
			d.wires = append(d.wires, f)
		}
	}
	r := &routes{n: len(d.Features)}
	for a := range r.n {
		for b := range r.n {
			p, q := d.Features[a].At, d.Features[b].At
			r.len[a][b], r.wire[a][b] = d.legCost(p, q)
		}
	}
	d.rt = r
}

//go:embed data/default.json
var defaultJSON []byte

// DefaultData is the embedded scenario.
func DefaultData() (*Data, error) { return ParseData(defaultJSON) }

// LoadData reads a scenario file.
func LoadData(path string) (*Data, error) { return env.LoadDataFile(path, ParseData) }

// Geometry constants (RULINGS.md S1-S3).
const (
	Base         = 120      // base diameter: figures may not end closer than this
	Contact      = 125      // two figures are in contact at this distance or less
	Touch        = 100      // a figure touches a building, wire or edge within this
	StopRange    = 6 * Inch // the 6" stop of Movement
	Range        = 12 * Inch
	ShortRange   = 6 * Inch
	PillboxRange = 3 * Inch
	OfficerRange = 6 * Inch
	LightRange   = 12 * Inch
	DemoStep     = 3 * Inch
)

// ParseData reads and validates a scenario. Errors are one line.
func ParseData(b []byte) (*Data, error) {
	var f dataFile
	if err := env.DecodeStrict(bytes.TrimSpace(b), &f); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	d, err := f.build()
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return d, nil
}

func (d *Data) terrainIndex(name string) int {
	for i, t := range d.Terrain {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// inside reports whether p is inside impassable terrain or off the table.
func (d *Data) blocked(p pt) bool {
	if p.x < 0 || p.y < 0 || p.x > d.W || p.y > d.H {
		return true
	}
	for i := range d.Terrain {
		t := &d.Terrain[i]
		if t.Kind != TCover && inConvex(p, t.Poly) {
			return true
		}
	}
	return false
}

var errNoName = errors.New("every entry needs a name")
