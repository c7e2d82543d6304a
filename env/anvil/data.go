package anvil

import (
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Limits of the flat state arrays.
const (
	MaxAreas   = 48
	MaxUnits   = 128
	MaxBorders = 128
)

// Sides, which are also the seats.
const (
	Allied = 0
	German = 1
)

// sideNames name the seats as the printed game does.
var sideNames = [2]string{"Allied", "German"}

// SideName is the printed name of side 0 (the Allies) or 1 (the Germans).
func SideName(side int) string { return sideNames[side] }

// Terrain types (1.1).
const (
	Clear = iota
	Rough
	Mountain
)

// River kinds on a border (1.1, 5.7).
const (
	NoRiver = iota
	MinorRiver
	MajorRiver
)

// Unit classes (1.3).
const (
	ClassCombat = iota
	ClassSupport
	ClassCD
	ClassTransport
	ClassTrain
)

// Arrival kinds (7, 8).
const (
	ArriveLanding = iota
	ArriveReinforcement
	ArriveParadrop
)

var terrainNames = []string{"clear", "rough", "mountain"}
var riverNames = []string{"", "minor", "major"}
var classNames = []string{"combat", "support", "cd", "transport", "train"}
var arrivalNames = []string{"landing", "reinforcement", "paradrop"}
var typeNames = []string{"infantry", "armored", "airborne", "commando", "artillery", "antitank", "mountain", "recon", "cd", "transport"}

// Combined-arms categories (5.7).
const (
	TypeInfantry = iota
	TypeArmored
	TypeAirborne
	TypeCommando
	TypeArtillery
	TypeAntitank
)

// Area is one compiled area.
type Area struct {
	AreaDef
	Terrain int
	// Nbr lists the adjacent areas and the border to each.
	Nbr []Adj
	// Track is the index of the fortification track, or -1.
	Track int
}

// Adj is one neighbour of an area.
type Adj struct{ Area, Border int }

// Border is one compiled border.
type Border struct {
	A, B  int
	River int
}

// Unit is one compiled counter.
type Unit struct {
	UnitDef
	Side, Class, Type int
	// Div numbers the division, for the activation limit (3.2).
	Div int
	// Steps is the number of steps of the fresh counter.
	Steps int
	Nat   int
}

// Arrival is a compiled arrival.
type Arrival struct {
	Kind, Turn, Area int
	Units            []int
}

// Scenario is a compiled scenario.
type Scenario struct {
	Number   int
	Name     string
	Turns    int
	Setup    [][2]int // unit, area
	Arrivals []Arrival
	FFI      []int
	Bridges  []int
}

// Track is a compiled fortification track.
type Track struct {
	Area int
	DRM  []int
}

// Data is an immutable, validated data set, shared by every state.
type Data struct {
	File      DataFile
	Areas     []Area
	Borders   []Border
	Units     []Unit
	Tracks    []Track
	Scenarios []Scenario
	// CRT cells: attacker and defender hits by row (roll-MinRoll) and column.
	crtA, crtD [][]int
	trains     []int
	armed      [2][]int // each side's units an enemy attacks: combat, coastal defence, the train
	areaByID   map[string]int
	unitByName map[string]int
	border     [MaxAreas][MaxAreas]int8 // border index+1, 0 if none
}

//go:embed data/default.json
var defaultData []byte

// DefaultData parses the embedded data set.
func DefaultData() (*Data, error) { return ParseData(defaultData) }

// LoadData reads a data file.
func LoadData(path string) (*Data, error) { return env.LoadDataFile(path, ParseData) }

func index(names []string, s, what string) (int, error) {
	for i, n := range names {
		if n == s {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%s %q is not one of %s", what, s, strings.Join(names, ", "))
}

// ParseData reads and validates a data set; every problem is a one-line
// error.
func ParseData(b []byte) (*Data, error) {
	var f DataFile
	if err := env.DecodeStrict(b, &f); err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	d := &Data{File: f, areaByID: map[string]int{}, unitByName: map[string]int{}}
	if len(f.Areas) == 0 || len(f.Areas) > MaxAreas {
		return nil, fmt.Errorf("data: %d areas, want 1 to %d", len(f.Areas), MaxAreas)
	}
	for i, a := range f.Areas {
		if a.ID == "" || d.areaByID[a.ID] != 0 || (i > 0 && a.ID == f.Areas[0].ID) {
			return nil, fmt.Errorf("data: area %d has an empty or repeated id %q", i, a.ID)
		}
		t, err := index(terrainNames, a.Terrain, "terrain")
		if err != nil {
			return nil, fmt.Errorf("data: area %s: %w", a.ID, err)
		}
		d.areaByID[a.ID] = i
		d.Areas = append(d.Areas, Area{AreaDef: a, Terrain: t, Track: -1})
	}
	if len(f.Borders) > MaxBorders {
		return nil, fmt.Errorf("data: %d borders, want at most %d", len(f.Borders), MaxBorders)
	}
	for i, bd := range f.Borders {
		a, okA := d.areaByID[bd.A]
		c, okB := d.areaByID[bd.B]
		if !okA || !okB || a == c {
			return nil, fmt.Errorf("data: border %d joins unknown or equal areas %q and %q", i, bd.A, bd.B)
		}
		if d.border[a][c] != 0 {
			return nil, fmt.Errorf("data: border %s-%s given twice", bd.A, bd.B)
		}
		r, err := index(riverNames, bd.River, "river")
		if err != nil {
			return nil, fmt.Errorf("data: border %s-%s: %w", bd.A, bd.B, err)
		}
		d.Borders = append(d.Borders, Border{A: a, B: c, River: r})
		d.border[a][c], d.border[c][a] = int8(i+1), int8(i+1)
		d.Areas[a].Nbr = append(d.Areas[a].Nbr, Adj{c, i})
		d.Areas[c].Nbr = append(d.Areas[c].Nbr, Adj{a, i})
	}
	if len(f.Units) == 0 || len(f.Units) > MaxUnits {
		return nil, fmt.Errorf("data: %d units, want 1 to %d", len(f.Units), MaxUnits)
	}
	divs := map[string]int{}
	for i, u := range f.Units {
		if _, dup := d.unitByName[u.Name]; dup || u.Name == "" {
			return nil, fmt.Errorf("data: unit %d has an empty or repeated name %q", i, u.Name)
		}
		d.unitByName[u.Name] = i
		cu := Unit{UnitDef: u}
		var err error
		side, err := index([]string{"allied", "german"}, u.Side, "side")
		if err != nil {
			return nil, fmt.Errorf("data: unit %s: %w", u.Name, err)
		}
		cu.Side = side
		if cu.Class, err = index(classNames, u.Class, "class"); err != nil {
			return nil, fmt.Errorf("data: unit %s: %w", u.Name, err)
		}
		if cu.Type, err = index(typeNames, u.Type, "type"); err != nil {
			return nil, fmt.Errorf("data: unit %s: %w", u.Name, err)
		}
		if cu.Nat, err = index([]string{"US", "FR", "UK", "DE"}, u.Nation, "nation"); err != nil {
			return nil, fmt.Errorf("data: unit %s: %w", u.Name, err)
		}
		if _, ok := divs[u.Division]; !ok {
			divs[u.Division] = len(divs)
		}
		cu.Div = divs[u.Division]
		cu.Steps = 1
		switch cu.Class {
		case ClassCombat:
			if u.Full < 1 || u.Full > 30 || u.Reduced < 1 || u.Reduced >= u.Full {
				return nil, fmt.Errorf("data: combat unit %s: want 1 <= reduced < full <= 30, got %d/%d", u.Name, u.Full, u.Reduced)
			}
			cu.Steps = 2
		case ClassCD:
			cu.Steps = 2
		}
		if u.Bonus < 0 || u.Bonus > 3 || u.MP < 0 || u.MP > 20 {
			return nil, fmt.Errorf("data: unit %s: bonus %d or mp %d out of range", u.Name, u.Bonus, u.MP)
		}
		if (cu.Class == ClassTrain || cu.Class == ClassCD) && side != German {
			return nil, fmt.Errorf("data: unit %s: only the Germans have coastal defences and the armoured train", u.Name)
		}
		if cu.Class == ClassTransport && side != Allied {
			return nil, fmt.Errorf("data: unit %s: only the Allies have transport units (1.3.3)", u.Name)
		}
		if (cu.Class == ClassCombat || cu.Class == ClassSupport || cu.Class == ClassTransport) && u.MP < 1 {
			return nil, fmt.Errorf("data: unit %s moves but has no movement points", u.Name)
		}
		if cu.Class == ClassTrain {
			d.trains = append(d.trains, i)
		}
		if cu.Class == ClassCombat || cu.Class == ClassCD || cu.Class == ClassTrain {
			d.armed[side] = append(d.armed[side], i)
		}
		d.Units = append(d.Units, cu)
	}
	if err := d.parseCRT(); err != nil {
		return nil, err
	}
	for _, t := range f.Tracks {
		a, ok := d.areaByID[t.Area]
		if !ok || !d.Areas[a].Fortified || d.Areas[a].Track >= 0 || len(t.DRM) < 2 || len(t.DRM) > 10 {
			return nil, fmt.Errorf("data: track for area %q: unknown, unfortified, repeated or %d levels", t.Area, len(t.DRM)-1)
		}
		d.Areas[a].Track = len(d.Tracks)
		d.Tracks = append(d.Tracks, Track{Area: a, DRM: t.DRM})
	}
	for _, a := range d.Areas {
		if a.Fortified && a.Track < 0 {
			return nil, fmt.Errorf("data: fortified area %s has no track", a.ID)
		}
	}
	if len(f.Bombing) != 6 {
		return nil, errors.New("data: the bombing table needs six rows, rolls 1 to 6")
	}
	for i, r := range f.Bombing {
		if r.Roll != i+1 || r.Levels < 0 || r.Levels > 9 {
			return nil, fmt.Errorf("data: bombing row %d is out of order or range", i+1)
		}
	}
	t := f.TEC
	for _, c := range []int{t.Clear, t.Rough, t.Mountain, t.MotorClear, t.MotorRough, t.MotorMountain} {
		if c < 1 || c > 10 {
			return nil, errors.New("data: terrain costs must be 1 to 10")
		}
	}
	if t.MinorRiver < 0 || t.MajorRiver < 0 || t.Enemy < 0 || t.MinorRiver > 10 || t.MajorRiver > 10 || t.Enemy > 10 {
		return nil, errors.New("data: river and enemy costs must be 0 to 10")
	}
	for id := range f.VP.Towns {
		if _, ok := d.areaByID[id]; !ok {
			return nil, fmt.Errorf("data: victory town %q is not an area", id)
		}
	}
	if f.VP.ExitSPPerVP < 1 || f.VP.Port < 0 || f.VP.PerStep < 0 || f.VP.PortHeld < 0 {
		return nil, errors.New("data: victory points must be non-negative and exit_sp_per_vp at least 1")
	}
	if len(f.Scenarios) == 0 {
		return nil, errors.New("data: no scenario")
	}
	for i, s := range f.Scenarios {
		sc, err := d.parseScenario(s)
		if err != nil {
			return nil, fmt.Errorf("data: scenario %d: %w", i+1, err)
		}
		if sc.Number != i+1 {
			return nil, fmt.Errorf("data: scenario %d is numbered %d", i+1, sc.Number)
		}
		d.Scenarios = append(d.Scenarios, sc)
	}
	return d, nil
}

func (d *Data) parseCRT() error {
	c := d.File.CRT
	if len(c.Columns) == 0 || c.Columns[0] != 1 || c.MaxRoll < c.MinRoll || c.MaxRoll-c.MinRoll > 30 || len(c.Cells) != c.MaxRoll-c.MinRoll+1 {
		return errors.New("data: CRT needs columns from 1 and one row per roll from min_roll to max_roll")
	}
	for i := 1; i < len(c.Columns); i++ {
		if c.Columns[i] <= c.Columns[i-1] {
			return errors.New("data: CRT columns must increase")
		}
	}
	for r, row := range c.Cells {
		if len(row) != len(c.Columns) {
			return fmt.Errorf("data: CRT row %d has %d cells, want %d", r+c.MinRoll, len(row), len(c.Columns))
		}
		ra, rd := make([]int, len(row)), make([]int, len(row))
		for k, cell := range row {
			x, y, ok := strings.Cut(cell, "/")
			a, err1 := strconv.Atoi(x)
			b, err2 := strconv.Atoi(y)
			if !ok || err1 != nil || err2 != nil || a < 0 || b < 0 || a > 30 || b > 30 {
				return fmt.Errorf("data: CRT cell %q is not attacker/defender hits", cell)
			}
			ra[k], rd[k] = a, b
		}
		d.crtA, d.crtD = append(d.crtA, ra), append(d.crtD, rd)
	}
	return nil
}

func (d *Data) parseScenario(s ScenarioDef) (Scenario, error) {
	sc := Scenario{Number: s.Number, Name: s.Name, Turns: s.Turns}
	if s.Turns < 1 || s.Turns > 30 {
		return sc, fmt.Errorf("turns %d out of range 1 to 30", s.Turns)
	}
	placed := make([]bool, len(d.Units))
	unit := func(n string) (int, error) {
		u, ok := d.unitByName[n]
		if !ok {
			return 0, fmt.Errorf("unknown unit %q", n)
		}
		if placed[u] {
			return 0, fmt.Errorf("unit %q placed twice", n)
		}
		placed[u] = true
		return u, nil
	}
	for _, p := range s.Setup {
		u, err := unit(p.Unit)
		if err != nil {
			return sc, err
		}
		a, ok := d.areaByID[p.Area]
		if !ok {
			return sc, fmt.Errorf("unit %s set up in unknown area %q", p.Unit, p.Area)
		}
		sc.Setup = append(sc.Setup, [2]int{u, a})
	}
	for _, ar := range s.Arrivals {
		k, err := index(arrivalNames, ar.Kind, "arrival kind")
		if err != nil {
			return sc, err
		}
		a, ok := d.areaByID[ar.Area]
		if !ok || ar.Turn < 1 || ar.Turn > s.Turns || len(ar.Units) == 0 {
			return sc, fmt.Errorf("arrival in %q on turn %d: unknown area, turn out of range or no units", ar.Area, ar.Turn)
		}
		ca := Arrival{Kind: k, Turn: ar.Turn, Area: a}
		for _, n := range ar.Units {
			u, err := unit(n)
			if err != nil {
				return sc, err
			}
			if d.Units[u].Class == ClassCD || d.Units[u].Class == ClassTrain {
				return sc, fmt.Errorf("unit %s cannot arrive: it is set up", n)
			}
			ca.Units = append(ca.Units, u)
		}
		sc.Arrivals = append(sc.Arrivals, ca)
	}
	for _, id := range s.FFI {
		a, ok := d.areaByID[id]
		if !ok || d.Areas[a].Fortified {
			return sc, fmt.Errorf("FFI marker in unknown or fortified area %q", id)
		}
		sc.FFI = append(sc.FFI, a)
	}
	for _, b := range s.Bridges {
		x, y, _ := strings.Cut(b, "-")
		a, ok1 := d.areaByID[x]
		c, ok2 := d.areaByID[y]
		if !ok1 || !ok2 || d.border[a][c] == 0 || d.Borders[d.border[a][c]-1].River == NoRiver {
			return sc, fmt.Errorf("bridge %q is not a river border", b)
		}
		sc.Bridges = append(sc.Bridges, int(d.border[a][c]-1))
	}
	return sc, nil
}

// BorderOf is the index of the border between areas a and b, or -1.
func (d *Data) BorderOf(a, b int) int { return int(d.border[a][b]) - 1 }

// AreaByID finds an area by its printed number.
func (d *Data) AreaByID(id string) (int, bool) { a, ok := d.areaByID[id]; return a, ok }

// UnitByName finds a counter by its printed name.
func (d *Data) UnitByName(n string) (int, bool) { u, ok := d.unitByName[n]; return u, ok }

// CRT returns the attacker and defender hits for a strength total and a
// modified die roll (5.8).
func (d *Data) CRT(sp, roll int) (att, def int) {
	c := d.File.CRT
	col := 0
	for i, m := range c.Columns {
		if sp >= m {
			col = i
		}
	}
	roll = min(max(roll, c.MinRoll), c.MaxRoll)
	return d.crtA[roll-c.MinRoll][col], d.crtD[roll-c.MinRoll][col]
}

// AreaName is "07 Le Muy, Argens valley" for logs.
func (d *Data) AreaName(a int) string { return d.Areas[a].ID + " " + d.Areas[a].Name }
