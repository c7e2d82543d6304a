package anvil

// The JSON form of a data set: map, counters, tables and scenarios. Every
// entry carries a Source: "rules" when the rule text fixes it,
// "reconstructed" when it was authored (see data/README.md).

// DataFile is the top level of a data set.
type DataFile struct {
	Name    string  `json:"name"`
	Version int     `json:"version"`
	Note    string  `json:"note,omitempty"`
	Width   float64 `json:"width"`
	Height  float64 `json:"height"`

	Areas   []AreaDef   `json:"areas"`
	Borders []BorderDef `json:"borders"`
	Units   []UnitDef   `json:"units"`

	CRT       CRTDef        `json:"crt"`
	Tracks    []TrackDef    `json:"tracks"`
	Bombing   []BombingDef  `json:"bombing"`
	TEC       TECDef        `json:"tec"`
	VP        VPDef         `json:"vp"`
	Scenarios []ScenarioDef `json:"scenarios"`
}

// AreaDef is one area of the map (1.1).
type AreaDef struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Terrain string `json:"terrain"` // clear, rough or mountain
	Coastal bool   `json:"coastal,omitempty"`
	// Landing marks the landing areas 01 and 02 (1.8, 7).
	Landing   bool `json:"landing,omitempty"`
	Fortified bool `json:"fortified,omitempty"`
	// NorthEdge marks areas on the northern map edge: a German supply
	// source and exit. Italy marks areas next to Italy: the same.
	NorthEdge bool `json:"north_edge,omitempty"`
	Italy     bool `json:"italy,omitempty"`
	// Rhone marks areas adjacent to the Rhone, where the armoured train
	// may run (1.3.3).
	Rhone   bool         `json:"rhone,omitempty"`
	X       float64      `json:"x"`
	Y       float64      `json:"y"`
	Polygon [][2]float64 `json:"polygon"`
	Source  string       `json:"source"`
	Why     string       `json:"why,omitempty"`
}

// BorderDef joins two areas; River is "", "minor" or "major".
type BorderDef struct {
	A      string `json:"a"`
	B      string `json:"b"`
	River  string `json:"river,omitempty"`
	Source string `json:"source"`
}

// UnitDef is one counter (1.3).
type UnitDef struct {
	Name   string `json:"name"`
	Side   string `json:"side"`   // allied or german
	Nation string `json:"nation"` // US, FR, UK or DE
	// Class is combat, support, cd, transport or train (1.3.1-1.3.3).
	Class string `json:"class"`
	// Type is the troop type that counts for combined arms (5.7):
	// infantry, armored, airborne, commando, artillery, antitank,
	// mountain, recon, cd or transport.
	Type     string `json:"type"`
	Division string `json:"division"`
	Full     int    `json:"full,omitempty"`
	Reduced  int    `json:"reduced,omitempty"`
	Bonus    int    `json:"bonus,omitempty"`
	MP       int    `json:"mp"`
	Source   string `json:"source"`
	Why      string `json:"why,omitempty"`
}

// CRTDef is the combat results table (5.8): Columns are the lowest
// strength of each column; Cells[row][column] reads "attacker/defender"
// hits, rows from MinRoll (and below) to MaxRoll (and above).
type CRTDef struct {
	Columns []int       `json:"columns"`
	MinRoll int         `json:"min_roll"`
	MaxRoll int         `json:"max_roll"`
	Cells   [][]string  `json:"cells"`
	Fixed   []FixedCell `json:"fixed,omitempty"`
	Source  string      `json:"source"`
	Why     string      `json:"why,omitempty"`
}

// FixedCell records a cell the rule text fixes.
type FixedCell struct {
	SP     int    `json:"sp"`
	Roll   int    `json:"roll"`
	Cell   string `json:"cell"`
	Source string `json:"source"`
	Why    string `json:"why,omitempty"`
}

// TrackDef is a fortification track (1.5): DRM[level] for levels 0 to the
// starting level len(DRM)-1.
type TrackDef struct {
	Area   string `json:"area"`
	DRM    []int  `json:"drm"`
	Source string `json:"source"`
}

// BombingDef is one row of the bombing table (6).
type BombingDef struct {
	Roll   int  `json:"roll"`
	Levels int  `json:"levels"`
	Spent  bool `json:"spent,omitempty"`
}

// TECDef is the terrain effects chart: movement points to enter.
type TECDef struct {
	Clear         int    `json:"clear"`
	Rough         int    `json:"rough"`
	Mountain      int    `json:"mountain"`
	MotorClear    int    `json:"motor_clear"`
	MotorRough    int    `json:"motor_rough"`
	MotorMountain int    `json:"motor_mountain"`
	MinorRiver    int    `json:"minor_river"`
	MajorRiver    int    `json:"major_river"`
	Enemy         int    `json:"enemy"`
	Source        string `json:"source"`
}

// VPDef is the authored victory schedule.
type VPDef struct {
	Port        int            `json:"port"`
	Towns       map[string]int `json:"towns"`
	PerStep     int            `json:"per_step"`
	ExitSPPerVP int            `json:"exit_sp_per_vp"`
	PortHeld    int            `json:"port_held"`
	PortTurn    int            `json:"port_turn"`
	Source      string         `json:"source"`
}

// ScenarioDef is one scenario: set-up, arrivals, FFI and intact bridges.
type ScenarioDef struct {
	Number   int          `json:"number"`
	Name     string       `json:"name"`
	Turns    int          `json:"turns"`
	Setup    []PlaceDef   `json:"setup"`
	Arrivals []ArrivalDef `json:"arrivals"`
	FFI      []string     `json:"ffi"`
	// Bridges lists the intact bridges at start, as "A-B" borders (9).
	Bridges []string `json:"bridges"`
	Source  string   `json:"source"`
}

// PlaceDef sets a unit up in an area.
type PlaceDef struct {
	Unit string `json:"unit"`
	Area string `json:"area"`
}

// ArrivalDef brings units in: a landing (7), a reinforcement (7) or a
// paradrop (8).
type ArrivalDef struct {
	Kind  string   `json:"kind"`
	Turn  int      `json:"turn"`
	Area  string   `json:"area"`
	Units []string `json:"units"`
}
