package stnazaire

// The JSON form of a data set: map, counters and tables. A person who owns
// the printed game can write their own file in this form and load it with
// --data. Every entry carries a Source: "rules" when the rule text fixes it,
// "reconstructed" when it was authored (see data/README.md).

// DataFile is the top level of a data set.
type DataFile struct {
	Name    string `json:"name"`
	Version int    `json:"version"`
	Note    string `json:"note,omitempty"`

	Spaces []SpaceDef `json:"spaces"`
	Links  []LinkDef  `json:"links"`

	Objectives []ObjectiveDef `json:"objectives"`
	British    []BritishDef   `json:"british"`
	German     []GermanDef    `json:"german"`
	// Draws are the random set-up draws of rule 3: one counter of Class is
	// drawn for each setup area listed.
	Draws []DrawDef `json:"draws"`

	CRT            CRTDef            `json:"crt"`
	Landing        LandingDef        `json:"landing"`
	Reinforcements ReinforcementsDef `json:"reinforcements"`
	Levels         []LevelDef        `json:"levels"`
}

// SpaceDef is one space (node) of the map.
type SpaceDef struct {
	ID    string `json:"id"`    // unique short id used by links and actions, e.g. "S12", "OM*"
	Name  string `json:"name"`  // readable name, e.g. "Pump house"
	Shape string `json:"shape"` // "square" (defensive, errata 1.1) or "round"
	// Objective is the objective number printed on the space (0: none).
	Objective int `json:"objective,omitempty"`
	// Ship marks a space that is a German ship: Kriegsmarine units set up
	// there cannot move (8.3), and its objective is sunk by demolition.
	Ship bool `json:"ship,omitempty"`
	// Setup is the setup area letter A-T (3), or "".
	Setup string `json:"setup,omitempty"`
	// Entry is the reinforcement entry triangle A-D (12), or "".
	Entry string `json:"entry,omitempty"`
	// Exit is the exit letter A-D (13): a commando that moves into this
	// space leaves the map for good. Exit spaces are off-map boxes.
	Exit string `json:"exit,omitempty"`
	// Landing is "old_mole", "old_entrance" or "campbeltown" for the three
	// starred landing spaces (5); they count as round and cost no movement.
	Landing string `json:"landing,omitempty"`
	// X, Y place the space on a drawing of the map, 0..1 from top left.
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Source string  `json:"source"`
	Why    string  `json:"why,omitempty"`
}

// LinkDef is a connection line between two spaces.
type LinkDef struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Kind string `json:"kind"` // "move" (solid: movement and fire) or "fire" (dashed: fire only)
}

// ObjectiveDef gives an objective number its name and worth (13).
type ObjectiveDef struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	// VP is scored for each destroyed space, sunk ship or eliminated FlaK
	// counter carrying this number.
	VP     int    `json:"vp"`
	Source string `json:"source"`
}

// BritishDef is one commando counter (2.1).
type BritishDef struct {
	Name string `json:"name"`
	Type string `json:"type"` // "assault", "demolition" or "hq"
	Full int    `json:"full"` // strength on the full side
	// Reduced is the strength on the reduced side; 0 for a single-sided
	// counter, which a step loss eliminates.
	Reduced int `json:"reduced"`
	// Objective is the counter's objective number; 0 for none (Burtinshaw,
	// Newman).
	Objective int `json:"objective"`
	// Group is the landing place: "old_mole", "old_entrance" or "campbeltown".
	Group string `json:"group"`
	// Order is the position in the group's historical landing order, from 1.
	Order   int    `json:"order"`
	Mortar  bool   `json:"mortar,omitempty"`  // carries the mortar (9.3)
	Reserve bool   `json:"reserve,omitempty"` // Burtinshaw (11.2)
	Source  string `json:"source"`
	Why     string `json:"why,omitempty"`
}

// GermanDef is one German counter.
type GermanDef struct {
	Name     string `json:"name"`
	Class    string `json:"class"` // "flak", "quad_flak", "kriegsmarine", "marineflak705", "todt", "inf679", "other"
	Strength int    `json:"strength"`
	Vehicle  bool   `json:"vehicle,omitempty"`
	// Objective is the objective number on a FlaK counter (0: none).
	Objective int `json:"objective,omitempty"`
	// Setup is the area a FlaK counter is placed in (3); "" for drawn units.
	Setup  string `json:"setup,omitempty"`
	Source string `json:"source"`
	Why    string `json:"why,omitempty"`
}

// DrawDef is one random set-up draw (3).
type DrawDef struct {
	Class string `json:"class"`
	Areas string `json:"areas"` // setup letters, one counter each, e.g. "HIJKLMNO"
}

// CRTDef is the combat results table (9). Rows[r][c] is the result for
// modified roll MinRoll+r and strength MinStrength+c: "-", "C", "-1C", "DE".
// A modified roll below MinRoll reads the first row, above the last the
// last row; a strength outside the columns reads the nearest column.
type CRTDef struct {
	MinRoll     int        `json:"min_roll"`
	MinStrength int        `json:"min_strength"`
	Rows        [][]string `json:"rows"`
	Source      string     `json:"source"`
	Why         string     `json:"why,omitempty"`
}

// LandingDef is the landing table (5.2.1) for the Old Mole and Old Entrance.
type LandingDef struct {
	OldMole     LandingTable `json:"old_mole"`
	OldEntrance LandingTable `json:"old_entrance"`
	Source      string       `json:"source"`
	Why         string       `json:"why,omitempty"`
}

// LandingTable maps a modified D10 to a landing result.
type LandingTable struct {
	// Results[i] is the result for modified roll i+1 (rolls are clamped to
	// 1..10): "landed", "destroyed" (boat destroyed) or "withdrew".
	Results []string `json:"results"`
	// Flak12Bonus is added to the roll once FlaK #12 is out of action (5.2.2).
	Flak12Bonus int `json:"flak12_bonus"`
}

// ReinforcementsDef is the German reinforcements table (12): entry i is for
// a D10 of i+1. Counts are "-" or "n/m"; areas are "X/Y".
type ReinforcementsDef struct {
	Counts        []string `json:"counts"`
	Areas         []string `json:"areas"`
	PoolALastTurn int      `json:"pool_a_last_turn"` // 4: pool A is merged into B after it
	Source        string   `json:"source"`
}

// LevelDef is one victory level (13): from Min VP up.
type LevelDef struct {
	Min  int    `json:"min"`
	Name string `json:"name"`
	Text string `json:"text"`
}
