package jubilee

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Limits of the flat state arrays; a data set beyond them is rejected.
const (
	MaxHexes     = 512
	MaxPositions = 64
	MaxGerman    = 40
	MaxDepth     = 24
	MaxCW        = 48
	MaxBoxes     = 24
	MaxChits     = 40
	numTracks    = 5
	numTurns     = 24
)

//go:embed data/default.json
var defaultData []byte

// Terrain types of the Terrain Key.
const (
	tSea uint8 = iota
	tBeach
	tClear
	tTown
	tWoods
	numTerrain
)

var terrainNames = [numTerrain]string{"sea", "beach", "clear", "town", "woods"}
var terrainChars = [numTerrain]byte{'~', 'b', '.', 't', 'w'}

// Hexside features, a bit each.
const (
	sCliff uint8 = 1 << iota
	sRiver
	sBridge
	sWire
	sWall
	sRoad // both hexes on one road, joined along it
)

var sideKinds = map[string]uint8{"cliff": sCliff, "river": sRiver, "bridge": sBridge, "wire": sWire, "wall": sWall}

// CW unit types and target symbols.
const (
	Infantry uint8 = iota
	Commando
	Tank
	numCWTypes
)

var cwTypeNames = [numCWTypes]string{"infantry", "commando", "tank"}
var symbolNames = [3]string{"diamond", "triangle", "circle"}

// German unit types (2.15).
const (
	gCoastal uint8 = iota
	gInfantry
	gArtillery
	gAntiTank
	gEngineer
	gHQ
	numGTypes
)

var gTypeNames = [numGTypes]string{"coastal", "infantry", "artillery", "antitank", "engineer", "hq"}

// Position colours (2.3).
var colourNames = [6]string{"red", "blue", "green", "purple", "brown", "orange"}

// Op chit kinds (2.17).
const (
	chitAction uint8 = iota
	chitDepth
	chitBattery
	chitCommando
	chitEvent
	numChitKinds
)

var chitKindNames = [numChitKinds]string{"action", "depth", "battery", "commando", "event"}

// Landing results (5.5).
const (
	landOK uint8 = iota
	landDisrupted
	landDriftEast
	landDriftWest
	landDelay
)

var landingNames = []string{"ok", "disrupted", "drift_east", "drift_west", "delay"}

// Attack results (15.2), a bit each.
const (
	resAD uint8 = 1 << iota
	resGD
	resGDs
	resOA
	resDE
	resGE
	resRV
)

var resultCodes = []string{"AD", "GD", "GDs", "OA", "DE", "GE", "RV"}

// Hex is a compiled map hex.
type Hex struct {
	ID       string
	Row, Col int
	Map      int8
	Terrain  uint8
	Area     int8
	Road     bool
	RoadExit bool
	Pos      int8 // German position in the hex, or -1
	Box      int8 // a Beach Landing box lands here with an ID (10.8), or -1
}

// Track is a transport track.
type Track struct {
	Name string
	Map  int8
	Max  int8
}

// Box is a Beach Landing box.
type Box struct {
	ID       string
	Beach    int16
	Track    int8
	Map      int8
	Letter   byte // 0 for a box without ID letters (5.4)
	East     int8 // neighbour boxes along the row (5.6), or -1
	West     int8
	Labelled bool
}

// Position is a German position.
type Position struct {
	Hex       int16
	Letter    byte
	Colour    int8
	VP        int8
	Objective string
	Arrows    []int8
	Radius    int8
	Battery   string
	Field     hexSet
	Boxes     uint32
}

// GermanUnit is a German unit counter.
type GermanUnit struct {
	Name     string
	Letter   byte
	Type     uint8
	Strength int8
	HW, FL   bool
}

// DepthMarker is a depth marker.
type DepthMarker struct {
	Name     string
	Strength int8
	HW, FL   bool
}

// CWUnit is a CW unit counter.
type CWUnit struct {
	Name      string
	Type      uint8
	Symbol    uint8
	Turn      int8
	Box       int8 // a given box, or -1
	Letter    byte // a beach letter when Box is -1; 0 for any Dieppe box
	Engineers bool
	MaxSteps  int8
}

// Chit is an op chit.
type Chit struct {
	Name    string
	Kind    uint8
	Symbol  uint8
	NCol    int8
	Colours [3]int8
	Armor   [3]bool
	Assault [3]bool
	Areas   [2]int8
	Track   int8
	BatPos  int8 // the battery's position, or -1 (off map)
	Remove  bool
}

// Data is an immutable, validated data set.
type Data struct {
	File        *DataFile
	MapNames    []string
	AreaNames   []string
	Hexes       []Hex
	nbr         [][6]int16
	beach       []int16 // the beach a beach hex is part of: its run's lowest hex (10.13), or -1
	side        [][6]uint8
	hexIdx      map[string]int
	hexNames    []string // "0517 Dieppe", "1706 Yellow, Battery Goebbels": the board's cell names
	Tracks      []Track
	Boxes       []Box
	Positions   []Position
	German      []GermanUnit
	Depth       []DepthMarker
	CW          []CWUnit
	strength    [numCWTypes][4]int8
	hw          [numCWTypes][4]bool
	TankRange   int8
	Repl        [3]int8
	Chits       []Chit
	Refill      [numTurns + 1]bool
	Disposition [6][4]int8
	Landing     [4][6]uint8
	Attack      [2][4][3]uint8
	BarrageDis  int8
	BarrageDep  int8
	TerrainDef  [numTerrain]int8
	Levels      []LevelDef
	OpVP        int
	wall        hexSet // hexes bordered by the tank wall (8.2)
	// Derived once at compile, for the hot paths: the positions whose
	// field of fire covers each hex, each hex's cube coordinates, and the
	// road exits of each map.
	fieldsOver []uint64
	cubeX      []int16
	cubeZ      []int16
	roadExits  [3][]int16
	colourPos  [len(colourNames)]uint64 // the positions of each colour
	objPos     uint64                   // the positions with VP
	boxFields  [MaxBoxes]uint64         // the positions whose field holds each box
	landHexes  hexSet                   // neither sea nor beach (13.3)
	seaHexes   hexSet
	woodsHexes hexSet
	traceNbr   [][6]int16 // neighbours not across a river (13.3), or -1
	ctrlNbr    [][6]int16 // neighbours not across a cliff or river (13.2), or -1
	trackOfMap [3][]int8
	MinRow     int
	MinCol     int
	Height     int
	Width      int
	VPByMap    [3]int
}

// hexSet is a set of hexes as a bitset.
type hexSet [MaxHexes / 64]uint64

func (b *hexSet) has(h int) bool { return b[h>>6]&(1<<(h&63)) != 0 }
func (b *hexSet) put(h int, on bool) {
	if on {
		b[h>>6] |= 1 << (h & 63)
	} else {
		b[h>>6] &^= 1 << (h & 63)
	}
}

// DefaultData is the embedded data set.
func DefaultData() (*Data, error) { return ParseData(defaultData) }

// LoadData reads a data file.
func LoadData(path string) (*Data, error) { return env.LoadDataFile(path, ParseData) }

// ParseData decodes and validates a data set; every error is one line.
func ParseData(b []byte) (*Data, error) {
	var f DataFile
	if err := env.DecodeStrict(b, &f); err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	d, err := compile(&f)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	return d, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// offset-row neighbours: odd rows sit half a hex to the west (higher
// columns), so 0512 touches 0612 and 0613, and 0418 touches 0517 and 0518.
func neighbourRC(r, c, dir int) (int, int) {
	odd := r&1 == 1
	switch dir {
	case 0:
		return r, c - 1
	case 1:
		return r, c + 1
	case 2, 3:
		rr := r - 1
		if odd {
			return rr, c + dir - 2
		}
		return rr, c + dir - 3
	default:
		rr := r + 1
		if odd {
			return rr, c + dir - 4
		}
		return rr, c + dir - 5
	}
}

func cube(r, c int) (int, int, int) {
	x := c - (r-(r&1))/2
	z := r
	return x, -x - z, z
}

func absi(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// derive fills the tables computed from the compiled data.
func (d *Data) derive() {
	n := len(d.Hexes)
	d.fieldsOver = make([]uint64, n)
	d.cubeX, d.cubeZ = make([]int16, n), make([]int16, n)
	for h := range d.Hexes {
		for p := range d.Positions {
			if d.Positions[p].Field.has(h) {
				d.fieldsOver[h] |= 1 << p
			}
		}
		x, _, z := cube(d.Hexes[h].Row, d.Hexes[h].Col)
		d.cubeX[h], d.cubeZ[h] = int16(x), int16(z)
		if d.Hexes[h].RoadExit {
			m := d.Hexes[h].Map
			d.roadExits[m] = append(d.roadExits[m], int16(h))
		}
		t := d.Hexes[h].Terrain
		d.landHexes.put(h, t != tSea && t != tBeach)
		d.seaHexes.put(h, t == tSea)
		d.woodsHexes.put(h, t == tWoods)
	}
	for p, pos := range d.Positions {
		d.colourPos[pos.Colour] |= 1 << p
		if pos.VP > 0 {
			d.objPos |= 1 << p
		}
		for b := range d.Boxes {
			if pos.Boxes&(1<<b) != 0 {
				d.boxFields[b] |= 1 << p
			}
		}
	}
	d.traceNbr, d.ctrlNbr = make([][6]int16, n), make([][6]int16, n)
	for h := range d.Hexes {
		for dir, x := range d.nbr[h] {
			d.traceNbr[h][dir], d.ctrlNbr[h][dir] = -1, -1
			if x < 0 {
				continue
			}
			if d.side[h][dir]&sRiver == 0 {
				d.traceNbr[h][dir] = x
			}
			if d.side[h][dir]&(sCliff|sRiver) == 0 {
				d.ctrlNbr[h][dir] = x
			}
		}
	}
}

// dist is hexDist by index, from the cube coordinates.
func (d *Data) dist(a, b int) int {
	dx := int(d.cubeX[a]) - int(d.cubeX[b])
	dz := int(d.cubeZ[a]) - int(d.cubeZ[b])
	return max(absi(dx), absi(dz), absi(dx+dz))
}

// hexDist is the distance in hexes between two hexes of one map.
func hexDist(a, b *Hex) int {
	ax, ay, az := cube(a.Row, a.Col)
	bx, by, bz := cube(b.Row, b.Col)
	return max(absi(ax-bx), absi(ay-by), absi(az-bz))
}

func compile(f *DataFile) (*Data, error) {
	d := &Data{File: f, hexIdx: map[string]int{}}
	if len(f.Maps) != 3 {
		return nil, fmt.Errorf("want 3 maps (Yellow, Dieppe, Orange), got %d", len(f.Maps))
	}
	d.MinRow, d.MinCol = 1<<30, 1<<30
	maxRow, maxCol := 0, 0
	for mi, m := range f.Maps {
		d.MapNames = append(d.MapNames, m.Name)
		for ri, row := range m.Rows {
			for ci := 0; ci < len(row); ci++ {
				t := strings.IndexByte(string(terrainChars[:]), row[ci])
				if t < 0 {
					return nil, fmt.Errorf("map %s row %d: unknown terrain %q", m.Name, m.FirstRow+ri, row[ci])
				}
				r, c := m.FirstRow+ri, m.FirstCol+ci
				if r < 1 || r > 99 || c < 1 || c > 99 {
					return nil, fmt.Errorf("map %s: hex row %d col %d out of 01..99", m.Name, r, c)
				}
				id := fmt.Sprintf("%02d%02d", r, c)
				if _, dup := d.hexIdx[id]; dup {
					return nil, fmt.Errorf("map %s: hex %s already on another map", m.Name, id)
				}
				if len(d.Hexes) == MaxHexes {
					return nil, fmt.Errorf("more than %d hexes", MaxHexes)
				}
				d.hexIdx[id] = len(d.Hexes)
				d.Hexes = append(d.Hexes, Hex{ID: id, Row: r, Col: c, Map: int8(mi), Terrain: uint8(t), Area: -1, Pos: -1, Box: -1})
				d.MinRow, d.MinCol = min(d.MinRow, r), min(d.MinCol, c)
				maxRow, maxCol = max(maxRow, r), max(maxCol, c)
			}
		}
	}
	d.Height, d.Width = maxRow-d.MinRow+1, maxCol-d.MinCol+1
	hexOf := func(id, what string) (int, error) {
		h, ok := d.hexIdx[id]
		if !ok {
			return -1, fmt.Errorf("%s: unknown hex %q", what, id)
		}
		return h, nil
	}
	d.nbr = make([][6]int16, len(d.Hexes))
	d.side = make([][6]uint8, len(d.Hexes))
	for h := range d.Hexes {
		x := &d.Hexes[h]
		for dir := range 6 {
			d.nbr[h][dir] = -1
			r, c := neighbourRC(x.Row, x.Col, dir)
			if n, ok := d.hexIdx[fmt.Sprintf("%02d%02d", r, c)]; ok && d.Hexes[n].Map == x.Map && r >= 0 && c >= 0 {
				d.nbr[h][dir] = int16(n)
			}
		}
	}
	compileBeaches(d)
	dirTo := func(a, b int) int {
		for dir, n := range d.nbr[a] {
			if int(n) == b {
				return dir
			}
		}
		return -1
	}
	setSide := func(a, b int, bit uint8) {
		d.side[a][dirTo(a, b)] |= bit
		d.side[b][dirTo(b, a)] |= bit
	}
	for _, a := range f.Areas {
		mi := indexOf(d.MapNames, a.Map)
		if mi < 0 {
			return nil, fmt.Errorf("area %s: unknown map %q", a.Name, a.Map)
		}
		ai := indexOf(d.AreaNames, a.Name)
		if ai < 0 {
			ai = len(d.AreaNames)
			d.AreaNames = append(d.AreaNames, a.Name)
		}
		for h := range d.Hexes {
			x := &d.Hexes[h]
			if x.Area < 0 && int(x.Map) == mi && x.Row >= a.Rows[0] && x.Row <= a.Rows[1] && x.Col >= a.Cols[0] && x.Col <= a.Cols[1] {
				x.Area = int8(ai)
			}
		}
	}
	for _, name := range []string{"Yellow", "Orange", "Blue", "Dieppe", "Green", "Rear"} {
		if indexOf(d.AreaNames, name) < 0 {
			return nil, fmt.Errorf("areas: missing area %s (2.2, 9.5)", name)
		}
	}
	for h := range d.Hexes {
		if d.Hexes[h].Area < 0 {
			return nil, fmt.Errorf("hex %s is in no area", d.Hexes[h].ID)
		}
	}
	for _, s := range f.Hexsides {
		a, err := hexOf(s.A, "hexside")
		if err != nil {
			return nil, err
		}
		b, err := hexOf(s.B, "hexside")
		if err != nil {
			return nil, err
		}
		bit, ok := sideKinds[s.Kind]
		if !ok {
			return nil, fmt.Errorf("hexside %s-%s: unknown kind %q", s.A, s.B, s.Kind)
		}
		if dirTo(a, b) < 0 {
			return nil, fmt.Errorf("hexside %s-%s: the hexes are not adjacent", s.A, s.B)
		}
		setSide(a, b, bit)
		if bit == sWall {
			d.wall.put(a, true)
			d.wall.put(b, true)
		}
	}
	for _, r := range f.Roads {
		if len(r.Hexes) == 0 {
			return nil, fmt.Errorf("road: no hexes")
		}
		prev := -1
		for _, id := range r.Hexes {
			h, err := hexOf(id, "road")
			if err != nil {
				return nil, err
			}
			if d.Hexes[h].Terrain == tSea {
				return nil, fmt.Errorf("road: hex %s is sea", id)
			}
			d.Hexes[h].Road = true
			if prev >= 0 {
				if dirTo(prev, h) < 0 {
					return nil, fmt.Errorf("road: %s and %s are not adjacent", d.Hexes[prev].ID, id)
				}
				setSide(prev, h, sRoad)
			}
			prev = h
		}
		if r.Off {
			onEdge := false
			for _, n := range d.nbr[prev] {
				onEdge = onEdge || n < 0
			}
			if !onEdge {
				return nil, fmt.Errorf("road: %s leads off the map but is not on its edge", d.Hexes[prev].ID)
			}
			d.Hexes[prev].RoadExit = true
		}
	}
	for _, t := range f.Tracks {
		mi := indexOf(d.MapNames, t.Map)
		if mi < 0 || t.Max < 1 || t.Max > 20 {
			return nil, fmt.Errorf("track %s: bad map %q or max %d", t.Name, t.Map, t.Max)
		}
		d.Tracks = append(d.Tracks, Track{Name: t.Name, Map: int8(mi), Max: int8(t.Max)})
		d.trackOfMap[mi] = append(d.trackOfMap[mi], int8(len(d.Tracks)-1))
	}
	trackNames := []string{"Yellow", "Orange", "Blue", "Dieppe", "Green"}
	if len(d.Tracks) != numTracks {
		return nil, fmt.Errorf("want %d transport tracks, got %d", numTracks, len(d.Tracks))
	}
	for i, n := range trackNames {
		if d.Tracks[i].Name != n {
			return nil, fmt.Errorf("track %d is %q, want %q", i, d.Tracks[i].Name, n)
		}
	}
	if len(f.Boxes) > MaxBoxes {
		return nil, fmt.Errorf("more than %d boxes", MaxBoxes)
	}
	rowOf := []string{}
	for i, b := range f.Boxes {
		h, err := hexOf(b.Beach, "box "+b.ID)
		if err != nil {
			return nil, err
		}
		if d.Hexes[h].Terrain != tBeach {
			return nil, fmt.Errorf("box %s: hex %s is not a beach", b.ID, b.Beach)
		}
		tr := indexOf(trackNames, b.Track)
		if tr < 0 || d.Tracks[tr].Map != d.Hexes[h].Map {
			return nil, fmt.Errorf("box %s: track %q is not on the beach's map", b.ID, b.Track)
		}
		if b.ID == "" || indexOf(boxIDs(f.Boxes[:i]), b.ID) >= 0 {
			return nil, fmt.Errorf("box %q: empty or repeated ID", b.ID)
		}
		x := Box{ID: b.ID, Beach: int16(h), Track: int8(tr), Map: d.Hexes[h].Map, East: -1, West: -1, Labelled: b.ID[0] != '-'}
		if x.Labelled {
			x.Letter = b.ID[0]
			if d.Hexes[h].Box >= 0 {
				return nil, fmt.Errorf("box %s: hex %s already has box %s", b.ID, b.Beach, d.Boxes[d.Hexes[h].Box].ID)
			}
			d.Hexes[h].Box = int8(i)
		}
		// Boxes of one row are listed east to west (5.6).
		if n := len(rowOf); n > 0 && rowOf[n-1] == b.Row {
			x.East = int8(i - 1)
			d.Boxes[i-1].West = int8(i)
		}
		rowOf = append(rowOf, b.Row)
		d.Boxes = append(d.Boxes, x)
	}
	if err := compilePositions(d, f, hexOf); err != nil {
		return nil, err
	}
	if err := compileUnits(d, f); err != nil {
		return nil, err
	}
	if err := compileChits(d, f); err != nil {
		return nil, err
	}
	d.derive()
	d.hexNames = make([]string, len(d.Hexes))
	for h, x := range d.Hexes {
		d.hexNames[h] = x.ID + " " + d.AreaNames[x.Area]
		if p := x.Pos; p >= 0 && d.Positions[p].VP > 0 {
			d.hexNames[h] += ", " + d.Positions[p].Objective
		}
	}
	return d, compileTables(d, f)
}

// HexName names hex h as the board does: its printed number, the area of
// the map it lies in, and the objective of a VP position there ("0517
// Dieppe", "1706 Yellow, Battery Goebbels").
func (d *Data) HexName(h int) string { return d.hexNames[h] }

func boxIDs(bs []BoxDef) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.ID
	}
	return out
}

func compilePositions(d *Data, f *DataFile, hexOf func(string, string) (int, error)) error {
	if len(f.Position) > MaxPositions {
		return fmt.Errorf("more than %d positions", MaxPositions)
	}
	for i, p := range f.Position {
		h, err := hexOf(p.Hex, "position")
		if err != nil {
			return err
		}
		x := &d.Hexes[h]
		if x.Pos >= 0 {
			return fmt.Errorf("position %s: listed twice", p.Hex)
		}
		if x.Terrain == tSea || x.Terrain == tBeach {
			return fmt.Errorf("position %s: on %s", p.Hex, terrainNames[x.Terrain])
		}
		col := indexOf(colourNames[:], p.Colour)
		if col < 0 {
			return fmt.Errorf("position %s: unknown colour %q", p.Hex, p.Colour)
		}
		if p.VP != 0 && (p.VP < 2 || p.VP > 5) {
			return fmt.Errorf("position %s: VP %d outside 2..5 (2.3)", p.Hex, p.VP)
		}
		if p.Field < 1 || p.Field > 3 {
			return fmt.Errorf("position %s: field of fire %d outside 1..3 (6.3)", p.Hex, p.Field)
		}
		if len(p.Arrows) > 2 {
			return fmt.Errorf("position %s: more than two movement arrows (2.3)", p.Hex)
		}
		var letter byte
		if p.Letter != "" {
			if len(p.Letter) != 1 || !strings.Contains("YOBDGRC", p.Letter) {
				return fmt.Errorf("position %s: bad placement letter %q", p.Hex, p.Letter)
			}
			letter = p.Letter[0]
		}
		x.Pos = int8(i)
		d.Positions = append(d.Positions, Position{Hex: int16(h), Letter: letter, Colour: int8(col), VP: int8(p.VP),
			Objective: p.Objective, Radius: int8(p.Field), Battery: p.Battery})
		d.VPByMap[x.Map] += p.VP
	}
	for i, p := range f.Position {
		pos := &d.Positions[i]
		for _, a := range p.Arrows {
			h, err := hexOf(a, "position "+p.Hex+" arrow")
			if err != nil {
				return err
			}
			t := d.Hexes[h].Pos
			if t < 0 || int(t) == i || d.Hexes[h].Map != d.Hexes[pos.Hex].Map {
				return fmt.Errorf("position %s: arrow to %s, not another position on its map", p.Hex, a)
			}
			pos.Arrows = append(pos.Arrows, t)
		}
		for _, b := range p.Boxes {
			bi := indexOf(boxIDs(f.Boxes), b)
			if bi < 0 {
				return fmt.Errorf("position %s: unknown box %q", p.Hex, b)
			}
			pos.Boxes |= 1 << bi
		}
	}
	// Fields: within the radius, and nearer this position than any other
	// of its colour that reaches the hex (6.4); ties go to the first listed.
	for i := range d.Positions {
		p := &d.Positions[i]
		ph := &d.Hexes[p.Hex]
		for h := range d.Hexes {
			x := &d.Hexes[h]
			if h == int(p.Hex) || x.Map != ph.Map {
				continue
			}
			dist := hexDist(ph, x)
			if dist > int(p.Radius) {
				continue
			}
			mine := true
			for j := range d.Positions {
				q := &d.Positions[j]
				if j == i || q.Colour != p.Colour || d.Hexes[q.Hex].Map != ph.Map {
					continue
				}
				dq := hexDist(&d.Hexes[q.Hex], x)
				if h == int(q.Hex) || (dq <= int(q.Radius) && (dq < dist || (dq == dist && j < i))) {
					mine = false
				}
			}
			p.Field.put(h, mine)
		}
		for b := range d.Boxes {
			if p.Boxes&(1<<b) != 0 && !p.Field.has(int(d.Boxes[b].Beach)) {
				return fmt.Errorf("position %s: box %s's beach %s is not in its field of fire (6.3)", ph.ID, d.Boxes[b].ID, d.Hexes[d.Boxes[b].Beach].ID)
			}
		}
	}
	return nil
}

func compileUnits(d *Data, f *DataFile) error {
	if len(f.German) > MaxGerman || len(f.Depth) > MaxDepth || len(f.CW) > MaxCW {
		return fmt.Errorf("too many counters (limits: %d German, %d depth, %d CW)", MaxGerman, MaxDepth, MaxCW)
	}
	seen := map[string]bool{}
	name := func(n, what string) error {
		if n == "" || seen[n] || strings.ContainsAny(n, ",:") {
			return fmt.Errorf("%s %q: empty, repeated, or with ',' or ':'", what, n)
		}
		seen[n] = true
		return nil
	}
	perLetter := map[byte]int{}
	for _, p := range d.Positions {
		if p.Letter != 0 {
			perLetter[p.Letter]++
		}
	}
	for _, g := range f.German {
		if err := name(g.Name, "german"); err != nil {
			return err
		}
		t := indexOf(gTypeNames[:], g.Type)
		if t < 0 {
			return fmt.Errorf("german %s: unknown type %q", g.Name, g.Type)
		}
		if len(g.Letter) != 1 || g.Strength < 0 || g.Strength > 9 {
			return fmt.Errorf("german %s: bad letter %q or strength %d", g.Name, g.Letter, g.Strength)
		}
		if (t == int(gCoastal)) != (g.Letter == "C") {
			return fmt.Errorf("german %s: coastal units and only they carry the letter C (2.14)", g.Name)
		}
		perLetter[g.Letter[0]]--
		d.German = append(d.German, GermanUnit{Name: g.Name, Letter: g.Letter[0], Type: uint8(t), Strength: int8(g.Strength), HW: g.HW, FL: g.FL})
	}
	for l, n := range perLetter {
		if n != 0 {
			return fmt.Errorf("letter %c: positions and units differ by %d (3.1)", l, n)
		}
	}
	for _, m := range f.Depth {
		if err := name(m.Name, "depth marker"); err != nil {
			return err
		}
		if m.Strength < 0 || m.Strength > 9 {
			return fmt.Errorf("depth marker %s: strength %d", m.Name, m.Strength)
		}
		d.Depth = append(d.Depth, DepthMarker{Name: m.Name, Strength: int8(m.Strength), HW: m.HW, FL: m.FL})
	}
	c := &f.Counters
	for t, sd := range []SidesDef{c.Infantry, c.Commando, c.Tank} {
		want := 3
		if t != int(Infantry) {
			want = 2
		}
		if len(sd.Strength) != want || len(sd.HW) != want {
			return fmt.Errorf("counters %s: want %d sides (2.13)", cwTypeNames[t], want)
		}
		for k := range want {
			d.strength[t][k+1], d.hw[t][k+1] = int8(sd.Strength[k]), sd.HW[k]
		}
	}
	d.TankRange = int8(c.Tank.Range)
	if d.TankRange < 1 || d.TankRange > 5 {
		return fmt.Errorf("counters tank: range %d outside 1..5", c.Tank.Range)
	}
	for k, v := range c.Replacements {
		s := indexOf(symbolNames[:], k)
		if s < 0 || v < 0 || v > 20 {
			return fmt.Errorf("replacements: bad symbol %q or count %d", k, v)
		}
		d.Repl[s] = int8(v)
	}
	for _, u := range f.CW {
		if err := name(u.Name, "cw"); err != nil {
			return err
		}
		t := indexOf(cwTypeNames[:], u.Type)
		s := indexOf(symbolNames[:], u.Symbol)
		if t < 0 || s < 0 || u.Turn < 1 || u.Turn > numTurns {
			return fmt.Errorf("cw %s: bad type %q, symbol %q or turn %d", u.Name, u.Type, u.Symbol, u.Turn)
		}
		x := CWUnit{Name: u.Name, Type: uint8(t), Symbol: uint8(s), Turn: int8(u.Turn), Box: -1, Engineers: u.Engineers, MaxSteps: 2}
		if t == int(Infantry) {
			x.MaxSteps = 3
		}
		switch bi := indexOf(boxIDs(f.Boxes), u.Box); {
		case u.Box == "":
		case bi >= 0 && d.Boxes[bi].Labelled:
			x.Box = int8(bi)
		case len(u.Box) == 1:
			x.Letter = u.Box[0]
			found := false
			for _, b := range d.Boxes {
				found = found || b.Letter == x.Letter
			}
			if !found {
				return fmt.Errorf("cw %s: no box has letter %s", u.Name, u.Box)
			}
		default:
			return fmt.Errorf("cw %s: unknown box %q (5.4: only boxes with ID letters)", u.Name, u.Box)
		}
		d.CW = append(d.CW, x)
	}
	return nil
}

func compileChits(d *Data, f *DataFile) error {
	if len(f.Chits) > MaxChits {
		return fmt.Errorf("more than %d chits", MaxChits)
	}
	seen := map[string]bool{}
	for _, c := range f.Chits {
		if c.Name == "" || seen[c.Name] {
			return fmt.Errorf("chit %q: empty or repeated name", c.Name)
		}
		seen[c.Name] = true
		k := indexOf(chitKindNames[:], c.Kind)
		if k < 0 {
			return fmt.Errorf("chit %s: unknown kind %q", c.Name, c.Kind)
		}
		x := Chit{Name: c.Name, Kind: uint8(k), Track: -1, BatPos: -1, Remove: c.Remove, Areas: [2]int8{-1, -1}}
		switch uint8(k) {
		case chitAction:
			s := indexOf(symbolNames[:], c.Symbol)
			if s < 0 || len(c.Colours) < 2 || len(c.Colours) > 3 {
				return fmt.Errorf("chit %s: bad symbol %q or %d colours (6.2: two or three)", c.Name, c.Symbol, len(c.Colours))
			}
			x.Symbol = uint8(s)
			for i, col := range c.Colours {
				base := strings.TrimRight(col, "*+")
				ci := indexOf(colourNames[:], base)
				if ci < 0 {
					return fmt.Errorf("chit %s: unknown colour %q", c.Name, col)
				}
				x.Colours[i] = int8(ci)
				x.Armor[i] = strings.Contains(col, "*")
				x.Assault[i] = strings.Contains(col, "+")
			}
			x.NCol = int8(len(c.Colours))
		case chitDepth:
			if len(c.Areas) != 2 {
				return fmt.Errorf("chit %s: a depth chit names two areas (9.2)", c.Name)
			}
			for i, a := range c.Areas {
				ai := indexOf(d.AreaNames, a)
				if ai < 0 {
					return fmt.Errorf("chit %s: unknown area %q", c.Name, a)
				}
				x.Areas[i] = int8(ai)
			}
		case chitBattery:
			x.Track = int8(indexOf([]string{"Yellow", "Orange", "Blue", "Dieppe", "Green"}, c.Track))
			if x.Track < 0 {
				return fmt.Errorf("chit %s: unknown track %q", c.Name, c.Track)
			}
			if c.Hex != "" {
				h, ok := d.hexIdx[c.Hex]
				if !ok || d.Hexes[h].Pos < 0 {
					return fmt.Errorf("chit %s: battery hex %q is not a position", c.Name, c.Hex)
				}
				x.BatPos = d.Hexes[h].Pos
			}
		}
		d.Chits = append(d.Chits, x)
	}
	return nil
}

func compileTables(d *Data, f *DataFile) error {
	for _, t := range f.Refill {
		if t < 1 || t > numTurns {
			return fmt.Errorf("refill_turns: %d outside 1..%d", t, numTurns)
		}
		d.Refill[t] = true
	}
	if len(f.Disposition) != 6 {
		return fmt.Errorf("disposition: want 6 rows (one die), got %d", len(f.Disposition))
	}
	for i, r := range f.Disposition {
		v := [4]int{r.Yellow, r.YellowTP, r.Orange, r.OrangeTP}
		for k, x := range v {
			if x < 0 || x > 5 || (k%2 == 1 && x > int(d.Tracks[k/2].Max)) {
				return fmt.Errorf("disposition row %d: value %d out of range", i+1, x)
			}
			d.Disposition[i][k] = int8(x)
		}
	}
	for i, col := range [][]string{f.Landing.InfantryEarly, f.Landing.InfantryTurn3, f.Landing.InfantryLate, f.Landing.Tank} {
		if len(col) != 6 {
			return fmt.Errorf("landing column %d: want 6 results", i+1)
		}
		for k, r := range col {
			x := indexOf(landingNames, r)
			if x < 0 {
				return fmt.Errorf("landing column %d face %d: unknown result %q", i+1, k+1, r)
			}
			d.Landing[i][k] = uint8(x)
		}
	}
	for sec, tab := range [][][]string{f.Attack.Missing, f.Attack.Met} {
		if len(tab) != 4 {
			return fmt.Errorf("attack table: want 4 rows per section")
		}
		for r, row := range tab {
			if len(row) != 3 {
				return fmt.Errorf("attack table: want 3 columns per row")
			}
			for c, cell := range row {
				var v uint8
				for _, code := range strings.Split(cell, "+") {
					k := indexOf(resultCodes, code)
					if k < 0 {
						return fmt.Errorf("attack table: unknown result %q", code)
					}
					v |= 1 << k
				}
				if v&resRV != 0 && c != 1 {
					return fmt.Errorf("attack table: RV only in the unrevealed column (15.2)")
				}
				d.Attack[sec][r][c] = v
			}
		}
	}
	d.BarrageDis, d.BarrageDep = int8(f.Barrage.Disrupt), int8(f.Barrage.Depth)
	if d.BarrageDis < 2 || d.BarrageDep < d.BarrageDis {
		return fmt.Errorf("barrage: disrupt %d, depth %d", f.Barrage.Disrupt, f.Barrage.Depth)
	}
	for k, v := range f.TerrainDef {
		t := indexOf(terrainNames[:], k)
		if t < 0 || v < 0 || v > 5 {
			return fmt.Errorf("terrain_defence: bad terrain %q or value %d", k, v)
		}
		d.TerrainDef[t] = int8(v)
	}
	if len(f.Levels) == 0 {
		return fmt.Errorf("levels: none")
	}
	for i := 1; i < len(f.Levels); i++ {
		if f.Levels[i].Min >= f.Levels[i-1].Min {
			return fmt.Errorf("levels: not in descending order")
		}
	}
	d.Levels, d.OpVP = f.Levels, f.OpVP
	return nil
}

// compileBeaches groups the beach hexes into beaches, runs of adjacent beach
// hexes on one map: the Yellow and Orange maps each have two (10.13).
func compileBeaches(d *Data) {
	d.beach = make([]int16, len(d.Hexes))
	for h := range d.beach {
		d.beach[h] = -1
	}
	var queue []int16
	for h := range d.Hexes {
		if d.Hexes[h].Terrain != tBeach || d.beach[h] >= 0 {
			continue
		}
		d.beach[h] = int16(h)
		queue = append(queue[:0], int16(h))
		for len(queue) > 0 {
			x := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, n := range d.nbr[x] {
				if n >= 0 && d.Hexes[n].Terrain == tBeach && d.beach[n] < 0 {
					d.beach[n] = int16(h)
					queue = append(queue, n)
				}
			}
		}
	}
}
