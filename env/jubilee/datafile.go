package jubilee

// The JSON form of a data set: maps, counters, chits and tables. A person
// who owns the printed game can write their own file in this form and load
// it with data=FILE. Entries carry a source, "rules" or "reconstructed"
// (see data/README.md).

// DataFile is the top level of a data set.
type DataFile struct {
	Name     string        `json:"name"`
	Version  int           `json:"version"`
	Note     string        `json:"note,omitempty"`
	Maps     []MapDef      `json:"maps"`
	Areas    []AreaDef     `json:"areas"`
	Hexsides []HexsideDef  `json:"hexsides"`
	Roads    []RoadDef     `json:"roads"`
	Tracks   []TrackDef    `json:"tracks"`
	Boxes    []BoxDef      `json:"boxes"`
	Position []PositionDef `json:"positions"`
	German   []GermanDef   `json:"german"`
	Depth    []DepthDef    `json:"depth"`
	CW       []CWDef       `json:"cw"`
	Counters CountersDef   `json:"counters"`
	Chits    []ChitDef     `json:"chits"`
	Refill   []int         `json:"refill_turns"`
	// Disposition is the 3.4 table, one row per die face.
	Disposition []DispositionDef `json:"disposition"`
	Landing     LandingDef       `json:"landing"`
	Attack      AttackDef        `json:"attack"`
	Barrage     BarrageDef       `json:"barrage"`
	TerrainDef  map[string]int   `json:"terrain_defence"`
	Levels      []LevelDef       `json:"levels"`
	OpVP        int              `json:"operational_vp"`
}

// MapDef is one sector map: a block of hexes, one string a row, one
// character a hex: '~' sea, 'b' beach, '.' clear, 't' town, 'w' woods.
// Hex IDs are RRCC: row counted inland, column counted from the east.
type MapDef struct {
	Name     string   `json:"name"`
	FirstRow int      `json:"first_row"`
	FirstCol int      `json:"first_col"`
	Rows     []string `json:"rows"`
	Source   string   `json:"source"`
}

// AreaDef names the hexes of a map in a block of rows and columns; the
// first area that holds a hex is its area.
type AreaDef struct {
	Name string `json:"name"`
	Map  string `json:"map"`
	Rows [2]int `json:"rows"`
	Cols [2]int `json:"cols"`
}

// HexsideDef is a hexside feature: "cliff", "river" (unbridged),
// "bridge", "wire" or "wall" (the Dieppe tank wall).
type HexsideDef struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Kind string `json:"kind"`
}

// RoadDef is a road through connected hexes; Off marks a road whose last
// hex leads off the map (13.3).
type RoadDef struct {
	Hexes []string `json:"hexes"`
	Off   bool     `json:"off"`
}

// TrackDef is a transport point track (2.8, 12.5).
type TrackDef struct {
	Name   string `json:"name"`
	Map    string `json:"map"`
	Max    int    `json:"max"`
	Source string `json:"source"`
	Why    string `json:"why,omitempty"`
}

// BoxDef is a Beach Landing box (2.5). An ID starting with "-" is a box
// without ID letters (5.4).
type BoxDef struct {
	ID     string `json:"id"`
	Beach  string `json:"beach"`
	Track  string `json:"track"`
	Row    string `json:"row"`
	Source string `json:"source"`
	Why    string `json:"why,omitempty"`
}

// PositionDef is a German position (2.3) with its field of fire (2.4):
// every hex of its map within Field hexes, less the hexes nearer another
// position of the same colour (6.4), and the boxes listed.
type PositionDef struct {
	Hex       string   `json:"hex"`
	Letter    string   `json:"letter,omitempty"`
	Colour    string   `json:"colour"`
	VP        int      `json:"vp,omitempty"`
	Objective string   `json:"objective,omitempty"`
	Arrows    []string `json:"arrows,omitempty"`
	Field     int      `json:"field"`
	Boxes     []string `json:"boxes,omitempty"`
	Battery   string   `json:"battery,omitempty"`
	Source    string   `json:"source"`
	Why       string   `json:"why,omitempty"`
}

// GermanDef is a German unit (2.14).
type GermanDef struct {
	Name     string `json:"name"`
	Letter   string `json:"letter"`
	Type     string `json:"type"`
	Strength int    `json:"strength"`
	HW       bool   `json:"hw,omitempty"`
	FL       bool   `json:"fl,omitempty"`
	Source   string `json:"source"`
	Why      string `json:"why,omitempty"`
}

// DepthDef is a German depth marker (2.16).
type DepthDef struct {
	Name     string `json:"name"`
	Strength int    `json:"strength"`
	HW       bool   `json:"hw,omitempty"`
	FL       bool   `json:"fl,omitempty"`
}

// CWDef is a CW unit (2.13). Box is a box ID, a beach letter, or empty
// for any box of the Dieppe map (5.2).
type CWDef struct {
	Name      string `json:"name"`
	Type      string `json:"type"`
	Symbol    string `json:"symbol"`
	Turn      int    `json:"turn"`
	Box       string `json:"box,omitempty"`
	Engineers bool   `json:"engineers,omitempty"`
}

// CountersDef gives the CW counter values per type and step count.
type CountersDef struct {
	Infantry     SidesDef       `json:"infantry"`
	Commando     SidesDef       `json:"commando"`
	Tank         SidesDef       `json:"tank"`
	Replacements map[string]int `json:"replacements"`
	Source       string         `json:"source"`
	Why          string         `json:"why,omitempty"`
}

// SidesDef lists attack strength and heavy weapons by steps, from 1 step up.
type SidesDef struct {
	Strength []int  `json:"strength"`
	HW       []bool `json:"hw"`
	Range    int    `json:"range,omitempty"`
}

// ChitDef is an op chit (2.17). Action chit colours may end in "*" (armor
// hit bonus) and "+" (assault).
type ChitDef struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Symbol  string   `json:"symbol,omitempty"`
	Colours []string `json:"colours,omitempty"`
	Areas   []string `json:"areas,omitempty"`
	Battery string   `json:"battery,omitempty"`
	Track   string   `json:"track,omitempty"`
	Hex     string   `json:"hex,omitempty"`
	Remove  bool     `json:"remove,omitempty"`
}

// DispositionDef is one row of the 3.4 table.
type DispositionDef struct {
	Yellow   int `json:"yellow"`
	YellowTP int `json:"yellow_tp"`
	Orange   int `json:"orange"`
	OrangeTP int `json:"orange_tp"`
}

// LandingDef is the CW Landing Table (5.5): a result per die face for
// infantry landing on turns 1-2, on turn 3, later, and for tanks.
type LandingDef struct {
	InfantryEarly []string `json:"infantry_early"`
	InfantryTurn3 []string `json:"infantry_turn3"`
	InfantryLate  []string `json:"infantry_late"`
	Tank          []string `json:"tank"`
}

// AttackDef is the CW Attack Results Table (15.2): rows A<D, A=D, A>D,
// A>=2D; columns unit alone, with unrevealed depth, with revealed depth.
// Cells join result codes with "+": AD, GD, GDs, OA, DE, GE, RV.
type AttackDef struct {
	Missing [][]string `json:"missing"`
	Met     [][]string `json:"met"`
}

// BarrageDef is the CW Barrage Table (11.13): die + tank strength at least
// Disrupt disrupts; at least Depth also eliminates the depth marker.
type BarrageDef struct {
	Disrupt int `json:"disrupt"`
	Depth   int `json:"depth"`
}

// LevelDef is a victory level of 14.3, from Min points up.
type LevelDef struct {
	Min      int    `json:"min"`
	Name     string `json:"name"`
	Historic bool   `json:"historic,omitempty"`
}
