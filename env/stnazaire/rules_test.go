package stnazaire

import (
	"testing"
)

// Tests named after the rule sections they check. Scenarios use the
// reconstructed map (data/default.json); the dice are given by hand.

const (
	flak12   = "2 cm FlaK #12 (Old Mole, pos. 63)"
	quadFlak = "2 cm Quad FlaK (Flakvierling)"
	stoss    = "KM Marine-Stosstrupp" // Kriegsmarine, strength 4
	mflak3   = "MFlak 705/1"          // strength 3
	mg5      = "679/4 MG-Kp"          // strength 5
	kmHk1    = "KM Hafenkompanie 1"   // Kriegsmarine, strength 3
	armCar   = "Harbour armoured car" // vehicle, strength 4
)

func initial(t *testing.T, mod func(*Options)) *scen {
	t.Helper()
	c := newScen(t, mod)
	c.s = c.s.g.newState(3)
	return c
}

func TestRule5_2_1_LandingTable(t *testing.T) {
	c := initial(t, nil)
	c.expect("landing of Birney", "Old Mole landing stage")
	c.play("roll 5") // 4-6: the boat withdrew
	c.wantWhere("Birney", "not_landed")
	if c.s.vp != 0 || c.s.lost != 0 {
		t.Fatalf("a commando lost at landing counts for nothing (13 erratum): vp %d lost %d", c.s.vp, c.s.lost)
	}
	c.expect("landing of Hodgson")
	c.play("roll 7") // 7-10 lands
	c.wantWhere("Hodgson", "LM")
	c.play("pass") // decline optional rule 5.2.3
	// The landing space costs no movement: LM-S02-S03-S04 is three spaces.
	c.expect("move Hodgson from Old Mole landing stage")
	c.mustLegal("to S04", true)
	c.mustLegal("to S05", false)
	c.play("to S04")
	c.wantWhere("Hodgson", "S04")
}

func TestRule5_2_2_BirneyAgainstFlak12(t *testing.T) {
	c := initial(t, nil)
	c.play("roll 10") // Birney lands
	c.expect("Birney fires at FlaK #12")
	c.play("roll 10") // 10 -1 (square) = 9: -1C on strength 5, FlaK eliminated
	c.expect("FlaK #12 fires at Birney")
	c.play("roll 1") // no effect
	c.wantWhere(flak12, "removed")
	c.wantWhere("Birney", "S01") // the winner occupies the gun's space
	if c.s.vp != 2 {
		t.Fatalf("FlaK #12 is worth 2 VP, vp = %d", c.s.vp)
	}
	c.expect("move Birney from Old Mole gun position 63")
	c.play("pass")
	c.play("roll 5") // 5 + 2 bonus = 7: lands
	c.wantWhere("Hodgson", "LM")
}

func TestRule5_2_2_BirneyLosesTheFight(t *testing.T) {
	c := initial(t, nil)
	c.play("roll 10", "roll 1", "roll 10") // Birney misses; FlaK 10: -1C on Birney
	c.wantWhere(flak12, "S01")
	c.wantWhere("Birney", "LM")
	if !c.s.bf.has(c.unit("Birney"), fPinned) || !c.s.bf.has(c.unit("Birney"), fReduced) {
		t.Fatal("Birney should be reduced and pinned")
	}
	// A pinned commando cannot move: straight on to the next landing.
	c.expect("landing of Hodgson")
	c.play("roll 5") // no bonus while FlaK #12 stands: withdrew
	c.wantWhere("Hodgson", "not_landed")
}

func TestRule5_2_3_OptionalAssistAgainstFlak12(t *testing.T) {
	c := initial(t, nil)
	c.play("roll 1") // Birney's boat destroyed
	c.play("roll 7") // Hodgson (assault) lands
	c.expect("may Hodgson attack FlaK #12")
	c.play("fire " + flak12)
	c.expect("Hodgson fires at FlaK #12")
	c.play("roll 10", "roll 1")
	c.wantWhere(flak12, "removed")
	c.wantWhere("Hodgson", "S01")

	off := initial(t, func(o *Options) { o.BirneyAssist = false })
	off.play("roll 1", "roll 7")
	off.expect("move Hodgson from Old Mole landing stage")
}

func TestRule5_2_4_CampbeltownLandsWithoutRoll(t *testing.T) {
	c := initial(t, nil)
	for c.s.roll == rollLanding {
		c.play("roll 1")
	}
	c.expect("move Roderick from HMS Campbeltown")
	c.wantWhere("Roderick", "LC")
	c.wantWhere("Roy", "aboard")
	c.play("to S42")
	c.expect("move Roy from HMS Campbeltown")
}

func TestRule6_1_MovementAndZoneOfControl(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Purdon", "S40")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.mustLegal("to S34", true) // S40-S41-S34
	c.mustLegal("to S35", true) // three spaces
	c.mustLegal("to S36", false)

	// A German at S34 puts S41 in its ZoC: entering S41 ends the move.
	c = newScen(t, nil)
	c.putB("Purdon", "S40")
	c.putG(kmHk1, "S34")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.mustLegal("to S41", true)
	c.mustLegal("to S34", false) // occupied by the enemy
	c.mustLegal("to S32", false) // beyond S41
	c.mustLegal("to S33", true)

	// A FlaK exerts no ZoC.
	c = newScen(t, nil)
	c.putB("Purdon", "S40")
	c.putG("2 cm FlaK #1 (pos. 66)", "S34")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.mustLegal("to S32", true)
}

func TestRule6_2_FriendlyUnitsNullifyZoC(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Purdon", "S40")
	c.putB("Roy", "S41")
	c.putG(kmHk1, "S34")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.mustLegal("to S32", true) // through S41, held by Roy
}

func TestRule6_2_LeaveZoCOnFiveOrMore(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Purdon", "S41")
	c.putG(kmHk1, "S34")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.expect("leave a German zone of control")
	c.play("roll 4")
	c.wantWhere("Purdon", "S41")
	c.mustLegal("unit Purdon", false) // it has had its move

	c = newScen(t, nil)
	c.putB("Purdon", "S41")
	c.putG(kmHk1, "S34")
	c.start(2, phMove)
	c.play("unit Purdon", "roll 5")
	c.expect("move Purdon")
	c.play("to S33")
	c.wantWhere("Purdon", "S33")

	// A second commando in the space nullifies the ZoC: no roll.
	c = newScen(t, nil)
	c.putB("Purdon", "S41")
	c.putB("Chant", "S41")
	c.putG(kmHk1, "S34")
	c.start(2, phMove)
	c.play("unit Purdon")
	c.expect("move Purdon")
}

func TestRule6_1_PinnedUnitCannotMove(t *testing.T) {
	c := newScen(t, nil)
	c.s.bf.put(c.putB("Purdon", "S40"), fPinned, true)
	c.putB("Chant", "S33")
	c.start(2, phMove)
	c.mustLegal("unit Purdon", false)
	c.mustLegal("unit Chant", true)
}

func TestRule7_OverstackEliminatedAtRandom(t *testing.T) {
	c := newScen(t, nil)
	for _, n := range []string{"Roy", "Chant", "Purdon"} {
		c.putB(n, "S41")
	}
	c.putB("Brett", "S40")
	c.start(2, phMove)
	c.play("unit Brett", "to S41", "pass")
	c.expect("overstacked Pumping station yard")
	c.mustLegal("roll 5", false) // four units: faces 1-4
	c.play("roll 2")             // the second counter in the space: Chant
	c.wantWhere("Chant", "eliminated")
	if c.s.vp != -2 || c.s.lost != 1 {
		t.Fatalf("vp %d lost %d, want -2 and 1", c.s.vp, c.s.lost)
	}
	if c.s.phase != phCombatC && c.s.phase != phDemolition && c.s.phase != phGerman {
		t.Fatalf("movement should be over, phase %s", phaseNames[c.s.phase])
	}
}

// germanPhase starts phase E with no reinforcements (black die 1).
func germanPhase(c *scen, turn int) {
	c.start(turn, phGerman)
	c.play("roll 1", "roll 1")
}

func TestRule8_1_GermanMovesTowardNearestCommando(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S53") // next to Roy, stops in his ZoC
}

func TestRule8_1_GermanPriorityDemolitionTeams(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S45")   // assault, two moves away
	c.putB("Chant", "S50") // demolition, two moves away
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S49")
}

func TestRule8_1_GermanStackingLimit(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Chant", "S50")
	for _, f := range []string{"2 cm FlaK #7a (M60)", "2 cm FlaK #7b (M61)", "2 cm FlaK #1 (pos. 66)"} {
		c.putG(f, "S49")
	}
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S48") // the only way on is full
}

// 8.1, second clarification: "If the automatic movement of a German unit
// would place it into a space that already contains 3 units, the player
// ends its move in the preceding space." S49 has two equal ways toward Roy
// (S47 and S48); the route is the lower-numbered one (R12), and S47 is full.
func TestRule8_1_FullSpaceOnTheRouteEndsTheMove(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S45")
	for _, f := range []string{"2 cm FlaK #7a (M60)", "2 cm FlaK #7b (M61)", "2 cm FlaK #1 (pos. 66)"} {
		c.putG(f, "S47")
	}
	c.putG(kmHk1, "S49")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S49") // not re-routed through S48
}

// 8.1, second clarification, its second sentence: "if the shortest route
// leads to two (or more) spaces adjacent to a British commando, and one of
// these spaces is already occupied by three units, the moving German unit
// will enter the other adjacent space."
func TestRule8_1_FullSpaceNextToTheCommandoGoesToTheOther(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S45")
	for _, f := range []string{"2 cm FlaK #7a (M60)", "2 cm FlaK #7b (M61)", "2 cm FlaK #1 (pos. 66)"} {
		c.putG(f, "S44")
	}
	c.putG(kmHk1, "S43")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S46")
}

func TestRule8_1_VehiclesBarredFromLockGates(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S35")
	c.putG(armCar, "S51")
	c.putG(kmHk1, "S52")
	germanPhase(c, 2)
	if got := c.where(armCar); got == "S37" {
		t.Fatal("a vehicle entered space 6 (the north caisson)")
	}
	c.wantWhere(kmHk1, "S36") // on foot, over the caisson: S52-S51-S37-S36
}

func TestRule8_1_StandardTieGoesToLowerSpace(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S43")
	germanPhase(c, 2)
	c.wantWhere(kmHk1, "S44")
}

func TestRule8_1_VariantTieIsADie(t *testing.T) {
	c := newScen(t, func(o *Options) { o.GermanVariant = true })
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S43")
	c.start(2, phGerman)
	c.play("roll 1", "roll 1")
	c.expect("equal spaces")
	c.mustLegal("roll 3", false)
	c.play("roll 2")
	c.wantWhere(kmHk1, "S46")
}

func TestRule8_2_ConcealedUntilContact(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Purdon", "S40")
	g := c.putG(kmHk1, "S34")
	c.s.gf.put(g, fConcealed, true)
	c.start(2, phMove)
	v := c.s.View()
	if len(v.German) != 1 || !v.German[0].Concealed || v.German[0].Name != "" || v.German[0].Strength != 0 {
		t.Fatalf("a face-down counter must show only its space: %+v", v.German)
	}
	c.play("unit Purdon", "to S41")
	if c.s.gf.has(g, fConcealed) {
		t.Fatal("moving next to a face-down German must reveal it")
	}
}

func TestRule8_3_FlakAndShipborneKriegsmarineDoNotMove(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S35")
	c.putG("KM Minensucher 1", "S24") // on a ship
	c.putG("2 cm FlaK #1 (pos. 66)", "S49")
	c.putG(kmHk1, "S55")
	germanPhase(c, 2)
	c.wantWhere("KM Minensucher 1", "S24")
	c.wantWhere("2 cm FlaK #1 (pos. 66)", "S49")
	if c.where(kmHk1) == "S55" {
		t.Fatal("a land unit must move toward the commandos")
	}
}

func TestRule9_CRTWorkedExample(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	checkRule9Example(t, d)
}

// checkRule9Example checks a data set's CRT against the four results of
// the rule 9 example.
func checkRule9Example(t *testing.T, d *Data) {
	t.Helper()
	for _, tc := range []struct {
		strength, roll int
		want           uint8
	}{{5, 6, resStepC}, {4, 4, resNone}, {3, 7, resC}, {3, 5, resNone}} {
		if got := d.crtResult(tc.strength, tc.roll); got != tc.want {
			t.Errorf("CRT strength %d roll %d = %d, want %d", tc.strength, tc.roll, got, tc.want)
		}
	}
}

// exampleScene is rule 9's combat example: Birney (5) and Brett (3) in a
// square space, the Kriegsmarine (4) and a 3 in round spaces, as the
// translator reads it.
func exampleScene(t *testing.T) *scen {
	c := newScen(t, nil)
	c.putB("Birney", "S06")
	c.putB("Brett", "S06")
	c.putG(stoss, "S07")
	c.putG(mflak3, "S08")
	c.start(2, phCombatF)
	c.expect("Brett")
	c.play("fire " + mflak3)
	c.expect("Birney")
	c.play("fire " + stoss)
	c.play("roll 5") // Brett: red 5, strength 3: no effect
	c.play("roll 6") // Birney: red 6, strength 5: -1C
	c.expect("German "+stoss+" (strength", "fires at Birney")
	c.play("roll 4")                                           // black 4 +1 (two units) -1 (square): no effect
	c.expect("German "+mflak3+" (strength", "fires at Birney") // 9.1.1.2: Birney has no result yet
	return c
}

func TestRule9_1_WorkedExampleExchangeOfFire(t *testing.T) {
	c := exampleScene(t)
	c.play("roll 5")             // no effect
	c.wantWhere(stoss, "pool_a") // eliminated, back to its pool
	c.wantWhere(mflak3, "S08")
	c.expect("may Birney occupy vacated West end of Bridge G")
	c.play("to S07")
	c.wantWhere("Birney", "S07")
	c.wantWhere("Brett", "S06") // his target's space is still held
}

func TestRule9_1_1_GermanTargetPriority(t *testing.T) {
	c := exampleScene(t)
	c.play("roll 7") // C: Birney pinned
	if !c.s.bf.has(c.unit("Birney"), fPinned) || c.s.bf.has(c.unit("Brett"), fPinned) {
		t.Fatal("the assault team takes the fire before the demolition team")
	}
	// Pinned by the exchange: Birney may not advance (10).
	if c.s.dec == decOccupy {
		t.Fatalf("a pinned unit may not occupy: %s", c.s.Prompt())
	}
}

func TestRule9_1_1_DemolitionStackFirstThenAssaultWithinIt(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S40")     // assault alone
	c.putB("Chant", "S33")   // demolition...
	c.putB("Copland", "S33") // ...with an assault team
	c.putG(mg5, "S41")
	c.putG(kmHk1, "S41")
	c.start(2, phCombatF)
	c.play("pass", "pass", "pass")
	c.expect("German "+mg5+" (strength", "fires at Copland") // strongest German first, at the demolition stack, assault team first
	c.play("roll 1")                                         // miss
	c.expect("German "+kmHk1+" (strength", "fires at Copland")
	c.play("roll 10") // -1C
	if !c.s.bf.has(c.unit("Copland"), fReduced) || c.s.bf.has(c.unit("Chant"), fPinned) {
		t.Fatal("Copland should be hit and Chant untouched")
	}

	c = newScen(t, nil)
	c.putB("Chant", "S33")
	c.putB("Copland", "S33")
	c.putG(mg5, "S41")
	c.putG(kmHk1, "S41")
	c.start(2, phCombatF)
	c.play("pass", "pass", "roll 9") // -1C on Copland
	c.expect("German "+kmHk1+" (strength", "fires at Chant")
}

func TestRule9_1_GermansOccupyVacatedSpace(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Smalley", "S33") // single-sided
	c.putG(mg5, "S41")
	c.start(2, phCombatF)
	c.play("pass", "roll 10") // 10 -1 = 9: -1C eliminates a single-sided counter
	c.wantWhere("Smalley", "eliminated")
	c.wantWhere(mg5, "S33")
}

func TestRule9_1_OneAttackPerUnitPerPhase(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S41")
	c.putG(kmHk1, "S34")
	c.putG(mflak3, "S32")
	c.start(2, phCombatC)
	c.play("fire " + kmHk1)
	if c.s.dec == decFire {
		t.Fatalf("Roy already has a target: %s", c.s.Prompt())
	}
}

func TestRule9_2_FlakFiresAlongDashedLinesUnanswered(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S30")
	c.putB("Chant", "S30")
	c.putG(quadFlak, "S21") // dashed link S21-S30
	c.start(2, phCombatF)
	c.expect("German "+quadFlak+" (strength", "fires at Roy") // no British decision: they cannot reply
	c.play("roll 10")                                         // 10 +1 = 11: DE on strength 4
	c.expect("fires again")
	c.play("roll 3") // at most 4: again, at the next unit without a result
	c.expect("German "+quadFlak+" (strength", "fires at Chant")
	c.play("roll 1", "roll 5") // no effect; 5 > 4 stops
	c.wantWhere("Roy", "eliminated")
	c.wantWhere("Chant", "S30")
}

// 9.2.1: the Quad FlaK fires again "as long as ... there are [enemy units]
// in the target space". A -1C on a single-sided commando eliminates it at
// the end of the exchange, so a space holding only that commando has no
// enemy left to fire at, even though the counter is still on the map.
func TestRule9_2_1_QuadFlakStopsWhenTheOnlyCommandoIsDoomed(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Smalley", "S30") // single-sided
	c.putG(quadFlak, "S21")
	c.start(2, phCombatF)
	c.expect("German "+quadFlak+" (strength", "fires at Smalley")
	c.play("roll 8") // -1C on strength 4 whatever the cover: eliminates Smalley
	c.play("roll 3") // 3 <= 4 would allow another shot, but nobody is left
	if c.s.roll == rollAttackG {
		t.Fatalf("the Quad FlaK fires again at a space whose only commando is already eliminated: %s", c.s.Prompt())
	}
	c.wantWhere("Smalley", "eliminated")
}

func TestRule9_3_MortarAlongDashedLines(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Hodgson", "S30")
	c.putB("Roy", "S30")
	c.putG(quadFlak, "S21")
	c.start(2, phCombatC)
	c.expect("Hodgson")
	c.mustLegal("fire "+quadFlak, true)
	c.play("fire " + quadFlak)
	if c.s.dec == decFire {
		t.Fatal("Roy has no mortar: no target along a dashed line")
	}

	off := newScen(t, func(o *Options) { o.Mortar = false })
	off.putB("Hodgson", "S30")
	off.putG(quadFlak, "S21")
	off.start(2, phCombatC)
	if off.s.dec == decFire {
		t.Fatal("without optional rule 9.3 the mortar cannot fire")
	}

	all := newScen(t, func(o *Options) { o.DashedFireAll = true })
	all.putB("Roy", "S30")
	all.putG(quadFlak, "S21")
	all.start(2, phCombatC)
	all.expect("Roy")
}

func TestRule10_CohesionCheck(t *testing.T) {
	c := newScen(t, nil)
	c.s.bf.put(c.putB("Purdon", "S40"), fPinned, true)
	c.s.gf.put(c.putG(kmHk1, "S41"), fPinned, true)
	c.start(2, phCohesion)
	c.expect("cohesion of pinned Purdon", "7 or less")
	c.play("roll 7") // 7 +1 (enemy next door) = 8: still pinned
	c.expect("cohesion of pinned German " + kmHk1)
	c.play("roll 5") // 5 +1 = 6: German cohesion 6, recovers
	if !c.s.bf.has(c.unit("Purdon"), fPinned) || c.s.gf.has(c.german(kmHk1), fPinned) {
		t.Fatal("wrong cohesion results")
	}
}

func TestRule10_NewmanRalliesHisStack(t *testing.T) {
	c := newScen(t, nil)
	c.s.bf.put(c.putB("Newman", "S40"), fPinned, true)
	c.s.bf.put(c.putB("Chant", "S40"), fPinned, true)
	c.s.bf.put(c.putB("Purdon", "S33"), fPinned, true)
	c.start(2, phCohesion)
	c.expect("cohesion of pinned Purdon") // only Purdon rolls
	c.play("roll 9")
	if c.s.bf.has(c.unit("Newman"), fPinned) || c.s.bf.has(c.unit("Chant"), fPinned) {
		t.Fatal("Newman and his stack recover automatically")
	}
}

func TestRule10_EasyVariantPinnedUnitAdvancesWithGroup(t *testing.T) {
	for _, easy := range []bool{false, true} {
		c := newScen(t, func(o *Options) { o.EasyPinned = easy })
		c.putB("Roy", "S06")
		c.putB("Birney", "S06")
		c.putG(stoss, "S07")
		c.start(2, phCombatF)
		c.play("fire "+stoss, "fire "+stoss)
		c.play("roll 10", "roll 1") // Roy: DE; Birney misses
		c.play("roll 7")            // the Kriegsmarine: -1C on Roy
		if easy {
			c.expect("may Roy occupy")
			c.play("pass")
		}
		c.expect("may Birney occupy")
	}
}

func TestRule11_1_Demolition(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Chant", "S32")
	c.start(2, phDemolition)
	c.expect("Chant may demolish objective #3", "needs 6")
	c.play("demolish", "roll 6")
	if c.s.vp != 6 || !c.s.destroyed.has(int(c.space("S32"))) {
		t.Fatalf("the pump house is worth 6: vp %d", c.s.vp)
	}
	c.expect("step into an adjacent space")
	c.play("to S41")
	c.wantWhere("Chant", "S41")
}

func TestRule11_1_DemolitionModifiers(t *testing.T) {
	// A German next door: -1, so 6 fails.
	c := newScen(t, nil)
	c.putB("Chant", "S32")
	c.putG(kmHk1, "S41")
	c.start(2, phDemolition)
	c.expect("modifier -1")
	c.play("demolish", "roll 6")
	if c.s.destroyed.has(int(c.space("S32"))) {
		t.Fatal("6 - 1 must fail")
	}
	// An unpinned assault team with the demolition team cancels it.
	c = newScen(t, nil)
	c.putB("Chant", "S32")
	c.putB("Roy", "S32")
	c.putG(kmHk1, "S41")
	c.start(2, phDemolition)
	c.expect("Chant", "modifier +0")
	// A reduced team: -1.
	c = newScen(t, nil)
	c.s.bf.put(c.putB("Chant", "S32"), fReduced, true)
	c.start(2, phDemolition)
	c.expect("modifier -1")
	// A unit that fired in phase C may not demolish.
	c = newScen(t, nil)
	c.s.bf.put(c.putB("Chant", "S32"), fFiredC, true)
	c.putB("Purdon", "S36")
	c.start(2, phDemolition)
	c.expect("Purdon")
}

func TestRule11_1_DemolitionTargetOption(t *testing.T) {
	c := newScen(t, func(o *Options) { o.DemolitionTarget = 3 })
	c.putB("Chant", "S32")
	c.start(2, phDemolition)
	c.play("demolish", "roll 3")
	if !c.s.destroyed.has(int(c.space("S32"))) {
		t.Fatal("with demolition_target=3 a 3 succeeds")
	}
}

func TestRule11_2_BurtinshawOnlyReplaces(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Burtinshaw", "S33") // #5, Smalley's
	c.putB("Smalley", "S40")
	c.start(2, phDemolition)
	if c.s.dec == decDemolish && c.s.decUnit == int8(c.unit("Burtinshaw")) {
		t.Fatal("Burtinshaw may not take an objective whose commando is alive")
	}
	c = newScen(t, nil)
	c.putB("Burtinshaw", "S33")
	c.s.bStatus[c.unit("Smalley")] = bEliminated
	c.start(2, phDemolition)
	c.expect("Burtinshaw may demolish objective #5")
}

// TestRule11_2_BurtinshawReplacesOnlyTheEliminated: "Burtinshaw may only
// destroy an objective by replacing an eliminated commando". By ruling R26
// a commando that never landed or exited is gone as well;
// mission_passes=eliminated reads the text as printed.
func TestRule11_2_BurtinshawReplacesOnlyTheEliminated(t *testing.T) {
	for _, tt := range []struct {
		eliminatedOnly bool
		smalley        uint8 // the status of Smalley, whose objective is #5
		want           bool
	}{
		{false, bEliminated, true}, {false, bNotLanded, true}, {false, bExited, true},
		{true, bEliminated, true}, {true, bNotLanded, false}, {true, bExited, false},
	} {
		c := newScen(t, func(o *Options) { o.EliminatedOnly = tt.eliminatedOnly })
		c.putB("Burtinshaw", "S33") // objective #5
		c.s.bStatus[c.unit("Smalley")] = tt.smalley
		c.start(2, phDemolition)
		got := c.s.dec == decDemolish && c.s.decUnit == int8(c.unit("Burtinshaw"))
		if got != tt.want {
			t.Errorf("mission_passes=%s, Smalley %s: Burtinshaw may demolish #5: %v, want %v",
				c.s.g.opts.missionPasses(), bStatusNames[tt.smalley], got, tt.want)
		}
	}
}

func TestRule11_3_ReplacementOfTheSameType(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S33") // an assault team on a demolition objective
	c.s.bStatus[c.unit("Smalley")] = bEliminated
	c.start(2, phDemolition)
	if c.s.dec == decDemolish {
		t.Fatal("only a demolition team may replace a demolition team")
	}
	c = newScen(t, func(o *Options) { o.AnyCommando = true })
	c.putB("Roy", "S33")
	c.s.bStatus[c.unit("Smalley")] = bEliminated
	c.start(2, phDemolition)
	c.expect("Roy may demolish")
}

func TestRule12_ReinforcementTableExample(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	if d.reinfCounts[4-1] != [2]int8{1, 2} || d.reinfAreas[8-1] != [2]int8{0, 2} {
		t.Fatalf("black 4 / coloured 8 should be 1 at A and 2 at C: %v %v", d.reinfCounts[3], d.reinfAreas[7])
	}
	c := newScen(t, nil)
	c.putB("Roy", "S01") // far away
	c.start(2, phGerman)
	c.play("roll 4", "roll 8")
	entered := 0
	for g := range d.German {
		if c.s.gLoc[g] == gOnMap && c.s.gOrigin[g] == originPoolA {
			entered++
			if d.German[g].Class == ClassInf679 {
				t.Fatal("the 679. Infanterie-Regiment waits in pool B until turn 5")
			}
		}
	}
	if entered != 3 {
		t.Fatalf("%d units entered, want 3", entered)
	}
}

func TestRule12_EntryBlockedByCommando(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S51") // entry A
	c.start(2, phGerman)
	c.play("roll 4", "roll 8")
	n := 0
	for g := range c.s.data().German {
		if c.s.gLoc[g] == gOnMap {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d units entered, want 2 (entry A is held)", n)
	}
}

func TestRule12_PoolAJoinsPoolBOnTurn5(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S01")
	c.start(5, phGerman)
	c.play("roll 1", "roll 1")
	for g := range c.s.data().German {
		if c.s.gLoc[g] == gPoolA {
			t.Fatal("pool A must be empty from turn 5")
		}
	}
}

func TestRule13_VictoryPointsAndLevels(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{1: 2, 2: 2, 3: 6, 4: 6, 5: 6, 6: 10, 7: 2, 8: 6, 9: 6, 10: 4, 11: 4, 12: 2, 13: 2, 14: 12, 15: 6, 16: 6, 17: 12}
	for obj, vp := range want {
		if d.ObjVP[obj] != vp {
			t.Errorf("objective #%d: %d VP, want %d", obj, d.ObjVP[obj], vp)
		}
	}
	for _, tc := range []struct {
		vp   int
		want string
	}{{-10, "failed"}, {45, "failed"}, {46, "serious damage"}, {70, "serious damage"}, {71, "success"}, {100, "success"}, {101, "beyond expectations"}} {
		if got := d.Level(tc.vp); got != tc.want {
			t.Errorf("level of %d VP = %q, want %q", tc.vp, got, tc.want)
		}
	}
}

func TestRule13_CapturedAtTheEnd(t *testing.T) {
	c := newScen(t, func(o *Options) { o.Turns = 2 })
	c.putB("Roy", "S01")
	c.putB("Chant", "XA") // placed in an exit box only to be moved off below
	c.s.bStatus[c.unit("Chant")], c.s.bSpace[c.unit("Chant")] = bExited, -1
	c.start(2, phAdvance)
	if !c.s.IsTerminal() {
		t.Fatal("the game ends after the last turn")
	}
	c.wantWhere("Roy", "captured")
	c.wantWhere("Chant", "exited")
	if c.s.vp != -2 || c.s.lost != 1 {
		t.Fatalf("a captured commando costs 2 VP and counts as lost: vp %d lost %d", c.s.vp, c.s.lost)
	}
}

func TestRule13_ExitLeavesTheMap(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Roy", "S16")
	c.start(2, phMove)
	c.play("unit Roy", "to XA")
	c.wantWhere("Roy", "exited")
}

func TestRule14_HistoricalLosses(t *testing.T) {
	for lost, want := range map[int]string{16: "better than historical", 17: "equal to historical", 18: "worse than historical", 21: "worse than historical"} {
		if got := LossVerdict(lost); got != want {
			t.Errorf("LossVerdict(%d) = %q, want %q", lost, got, want)
		}
	}
}

func TestRule1_1_SquareSpacesGiveCover(t *testing.T) {
	c := newScen(t, nil)
	sq, round := c.space("S06"), c.space("S07") // Old Town houses, Bridge G's west end
	if c.s.defenceModifier(sq, false) != -1 || c.s.defenceModifier(round, false) != 0 {
		t.Fatal("under the erratum a square space gives -1, a round one nothing")
	}
	if c.s.defenceModifier(sq, true) != 0 {
		t.Fatal("vehicles get no cover (9)")
	}
	orig := newScen(t, func(o *Options) { o.OriginalTerrain = true })
	if orig.s.defenceModifier(sq, false) != 0 || orig.s.defenceModifier(round, false) != -1 {
		t.Fatal("original_terrain gives the cover to round spaces")
	}
}

func TestRule3_SetUp(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := Default().newState(seed)
		d := s.data()
		for g, gu := range d.German {
			switch {
			case gu.Setup >= 0:
				if s.gLoc[g] != gOnMap || s.gSpace[g] != gu.Setup || s.gf.has(g, fConcealed) {
					t.Fatalf("seed %d: FlaK %s must stand face up in its area", seed, gu.Name)
				}
			case s.gLoc[g] == gOnMap:
				if s.gOrigin[g] != originSetup || !s.gf.has(g, fConcealed) {
					t.Fatalf("seed %d: %s is on the map but not a face-down set-up draw", seed, gu.Name)
				}
			case gu.Class == ClassInf679 && s.gLoc[g] != gPoolB:
				t.Fatalf("seed %d: %s must wait in pool B", seed, gu.Name)
			case gu.Class != ClassInf679 && s.gLoc[g] != gPoolA:
				t.Fatalf("seed %d: %s must wait in pool A", seed, gu.Name)
			}
		}
		for _, dr := range d.SetupDraws {
			for _, sp := range dr.spaces {
				n := 0
				for g, gu := range d.German {
					if s.gLoc[g] == gOnMap && s.gSpace[g] == sp {
						n++
						if gu.Class != dr.class {
							t.Fatalf("seed %d: %s drawn for %s is not of class %s", seed, gu.Name, d.Spaces[sp].ID, classNames[dr.class])
						}
					}
				}
				if n != 1 {
					t.Fatalf("seed %d: %d counters in area %s", seed, n, d.Spaces[sp].ID)
				}
			}
		}
	}
}

func TestRule4_NoBritishMovementOnTurn1(t *testing.T) {
	c := newScen(t, nil)
	c.putB("Purdon", "S40")
	c.start(1, phCohesion)
	if c.s.phase == phMove || c.s.dec == decSelect {
		t.Fatal("turn 1 has no phase B: the landing gave each unit its move")
	}
	c = newScen(t, nil)
	c.putB("Purdon", "S40")
	c.start(2, phCohesion)
	c.expect("choose a commando to move")
}
