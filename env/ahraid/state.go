package ahraid

import (
	"github.com/chariot-ai/chariot/env"
)

// The steps of a turn, numbered as the aid numbers them; stepEnd rolls the
// destroyer's explosion, stepOver is the finished game.
const (
	stepRepair      = 1
	stepSearchlight = 2
	stepHarbour     = 3
	stepCover       = 4
	stepQuay        = 5
	stepBoatMove    = 6
	stepWithdraw    = 7
	stepClear       = 8
	stepLanding     = 9
	stepActivation  = 10
	stepCdoMove     = 11 // step 12, the movement costs, is part of it
	stepGerMove     = 13
	stepCdoFire     = 14
	stepLongRange   = 15
	stepGerFire     = 16
	stepTowers      = 17
	stepLosses      = 18
	stepDemolition  = 19
	stepCharges     = 20
	stepConsolidate = 21
	stepTurn        = 22
	stepEnd         = 23
	stepOver        = 24
)

var stepNames = [...]string{"", "1 repair of guns and searchlights", "2 searchlights", "3 harbour defence",
	"4 British covering fire", "5 quay defence", "6 British boat movement", "7 German ships withdraw",
	"8 clear markers", "9 embarking and landing", "10 German activation", "11-12 commando movement", "",
	"13 German movement", "14 commando fire", "15 long-range fire", "16 German fire", "17 towers fire",
	"18 losses", "19 demolition", "20 Germans find charges", "21 German consolidation", "22 turn marker",
	"end: the destroyer explodes", "game over"}

// Pending decisions.
const (
	decNone      uint8 = iota
	decCover           // step 4: pick a gun or searchlight to attack, or stop
	decBoat            // step 6: the current boat sails, picks up, torpedoes, rams or ends
	decLand            // step 9: the current boat lands, embarks or ends
	decCdoMove         // step 11: the current commando moves, exits or stays
	decCdoFire         // step 14: fire, grenade or hold
	decLongRange       // step 15: fire at a tower or hold
	decDemolish        // step 19
	decGerMove         // step 13, seat 1: where the German unit goes
	decGerTarget       // steps 16-17, seat 1: whom the German unit or tower fires at
	decConsol          // step 21, seat 1: merge the Germans of an area or not
)

// Pending chance nodes.
const (
	rollNone uint8 = iota
	rollD6
	roll2D6
	rollPick // uniform 1..RollK: a boat, a tie, a boat number
	rollCup  // a counter drawn from the cup: its strength, weighted by count
)

// Boat status.
const (
	bAfloat uint8 = iota
	bSunk
	bEngland
)

var boatStatNames = [...]string{"afloat", "sunk", "england"}

// Boat flags.
const (
	bfFire uint16 = 1 << iota
	bfBurning
	bfDead
	bfEvade
	bfTurnAway
	bfHomeward
	bfLanded // landed a party at some time
	bfRammed
	bfFast // rammed at its top speed
	bfSunkInDock
)

// Commando status.
const (
	uAboard uint8 = iota
	uAshore
	uWater // survivors of a sunk boat, in a sea zone
	uEliminated
	uExited
	uSaved    // reached England after landing or a rescue
	uHome     // reached England without landing
	uCaptured // ashore or in the water at the end
)

var unitStatNames = [...]string{"aboard", "ashore", "water", "eliminated", "exited", "saved", "home", "captured"}

// Commando flags.
const (
	ufLandedNow uint8 = 1 << iota // landed this turn: 1 MF less
	ufEntered                     // moved into its area this turn
	ufFired                       // fired this turn
	ufAttacked                    // fired upon this turn
	ufLost                        // lost strength this turn
	ufWet                         // has been ashore or in the water: counts as saved at home
	ufActed                       // demolition attempted this turn
)

// Gun status.
const (
	kOK uint8 = iota
	kBroken
	kOut
	kDestroyed
)

var gunStatNames = [...]string{"ok", "broken", "out_of_action", "destroyed"}

// Objective status.
const (
	oIntact uint8 = iota
	oDamaged
	oDestroyed
	oGone // a ship that withdrew
)

var objStatNames = [...]string{"intact", "damaged", "destroyed", "withdrawn"}

// core is the whole position as plain data: Clone is a copy and the JSON
// form is this struct, checked field by field when read back.
type core struct {
	Turn     int8  `json:"turn"`
	Step     uint8 `json:"step"`
	Sub      uint8 `json:"sub"`
	Cursor   int16 `json:"cursor"`
	Aux      int16 `json:"aux"`
	Aux2     int16 `json:"aux2"`
	Attempts int8  `json:"attempts"`
	Dec      uint8 `json:"dec"`
	Roll     uint8 `json:"roll"`
	RollK    int8  `json:"roll_k"`
	Die      int8  `json:"die"`  // a die kept across nodes (the hit die, the box)
	Flag     bool  `json:"flag"` // the phase ends after this hit (a miss made good)

	BStat  [MaxBoats]uint8  `json:"boat_status"`
	BZone  [MaxBoats]int8   `json:"boat_zone"`
	BFlags [MaxBoats]uint16 `json:"boat_flags"`
	BMF    [MaxBoats]int8   `json:"boat_mf"`
	BSpent [MaxBoats]int8   `json:"boat_spent"`
	BTorp  [MaxBoats]int8   `json:"boat_torpedoes"`

	UStat  [MaxCommandos]uint8 `json:"unit_status"`
	UWhere [MaxCommandos]int8  `json:"unit_where"` // boat, area or zone by status
	UStr   [MaxCommandos]int8  `json:"unit_strength"`
	UGren  [MaxCommandos]int8  `json:"unit_grenades"`
	UChg   [MaxCommandos]int8  `json:"unit_charges"`
	UFlags [MaxCommandos]uint8 `json:"unit_flags"`

	GArea    [MaxGerman]int8 `json:"german_area"` // -1: free slot
	GStr     [MaxGerman]int8 `json:"german_strength"`
	GReduced [MaxGerman]bool `json:"german_reduced"`
	GPen     [MaxGerman]bool `json:"german_pen"`
	CupWave  int8            `json:"cup_wave"`
	CupCnt   [7]int8         `json:"cup"` // counters in the cup by strength

	KStat   [MaxGuns]uint8 `json:"gun_status"`
	KFired  [MaxGuns]bool  `json:"gun_fired"`
	Beam    [MaxGuns]int8  `json:"beam_zone"`   // -1: no beam
	BeamOn  [MaxGuns]int8  `json:"beam_target"` // boat, -1: none
	Lights  bool           `json:"lights"`
	PowerAt int8           `json:"power_failed_turn"`

	OStat    [MaxObjectives]uint8 `json:"objective_status"`
	OCharge  [MaxObjectives]int8  `json:"charges_by"` // unit that set charges, -1 none
	OSetTurn [MaxObjectives]int8  `json:"charges_turn"`
	ORisk    [MaxObjectives]bool  `json:"charges_at_risk"`

	PensDone bool            `json:"pens_done"`
	AreaFire [MaxAreas]int8  `json:"area_fired"` // firers per area this step
	Order    [MaxGerman]int8 `json:"order"`
	NOrder   int8            `json:"n_order"`
	Opts     [MaxPick]int8   `json:"opts"`
	NOpts    int8            `json:"n_opts"`
	Last     [4]int8         `json:"last"` // the last resolution, for narration
}

// State is one position of the game.
type State struct {
	env.PerfectInformation
	g *Game
	core
}

var _ env.State = (*State)(nil)

func (s *State) data() *Data { return s.g.data }

// Game returns the game the state belongs to.
func (s *State) Game() env.Game { return s.g }

// Clone is a copy: the state holds no pointers but its game.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// CurrentPlayer is Chance at a die, seat 1 at a German choice (opponent=seat), else 0.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.Step == stepOver:
		return env.Terminal
	case s.Roll != rollNone:
		return env.Chance
	case s.Dec >= decGerMove:
		return 1
	}
	return 0
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.Step == stepOver }

// TurnNumber is the current turn, 1 to the last.
func (s *State) TurnNumber() int { return int(s.Turn) }

// Clock names a turn by its time, as the aid does: "0146".
func (d *Data) Clock(turn int) string {
	h := (int(d.File.FirstTurn[0]-'0')*10+int(d.File.FirstTurn[1]-'0'))*60 + int(d.File.FirstTurn[2]-'0')*10 + int(d.File.FirstTurn[3]-'0')
	m := (h + (turn-1)*d.File.TurnMinutes) % (24 * 60)
	return string([]byte{byte('0' + m/600), byte('0' + m/60%10), byte('0' + m%60/10), byte('0' + m%10)})
}

// TurnAt is the first turn whose clock is at or after hhmm ("0146").
func (d *Data) TurnAt(hhmm string) int {
	for t := 1; t <= 240; t++ {
		if d.Clock(t) >= hhmm {
			return t
		}
	}
	return 240
}

// ---- queries on the position ----

func (s *State) afloat(b int) bool { return s.BStat[b] == bAfloat }

// seaOf is the sea zone whose fire and beams a zone shares.
func (s *State) seaOf(z int) int { return int(s.data().Zones[z].Parent) }

// boatsIn counts afloat boats in sea zone z or its landing zones.
func (s *State) boatsIn(z int) int {
	n := 0
	for b := range s.data().Boats {
		if s.afloat(b) && s.seaOf(int(s.BZone[b])) == z {
			n++
		}
	}
	return n
}

// zoneLit: an operating searchlight's beam, not turned over, is on zone z.
func (s *State) zoneLit(z int) bool {
	if !s.Lights {
		return false
	}
	for k, gd := range s.data().Guns {
		if gd.Kind == kSearchlight && s.KStat[k] == kOK && int(s.Beam[k]) == z && s.BeamOn[k] >= 0 {
			return true
		}
	}
	return false
}

// areaLit: a lit sea zone shines on this shore area.
func (s *State) areaLit(a int) bool {
	for _, z := range s.data().Areas[a].Lit {
		if s.zoneLit(s.seaOf(int(z))) {
			return true
		}
	}
	return false
}

// cdoIn counts commando strength ashore in area a (0: none).
func (s *State) cdoIn(a int) (n, str int) {
	for u := range s.data().Commandos {
		if s.UStat[u] == uAshore && int(s.UWhere[u]) == a {
			n++
			str += int(s.UStr[u])
		}
	}
	return
}

func (s *State) germansIn(a int) int {
	n := 0
	for g := range s.GArea {
		if int(s.GArea[g]) == a {
			n++
		}
	}
	return n
}

// cdoNear: commandos in area a or an area joined to it by a line.
func (s *State) cdoNear(a int) bool {
	if a < 0 {
		return false
	}
	if n, _ := s.cdoIn(a); n > 0 {
		return true
	}
	for _, b := range s.data().nbr[a] {
		if n, _ := s.cdoIn(int(b)); n > 0 {
			return true
		}
	}
	return false
}

// gunWorks: not broken, out of action or destroyed.
func (s *State) gunWorks(k int) bool { return s.KStat[k] == kOK }

// flotillaMod is the V-2 modifier of the flotilla's guns (mission sheet).
func (s *State) flotillaMod() int {
	d := s.data()
	pts := 0
	for b, bd := range d.Boats {
		if s.afloat(b) && s.BZone[b] != d.approach && s.BZone[b] != d.near {
			pts += int(bd.Guns)
		}
	}
	for _, f := range d.flotilla {
		if pts >= f.Min {
			return f.Mod
		}
	}
	return d.flotilla[len(d.flotilla)-1].Mod
}

// VP2 is the victory points, doubled so halves stay whole: destroyed
// targets, half of each damaged one, 2 per commando unit saved, 1 per unit
// that left by land zone 5 or 6.
func (s *State) VP2() int {
	d := s.data()
	vp := 0
	for o, od := range d.Objectives {
		switch s.OStat[o] {
		case oDestroyed:
			vp += 2 * int(od.VP)
		case oDamaged:
			vp += int(od.VP)
		}
	}
	for k, gd := range d.Guns {
		if s.KStat[k] == kDestroyed {
			vp += 2 * int(gd.VP)
		}
	}
	for u := range d.Commandos {
		switch s.UStat[u] {
		case uSaved:
			vp += 4
		case uExited:
			vp += 2
		}
	}
	return vp
}

// VP is the victory points so far.
func (s *State) VP() float64 { return float64(s.VP2()) / 2 }

// Returns is the VP for the British and its negation for the Germans when
// they are a seat.
func (s *State) Returns() []float64 {
	if s.g.NumPlayers() == 2 {
		return []float64{s.VP(), -s.VP()}
	}
	return []float64{s.VP()}
}

// freeGerman is a free German slot, or -1.
func (s *State) freeGerman() int {
	for g := range s.GArea {
		if s.GArea[g] < 0 {
			return g
		}
	}
	return -1
}

// cupTotal counts the counters in the cup.
func (s *State) cupTotal() int {
	n := 0
	for _, c := range s.CupCnt {
		n += int(c)
	}
	return n
}

// refillCup pours the next wave into an empty cup; false if none is left.
func (s *State) refillCup() bool {
	d := s.data()
	for s.cupTotal() == 0 {
		if int(s.CupWave) >= len(d.Cup) {
			return false
		}
		for _, st := range d.Cup[s.CupWave] {
			s.CupCnt[st]++
		}
		s.CupWave++
	}
	return true
}

// inPlay: some British piece can still act.
func (s *State) inPlay() bool {
	for b := range s.data().Boats {
		if s.afloat(b) && int(s.BZone[b]) != int(s.data().england) && s.BFlags[b]&bfRammed == 0 {
			return true
		}
	}
	for u := range s.data().Commandos {
		if s.UStat[u] == uAshore {
			return true
		}
	}
	return false
}
