package ahraid

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// Capacities of the fixed-size state arrays; a data set must fit them.
const (
	MaxZones      = 12
	MaxAreas      = 48
	MaxBoats      = 20
	MaxCommandos  = 32
	MaxGerman     = 40
	MaxGuns       = 24
	MaxObjectives = 24
	MaxShips      = 8
	MaxPick       = 40 // the largest uniform pick (a boat, a cup counter, a tie)
)

// The JSON form of a data set. Every authored entry carries Source
// "reconstructed" (or "aid" where the player aid fixes it) and a Why.

// DataFile is the top level of a data set.
type DataFile struct {
	Name        string        `json:"name"`
	Note        string        `json:"note,omitempty"`
	FirstTurn   string        `json:"first_turn"`
	TurnMinutes int           `json:"turn_minutes"`
	VictoryVP   int           `json:"victory_vp"`
	Zones       []ZoneDef     `json:"zones"`
	ZoneLinks   []LinkDef     `json:"zone_links"`
	Areas       []AreaDef     `json:"areas"`
	Links       []LinkDef     `json:"links"`
	Boats       []BoatDef     `json:"boats"`
	Commandos   []CommandoDef `json:"commandos"`
	Guns        []GunDef      `json:"guns"`
	Objectives  []ObjDef      `json:"objectives"`
	Ships       []ShipDef     `json:"ships"`
	Cup         [][]int       `json:"cup"`
	Activation  ActivationDef `json:"activation"`
	Tables      TablesDef     `json:"tables"`
}

// ZoneDef is a sea zone. Kind is approach, near, open, river, harbour,
// landing or england. A landing zone has a parent sea zone (for fire) and
// the land area its boats land on.
type ZoneDef struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Parent string   `json:"parent,omitempty"`
	Area   string   `json:"area,omitempty"`
	Shore  []string `json:"shore,omitempty"`
	X      float64  `json:"x"`
	Y      float64  `json:"y"`
	Source string   `json:"source"`
	Why    string   `json:"why,omitempty"`
}

// AreaDef is a land area: ZNN, Z its land zone 1-6.
type AreaDef struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Shape  string  `json:"shape"` // circle, square, triangle, hexagon
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Source string  `json:"source"`
	Why    string  `json:"why,omitempty"`
}

// LinkDef joins two zones or areas; Cost is the movement line (1 single, 2
// double, 3 triple); 0 is a dashed fire line, no movement.
type LinkDef struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Cost int    `json:"cost"`
}

// BoatDef is one of the flotilla. Kind: destroyer, mgb, mtb, ml.
type BoatDef struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	MF        int    `json:"mf"`
	Capacity  int    `json:"capacity"`
	Guns      int    `json:"guns"`
	Torpedoes int    `json:"torpedoes,omitempty"`
	LandsAt   string `json:"lands_at,omitempty"`
	Source    string `json:"source"`
	Why       string `json:"why,omitempty"`
}

// CommandoDef is a commando unit and the boat that carries it.
type CommandoDef struct {
	Name     string `json:"name"`
	Type     string `json:"type"` // assault, demolition
	Strength int    `json:"strength"`
	Grenades int    `json:"grenades,omitempty"`
	Charges  int    `json:"charges,omitempty"`
	Boat     string `json:"boat"`
	Primary  string `json:"primary,omitempty"`
	Source   string `json:"source"`
	Why      string `json:"why,omitempty"`
}

// GunDef is a gun, a searchlight or a flak tower. Area "" is across the
// river, out of the commandos' reach. Range lists the sea zones a gun fires
// at (first, second); Beam the zone a searchlight lights on each die face;
// Covers the areas of a tower's colour code.
type GunDef struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"` // gun, searchlight, tower
	Area     string   `json:"area,omitempty"`
	Strength int      `json:"strength"`
	VP       int      `json:"vp"`
	Range    []string `json:"range,omitempty"`
	Beam     []string `json:"beam,omitempty"`
	Colour   string   `json:"colour,omitempty"`
	Covers   []string `json:"covers,omitempty"`
	Source   string   `json:"source"`
	Why      string   `json:"why,omitempty"`
}

// ObjDef is a demolition target with victory points.
type ObjDef struct {
	Name        string `json:"name"`
	Area        string `json:"area"`
	VP          int    `json:"vp"`
	Caisson     bool   `json:"caisson,omitempty"`
	Power       bool   `json:"power,omitempty"`
	Rammed      bool   `json:"rammed,omitempty"` // the destroyer's explosion is rolled against it
	TorpedoZone string `json:"torpedo_zone,omitempty"`
	Source      string `json:"source"`
	Why         string `json:"why,omitempty"`
}

// ShipDef is a German ship, numbered 1-6 for the withdrawal roll.
type ShipDef struct {
	Name      string `json:"name"`
	Number    int    `json:"number"`
	Area      string `json:"area"`
	Objective string `json:"objective"`
	Crew      int    `json:"crew"`
	Withdraws bool   `json:"withdraws"`
	Source    string `json:"source"`
}

// ActivationDef is table N-1 and how often it is rolled.
type ActivationDef struct {
	PerTurn     []int             `json:"per_turn"` // rolls in turn 1, 2, ...; the last repeats
	ModFromTurn int               `json:"modifier_from_turn"`
	Areas       map[string]string `json:"areas"` // modified 2d6 2..13 to area
}

// TablesDef holds the authored tables the aid names.
type TablesDef struct {
	V1       []string       `json:"v1"` // boat damage, modified d6 1..8
	V1Mods   map[string]int `json:"v1_mods"`
	V2Hit    int            `json:"v2_hit"` // covering fire hits on a modified 2d6 <= this
	V3       []string       `json:"v3"`     // red die 1..6: destroyed, out, broken
	V4       []string       `json:"v4"`     // d6 1..6: england, stays, sunk
	N2       []string       `json:"n2"`     // modified d6 0..8: destroyed, damaged, none
	N3       []string       `json:"n3"`     // d6 1..6: destroyed, damaged, none
	Flotilla []FlotillaStep `json:"flotilla"`
	Turns    int            `json:"turns"`
}

// FlotillaStep: flotilla gun points of at least Min give V-2 modifier Mod.
type FlotillaStep struct {
	Min int `json:"min"`
	Mod int `json:"mod"`
}

// V-1 results.
const (
	v1None uint8 = iota
	v1TurnAway
	v1Evade
	v1Casualty
	v1Fire
	v1Dead
	v1Burning
	v1Sunk
)

var v1Names = []string{"none", "turn_away", "evade", "casualty", "fire", "dead_in_water", "burning", "sunk"}

// Effect on a gun, objective or boat from V-3, V-4, N-2, N-3.
const (
	effNone uint8 = iota
	effBroken
	effOut
	effDamaged
	effDestroyed
	effEngland
	effStays
	effSunk
)

var effNames = []string{"none", "broken", "out", "damaged", "destroyed", "england", "stays", "sunk"}

// Zone kinds.
const (
	zApproach uint8 = iota
	zNear
	zOpen
	zRiver
	zHarbour
	zLanding
	zEngland
)

var zoneKinds = []string{"approach", "near", "open", "river", "harbour", "landing", "england"}

// Area shapes.
const (
	shCircle uint8 = iota
	shSquare
	shTriangle
	shHexagon
)

var shapeNames = []string{"circle", "square", "triangle", "hexagon"}

// Gun kinds.
const (
	kGun uint8 = iota
	kSearchlight
	kTower
)

var gunKinds = []string{"gun", "searchlight", "tower"}

// Boat kinds.
const (
	bkDestroyer uint8 = iota
	bkMGB
	bkMTB
	bkML
)

var boatKinds = []string{"destroyer", "mgb", "mtb", "ml"}

// Data is a compiled, immutable data set, shared by every state.
type Data struct {
	File DataFile

	Zones                                 []Zone
	zAdj                                  [MaxZones][MaxZones]int8 // movement cost between zones, 0 none
	zoneIdx                               map[string]int8
	approach, near, open, england, riverA int8
	zDepth                                [MaxZones]int8           // steps from the Approach Zone: upstream is deeper
	zDist                                 [MaxZones][MaxZones]int8 // moves between sea zones
	ramZone                               int8                     // where the destroyer lies once it has rammed, or -1

	Areas    []Area
	move     [MaxAreas][MaxAreas]int8 // line cost, 0 none
	fire     [MaxAreas][MaxAreas]bool // dashed line or same area
	nbr      [MaxAreas][]int8         // movement neighbours
	areaIdx  map[string]int8
	dist     [MaxAreas][MaxAreas]int8 // shortest line cost, 99 unreachable
	pens     []int8                   // the hexagonal areas (U-boat pens)
	crewArea int8                     // area 443, where withdrawn crews land, or -1

	Boats          []Boat
	boatIdx        map[string]int8
	Commandos      []Commando
	unitIdx        map[string]int8
	Guns           []Gun
	gunIdx         map[string]int8
	searchlight412 int8
	Objectives     []Objective
	objIdx         map[string]int8
	power          int8 // the power station objective, or -1
	rammed         int8 // the objective the destroyer's explosion hits, or -1
	Ships          []Ship

	Cup        [][]int8
	actAreas   [14]int8 // modified 2d6 2..13 to area
	actPerTurn []int8
	actModFrom int
	V1         [9]uint8 // index 1..8
	v1Mods     [4]int8  // by boat kind
	V3, V4, N3 [7]uint8 // index 1..6
	N2         [9]uint8 // index 0..8
	v2Hit      int
	flotilla   []FlotillaStep
	Turns      int
}

// Zone is a compiled sea zone.
type Zone struct {
	ID, Name string
	Kind     uint8
	Parent   int8 // the zone whose fire it shares (itself if none)
	Area     int8 // landing area, or -1
	Shore    []int8
}

// Area is a compiled land area.
type Area struct {
	ID, Name string
	Num      int
	Zone     int // land zone 1-6
	Shape    uint8
	Lit      []int8 // sea zones whose beam lights this area
}

// Boat is a compiled boat.
type Boat struct {
	Name               string
	Kind               uint8
	MF, Capacity, Guns int8
	Torpedoes          int8
	LandsAt            int8 // area, or -1
}

// Commando is a compiled commando unit.
type Commando struct {
	Name              string
	Assault           bool
	Strength          int8
	Grenades, Charges int8
	Boat              int8
	Primary           int8 // objective, or -1
}

// Gun is a compiled gun, searchlight or tower.
type Gun struct {
	Name     string
	Kind     uint8
	Area     int8 // -1: across the river
	Strength int8
	VP       int8
	Range    [2]int8 // sea zones, -1 none
	Beam     [7]int8 // die 1..6 to zone
	Covers   []int8
}

// Objective is a compiled demolition target.
type Objective struct {
	Name        string
	Area        int8
	VP          int8
	Caisson     bool
	TorpedoZone int8
	Ship        int8 // ship index, or -1
}

// Ship is a compiled German ship.
type Ship struct {
	Name      string
	Number    int8
	Area      int8
	Objective int8
	Crew      int8
	Withdraws bool
}

//go:embed data/default.json
var defaultJSON []byte

// DefaultData compiles the embedded data set.
func DefaultData() (*Data, error) { return ParseData(defaultJSON) }

// LoadData reads and compiles a data file.
func LoadData(path string) (*Data, error) { return env.LoadDataFile(path, ParseData) }

// ParseData decodes and checks a data set. Every reference is resolved and
// every value range-checked, so a state built on it can index freely.
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

func lookup(kinds []string, v, what string) (uint8, error) {
	for i, k := range kinds {
		if k == v {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%s %q: want one of %v", what, v, kinds)
}

func compile(f DataFile) (*Data, error) {
	d := &Data{File: f, zoneIdx: map[string]int8{}, areaIdx: map[string]int8{}, boatIdx: map[string]int8{},
		unitIdx: map[string]int8{}, gunIdx: map[string]int8{}, objIdx: map[string]int8{}, power: -1, rammed: -1,
		approach: -1, near: -1, open: -1, england: -1, riverA: -1, searchlight412: -1}
	if len(f.Zones) == 0 || len(f.Zones) > MaxZones || len(f.Areas) == 0 || len(f.Areas) > MaxAreas ||
		len(f.Boats) == 0 || len(f.Boats) > MaxBoats || len(f.Commandos) == 0 || len(f.Commandos) > MaxCommandos ||
		len(f.Guns) > MaxGuns || len(f.Objectives) > MaxObjectives || len(f.Ships) > 6 {
		return nil, fmt.Errorf("sizes: %d zones (1-%d), %d areas (1-%d), %d boats (1-%d), %d commandos (1-%d), %d guns (max %d), %d objectives (max %d), %d ships (max 6)",
			len(f.Zones), MaxZones, len(f.Areas), MaxAreas, len(f.Boats), MaxBoats, len(f.Commandos), MaxCommandos,
			len(f.Guns), MaxGuns, len(f.Objectives), MaxObjectives, len(f.Ships))
	}
	if f.VictoryVP < 1 || f.TurnMinutes < 1 || f.TurnMinutes > 60 || len(f.FirstTurn) != 4 {
		return nil, fmt.Errorf("victory_vp %d, turn_minutes %d, first_turn %q: want positive values and a time like 0128", f.VictoryVP, f.TurnMinutes, f.FirstTurn)
	}
	if h, err := strconv.Atoi(f.FirstTurn); err != nil || h < 0 || h/100 > 23 || h%100 > 59 {
		return nil, fmt.Errorf("first_turn %q is not a time like 0128", f.FirstTurn)
	}
	if f.Tables.Turns < 1 || f.Tables.Turns > 40 {
		return nil, fmt.Errorf("tables.turns %d: want 1 to 40", f.Tables.Turns)
	}
	d.Turns = f.Tables.Turns
	for i, a := range f.Areas {
		if _, dup := d.areaIdx[a.ID]; dup {
			return nil, fmt.Errorf("area %q twice", a.ID)
		}
		n, err := strconv.Atoi(a.ID)
		if err != nil || n < 100 || n > 699 {
			return nil, fmt.Errorf("area %q: want a number ZNN with land zone Z from 1 to 6", a.ID)
		}
		sh, err := lookup(shapeNames, a.Shape, "area "+a.ID+" shape")
		if err != nil {
			return nil, err
		}
		d.areaIdx[a.ID] = int8(i)
		d.Areas = append(d.Areas, Area{ID: a.ID, Name: a.Name, Num: n, Zone: n / 100, Shape: sh})
	}
	area := func(id, what string) (int8, error) {
		if id == "" {
			return -1, nil
		}
		a, ok := d.areaIdx[id]
		if !ok {
			return -1, fmt.Errorf("%s: no area %q", what, id)
		}
		return a, nil
	}
	for i, z := range f.Zones {
		if _, dup := d.zoneIdx[z.ID]; dup || z.ID == "" {
			return nil, fmt.Errorf("zone %q twice or empty", z.ID)
		}
		k, err := lookup(zoneKinds, z.Kind, "zone "+z.ID+" kind")
		if err != nil {
			return nil, err
		}
		d.zoneIdx[z.ID] = int8(i)
		a, err := area(z.Area, "zone "+z.ID)
		if err != nil {
			return nil, err
		}
		zz := Zone{ID: z.ID, Name: z.Name, Kind: k, Parent: int8(i), Area: a}
		for _, s := range z.Shore {
			sa, err := area(s, "zone "+z.ID+" shore")
			if err != nil || sa < 0 {
				return nil, fmt.Errorf("zone %s: bad shore area %q", z.ID, s)
			}
			zz.Shore = append(zz.Shore, sa)
		}
		if (k == zLanding) != (a >= 0) {
			return nil, fmt.Errorf("zone %s: a landing zone, and only it, names its area", z.ID)
		}
		d.Zones = append(d.Zones, zz)
		set := func(p *int8) error {
			if *p >= 0 {
				return fmt.Errorf("zone %s: a second %s zone", z.ID, z.Kind)
			}
			*p = int8(i)
			return nil
		}
		switch k {
		case zApproach:
			err = set(&d.approach)
		case zNear:
			err = set(&d.near)
		case zOpen:
			err = set(&d.open)
		case zEngland:
			err = set(&d.england)
		case zRiver:
			if d.riverA < 0 {
				d.riverA = int8(i)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if d.approach < 0 || d.open < 0 || d.england < 0 || d.riverA < 0 {
		return nil, fmt.Errorf("zones: need an approach, an open sea, a river zone and england")
	}
	for i, z := range f.Zones {
		if z.Parent != "" {
			p, ok := d.zoneIdx[z.Parent]
			if !ok || d.Zones[p].Kind == zLanding {
				return nil, fmt.Errorf("zone %s: parent %q is not a sea zone", z.ID, z.Parent)
			}
			d.Zones[i].Parent = p
		}
		for _, a := range d.Zones[i].Shore {
			d.Areas[a].Lit = append(d.Areas[a].Lit, int8(i))
		}
	}
	for _, l := range f.ZoneLinks {
		a, okA := d.zoneIdx[l.A]
		b, okB := d.zoneIdx[l.B]
		if !okA || !okB || a == b || l.Cost < 1 || l.Cost > 3 {
			return nil, fmt.Errorf("zone link %s-%s cost %d: want two zones and a cost 1-3", l.A, l.B, l.Cost)
		}
		d.zAdj[a][b], d.zAdj[b][a] = int8(l.Cost), int8(l.Cost)
	}
	for _, l := range f.Links {
		a, errA := area(l.A, "link")
		b, errB := area(l.B, "link")
		if errA != nil || errB != nil || a < 0 || b < 0 || a == b || l.Cost < 0 || l.Cost > 3 {
			return nil, fmt.Errorf("link %s-%s cost %d: want two areas and a cost 0-3", l.A, l.B, l.Cost)
		}
		if l.Cost == 0 {
			d.fire[a][b], d.fire[b][a] = true, true
			continue
		}
		d.move[a][b], d.move[b][a] = int8(l.Cost), int8(l.Cost)
		d.nbr[a] = append(d.nbr[a], b)
		d.nbr[b] = append(d.nbr[b], a)
	}
	for a := range d.Areas {
		d.fire[a][a] = true
	}
	d.computeDist()
	d.crewArea = -1
	if a, ok := d.areaIdx["443"]; ok {
		d.crewArea = a
	}
	for a := range d.Areas {
		if d.Areas[a].Shape == shHexagon {
			d.pens = append(d.pens, int8(a))
		}
	}
	d.zoneDepth()
	d.zoneDist()
	for i, o := range f.Objectives {
		if _, dup := d.objIdx[o.Name]; dup || o.VP < 0 || o.VP > 99 {
			return nil, fmt.Errorf("objective %q twice or VP %d out of 0-99", o.Name, o.VP)
		}
		a, err := area(o.Area, "objective "+o.Name)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("objective %q: bad area %q", o.Name, o.Area)
		}
		tz := int8(-1)
		if o.TorpedoZone != "" {
			z, ok := d.zoneIdx[o.TorpedoZone]
			if !ok {
				return nil, fmt.Errorf("objective %q: no zone %q", o.Name, o.TorpedoZone)
			}
			tz = z
		}
		d.objIdx[o.Name] = int8(i)
		if o.Power {
			d.power = int8(i)
		}
		if o.Rammed {
			d.rammed = int8(i)
		}
		d.Objectives = append(d.Objectives, Objective{Name: o.Name, Area: a, VP: int8(o.VP), Caisson: o.Caisson, TorpedoZone: tz, Ship: -1})
	}
	for i, b := range f.Boats {
		if _, dup := d.boatIdx[b.Name]; dup {
			return nil, fmt.Errorf("boat %q twice", b.Name)
		}
		k, err := lookup(boatKinds, b.Kind, "boat "+b.Name+" kind")
		if err != nil {
			return nil, err
		}
		if b.MF < 1 || b.MF > 6 || b.Capacity < 0 || b.Capacity > 8 || b.Guns < 0 || b.Guns > 20 || b.Torpedoes < 0 || b.Torpedoes > 4 {
			return nil, fmt.Errorf("boat %q: mf 1-6, capacity 0-8, guns 0-20, torpedoes 0-4", b.Name)
		}
		if (k == bkDestroyer) != (i == 0) {
			return nil, fmt.Errorf("boat %q: the destroyer, and only it, is the first boat", b.Name)
		}
		a, err := area(b.LandsAt, "boat "+b.Name)
		if err != nil {
			return nil, err
		}
		d.boatIdx[b.Name] = int8(i)
		d.Boats = append(d.Boats, Boat{Name: b.Name, Kind: k, MF: int8(b.MF), Capacity: int8(b.Capacity), Guns: int8(b.Guns), Torpedoes: int8(b.Torpedoes), LandsAt: a})
	}
	aboard := make([]int, len(d.Boats))
	for i, c := range f.Commandos {
		if _, dup := d.unitIdx[c.Name]; dup || c.Name == "" {
			return nil, fmt.Errorf("commando %q twice or unnamed", c.Name)
		}
		if c.Type != "assault" && c.Type != "demolition" {
			return nil, fmt.Errorf("commando %q: type %q, want assault or demolition", c.Name, c.Type)
		}
		if c.Strength < 1 || c.Strength > 6 || c.Grenades < 0 || c.Grenades > 5 || c.Charges < 0 || c.Charges > 5 {
			return nil, fmt.Errorf("commando %q: strength 1-6, grenades and charges 0-5", c.Name)
		}
		b, ok := d.boatIdx[c.Boat]
		if !ok {
			return nil, fmt.Errorf("commando %q: no boat %q", c.Name, c.Boat)
		}
		if aboard[b]++; aboard[b] > int(d.Boats[b].Capacity) {
			return nil, fmt.Errorf("boat %q carries more than its capacity %d", c.Boat, d.Boats[b].Capacity)
		}
		p := int8(-1)
		if c.Primary != "" {
			o, ok := d.objIdx[c.Primary]
			if !ok {
				return nil, fmt.Errorf("commando %q: no objective %q", c.Name, c.Primary)
			}
			p = o
		}
		d.unitIdx[c.Name] = int8(i)
		d.Commandos = append(d.Commandos, Commando{Name: c.Name, Assault: c.Type == "assault", Strength: int8(c.Strength),
			Grenades: int8(c.Grenades), Charges: int8(c.Charges), Boat: b, Primary: p})
	}
	for i, g := range f.Guns {
		if _, dup := d.gunIdx[g.Name]; dup || g.Name == "" {
			return nil, fmt.Errorf("gun %q twice or unnamed", g.Name)
		}
		k, err := lookup(gunKinds, g.Kind, "gun "+g.Name+" kind")
		if err != nil {
			return nil, err
		}
		a, err := area(g.Area, "gun "+g.Name)
		if err != nil {
			return nil, err
		}
		if g.Strength < 1 || g.Strength > 6 || g.VP < 0 || g.VP > 9 || len(g.Range) > 2 {
			return nil, fmt.Errorf("gun %q: strength 1-6, vp 0-9, at most 2 range zones", g.Name)
		}
		gg := Gun{Name: g.Name, Kind: k, Area: a, Strength: int8(g.Strength), VP: int8(g.VP), Range: [2]int8{-1, -1}}
		for j, z := range g.Range {
			zi, ok := d.zoneIdx[z]
			if !ok {
				return nil, fmt.Errorf("gun %q: no zone %q", g.Name, z)
			}
			gg.Range[j] = zi
		}
		if (k == kSearchlight) != (len(g.Beam) == 6) {
			return nil, fmt.Errorf("gun %q: a searchlight, and only it, has a beam zone for each of 6 faces", g.Name)
		}
		for j, z := range g.Beam {
			zi, ok := d.zoneIdx[z]
			if !ok {
				return nil, fmt.Errorf("gun %q: no zone %q", g.Name, z)
			}
			gg.Beam[j+1] = zi
		}
		for _, c := range g.Covers {
			ca, err := area(c, "gun "+g.Name+" covers")
			if err != nil || ca < 0 {
				return nil, fmt.Errorf("gun %q: bad covered area %q", g.Name, c)
			}
			gg.Covers = append(gg.Covers, ca)
		}
		if (k == kTower) != (len(gg.Covers) > 0) {
			return nil, fmt.Errorf("gun %q: a tower, and only it, covers the areas of its colour code", g.Name)
		}
		if k == kSearchlight && g.Area == "412" {
			d.searchlight412 = int8(i)
		}
		d.gunIdx[g.Name] = int8(i)
		d.Guns = append(d.Guns, gg)
	}
	seen := map[int]bool{}
	for i, sh := range f.Ships {
		a, err := area(sh.Area, "ship "+sh.Name)
		o, ok := d.objIdx[sh.Objective]
		if err != nil || a < 0 || !ok || sh.Number < 1 || sh.Number > 6 || seen[sh.Number] || sh.Crew < 1 || sh.Crew > 6 {
			return nil, fmt.Errorf("ship %q: needs an area, an objective, a distinct number 1-6 and crew 1-6", sh.Name)
		}
		seen[sh.Number] = true
		d.Objectives[o].Ship = int8(i)
		d.Ships = append(d.Ships, Ship{Name: sh.Name, Number: int8(sh.Number), Area: a, Objective: o, Crew: int8(sh.Crew), Withdraws: sh.Withdraws})
	}
	total := 0
	for w, wave := range f.Cup {
		var ws []int8
		for _, st := range wave {
			if st < 1 || st > 6 {
				return nil, fmt.Errorf("cup wave %d: strength %d out of 1-6", w+1, st)
			}
			ws = append(ws, int8(st))
		}
		total += len(ws)
		d.Cup = append(d.Cup, ws)
	}
	if len(d.Cup) == 0 || total > 200 {
		return nil, fmt.Errorf("cup: want 1 or more waves, at most 200 counters")
	}
	act := f.Activation
	if len(act.PerTurn) == 0 || act.ModFromTurn < 0 {
		return nil, fmt.Errorf("activation: want per_turn rolls and a modifier turn")
	}
	for _, n := range act.PerTurn {
		if n < 0 || n > 6 {
			return nil, fmt.Errorf("activation: %d rolls a turn, want 0-6", n)
		}
		d.actPerTurn = append(d.actPerTurn, int8(n))
	}
	d.actModFrom = act.ModFromTurn
	for r := 2; r <= 13; r++ {
		id, ok := act.Areas[strconv.Itoa(r)]
		a, err := area(id, "activation")
		if !ok || err != nil || a < 0 {
			return nil, fmt.Errorf("activation: roll %d needs an area (2 to 13)", r)
		}
		d.actAreas[r] = a
	}
	if len(act.Areas) != 12 {
		return nil, fmt.Errorf("activation: want exactly the rolls 2 to 13")
	}
	if err := d.compileTables(f.Tables); err != nil {
		return nil, err
	}
	d.ramZone = -1
	for z := range d.Zones {
		if d.Zones[z].Kind == zLanding && d.Zones[z].Area >= 0 && d.Zones[z].Area == d.Boats[0].LandsAt {
			d.ramZone = int8(z)
		}
	}
	return d, nil
}

func (d *Data) compileTables(t TablesDef) error {
	if len(t.V1) != 8 || len(t.V3) != 6 || len(t.V4) != 6 || len(t.N2) != 9 || len(t.N3) != 6 {
		return fmt.Errorf("tables: v1 has 8 rows (1-8), v3, v4 and n3 6 (1-6), n2 9 (0-8)")
	}
	for i, v := range t.V1 {
		r, err := lookup(v1Names, v, "table v1")
		if err != nil {
			return err
		}
		d.V1[i+1] = r
	}
	for k, m := range t.V1Mods {
		kind, err := lookup(boatKinds, k, "table v1_mods")
		if err != nil || m < -3 || m > 3 {
			return fmt.Errorf("table v1_mods %q=%d: a boat kind and -3..3", k, m)
		}
		d.v1Mods[kind] = int8(m)
	}
	for _, tb := range []struct {
		rows []string
		dst  []uint8
		ok   []uint8
		name string
	}{{t.V3, d.V3[1:], []uint8{effDestroyed, effOut, effBroken}, "v3"},
		{t.V4, d.V4[1:], []uint8{effEngland, effStays, effSunk}, "v4"},
		{t.N3, d.N3[1:], []uint8{effDestroyed, effDamaged, effNone}, "n3"},
		{t.N2, d.N2[:], []uint8{effDestroyed, effDamaged, effNone}, "n2"}} {
		for i, v := range tb.rows {
			r, err := lookup(effNames, v, "table "+tb.name)
			if err != nil {
				return err
			}
			allowed := false
			for _, o := range tb.ok {
				allowed = allowed || o == r
			}
			if !allowed {
				return fmt.Errorf("table %s: result %q does not belong in it", tb.name, v)
			}
			tb.dst[i] = r
		}
	}
	if t.V2Hit < 2 || t.V2Hit > 12 || len(t.Flotilla) == 0 {
		return fmt.Errorf("tables: v2_hit 2-12 and a flotilla modifier ladder")
	}
	d.v2Hit = t.V2Hit
	d.flotilla = t.Flotilla
	return nil
}

// zoneDepth numbers the sea zones by steps from the Approach Zone.
func (d *Data) zoneDepth() {
	for z := range d.zDepth {
		d.zDepth[z] = 99
	}
	d.zDepth[d.approach] = 0
	for changed := true; changed; {
		changed = false
		for a := range d.Zones {
			for b := range d.Zones {
				if d.zAdj[a][b] > 0 && d.zDepth[a] < 99 && d.zDepth[a]+1 < d.zDepth[b] {
					d.zDepth[b] = d.zDepth[a] + 1
					changed = true
				}
			}
		}
	}
}

// zoneDist fills the moves between sea zones.
func (d *Data) zoneDist() {
	n := len(d.Zones)
	for a := range n {
		for b := range n {
			d.zDist[a][b] = 99
			if a == b {
				d.zDist[a][b] = 0
			} else if d.zAdj[a][b] > 0 {
				d.zDist[a][b] = 1
			}
		}
	}
	for k := range n {
		for a := range n {
			for b := range n {
				if v := int(d.zDist[a][k]) + int(d.zDist[k][b]); v < int(d.zDist[a][b]) {
					d.zDist[a][b] = int8(v)
				}
			}
		}
	}
}

// computeDist fills the all-pairs shortest movement costs (Floyd-Warshall
// on a few dozen areas).
func (d *Data) computeDist() {
	n := len(d.Areas)
	for a := range n {
		for b := range n {
			switch {
			case a == b:
				d.dist[a][b] = 0
			case d.move[a][b] > 0:
				d.dist[a][b] = d.move[a][b]
			default:
				d.dist[a][b] = 99
			}
		}
	}
	for k := range n {
		for a := range n {
			for b := range n {
				if v := int(d.dist[a][k]) + int(d.dist[k][b]); v < int(d.dist[a][b]) {
					d.dist[a][b] = int8(v)
				}
			}
		}
	}
}

// AreaIndex returns the index of area id ("336"), or -1.
func (d *Data) AreaIndex(id string) int {
	if a, ok := d.areaIdx[id]; ok {
		return int(a)
	}
	return -1
}

// ZoneIndex returns the index of sea zone id, or -1.
func (d *Data) ZoneIndex(id string) int {
	if z, ok := d.zoneIdx[id]; ok {
		return int(z)
	}
	return -1
}

// UnitIndex returns the index of the commando named name, or -1.
func (d *Data) UnitIndex(name string) int {
	if u, ok := d.unitIdx[name]; ok {
		return int(u)
	}
	return -1
}

// GunIndex returns the index of the gun, searchlight or tower named name, or -1.
func (d *Data) GunIndex(name string) int {
	if g, ok := d.gunIdx[name]; ok {
		return int(g)
	}
	return -1
}

// ObjIndex returns the index of the objective named name, or -1.
func (d *Data) ObjIndex(name string) int {
	if o, ok := d.objIdx[name]; ok {
		return int(o)
	}
	return -1
}

// Dist is the cheapest movement cost between two areas (99: no path).
func (d *Data) Dist(a, b int) int { return int(d.dist[a][b]) }
