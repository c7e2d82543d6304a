package ahraid

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The British seat's learning features: what a player of the aid counts
// before steering a boat, landing a party, moving, firing or setting
// charges, in place of the generic encoding of the whole observation
// (whose unit and area numbers a network must decode). See FEATURES.md.

// BritishFeatureVersion numbers the British encoding.
const BritishFeatureVersion = 1

// bFar caps distances: areas apart in line costs (the movement points a
// commando spends), sea zones apart in moves. It also stands for "no such
// place".
const bFar = 30

// British state features, by index.
const (
	bTurn = iota
	bTurnsLeft
	bDecision
	bVP
	bBoatsAfloat
	bCdoAboard
	bCdoAshore
	bCdoStrength
	bCdoCharges
	bObjOpen
	bObjCharged
	bGunsWorking
	bGUnits
	bGStrength
	// The boat or commando the decision is about.
	bUBoatKind
	bUBoatAboard
	bUBoatLanded
	bUBoatMF
	bUBoatTorpedoes
	bUBoatDepth
	bUCdoAssault
	bUCdoStrength
	bUCdoCharges
	bUCdoGrenades
	bUCdoGermansHere
	bUCdoGunHere
	bUCdoMayExit
	bUDistPrimary
	bUDistOpen
	bUDistCharged
	bUDistExit
	numBState
)

var britishStateFeatureDocs = []env.FeatureDoc{
	env.Feature("turn", 1, 40, "game turn"),
	env.Feature("turns_left", 0, 39, "turns after the current one"),
	env.Feature("decision", 0, 7, "pending British decision: 0 none, 1 covering fire, 2 a boat's move, 3 a landing, 4 a commando's move, 5 its fire, 6 long-range fire, 7 demolition"),
	env.Feature("vp", -100, 200, "running victory points"),
	env.Feature("boats_afloat", 0, 20, "boats still afloat (not sunk, not home)"),
	env.Feature("cdo_aboard", 0, 32, "commando units aboard the boats"),
	env.Feature("cdo_ashore", 0, 32, "commando units ashore"),
	env.Feature("cdo_strength", 0, 400, "their total strength"),
	env.Feature("cdo_charges", 0, 32, "commando units ashore still carrying demolition charges"),
	env.Feature("obj_open", 0, 24, "objectives intact or damaged"),
	env.Feature("obj_charged", 0, 24, "open objectives with charges set"),
	env.Feature("guns_working", 0, 24, "guns, searchlights and towers in action"),
	env.Feature("g_units", 0, 40, "German units on the map"),
	env.Feature("g_strength", 0, 400, "their total strength"),
	env.Feature("u_boat_kind", -1, 3, "the boat deciding (NA=-1 at a commando's decision, as every u_boat feature): 0 destroyer, 1 MGB, 2 MTB, 3 ML"),
	env.Feature("u_boat_aboard", -1, 32, "commando units aboard it"),
	env.Feature("u_boat_landed", -1, 1, "it has landed its party"),
	env.Feature("u_boat_mf", -1, 10, "its movement factors left"),
	env.Feature("u_boat_torpedoes", -1, 10, "its torpedoes left"),
	env.Feature("u_boat_depth", -1, 12, "its sea zone's moves up-river from the Approach Zone"),
	env.Feature("u_cdo_assault", -1, 1, "the commando deciding is an assault party (NA=-1 at a boat's decision, as every u_cdo feature)"),
	env.Feature("u_cdo_strength", -1, 30, "its strength"),
	env.Feature("u_cdo_charges", -1, 10, "demolition charges it carries"),
	env.Feature("u_cdo_grenades", -1, 10, "grenades it carries"),
	env.Feature("u_cdo_germans_here", -1, 40, "German units in its area"),
	env.Feature("u_cdo_gun_here", -1, 1, "a gun, searchlight or tower in action in its area"),
	env.Feature("u_cdo_may_exit", -1, 1, "it stands in land zone 5 or 6, where it may leave by the boats"),
	env.Feature("u_dist_primary", -1, bFar, "line costs from its area to its own target, if still open (30 if none)"),
	env.Feature("u_dist_open", -1, bFar, "to the nearest open objective on land (30 if none)"),
	env.Feature("u_dist_charged", -1, bFar, "to the nearest objective with charges set (30 if none)"),
	env.Feature("u_dist_exit", -1, bFar, "to the nearest area of land zone 5 or 6"),
}

// The action's own features.
const (
	baKind = iota
	baZoneDist
	baZoneDistDelta
	baZoneDepthDelta
	baZoneLanding
	baZoneTorpedo
	baZoneSurvivors
	baZoneRam
	baZoneOpenSea
	baAreaOwnLanding
	baAreaGermans
	baAreaGun
	baDistPrimaryDelta
	baDistOpenDelta
	baDistChargedDelta
	baDistExitDelta
	baDistFightDelta
	baTgtStrength
	baTgtSameArea
	baGunKind
	baGunStrength
	baObjVP
	baObjPrimary
	baObjDock
	numBOwn
)

var britishActionOwnDocs = []env.FeatureDoc{
	env.Feature("a_kind", 0, 14, "0 pass or stop, 1 yes, 2 ram, 3 pick up, 4 grenade, 5 exit, 6 sail, 7 move to an area, 8 land, 9 embark, 10 fire at a German unit, 11 attack a gun, searchlight or tower, 12 set charges, 13 detonate, 14 torpedo"),
	env.Feature("a_zone_dist", -1, bFar, "sail: moves from the new zone to where the boat's errand lies (its landing zone with a party aboard and not landed, else the open sea)"),
	env.Feature("a_zone_dist_delta", -bFar, bFar, "sail: that less the same from the boat's zone (below 0: nearer)"),
	env.Feature("a_zone_depth_delta", -12, 12, "sail: moves up-river gained"),
	env.Feature("a_zone_landing", -1, 1, "sail: the new zone is off the area where the boat's party lands"),
	env.Feature("a_zone_torpedo", -1, 1, "sail: from the new zone an open objective may be torpedoed"),
	env.Feature("a_zone_survivors", -1, 32, "sail: commandos in the water of the new zone"),
	env.Feature("a_zone_ram", -1, bFar, "sail: moves from the new zone to where the destroyer rams"),
	env.Feature("a_zone_open_sea", -1, bFar, "sail: moves from the new zone to the open sea"),
	env.Feature("a_area_own_landing", -1, 1, "land: the area is where the boat's party was to land"),
	env.Feature("a_area_germans", -1, 40, "move or land: German units in the area"),
	env.Feature("a_area_gun", -1, 1, "move or land: a gun, searchlight or tower in action in the area"),
	env.Feature("a_dist_primary_delta", -bFar, bFar, "move: line costs from the area to the commando's own open target, less u_dist_primary (below 0: nearer)"),
	env.Feature("a_dist_open_delta", -bFar, bFar, "move: the same to the nearest open objective"),
	env.Feature("a_dist_charged_delta", -bFar, bFar, "move: the same to the nearest objective with charges set"),
	env.Feature("a_dist_exit_delta", -bFar, bFar, "move: the same to land zone 5 or 6"),
	env.Feature("a_dist_fight_delta", -bFar, bFar, "move: the same to the nearest open objective held by Germans"),
	env.Feature("a_tgt_strength", -1, 30, "fire or embark: the unit's strength"),
	env.Feature("a_tgt_same_area", -1, 1, "fire: the German unit is in the firer's own area"),
	env.Feature("a_gun_kind", -1, 2, "gun: 0 gun, 1 searchlight, 2 tower"),
	env.Feature("a_gun_strength", -1, 20, "gun: its strength"),
	env.Feature("a_obj_vp", -1, 99, "set charges, detonate or torpedo: the objective's victory points"),
	env.Feature("a_obj_primary", -1, 1, "set charges or detonate: the objective is the commando's own target"),
	env.Feature("a_obj_dock", -1, 1, "set charges, detonate or torpedo: the objective is in the dry dock's land zones 1 and 2"),
}

// britishContext are the state features at the head of a British
// state–action row.
var britishContext = []int{bTurn, bTurnsLeft, bDecision, bUBoatKind, bUBoatAboard, bUBoatLanded, bUBoatMF,
	bUBoatTorpedoes, bUCdoAssault, bUCdoStrength, bUCdoCharges, bUCdoGrenades, bUCdoGermansHere, bUCdoMayExit}

var britishActionFeatureDocs = env.ActionRowDocs(britishStateFeatureDocs, britishContext, 64, britishActionOwnDocs)

// britishDecision numbers the British decisions as the feature decision.
var britishDecision = [...]float64{decCover: 1, decBoat: 2, decLand: 3, decCdoMove: 4, decCdoFire: 5, decLongRange: 6, decDemolish: 7}

// britishKind numbers the action words as a_kind.
var britishKind = map[string]float64{"pass": 0, "yes": 1, "ram": 2, "pick up": 3, "grenade": 4, "exit": 5, "sail": 6,
	"to": 7, "land": 8, "embark": 9, "fire": 10, "gun": 11, "prepare": 12, "detonate": 13, "torpedo": 14}

// britishEncoder computes the British seat's features.
type britishEncoder struct {
	g      *Game
	s      *State
	state  []float64
	legal  []env.Action
	nLegal int
	// Per area, after Reset: open objectives, charged ones, open ones
	// held by Germans, exits, working guns.
	open, charged, fight, exit, gun [MaxAreas]bool
	errand                          int // the deciding boat's errand zone, or -1
	here                            [numDist]int
}

// The distances a commando's move changes, as u_dist_* and a_dist_*_delta.
const (
	distPrimary = iota
	distOpen
	distCharged
	distExit
	distFight
	numDist
)

func (e *britishEncoder) Version() int                 { return BritishFeatureVersion }
func (e *britishEncoder) StateDocs() []env.FeatureDoc  { return britishStateFeatureDocs }
func (e *britishEncoder) ActionDocs() []env.FeatureDoc { return britishActionFeatureDocs }

// areaDist is the line cost from area a to the nearest area in set, capped.
func (e *britishEncoder) areaDist(a int, set *[MaxAreas]bool) int {
	d, best := e.s.data(), bFar
	for b := range d.Areas {
		if set[b] {
			best = min(best, int(d.dist[a][b]))
		}
	}
	return best
}

// dists fills the distances from area a that a commando's move changes.
func (e *britishEncoder) dists(u, a int, out *[numDist]int) {
	s, d := e.s, e.s.data()
	out[distPrimary] = bFar
	if p := int(d.Commandos[u].Primary); p >= 0 && s.objOpen(p) && d.Objectives[p].Area >= 0 {
		out[distPrimary] = min(bFar, int(d.dist[a][d.Objectives[p].Area]))
	}
	out[distOpen], out[distCharged] = e.areaDist(a, &e.open), e.areaDist(a, &e.charged)
	out[distExit], out[distFight] = e.areaDist(a, &e.exit), e.areaDist(a, &e.fight)
}

func zoneDist(d *Data, a, b int) int {
	if a < 0 || b < 0 {
		return bFar
	}
	return min(bFar, int(d.zDist[a][b]))
}

// Reset implements env.FeatureEncoder.
func (e *britishEncoder) Reset(st env.State) {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("features: a %T is not an ahraid state", st))
	}
	e.s = s
	d, f := s.data(), e.state
	clear(f)
	f[bTurn], f[bTurnsLeft], f[bVP] = float64(s.Turn), float64(max(0, s.g.turns-int(s.Turn))), s.VP()
	if int(s.Dec) < len(britishDecision) {
		f[bDecision] = britishDecision[s.Dec]
	}
	for b := range d.Boats {
		if s.BStat[b] == bAfloat {
			f[bBoatsAfloat]++
		}
	}
	e.open, e.charged, e.fight, e.exit, e.gun = [MaxAreas]bool{}, [MaxAreas]bool{}, [MaxAreas]bool{}, [MaxAreas]bool{}, [MaxAreas]bool{}
	for u := range d.Commandos {
		switch s.UStat[u] {
		case uAboard:
			f[bCdoAboard]++
		case uAshore:
			f[bCdoAshore]++
			f[bCdoStrength] += float64(s.UStr[u])
			if s.UChg[u] > 0 {
				f[bCdoCharges]++
			}
		}
	}
	for o, od := range d.Objectives {
		if !s.objOpen(o) {
			continue
		}
		f[bObjOpen]++
		if s.OCharge[o] >= 0 {
			f[bObjCharged]++
		}
		if a := od.Area; a >= 0 {
			e.open[a] = true
			e.charged[a] = e.charged[a] || s.OCharge[o] >= 0
			e.fight[a] = e.fight[a] || s.germansIn(int(a)) > 0
		}
	}
	for k, gd := range d.Guns {
		if s.gunWorks(k) {
			f[bGunsWorking]++
			if gd.Area >= 0 {
				e.gun[gd.Area] = true
			}
		}
	}
	for a, ad := range d.Areas {
		e.exit[a] = ad.Zone == 5 || ad.Zone == 6
	}
	for g := range s.GArea {
		if s.GArea[g] >= 0 {
			f[bGUnits]++
			f[bGStrength] += float64(s.GStr[g])
		}
	}
	for i := bUBoatKind; i <= bUDistExit; i++ {
		f[i] = featNA
	}
	e.errand = -1
	switch who := int(s.Cursor); {
	case s.Roll != rollNone:
	case s.Dec == decBoat || s.Dec == decLand:
		bd := d.Boats[who]
		f[bUBoatKind], f[bUBoatAboard], f[bUBoatLanded] = float64(bd.Kind), float64(s.aboard(who)), env.Flag(s.BFlags[who]&bfLanded != 0)
		f[bUBoatMF], f[bUBoatTorpedoes], f[bUBoatDepth] = float64(s.BMF[who]), float64(s.BTorp[who]), float64(min(12, int(d.zDepth[s.BZone[who]])))
		e.errand = int(d.open)
		if s.aboard(who) > 0 && s.BFlags[who]&bfLanded == 0 && bd.LandsAt >= 0 {
			e.errand = d.LandingZone(int(bd.LandsAt))
		}
	case s.Dec >= decCdoMove && s.Dec <= decDemolish:
		cd, a := d.Commandos[who], int(s.UWhere[who])
		f[bUCdoAssault], f[bUCdoStrength], f[bUCdoCharges], f[bUCdoGrenades] = env.Flag(cd.Assault), float64(s.UStr[who]), float64(s.UChg[who]), float64(s.UGren[who])
		f[bUCdoGermansHere], f[bUCdoGunHere], f[bUCdoMayExit] = float64(s.germansIn(a)), env.Flag(e.gun[a]), env.Flag(e.exit[a])
		e.dists(who, a, &e.here)
		f[bUDistPrimary], f[bUDistOpen], f[bUDistCharged], f[bUDistExit] = float64(e.here[distPrimary]), float64(e.here[distOpen]), float64(e.here[distCharged]), float64(e.here[distExit])
	}
	e.nLegal = 0
	if s.CurrentPlayer() == 0 {
		e.legal = s.LegalActions(e.legal)
		e.nLegal = len(e.legal)
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *britishEncoder) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *britishEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	dst, own := env.AppendActionRow(buf, e.state, britishContext, e.nLegal, numBOwn, featNA)
	for _, i := range []int{baZoneDistDelta, baZoneDepthDelta, baDistPrimaryDelta, baDistOpenDelta, baDistChargedDelta, baDistExitDelta, baDistFightDelta} {
		own[i] = 0
	}
	s, d := e.s, e.s.data()
	who := int(s.Cursor)
	word, arg := DecodeAction(a)
	kind, ok := britishKind[word]
	if !ok {
		panic(fmt.Sprintf("features: action %s is not a British decision", s.ActionString(a)))
	}
	own[baKind] = kind
	switch word {
	case "sail":
		from := int(s.BZone[who])
		own[baZoneDist] = float64(zoneDist(d, arg, e.errand))
		own[baZoneDistDelta] = float64(zoneDist(d, arg, e.errand) - zoneDist(d, from, e.errand))
		own[baZoneDepthDelta] = float64(max(-12, min(12, int(d.zDepth[arg])-int(d.zDepth[from]))))
		lands := d.Boats[who].LandsAt
		own[baZoneLanding] = env.Flag(lands >= 0 && d.Zones[arg].Area == lands)
		own[baZoneTorpedo] = 0
		for o, od := range d.Objectives {
			if int(od.TorpedoZone) == arg && s.objOpen(o) {
				own[baZoneTorpedo] = 1
			}
		}
		own[baZoneSurvivors] = float64(s.survivorsIn(arg))
		ram := -1
		if d.ramZone >= 0 {
			ram = int(d.Zones[d.ramZone].Parent)
		}
		own[baZoneRam], own[baZoneOpenSea] = float64(zoneDist(d, arg, ram)), float64(zoneDist(d, arg, int(d.open)))
	case "land":
		own[baAreaOwnLanding] = env.Flag(int(d.Boats[who].LandsAt) == arg)
		own[baAreaGermans], own[baAreaGun] = float64(s.germansIn(arg)), env.Flag(e.gun[arg])
	case "to":
		own[baAreaGermans], own[baAreaGun] = float64(s.germansIn(arg)), env.Flag(e.gun[arg])
		var there [numDist]int
		e.dists(who, arg, &there)
		for i, f := range [numDist]int{baDistPrimaryDelta, baDistOpenDelta, baDistChargedDelta, baDistExitDelta, baDistFightDelta} {
			own[f] = float64(there[i] - e.here[i])
		}
	case "embark":
		own[baTgtStrength] = float64(s.UStr[arg])
	case "fire":
		own[baTgtStrength] = float64(s.GStr[arg])
		own[baTgtSameArea] = env.Flag(s.UStat[who] == uAshore && s.GArea[arg] == int8(s.UWhere[who]))
	case "gun":
		own[baGunKind], own[baGunStrength] = float64(d.Guns[arg].Kind), float64(d.Guns[arg].Strength)
	case "prepare", "detonate", "torpedo":
		od := d.Objectives[arg]
		own[baObjVP] = float64(od.VP)
		if word != "torpedo" {
			own[baObjPrimary] = env.Flag(int(d.Commandos[who].Primary) == arg)
		}
		own[baObjDock] = env.Flag(od.Area >= 0 && (d.Areas[od.Area].Zone == 1 || d.Areas[od.Area].Zone == 2))
	}
	return dst
}
