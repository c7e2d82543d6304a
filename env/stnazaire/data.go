package stnazaire

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Limits of the flat state arrays. A data set beyond them is rejected at load.
const (
	MaxBritish = 32
	MaxGerman  = 64
	MaxSpaces  = 128
	maxObj     = 17
)

//go:embed data/default.json
var defaultData []byte

// British unit types.
const (
	Assault uint8 = iota
	Demolition
	HQ
)

// German classes.
const (
	ClassFlak uint8 = iota
	ClassQuadFlak
	ClassKriegsmarine
	ClassMarineFlak705
	ClassTodt
	ClassInf679
	ClassOther
	numClasses
)

var classNames = [numClasses]string{"flak", "quad_flak", "kriegsmarine", "marineflak705", "todt", "inf679", "other"}

// Landing places, in the order rule 5.2 lands them.
const (
	OldMole uint8 = iota
	OldEntrance
	Campbeltown
	numGroups
)

var groupNames = [numGroups]string{"old_mole", "old_entrance", "campbeltown"}

// CRT results.
const (
	resNone uint8 = iota
	resC
	resStepC
	resDE
)

// Landing results.
const (
	landLanded uint8 = iota
	landDestroyed
	landWithdrew
)

// Space is a compiled map space.
type Space struct {
	ID, Name  string
	Square    bool
	Objective int8
	Ship      bool
	Setup     byte // 'A'..'T' or 0
	Entry     int8 // 0..3 for A..D, or -1
	Exit      int8 // 0..3 for A..D, or -1
	Landing   int8 // group, or -1
	X, Y      float64
}

// BritishUnit is a compiled commando counter.
type BritishUnit struct {
	Name      string
	Type      uint8
	Full      int8
	Reduced   int8
	Objective int8
	Group     uint8
	Order     int8
	Mortar    bool
	Reserve   bool
}

// GermanUnit is a compiled German counter.
type GermanUnit struct {
	Name      string
	Class     uint8
	Strength  int8
	Vehicle   bool
	Objective int8
	Setup     int16 // space of a fixed set-up (FlaK), or -1
}

// Data is a validated, immutable data set shared by every state of a game.
type Data struct {
	File DataFile

	Spaces []Space
	// Move and Fire list each space's neighbours by solid and dashed links.
	Move, Fire [][]int16
	linked     [][]bool // linked[a][b]: any link
	moveLinked [][]bool
	// linkSet and moveSet hold the same links as sets of spaces, so the
	// rules test a space's neighbours against the occupied spaces at once.
	// Fixed arrays (the spaces past the data set's are empty), so a space
	// index masked to MaxSpaces needs no bounds check.
	linkSet, moveSet [MaxSpaces]spaceSet
	exits, landings  spaceSet // exit boxes; landing spaces (free to enter, 5.2.4)
	nearLandings     spaceSet // the spaces next to a landing space
	// vehicleNever and vehicleIfDestroyed: spaces barred to vehicles, always
	// or once demolished (see vehicleBarred).
	vehicleNever, vehicleIfDestroyed spaceSet
	// strengthSets holds the German counters of each strength 1 to 9 (bit
	// g: counter g): strongest first, counter order breaking ties, is the
	// order of fire (9.1.1.3).
	strengthSets [10]uint64
	// classSets holds the German counters of each class (bit g: counter g).
	classSets [numClasses]uint64
	// vehicles and flak hold the vehicle and the FlaK counters (bit g).
	vehicles, flak uint64
	// stackParts holds each commando's share of its stack's sum for the
	// German priorities, and pickKeys its rank as a German target within
	// its stack, full and reduced (see stackSum and pickKey).
	stackParts [MaxBritish][2]stackSum
	pickKeys   [MaxBritish][2]uint8

	British      []BritishUnit
	LandingOrder [numGroups][]int8
	LandingSpace [numGroups]int16
	German       []GermanUnit
	EntrySpace   [4]int16
	// SetupDraws lists, per random draw, the class and the spaces to fill.
	SetupDraws []setupDraw

	ObjVP   [maxObj + 1]int
	ObjName [maxObj + 1]string

	crtMinRoll, crtMinStr int
	crt                   [][]uint8
	landing               [2][10]uint8
	flak12Bonus           [2]int
	reinfCounts           [10][2]int8
	reinfAreas            [10][2]int8
	poolALastTurn         int
	Levels                []LevelDef

	// dist[a][b] is Distance(a, b): a fixed array, so a look-up is one
	// load (entries past the data set's spaces are unused).
	dist     [MaxSpaces][MaxSpaces]int8
	newman   int8 // index of the HQ, or -1
	flak12   int8 // German counter carrying objective 12, or -1
	birney   int8 // the commando whose objective is 12, first in the Old Mole order, or -1
	spaceIdx map[string]int16
	// spaceByName finds a space by its printed name, lower case, with or
	// without the objective number SpaceName adds.
	spaceByName map[string]int16
	unitIdx     map[string]int8
	gerIdx      map[string]int8
}

type setupDraw struct {
	class  uint8
	spaces []int16
}

// DefaultData returns the embedded reconstructed data set.
func DefaultData() (*Data, error) { return ParseData(defaultData) }

// LoadData reads a data set from a JSON file.
func LoadData(path string) (*Data, error) { return env.LoadDataFile(path, ParseData) }

// ParseData decodes and validates a data set. Every bad reference is an
// error naming the entry.
func ParseData(b []byte) (*Data, error) {
	var f DataFile
	if err := env.DecodeStrict(b, &f); err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	d, err := compile(f)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	return d, nil
}

func compile(f DataFile) (*Data, error) {
	d := &Data{File: f, spaceIdx: map[string]int16{}, spaceByName: map[string]int16{}, unitIdx: map[string]int8{}, gerIdx: map[string]int8{}, newman: -1, flak12: -1, birney: -1}
	if len(f.Spaces) == 0 || len(f.Spaces) > MaxSpaces {
		return nil, fmt.Errorf("spaces: need 1 to %d, have %d", MaxSpaces, len(f.Spaces))
	}
	for i := range d.EntrySpace {
		d.EntrySpace[i] = -1
	}
	for i := range d.LandingSpace {
		d.LandingSpace[i] = -1
	}
	setups := map[byte]int16{}
	for i, s := range f.Spaces {
		ctx := fmt.Sprintf("space %q", s.ID)
		if s.ID == "" || strings.ContainsAny(s.ID, " \t\n,@") {
			return nil, fmt.Errorf("space #%d: id %q must be non-empty with no blanks, commas or @", i, s.ID)
		}
		if _, dup := d.spaceIdx[s.ID]; dup {
			return nil, fmt.Errorf("%s: duplicate id", ctx)
		}
		d.spaceIdx[s.ID] = int16(i)
		sp := Space{ID: s.ID, Name: s.Name, Entry: -1, Exit: -1, Landing: -1, X: s.X, Y: s.Y}
		switch s.Shape {
		case "square":
			sp.Square = true
		case "round":
		default:
			return nil, fmt.Errorf("%s: shape %q is not square or round", ctx, s.Shape)
		}
		if s.Objective < 0 || s.Objective > maxObj {
			return nil, fmt.Errorf("%s: objective %d out of 0..%d", ctx, s.Objective, maxObj)
		}
		sp.Objective = int8(s.Objective)
		sp.Ship = s.Ship
		if s.Setup != "" {
			if len(s.Setup) != 1 || s.Setup[0] < 'A' || s.Setup[0] > 'T' {
				return nil, fmt.Errorf("%s: setup %q is not a letter A-T", ctx, s.Setup)
			}
			if _, dup := setups[s.Setup[0]]; dup {
				return nil, fmt.Errorf("%s: setup area %s used twice", ctx, s.Setup)
			}
			setups[s.Setup[0]] = int16(i)
			sp.Setup = s.Setup[0]
		}
		var err error
		if sp.Entry, err = letterAD(s.Entry); err != nil {
			return nil, fmt.Errorf("%s: entry: %w", ctx, err)
		}
		if sp.Entry >= 0 {
			if d.EntrySpace[sp.Entry] >= 0 {
				return nil, fmt.Errorf("%s: entry %s used twice", ctx, s.Entry)
			}
			d.EntrySpace[sp.Entry] = int16(i)
		}
		if sp.Exit, err = letterAD(s.Exit); err != nil {
			return nil, fmt.Errorf("%s: exit: %w", ctx, err)
		}
		if s.Landing != "" {
			g := indexOf(groupNames[:], s.Landing)
			if g < 0 {
				return nil, fmt.Errorf("%s: landing %q is not one of %v", ctx, s.Landing, groupNames)
			}
			if d.LandingSpace[g] >= 0 {
				return nil, fmt.Errorf("%s: landing %s used twice", ctx, s.Landing)
			}
			d.LandingSpace[g] = int16(i)
			sp.Landing = int8(g)
		}
		if sp.Exit >= 0 && (sp.Setup != 0 || sp.Objective != 0 || sp.Entry >= 0 || sp.Landing >= 0) {
			return nil, fmt.Errorf("%s: an exit box cannot also be a setup, objective, entry or landing space", ctx)
		}
		d.Spaces = append(d.Spaces, sp)
	}
	if err := d.indexSpaceNames(); err != nil {
		return nil, err
	}
	for g, s := range d.LandingSpace {
		if s < 0 {
			return nil, fmt.Errorf("no landing space for %s", groupNames[g])
		}
	}
	for e, s := range d.EntrySpace {
		if s < 0 {
			return nil, fmt.Errorf("no entry space %c", 'A'+e)
		}
	}
	n := len(d.Spaces)
	d.Move = make([][]int16, n)
	d.Fire = make([][]int16, n)
	d.linked = make([][]bool, n)
	d.moveLinked = make([][]bool, n)
	for i := range d.linked {
		d.linked[i] = make([]bool, n)
		d.moveLinked[i] = make([]bool, n)
	}
	for i, l := range f.Links {
		a, okA := d.spaceIdx[l.A]
		b, okB := d.spaceIdx[l.B]
		ctx := fmt.Sprintf("link #%d %s-%s", i, l.A, l.B)
		if !okA || !okB {
			return nil, fmt.Errorf("%s: unknown space", ctx)
		}
		if a == b {
			return nil, fmt.Errorf("%s: links a space to itself", ctx)
		}
		if d.linked[a][b] {
			return nil, fmt.Errorf("%s: spaces linked twice", ctx)
		}
		d.linked[a][b], d.linked[b][a] = true, true
		switch l.Kind {
		case "move":
			d.moveLinked[a][b], d.moveLinked[b][a] = true, true
			d.Move[a] = append(d.Move[a], b)
			d.Move[b] = append(d.Move[b], a)
		case "fire":
			d.Fire[a] = append(d.Fire[a], b)
			d.Fire[b] = append(d.Fire[b], a)
		default:
			return nil, fmt.Errorf("%s: kind %q is not move or fire", ctx, l.Kind)
		}
	}
	for i, sp := range d.Spaces {
		if sp.Exit >= 0 && (len(d.Move[i]) != 1 || len(d.Fire[i]) != 0) {
			return nil, fmt.Errorf("space %q: an exit box needs exactly one move link and no fire link", sp.ID)
		}
		sortInt16(d.Move[i])
		sortInt16(d.Fire[i])
	}
	if err := d.compileObjectives(f); err != nil {
		return nil, err
	}
	if err := d.compileBritish(f); err != nil {
		return nil, err
	}
	if err := d.compileGerman(f, setups); err != nil {
		return nil, err
	}
	if err := d.compileTables(f); err != nil {
		return nil, err
	}
	if err := d.checkReachable(); err != nil {
		return nil, err
	}
	d.computeDistances()
	d.computeSets()
	return d, nil
}

// computeDistances fills dist with the number of moves between spaces
// along solid lines on an empty map.
func (d *Data) computeDistances() {
	n := len(d.Spaces)
	for a := range n {
		row := d.dist[a][:n]
		for i := range row {
			row[i] = 127
		}
		row[a] = 0
		queue := []int16{int16(a)}
		for len(queue) > 0 {
			sp := queue[0]
			queue = queue[1:]
			for _, m := range d.Move[sp] {
				if row[m] == 127 {
					row[m] = row[sp] + 1
					queue = append(queue, m)
				}
			}
		}
	}
}

// Distance is the number of moves from space a to space b along solid
// lines on an empty map (127 if none).
func (d *Data) Distance(a, b int) int { return int(d.dist[a][b]) }

// Flak12 is the German counter of FlaK #12 (5.2.2), or -1.
func (d *Data) Flak12() int { return int(d.flak12) }

func (d *Data) compileObjectives(f DataFile) error {
	seen := [maxObj + 1]bool{}
	for _, o := range f.Objectives {
		if o.Number < 1 || o.Number > maxObj {
			return fmt.Errorf("objective %d: number out of 1..%d", o.Number, maxObj)
		}
		if seen[o.Number] {
			return fmt.Errorf("objective %d: listed twice", o.Number)
		}
		if o.VP < 0 || o.VP > 100 {
			return fmt.Errorf("objective %d: vp %d out of 0..100", o.Number, o.VP)
		}
		seen[o.Number] = true
		d.ObjVP[o.Number] = o.VP
		d.ObjName[o.Number] = o.Name
	}
	for _, sp := range d.Spaces {
		if sp.Objective > 0 && !seen[sp.Objective] {
			return fmt.Errorf("space %q: objective %d has no entry in objectives", sp.ID, sp.Objective)
		}
	}
	return nil
}

func (d *Data) compileBritish(f DataFile) error {
	if len(f.British) == 0 || len(f.British) > MaxBritish {
		return fmt.Errorf("british: need 1 to %d counters, have %d", MaxBritish, len(f.British))
	}
	types := []string{"assault", "demolition", "hq"}
	for i, b := range f.British {
		ctx := fmt.Sprintf("british %q", b.Name)
		if b.Name == "" {
			return fmt.Errorf("british #%d: empty name", i)
		}
		if _, dup := d.unitIdx[b.Name]; dup {
			return fmt.Errorf("%s: duplicate name", ctx)
		}
		d.unitIdx[b.Name] = int8(i)
		t := indexOf(types, b.Type)
		if t < 0 {
			return fmt.Errorf("%s: type %q is not one of %v", ctx, b.Type, types)
		}
		if b.Full < 1 || b.Full > 9 || b.Reduced < 0 || b.Reduced >= b.Full {
			return fmt.Errorf("%s: strengths %d/%d must satisfy 1 <= full <= 9 and 0 <= reduced < full", ctx, b.Full, b.Reduced)
		}
		if b.Objective < 0 || b.Objective > maxObj || (b.Objective > 0 && d.ObjName[b.Objective] == "") {
			return fmt.Errorf("%s: objective %d is not a listed objective", ctx, b.Objective)
		}
		g := indexOf(groupNames[:], b.Group)
		if g < 0 {
			return fmt.Errorf("%s: group %q is not one of %v", ctx, b.Group, groupNames)
		}
		if t == int(HQ) {
			if d.newman >= 0 {
				return fmt.Errorf("%s: a second HQ; the rules have only Newman", ctx)
			}
			d.newman = int8(i)
		}
		d.British = append(d.British, BritishUnit{Name: b.Name, Type: uint8(t), Full: int8(b.Full), Reduced: int8(b.Reduced),
			Objective: int8(b.Objective), Group: uint8(g), Order: int8(b.Order), Mortar: b.Mortar, Reserve: b.Reserve})
	}
	for g := range numGroups {
		var order []int8
		for i, u := range d.British {
			if u.Group == uint8(g) {
				order = append(order, int8(i))
			}
		}
		for k := range order {
			for j := k + 1; j < len(order); j++ {
				if d.British[order[j]].Order < d.British[order[k]].Order {
					order[j], order[k] = order[k], order[j]
				}
			}
		}
		for k, u := range order {
			if int(d.British[u].Order) != k+1 {
				return fmt.Errorf("british %q: group %s landing order must run 1..%d without gaps or repeats", d.British[u].Name, groupNames[g], len(order))
			}
		}
		d.LandingOrder[g] = order
	}
	for _, u := range d.LandingOrder[OldMole] {
		if d.British[u].Objective == 12 && d.British[u].Type == Assault {
			d.birney = u
			break
		}
	}
	return nil
}

func (d *Data) compileGerman(f DataFile, setups map[byte]int16) error {
	if len(f.German) == 0 || len(f.German) > MaxGerman {
		return fmt.Errorf("german: need 1 to %d counters, have %d", MaxGerman, len(f.German))
	}
	for i, g := range f.German {
		ctx := fmt.Sprintf("german %q", g.Name)
		if g.Name == "" {
			return fmt.Errorf("german #%d: empty name", i)
		}
		if _, dup := d.gerIdx[g.Name]; dup {
			return fmt.Errorf("%s: duplicate name", ctx)
		}
		if _, clash := d.unitIdx[g.Name]; clash {
			return fmt.Errorf("%s: name also used by a British counter", ctx)
		}
		d.gerIdx[g.Name] = int8(i)
		c := indexOf(classNames[:], g.Class)
		if c < 0 {
			return fmt.Errorf("%s: class %q is not one of %v", ctx, g.Class, classNames)
		}
		if g.Strength < 1 || g.Strength > 9 {
			return fmt.Errorf("%s: strength %d out of 1..9", ctx, g.Strength)
		}
		if g.Objective < 0 || g.Objective > maxObj || (g.Objective > 0 && d.ObjName[g.Objective] == "") {
			return fmt.Errorf("%s: objective %d is not a listed objective", ctx, g.Objective)
		}
		u := GermanUnit{Name: g.Name, Class: uint8(c), Strength: int8(g.Strength), Vehicle: g.Vehicle, Objective: int8(g.Objective), Setup: -1}
		fixed := u.Class == ClassFlak || u.Class == ClassQuadFlak
		if fixed != (g.Setup != "") {
			return fmt.Errorf("%s: FlaK counters, and only they, have a fixed setup area", ctx)
		}
		if g.Setup != "" {
			s, ok := setups[g.Setup[0]]
			if len(g.Setup) != 1 || !ok {
				return fmt.Errorf("%s: setup area %q is on no space", ctx, g.Setup)
			}
			u.Setup = s
		}
		if g.Objective == 12 {
			d.flak12 = int8(i)
		}
		d.German = append(d.German, u)
	}
	for _, dr := range f.Draws {
		c := indexOf(classNames[:], dr.Class)
		if c < 0 {
			return fmt.Errorf("draw %q: unknown class", dr.Class)
		}
		sd := setupDraw{class: uint8(c)}
		for k := 0; k < len(dr.Areas); k++ {
			s, ok := setups[dr.Areas[k]]
			if !ok {
				return fmt.Errorf("draw %s: setup area %c is on no space", dr.Class, dr.Areas[k])
			}
			sd.spaces = append(sd.spaces, s)
		}
		have := 0
		for _, g := range d.German {
			if g.Class == uint8(c) {
				have++
			}
		}
		if have < len(sd.spaces) {
			return fmt.Errorf("draw %s: %d areas but only %d counters", dr.Class, len(sd.spaces), have)
		}
		d.SetupDraws = append(d.SetupDraws, sd)
	}
	return nil
}

func (d *Data) compileTables(f DataFile) error {
	c := f.CRT
	if len(c.Rows) == 0 || len(c.Rows[0]) == 0 {
		return errors.New("crt: empty table")
	}
	d.crtMinRoll, d.crtMinStr = c.MinRoll, c.MinStrength
	for r, row := range c.Rows {
		if len(row) != len(c.Rows[0]) {
			return fmt.Errorf("crt: row %d has %d cells, row 0 has %d", r, len(row), len(c.Rows[0]))
		}
		out := make([]uint8, len(row))
		for k, cell := range row {
			v, ok := map[string]uint8{"-": resNone, "C": resC, "-1C": resStepC, "DE": resDE}[cell]
			if !ok {
				return fmt.Errorf("crt: row %d column %d: result %q is not -, C, -1C or DE", r, k, cell)
			}
			out[k] = v
		}
		d.crt = append(d.crt, out)
	}
	for z, t := range []LandingTable{f.Landing.OldMole, f.Landing.OldEntrance} {
		if len(t.Results) != 10 {
			return fmt.Errorf("landing %s: need 10 results, have %d", groupNames[z], len(t.Results))
		}
		for k, r := range t.Results {
			v, ok := map[string]uint8{"landed": landLanded, "destroyed": landDestroyed, "withdrew": landWithdrew}[r]
			if !ok {
				return fmt.Errorf("landing %s roll %d: result %q is not landed, destroyed or withdrew", groupNames[z], k+1, r)
			}
			d.landing[z][k] = v
		}
		d.flak12Bonus[z] = t.Flak12Bonus
	}
	rt := f.Reinforcements
	if len(rt.Counts) != 10 || len(rt.Areas) != 10 {
		return errors.New("reinforcements: need 10 counts and 10 areas")
	}
	for k := range 10 {
		if rt.Counts[k] == "-" {
			continue
		}
		var a, b int
		if _, err := fmt.Sscanf(rt.Counts[k], "%d/%d", &a, &b); err != nil || a < 0 || b < 0 || a > 3 || b > 3 {
			return fmt.Errorf("reinforcements: count %d %q is not - or n/m with 0..3", k+1, rt.Counts[k])
		}
		d.reinfCounts[k] = [2]int8{int8(a), int8(b)}
	}
	for k := range 10 {
		x, y, ok := strings.Cut(rt.Areas[k], "/")
		ex, err1 := letterAD(x)
		ey, err2 := letterAD(y)
		if !ok || err1 != nil || err2 != nil || ex < 0 || ey < 0 {
			return fmt.Errorf("reinforcements: area %d %q is not X/Y with letters A-D", k+1, rt.Areas[k])
		}
		d.reinfAreas[k] = [2]int8{ex, ey}
	}
	if rt.PoolALastTurn < 0 || rt.PoolALastTurn > 10 {
		return fmt.Errorf("reinforcements: pool_a_last_turn %d out of 0..10", rt.PoolALastTurn)
	}
	d.poolALastTurn = rt.PoolALastTurn
	if len(f.Levels) == 0 {
		return errors.New("levels: none")
	}
	for k := 1; k < len(f.Levels); k++ {
		if f.Levels[k].Min <= f.Levels[k-1].Min {
			return fmt.Errorf("levels: %q must start above %q", f.Levels[k].Name, f.Levels[k-1].Name)
		}
	}
	d.Levels = f.Levels
	return nil
}

// checkReachable insists every space can be reached by movement from a
// landing space, so no objective or exit is unreachable by construction.
func (d *Data) checkReachable() error {
	seen := make([]bool, len(d.Spaces))
	queue := []int16{}
	for _, s := range d.LandingSpace {
		seen[s] = true
		queue = append(queue, s)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range d.Move[s] {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return fmt.Errorf("space %q: not reachable by movement from any landing space", d.Spaces[i].ID)
		}
	}
	return nil
}

// crtResult reads the CRT for a strength and a modified roll.
func (d *Data) crtResult(strength, roll int) uint8 {
	r := clampInt(roll-d.crtMinRoll, 0, len(d.crt)-1)
	c := clampInt(strength-d.crtMinStr, 0, len(d.crt[0])-1)
	return d.crt[r][c]
}

func letterAD(s string) (int8, error) {
	if s == "" {
		return -1, nil
	}
	if len(s) != 1 || s[0] < 'A' || s[0] > 'D' {
		return -1, fmt.Errorf("%q is not a letter A-D", s)
	}
	return int8(s[0] - 'A'), nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func sortInt16(a []int16) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func clampInt(v, lo, hi int) int {
	return max(lo, min(v, hi))
}
