package anvil

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestRule1_1_MapAreasAndTerrain(t *testing.T) {
	s := blank(t)
	d := s.data()
	a01, a02, a06, a07, a09, a10 := area(t, s, "01"), area(t, s, "02"), area(t, s, "06"), area(t, s, "07"), area(t, s, "09"), area(t, s, "10")
	if !d.Areas[a01].Landing || !d.Areas[a02].Landing || !d.Areas[a09].Fortified || !d.Areas[a10].Fortified {
		t.Fatal("01 and 02 must be landing areas, 09 and 10 fortified")
	}
	if d.Areas[a06].Terrain != Rough || d.BorderOf(a06, a07) < 0 || d.Borders[d.BorderOf(a06, a07)].River != NoRiver {
		t.Fatal("06 must be rough and adjacent to 07 with no river (example 3)")
	}
	// German units entering Italy have exited and cannot come back.
	put(t, s, "14", "239RGR/148RD")
	s.side, s.decSide = German, German
	do(t, s, "activate 14 Nice", "unit 239RGR/148RD", "move", "exit to Italy")
	if s.loc[unit(t, s, "239RGR/148RD")] != locExited {
		t.Fatal("the regiment did not exit into Italy")
	}
	if _, g := s.VP(); g != 2 {
		t.Fatalf("4 SP exited give %d German VP, want 2", g)
	}
}

func TestRule1_3_StatusAfterAction(t *testing.T) {
	s := blank(t)
	allied(t, s, "01", "04")
	put(t, s, "01", "7IR/3US")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 7IR/3US", "move", "to 04 Maures massif", "done")
	u := unit(t, s, "7IR/3US")
	if !s.disorg(u) {
		t.Fatal("a unit that moved is not disorganized")
	}
	if s.activatable(Allied, area(t, s, "04")) {
		t.Fatal("a disorganized unit can be activated again this turn")
	}
}

func TestRule1_3_1_CombatUnitSteps(t *testing.T) {
	s := blank(t)
	u := unit(t, s, "180IR/45US")
	put(t, s, "01", "180IR/45US")
	if s.sp(u) != 8 {
		t.Fatalf("180IR/45US full strength %d, want 8", s.sp(u))
	}
	s.steps[u] = 1
	if s.sp(u) != 4 {
		t.Fatalf("reduced %d, want 4", s.sp(u))
	}
}

func TestRule1_3_2_SupportUnits(t *testing.T) {
	s := blank(t)
	allied(t, s, "01")
	put(t, s, "01", "7IR/3US", "756TkB")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)")
	if legal(t, s, "unit 756TkB") {
		t.Fatal("a support unit was selected before any combat unit")
	}
	do(t, s, "unit 7IR/3US", "unit 756TkB", "move", "to 04 Maures massif", "done")
	if s.loc[unit(t, s, "756TkB")] != int8(area(t, s, "04")) {
		t.Fatal("the support did not move with its combat unit")
	}
	// A support alone is eliminated.
	s = blank(t)
	put(t, s, "03", "601TDB/3US")
	s.cleanupLonely()
	if s.loc[unit(t, s, "601TDB/3US")] != locElim {
		t.Fatal("a support unit alone survived")
	}
}

func TestRule1_3_3_CoastalDefense(t *testing.T) {
	s := blank(t)
	put(t, s, "01", "Fort St Tropez", "7IR/3US")
	a := area(t, s, "01")
	if !s.enemyHolds(Allied, a) {
		t.Fatal("a CD alone does not hold its area")
	}
	s.side, s.decSide = German, German
	if s.activatable(German, a) {
		t.Fatal("a CD alone can be activated")
	}
	u := unit(t, s, "Fort St Tropez")
	s.dec, s.decSide, s.hitsDue, s.ck, s.cArea, s.cAtt = decHits, German, 1, ckNormal, int8(a), Allied
	if s.absorbs(hitReduce, u) != 1 || s.absorbs(hitDisorg, u) != 0 {
		t.Fatal("a CD step takes one hit and cannot be disorganized")
	}
}

func TestRule1_3_3_Transport(t *testing.T) {
	s := blank(t)
	allied(t, s, "01", "03")
	put(t, s, "01", "7IR/3US", "756TkB", "Trucks 1/US")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 7IR/3US", "unit 756TkB", "unit Trucks 1/US", "move")
	if !s.motor || s.mp != 8 {
		t.Fatalf("motorized %v with %d MP, want the transport's 8", s.motor, s.mp)
	}
	// A transport cannot cross an unbridged river (01-07 is the Argens).
	if legal(t, s, "to 07 Le Muy, Argens valley") {
		t.Fatal("a motorized stack crossed an unbridged river")
	}
	// Alone with the enemy, a transport is eliminated.
	s = blank(t)
	put(t, s, "03", "Trucks 2/US", "765GR/242ID")
	s.cleanupLonely()
	if s.loc[unit(t, s, "Trucks 2/US")] != locElim {
		t.Fatal("a transport alone with the enemy survived")
	}
}

func TestRule1_3_3_ArmouredTrain(t *testing.T) {
	s := blank(t)
	put(t, s, "26", "EAA640", "757GR/338ID")
	put(t, s, "33", "758GR/338ID")
	s.side, s.decSide = German, German
	do(t, s, "activate 26 Arles", "unit EAA640")
	if legal(t, s, "unit 757GR/338ID") {
		t.Fatal("the armoured train was activated with another unit")
	}
	do(t, s, "move")
	if legal(t, s, "to 27 Salon") {
		t.Fatal("the train entered an area neither coastal nor on the Rhone")
	}
	if legal(t, s, "to 33 Nimes (west bank)") {
		t.Fatal("the train crossed the unbridged Rhone")
	}
	if !legal(t, s, "to 25 Avignon") {
		t.Fatal("the train cannot run to Avignon")
	}
	// +1 to German combat in its area when in Good Order.
	var part unitSet
	part.add(unit(t, s, "757GR/338ID"))
	s2 := blank(t)
	put(t, s2, "26", "EAA640", "757GR/338ID")
	with := s2.modifiers(ckCounter, German, area(t, s2, "26"), &part)
	s2.flag[unit(t, s2, "EAA640")] |= fDisorg
	if without := s2.modifiers(ckCounter, German, area(t, s2, "26"), &part); with != without+1 {
		t.Fatalf("train modifier: %d in Good Order, %d disorganized", with, without)
	}
}

func TestRule1_3_4_FFI(t *testing.T) {
	s := Default().newState()
	// Turn 1 has no FFI phase; go to turn 2 by playing the first action
	// each time until the FFI decision.
	for !(s.dec == decFFI) && !s.IsTerminal() {
		l := s.LegalActions(nil)
		if err := s.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.turn != 2 {
		t.Fatalf("first FFI phase on turn %d, want 2", s.turn)
	}
	var target int = -1
	for a := range s.data().Areas {
		if s.ffiTarget(a) {
			target = a
			break
		}
	}
	for face, want := range map[int]int8{1: ffiFighters, 3: ffiControl, 5: ffiNone} {
		c := *s
		if err := c.Apply(env.Action(aArea + target)); err != nil {
			t.Fatal(err)
		}
		if err := c.Apply(env.Action(aDie + face - 1)); err != nil {
			t.Fatal(err)
		}
		if c.ffi[target] != want {
			t.Errorf("FFI die %d gives marker %d, want %d", face, c.ffi[target], want)
		}
	}
	// Fighters add 1 to Allied combat in their area; a German entry removes
	// a marker in an area without Allied units.
	b := blank(t)
	a := area(t, b, "16")
	var part unitSet
	part.add(unit(t, b, "7IR/3US"))
	m0 := b.modifiers(ckNormal, Allied, a, &part)
	b.ffi[a] = ffiFighters
	if m := b.modifiers(ckNormal, Allied, a, &part); m != m0+1 {
		t.Fatalf("FFI fighters modifier %d, want %d", m, m0+1)
	}
	b.enterArea(German, a)
	if b.ffi[a] != ffiNone {
		t.Fatal("a German entry did not remove the FFI marker")
	}
}

func TestRule1_5_Fortifications(t *testing.T) {
	s := blank(t)
	a := area(t, s, "09")
	put(t, s, "09", "7IR/3US")
	if s.controller(a) != German {
		t.Fatal("Toulon with fortification levels and no German unit is not German")
	}
	var part unitSet
	part.add(unit(t, s, "7IR/3US"))
	if m := s.modifiers(ckNormal, Allied, a, &part); m != -4 {
		t.Fatalf("Allied attack on Toulon at level 8: modifier %d, want -4", m)
	}
	// Surrender: a roll of at least the level takes it; else the level rises.
	s.fort[a] = 4
	s.phase = phEnd
	s.beginSurrender()
	if s.dec != decSurrender {
		t.Fatal("no surrender choice at level 4 with Allied combat units")
	}
	c := *s
	do(t, &c, "seek the surrender of 09 Toulon", "roll 3")
	if c.fort[a] != 5 {
		t.Fatalf("failed surrender leaves level %d, want 5", c.fort[a])
	}
	c = *s
	put(t, &c, "09", "917GR/242ID")
	do(t, &c, "seek the surrender of 09 Toulon", "roll 4")
	if c.fort[a] != 0 || c.controller(a) != Allied || c.loc[unit(t, &c, "917GR/242ID")] != locElim {
		t.Fatal("a successful surrender did not destroy the fortifications and the garrison")
	}
}

func TestRule1_6_Control(t *testing.T) {
	s := blank(t)
	allied(t, s, "02")
	put(t, s, "02", "7IR/3US")
	put(t, s, "06", "15RGR/189RD")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 02 Camel beaches (St-Raphael, Frejus)", "unit 7IR/3US", "move", "to 07 Le Muy, Argens valley")
	if s.controller(area(t, s, "07")) != Allied {
		t.Fatal("crossing an empty enemy area did not gain it")
	}
	do(t, s, "to 06 Draguignan hills")
	if s.controller(area(t, s, "06")) != German {
		t.Fatal("an area with both sides changed hands")
	}
}

func TestRule1_7_NoStackingLimit(t *testing.T) {
	s := blank(t)
	allied(t, s, "01")
	names := []string{"7IR/3US", "15IR/3US", "30IR/3US", "141IR/36US", "142IR/36US", "143IR/36US", "157IR/45US", "179IR/45US", "180IR/45US"}
	put(t, s, "01", names...)
	put(t, s, "04", "TF Butler")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 04 Maures massif", "unit TF Butler", "move")
	if !legal(t, s, "to 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)") {
		t.Fatal("a move into a stack of nine was refused")
	}
}

func TestRule1_8_Supply(t *testing.T) {
	s := blank(t)
	// 16 is not next to anything Allied: out of supply.
	put(t, s, "16", "7IR/3US", "TF Butler")
	put(t, s, "16", "15RGR/189RD")
	a := area(t, s, "16")
	if s.isSupplied(Allied, a) {
		t.Fatal("16 is supplied for the Allies")
	}
	do(t, s, "activate 16 Riez, Valensole", "unit TF Butler")
	if legal(t, s, "move") {
		t.Fatal("an unsupplied unit may move")
	}
	var part unitSet
	part.add(unit(t, s, "TF Butler"))
	s.steps[unit(t, s, "TF Butler")] = 2
	if sp := s.strength(ckNormal, Allied, a, &part); sp != 3 {
		t.Fatalf("unsupplied 6 SP attacks with %d, want 3", sp)
	}
	part = unitSet{}
	part.add(unit(t, s, "2IPB/1ABTF")) // 5 SP
	put(t, s, "16", "2IPB/1ABTF")
	if sp := s.strength(ckNormal, Allied, a, &part); sp != 3 {
		t.Fatalf("unsupplied 5 SP attacks with %d, want 3 (rounded up)", sp)
	}
}

func TestRule5_5_CounterAttackNoTerrain(t *testing.T) {
	s := example3(t)
	var part unitSet
	part.add(unit(t, s, "33PzR/11PzD"))
	a := area(t, s, "06")
	if c, n := s.modifiers(ckCounter, German, a, &part), s.modifiers(ckNormal, German, a, &part); c != n+1 {
		t.Fatalf("counter-attack %+d, combat %+d: the rough -1 must apply only to the combat", c, n)
	}
}

func TestRule5_6_PursuitCombat(t *testing.T) {
	s := blank(t)
	allied(t, s, "04", "01")
	put(t, s, "04", "7IR/3US", "15IR/3US")
	put(t, s, "04", "765GR/242ID", "917GR/242ID", "918GR/242ID", "33PzR/11PzD")
	do(t, s, "activate 04 Maures massif", "unit 7IR/3US", "unit 15IR/3US", "move", "to 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)")
	if s.dec != decPursuit || s.decSide != German {
		t.Fatalf("leaving 17 German SP with 16: %s, want a pursuit choice", s.Prompt())
	}
	if legal(t, s, "pursue") {
		t.Fatal("pursuit declared without units")
	}
	do(t, s, "unit 33PzR/11PzD", "pursue")
	if s.ck != ckPursuit || s.cDRM != 1 {
		t.Fatalf("pursuit modifier %+d, want +1 (armored; no rough terrain)", s.cDRM)
	}
	do(t, s, "roll 5") // 5 SP, 6: 0/2
	do(t, s, "disorganize 7IR/3US", "disorganize 15IR/3US")
	if s.loc[unit(t, s, "7IR/3US")] != int8(area(t, s, "04")) {
		t.Fatal("a disorganized unit went on after the pursuit")
	}
	// With fewer SP in the area there is no pursuit.
	s = blank(t)
	allied(t, s, "04", "01")
	put(t, s, "04", "7IR/3US", "765GR/242ID")
	do(t, s, "activate 04 Maures massif", "unit 7IR/3US", "move", "to 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)")
	if s.dec == decPursuit {
		t.Fatal("pursuit with fewer strength points")
	}
}

func TestRule5_7_CombatModifiers(t *testing.T) {
	s := blank(t)
	a := area(t, s, "12") // clear
	var part unitSet
	for _, n := range []string{"TF Butler", "CC1/1DB", "753TkB"} {
		part.add(unit(t, s, n))
	}
	if m := s.modifiers(ckNormal, Allied, a, &part); m != 2 {
		t.Fatalf("two armored units and an armored support: %+d, want +2 (one armored bonus, +1 support)", m)
	}
	s.bombs[a] = 2
	if m := s.modifiers(ckNormal, Allied, a, &part); m != 4 {
		t.Fatalf("with two bombing markers %+d, want +4", m)
	}
	s.bombs[a] = 0
	s.flag[unit(t, s, "TF Butler")] |= fLanded
	if m := s.modifiers(ckNormal, Allied, a, &part); m != 0 {
		t.Fatalf("landing: %+d, want 0", m)
	}
	s.flag[unit(t, s, "TF Butler")] = 0
	// Mountain -2; rivers in mobile combat: major unbridged -4, bridged -2.
	if m := s.modifiers(ckNormal, Allied, area(t, s, "15"), &part); m != 0 {
		t.Fatalf("in the mountains %+d, want 0", m)
	}
	b := s.data().BorderOf(area(t, s, "12"), area(t, s, "17"))
	s.lastBorder = int8(b)
	if m := s.modifiers(ckMobile, Allied, area(t, s, "17"), &part); m != -2 {
		t.Fatalf("mobile across the Durance: %+d, want -2", m)
	}
	s.bridge[b] = bridgeIntact
	if m := s.modifiers(ckMobile, Allied, area(t, s, "17"), &part); m != 0 {
		t.Fatalf("mobile across the bridged Durance: %+d, want 0", m)
	}
	// Example 3 counts artillery and anti-tank apart; the option groups them.
	g, _ := New(Options{Scenario: 1, CombinedArmsGrouped: true})
	s2 := blankOf(t, g)
	part = unitSet{}
	part.add(unit(t, s2, "HAA1196"))
	part.add(unit(t, s2, "PzJ50"))
	if m := s2.modifiers(ckCounter, German, area(t, s2, "06"), &part); m != 3 {
		t.Fatalf("grouped combined arms: %+d, want +3", m)
	}
}

func TestRule6_Bombing(t *testing.T) {
	s := blank(t)
	s.phase = phBombing
	s.beginBombing()
	do(t, s, "air bombing of 12 Aix-en-Provence")
	if s.bombs[area(t, s, "12")] != 1 || s.dec != decBomb {
		t.Fatal("a marker away from the ports is not placed +1 at once")
	}
	do(t, s, "naval bombing of 09 Toulon", "roll 5")
	a := area(t, s, "09")
	if s.fort[a] != 7 || s.bombs[a] != 0 {
		t.Fatalf("bombing 5 on Toulon: level %d and %d markers, want 7 and the marker spent", s.fort[a], s.bombs[a])
	}
}

func TestRule7_Landings(t *testing.T) {
	s := Default().newState()
	u := unit(t, s, "7IR/3US")
	if s.loc[u] != int8(area(t, s, "01")) || s.flag[u]&fFresh == 0 || s.flag[u]&fLanded == 0 {
		t.Fatal("7IR/3US did not land in 01 on turn 1 under the landing modifier")
	}
	// The landing spends the entry cost: 4 MP less 1 for clear 01.
	c := blank(t)
	allied(t, c, "01")
	put(t, c, "01", "7IR/3US")
	put(t, c, "23", "7RGeR/157RD")
	c.flag[unit(t, c, "7IR/3US")] = fFresh
	do(t, c, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 7IR/3US", "move")
	if c.mp != 3 {
		t.Fatalf("a landed regiment moves with %d MP, want 3", c.mp)
	}
}

func TestRule8_Paradrops(t *testing.T) {
	s := Default().newState()
	for s.roll != rollParadrop {
		l := s.LegalActions(nil)
		if err := s.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	u := unit(t, s, "517PIR/1ABTF")
	// Le Muy is German with no German unit: +1, so 4 is Disorganized.
	c := *s
	do(t, &c, "roll 3")
	if c.disorg(u) {
		t.Fatal("3+1 disorganized the paradrop")
	}
	c = *s
	do(t, &c, "roll 4")
	if !c.disorg(u) {
		t.Fatal("4+1 left the paradrop in Good Order")
	}
}

func TestRule9_Bridges(t *testing.T) {
	s := blank(t)
	a := area(t, s, "29")
	b := s.data().BorderOf(a, area(t, s, "30"))
	s.bridge[b] = bridgeIntact
	put(t, s, "29", "305GR/198ID")
	put(t, s, "30", "7IR/3US")
	allied(t, s, "30")
	s.side, s.decSide = German, German
	do(t, s, "activate 29 Montelimar", "unit 305GR/198ID", "destroy bridge 29-30", "roll 2")
	if s.bridge[b] != bridgeIntact || !s.disorg(unit(t, s, "305GR/198ID")) {
		t.Fatal("a 2 destroyed the bridge, or the unit is still in Good Order")
	}
	// Repair from friendly ground on both sides: d6 activations to wait.
	s = blank(t)
	put(t, s, "29", "305GR/198ID")
	put(t, s, "23", "7RGeR/157RD")
	s.side, s.decSide = German, German
	do(t, s, "activate 29 Montelimar", "unit 305GR/198ID", "repair bridge 29-30", "roll 2")
	if s.bridge[b] != bridgeIntact+1 {
		t.Fatalf("bridging marker %d, want one more activation to wait", s.bridge[b])
	}
	do(t, s, "activate 23 Grenoble", "unit 7RGeR/157RD", "move", "done")
	if s.bridge[b] != bridgeIntact {
		t.Fatal("the bridging marker did not flip after the activations")
	}
}

func TestRule10_CombatGroups(t *testing.T) {
	g, _ := New(Options{Scenario: 1, CombatGroups: true})
	s := g.newState()
	if s.dec != decGroup || s.decSide != Allied {
		t.Fatalf("the turn opens with %s, want Allied combat groups", s.Prompt())
	}
	do(t, s, "unit 7IR/3US", "unit 15IR/3US", "unit 30IR/3US", "unit 756TkB", "unit 157IR/45US")
	if legal(t, s, "unit 179IR/45US") {
		t.Fatal("a fifth combat unit joined the group")
	}
	do(t, s, "close group", "done")
	if s.decSide != German {
		t.Fatal("the Germans do not form groups after the Allies")
	}
	do(t, s, "done")
	for s.dec != decSelect {
		if s.dec == decImpulse && s.decSide == Allied {
			do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)")
			break
		}
		l := s.LegalActions(nil)
		if err := s.Apply(l[len(l)-1]); err != nil {
			t.Fatal(err)
		}
	}
	do(t, s, "unit 7IR/3US")
	for _, n := range []string{"15IR/3US", "30IR/3US", "756TkB", "157IR/45US"} {
		if !s.sel.has(unit(t, s, n)) {
			t.Fatalf("%s was not activated with its group", n)
		}
	}
}

func TestScenarios(t *testing.T) {
	seen := map[string]bool{}
	for sc := 1; sc <= 3; sc++ {
		g, err := New(Options{Scenario: sc})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := g.newState().MarshalJSON()
		if seen[string(b)] {
			t.Fatalf("scenario %d starts like another", sc)
		}
		seen[string(b)] = true
	}
	if _, err := New(Options{Scenario: 4}); err == nil {
		t.Fatal("scenario 4 accepted")
	}
}

func TestAuthored2_SequenceOfPlay(t *testing.T) {
	s := Default().newState()
	if s.phase != phBombing || s.turn != 1 {
		t.Fatalf("turn 1 opens with %s, want the bombing phase (no FFI on turn 1)", s.Phase())
	}
	do(t, s, "done", "done")
	for s.roll == rollParadrop {
		do(t, s, "roll 1")
	}
	if s.dec != decImpulse || s.side != Allied {
		t.Fatal("the Allies do not have the first impulse")
	}
	do(t, s, "pass")
	if s.side != German {
		t.Fatal("impulses do not alternate")
	}
	do(t, s, "pass")
	if s.phase == phOperations {
		t.Fatal("two passes in a row did not end the operations phase")
	}
	for s.turn == 1 {
		l := s.LegalActions(nil)
		if err := s.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	for u := range s.data().Units {
		if s.loc[u] >= 0 && s.disorg(u) {
			t.Fatalf("%s still disorganized on turn 2", s.data().Units[u].Name)
		}
	}
}

func TestAuthored3_ActivationLimits(t *testing.T) {
	s := blank(t)
	allied(t, s, "01")
	put(t, s, "01", "7IR/3US", "15IR/3US", "157IR/45US", "141IR/36US", "30IR/3US")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 157IR/45US", "unit 141IR/36US", "unit 7IR/3US")
	if !legal(t, s, "unit 15IR/3US") {
		t.Fatal("a fourth unit with two of one division refused")
	}
	do(t, s, "unit 15IR/3US")
	if legal(t, s, "unit 30IR/3US") {
		t.Fatal("a fifth combat unit accepted")
	}
	s = blank(t)
	allied(t, s, "01")
	put(t, s, "01", "7IR/3US", "157IR/45US", "141IR/36US", "1Bde/1DFL")
	do(t, s, "activate 01 Alpha-Delta beaches (Cavalaire, St-Tropez, Ste-Maxime)", "unit 157IR/45US", "unit 141IR/36US", "unit 7IR/3US")
	if legal(t, s, "unit 1Bde/1DFL") {
		t.Fatal("a fourth unit with no two of one division accepted")
	}
}

func TestAuthored4_MovementCosts(t *testing.T) {
	s := blank(t)
	allied(t, s, "07", "04")
	put(t, s, "07", "7IR/3US") // 4 MP
	put(t, s, "06", "15RGR/189RD")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 07 Le Muy, Argens valley", "unit 7IR/3US", "move")
	d := s.data()
	for _, c := range []struct {
		to   string
		cost int
	}{{"06", 3}, {"04", 3}, {"02", 1}, {"13", 1}} {
		to := area(t, s, c.to)
		if got := s.moveCost(to, d.BorderOf(area(t, s, "07"), to)); got != c.cost {
			t.Errorf("07 to %s costs %d, want %d", c.to, got, c.cost)
		}
	}
	do(t, s, "to 06 Draguignan hills")
	if s.dec == decMove {
		t.Fatal("the move goes on after entering an area with the enemy")
	}
}

func TestAuthored5_CombatInTheArea(t *testing.T) {
	s := blank(t)
	put(t, s, "02", "7IR/3US", "15IR/3US")
	put(t, s, "02", "932GR/244ID")
	put(t, s, "23", "7RGeR/157RD")
	do(t, s, "activate 02 Camel beaches (St-Raphael, Frejus)", "unit 7IR/3US", "unit 15IR/3US", "combat")
	if s.cSP != 16 || s.roll != rollCombat {
		t.Fatalf("combat with %d SP, want 16", s.cSP)
	}
	do(t, s, "roll 6") // 16 SP, 6: 0/(6+4-3)/2 = 3 hits
	if s.decSide != German || s.hitsDue != 3 {
		t.Fatalf("%s, want the Germans to take 3 hits", s.Prompt())
	}
	do(t, s, "eliminate 932GR/244ID")
	if a, _ := s.VP(); a != 2 {
		t.Fatalf("Allied VP %d after eliminating two German steps, want 2", a)
	}
}

func TestNarrateAndPrompt(t *testing.T) {
	s := example3(t)
	before := *s
	do(t, s, "activate 07 Le Muy, Argens valley")
	if n := s.Narrate(&before, env.Action(aArea+area(t, s, "07"))); !strings.Contains(n, "Allied: activate 07 Le Muy") {
		t.Fatalf("narration %q", n)
	}
	do(t, s, "unit TF Butler", "unit 1Bde/1DFL", "mobile combat")
	before = *s
	do(t, s, "to 06 Draguignan hills")
	if n := s.Narrate(&before, env.Action(aArea+area(t, s, "06"))); !strings.Contains(n, "TF Butler moves to 06 Draguignan hills") {
		t.Fatalf("narration %q", n)
	}
	if !strings.Contains(s.Prompt(), "counter-attack") {
		t.Fatalf("prompt %q", s.Prompt())
	}
}

func TestRule7_Reinforcements(t *testing.T) {
	var f DataFile
	if err := json.Unmarshal(defaultData, &f); err != nil {
		t.Fatal(err)
	}
	f.Scenarios[0].Arrivals = append(f.Scenarios[0].Arrivals, ArrivalDef{Kind: "reinforcement", Turn: 2, Area: "23", Units: []string{"977GR/271ID"}})
	b, _ := json.Marshal(f)
	d, err := ParseData(b)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(d, DefaultOptions(), "")
	if err != nil {
		t.Fatal(err)
	}
	s := g.newState()
	u := unit(t, s, "977GR/271ID")
	if s.loc[u] != locOff {
		t.Fatal("a turn 2 reinforcement is on the map on turn 1")
	}
	for s.turn == 1 {
		l := s.LegalActions(nil)
		if err := s.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.loc[u] != int8(area(t, s, "23")) || s.flag[u]&fFresh == 0 || s.flag[u]&fLanded != 0 {
		t.Fatal("the reinforcement did not enter Grenoble on turn 2, fresh and without the landing modifier")
	}
}
