package ahraid

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// Tests named after the aid's steps; every figure the aid prints is a
// vector here.

// at builds a position at the start of step of turn, after setup, and runs
// it to the first die or decision.
func at(turn, step int, setup func(s *State)) *State {
	s := Default().newState()
	s.Roll, s.Dec = rollNone, decNone
	s.Turn, s.Step = int8(turn), uint8(step)
	s.Sub, s.Cursor, s.Aux, s.Aux2, s.NOpts = 0, 0, 0, 0, 0
	for k := range s.Beam {
		s.Beam[k], s.BeamOn[k] = -1, -1
	}
	if setup != nil {
		setup(s)
	}
	s.advance()
	return s
}

// still builds a position at turn with nothing run, for the rule functions.
func still(turn int, setup func(s *State)) *State {
	s := Default().newState()
	s.Roll, s.Dec, s.Turn, s.Step = rollNone, decNone, int8(turn), stepTurn
	for k := range s.Beam {
		s.Beam[k], s.BeamOn[k] = -1, -1
	}
	if setup != nil {
		setup(s)
	}
	return s
}

// roll feeds die outcomes to s.
func roll(t *testing.T, s *State, vs ...int) {
	t.Helper()
	for _, v := range vs {
		if s.CurrentPlayer() != env.Chance {
			t.Fatalf("want a die, have %s", s.Prompt())
		}
		if err := s.Apply(RollAction(v)); err != nil {
			t.Fatal(err)
		}
	}
}

func act(t *testing.T, s *State, text string) {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
}

// everyone puts every boat in zone z (the destroyer sunk if noDD).
func everyone(s *State, z string, noDD bool) {
	d := s.data()
	for b := range d.Boats {
		s.BZone[b] = int8(d.ZoneIndex(z))
	}
	if noDD {
		s.BStat[0] = bSunk
	}
}

func homeAll(s *State) {
	for b := range s.data().Boats {
		s.BStat[b], s.BZone[b] = bEngland, s.data().england
	}
}

var twoD6 = func() (n [13]int) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			n[a+b]++
		}
	}
	return
}()

func TestStep1_RepairOfGunsAndSearchlights(t *testing.T) {
	var cleared, broken, none, repaired int
	for r := 2; r <= 12; r++ {
		switch repairResult(kOut, r) {
		case kOK:
			cleared += twoD6[r]
		case kBroken:
			broken += twoD6[r]
		case kOut:
			none += twoD6[r]
		}
		if repairResult(kBroken, r) == kOK {
			repaired += twoD6[r]
			if r > 7 {
				t.Errorf("broken repaired on %d", r)
			}
		}
	}
	// out of action: 2-3 clears (3/36), 4-7 broken (18/36), 8-12 nothing (15/36); broken: 2-7 (21/36)
	if cleared != 3 || broken != 18 || none != 15 || repaired != 21 {
		t.Fatalf("out: %d/%d/%d, broken repaired %d (of 36)", cleared, broken, none, repaired)
	}
	if repairResult(kOut, 3) != kOK || repairResult(kOut, 4) != kBroken || repairResult(kOut, 7) != kBroken || repairResult(kOut, 8) != kOut {
		t.Fatal("out-of-action thresholds")
	}
	// A damaged gun asks for 2d6 at step 1.
	d := Default().Data()
	m60 := d.GunIndex("M60")
	s := at(3, stepRepair, func(s *State) { s.KStat[m60] = kOut })
	if s.Step != stepRepair || s.Roll != roll2D6 || int(s.Cursor) != m60 {
		t.Fatalf("want the repair roll for M60, have %s", s.Prompt())
	}
	roll(t, s, 5)
	if s.KStat[m60] != kBroken {
		t.Fatalf("M60 after a 5: %s", gunStatNames[s.KStat[m60]])
	}
}

func TestStep1_PowerStation(t *testing.T) {
	d := Default().Data()
	s := still(5, nil)
	s.hitObjective(d.ObjIndex("Power station 'Z'"), effDamaged)
	if s.Lights || s.PowerAt != 5 {
		t.Fatal("a damaged power station leaves the searchlights lit")
	}
	for k := range s.Beam {
		if s.Beam[k] >= 0 {
			t.Fatal("a beam outlives the power station")
		}
	}
	// No relighting roll until two turns later.
	s6 := at(6, stepRepair, func(s *State) { s.Lights, s.PowerAt = false, 5 })
	if s6.Step == stepRepair {
		t.Fatalf("relighting roll one turn after: %s", s6.Prompt())
	}
	for _, c := range []struct {
		roll int
		lit  bool
	}{{7, true}, {2, true}, {8, false}, {12, false}} {
		s7 := at(7, stepRepair, func(s *State) { s.Lights, s.PowerAt = false, 5 })
		if s7.Step != stepRepair || s7.Roll != roll2D6 {
			t.Fatalf("no relighting roll two turns after: %s", s7.Prompt())
		}
		roll(t, s7, c.roll)
		if s7.Lights != c.lit {
			t.Errorf("relighting on %d: %v", c.roll, s7.Lights)
		}
	}
}

func TestStep2_Searchlights(t *testing.T) {
	d := Default().Data()
	s412 := d.GunIndex("Searchlight 412")
	s := Default().newState()
	// Turn 1: only 412 shines, on the Approach Zone; the target roll
	// names the third boat there.
	if s.Step != stepSearchlight || int(s.Cursor) != s412 || s.Beam[s412] != d.approach {
		t.Fatalf("turn 1 does not start with 412 on the Approach Zone: %s", s.Prompt())
	}
	roll(t, s, 3)
	if s.BeamOn[s412] != 2 {
		t.Fatalf("beam on boat %d, want the third (ML... index 2)", s.BeamOn[s412])
	}
	for k, g := range d.Guns {
		if g.Kind == kSearchlight && k != s412 && s.Beam[k] >= 0 {
			t.Fatalf("%s shines on turn 1", g.Name)
		}
	}
	// Later: a zone roll, then a target roll above the boats there finds nothing.
	s = at(3, stepSearchlight, func(s *State) {
		homeAll(s)
		for _, b := range []int{3, 4} {
			s.BStat[b], s.BZone[b] = bAfloat, int8(d.ZoneIndex("A"))
		}
	})
	if int(s.Cursor) != s412 {
		t.Fatalf("first searchlight %d", s.Cursor)
	}
	roll(t, s, 2) // 412's face 2 is zone A
	if s.Beam[s412] != int8(d.ZoneIndex("A")) {
		t.Fatalf("412 on zone %d", s.Beam[s412])
	}
	roll(t, s, 3) // 3 > 2 boats: no target, the beam is turned over
	if s.BeamOn[s412] != -1 || s.zoneLit(d.ZoneIndex("A")) {
		t.Fatal("a beam with no target lights its zone")
	}
	// A beam whose target is still in its zone keeps it without a roll.
	s = at(3, stepSearchlight, func(s *State) {
		everyone(s, "A", false)
		s.Beam[s412], s.BeamOn[s412] = int8(d.ZoneIndex("A")), 5
	})
	if int(s.Cursor) == s412 {
		t.Fatal("412 rolls again while its target stays in the zone")
	}
}

func TestStep3_HarbourDefence(t *testing.T) {
	d := Default().Data()
	g := Default()
	if d.Clock(4) != "0146" || g.turnHarbour5 != 4 || d.Clock(5) != "0152" || d.Clock(10) != "0222" {
		t.Fatalf("clock: turn 4 %s, turn 5 %s, turn 10 %s", d.Clock(4), d.Clock(5), d.Clock(10))
	}
	if s := still(3, nil); s.harbourFail() != 6 {
		t.Fatal("before 0146 only a 6 misses")
	}
	if s := still(4, nil); s.harbourFail() != 5 {
		t.Fatal("from 0146 a 5 misses too")
	}
	// At most 12 attempts, each hitting on a 1.
	s := at(2, stepHarbour, func(s *State) { everyone(s, "A", true) })
	attempts := 0
	for s.Step == stepHarbour {
		if s.Sub == 3 {
			attempts++
		}
		roll(t, s, 1)
	}
	if attempts != 12 {
		t.Fatalf("%d attempts, want 12", attempts)
	}
	// A 6 misses and ends the phase; from 0146 a 5 does too.
	for _, c := range []struct{ turn, die int }{{3, 6}, {4, 5}} {
		s := at(c.turn, stepHarbour, func(s *State) { everyone(s, "A", true) })
		roll(t, s, c.die)
		if s.Step == stepHarbour && s.Roll == rollPick {
			roll(t, s, 1)
		}
		if s.Step == stepHarbour {
			t.Fatalf("turn %d: a %d does not end the phase", c.turn, c.die)
		}
	}
	// A miss made good by modifiers (beam and Fire) is resolved, then ends the phase.
	s412 := d.GunIndex("Searchlight 412")
	s = at(2, stepHarbour, func(s *State) {
		homeAll(s)
		s.BStat[5], s.BZone[5], s.BFlags[5] = bAfloat, int8(d.ZoneIndex("A")), bfFire
		s.Beam[s412], s.BeamOn[s412] = int8(d.ZoneIndex("A")), 5
	})
	roll(t, s, 6) // 6 - 2 = 4: a hit; a lone boat needs no pick
	if s.Sub != 5 || !s.Flag {
		t.Fatalf("modified miss not resolved: %s", s.Prompt())
	}
	roll(t, s, 1)
	if s.Step == stepHarbour {
		t.Fatal("the phase goes on after a modified miss")
	}
	// A burning boat is hit without a roll, one of the 12; the destroyer
	// takes its compulsory hit (two if burning, one counted).
	s = at(2, stepHarbour, func(s *State) {
		everyone(s, "A", false)
		s.BFlags[0] |= bfBurning
		s.BFlags[7] |= bfBurning
	})
	if s.Sub != 1 || s.NOpts != 3 || s.Opts[0] != 0 || s.Opts[1] != 0 || s.Opts[2] != 7 || s.Attempts != 2 {
		t.Fatalf("automatic hits %v (%d), attempts %d", s.Opts[:s.NOpts], s.NOpts, s.Attempts)
	}
	// The Avant-Port is out of the harbour defence's reach.
	s = at(2, stepHarbour, func(s *State) { everyone(s, "AP", false) })
	if s.Step == stepHarbour {
		t.Fatalf("harbour defence fires into the Avant-Port: %s", s.Prompt())
	}
	// V-4 for a boat homeward in the Open Sea: 1-4 England, 6 sunk.
	for _, c := range []struct {
		die  int
		stat uint8
	}{{1, bEngland}, {4, bEngland}, {5, bAfloat}, {6, bSunk}} {
		s = at(6, stepHarbour, func(s *State) {
			homeAll(s)
			s.BStat[4], s.BZone[4], s.BFlags[4] = bAfloat, d.open, bfHomeward
		})
		roll(t, s, c.die)
		if s.BStat[4] != c.stat {
			t.Errorf("V-4 %d: %s", c.die, boatStatNames[s.BStat[4]])
		}
	}
}

func TestStep3_HitModifiers(t *testing.T) {
	d := Default().Data()
	s := still(3, func(s *State) { everyone(s, "B", false) })
	if s.hitMods(4) != 0 {
		t.Fatal("modifiers on a plain boat")
	}
	s.BFlags[4] = bfFire | bfDead
	s412 := d.GunIndex("Searchlight 412")
	s.Beam[s412], s.BeamOn[s412] = int8(d.ZoneIndex("B")), 4
	if s.hitMods(4) != 3 {
		t.Fatalf("beam, Fire and dead in the water: %d, want 3", s.hitMods(4))
	}
}

func TestStep4_CoveringFire(t *testing.T) {
	d := Default().Data()
	s := at(1, stepCover, func(s *State) { everyone(s, "OS", false) })
	if got := s.flotillaMod(); got != -1 {
		t.Fatalf("full flotilla modifier %d, want -1", got)
	}
	// Turn 1: the flotilla fires at the guns with zone A in range, first Mindin flak.
	if s.Roll != roll2D6 || int(s.Aux2) != d.GunIndex("Mindin flak") {
		t.Fatalf("turn 1 covering fire: %s, gun %d", s.Prompt(), s.Aux2)
	}
	roll(t, s, 8) // 8 + 0 - 1 = 7: a hit; the red die on V-3
	roll(t, s, 1) // destroyed
	if s.KStat[d.GunIndex("Mindin flak")] != kDestroyed {
		t.Fatal("V-3 1 does not destroy")
	}
	roll(t, s, 8) // second attack: 8 + 1 - 1 = 8 misses and ends the phase
	if s.Step == stepCover {
		t.Fatal("a V-2 miss does not end the covering fire")
	}
	for attacks := range 4 {
		for r := 2; r <= 12; r++ {
			if s.coverHits(r, attacks) != (r+attacks-1 <= 7) {
				t.Fatalf("V-2 %d after %d attacks", r, attacks)
			}
		}
	}
	// Later turns: the player picks, and may stop.
	s = at(3, stepCover, func(s *State) { everyone(s, "B", false) })
	if s.Dec != decCover {
		t.Fatalf("no covering-fire decision: %s", s.Prompt())
	}
	act(t, s, "pass")
	if s.Step == stepCover {
		t.Fatal("pass does not stop the covering fire")
	}
	// Fewer guns afloat, a worse modifier.
	s = still(3, func(s *State) {
		everyone(s, "B", true)
		for b := 10; b < len(d.Boats); b++ {
			s.BStat[b] = bSunk
		}
	})
	if s.flotillaMod() != 1 {
		t.Fatalf("flotilla of %d boats: modifier %d", 9, s.flotillaMod())
	}
}

func TestStep5_QuayDefence(t *testing.T) {
	d := Default().Data()
	s := at(3, stepQuay, func(s *State) { everyone(s, "B", true) })
	// Eight guns reach B; five fire: across the river first, then by area number.
	want := []string{"Flak 809", "Pump-house 20 mm", "M70", "Gun 63", "Gun 62"}
	fired := 0
	for k := range d.Guns {
		if s.KFired[k] {
			fired++
		}
	}
	if fired != 5 || s.Aux2 != 5 {
		t.Fatalf("%d guns fire, want 5", fired)
	}
	for _, n := range want {
		if !s.KFired[d.GunIndex(n)] {
			t.Errorf("%s does not fire", n)
		}
	}
	// With five guns only a 6 misses; 12 attempts at most.
	attempts := 0
	for s.Step == stepQuay && int(s.Cursor) == d.ZoneIndex("B") {
		if s.Sub == 2 {
			attempts++
		}
		roll(t, s, 1)
	}
	if attempts != 12 {
		t.Fatalf("%d attempts, want 12", attempts)
	}
	s = at(3, stepQuay, func(s *State) { everyone(s, "B", true) })
	roll(t, s, 6)
	if s.Step == stepQuay && int(s.Cursor) == d.ZoneIndex("B") && s.Sub != 1 {
		roll(t, s, 1)
	}
	if int(s.Cursor) == d.ZoneIndex("B") && s.Step == stepQuay {
		t.Fatal("6 > 5 guns does not miss")
	}
	// Guns in or next to an area with commandos hold their fire.
	s = still(3, func(s *State) {
		everyone(s, "B", true)
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("341")) // next to 337 (Gun 63), in 341 (Gun 62)
	})
	n := s.quayGuns(d.ZoneIndex("B"))
	for i := range n {
		if nm := d.Guns[s.Order[i]].Name; nm == "Gun 63" || nm == "Gun 62" {
			t.Errorf("%s fires beside commandos", nm)
		}
	}
	// Turn 1: only zone A.
	s = at(1, stepQuay, func(s *State) { everyone(s, "B", true) })
	if s.Step == stepQuay {
		t.Fatal("quay defence fires at B on turn 1")
	}
}

func TestStep6_BoatMovement(t *testing.T) {
	d := Default().Data()
	az, naz, os, a, b := d.ZoneIndex("AZ"), d.ZoneIndex("NAZ"), d.ZoneIndex("OS"), d.ZoneIndex("A"), d.ZoneIndex("B")
	s := at(1, stepBoatMove, nil)
	if s.Dec != decBoat || s.BMF[5] != 2 {
		t.Fatalf("turn 1: ML MF %d, want 2 (%s)", s.BMF[5], s.Prompt())
	}
	if !s.canSail(5, os) || d.zAdj[az][os] != 2 {
		t.Fatal("Approach Zone to Open Sea costs 2")
	}
	s.BMF[5] = 1
	if s.canSail(5, os) || !s.canSail(5, naz) {
		t.Fatal("with 1 MF a boat goes to the near Approach Zone only")
	}
	if d.zAdj[naz][os] != 1 || d.zAdj[os][a] != 1 || d.zAdj[a][b] != 1 || d.zAdj[b][d.ZoneIndex("LM")] != 1 {
		t.Fatal("zone to zone and into a landing zone cost 1")
	}
	s3 := at(3, stepBoatMove, func(s *State) { everyone(s, "AP", false) })
	if s3.BMF[5] != 3 || s3.BMF[0] != 2 || s3.BMF[1] != 4 {
		t.Fatalf("turn 3 MF: ML %d, DD %d, MGB %d", s3.BMF[5], s3.BMF[0], s3.BMF[1])
	}
	// The destroyer rams from the Avant-Port for 1 MF; with 2 MF spent it is at top speed.
	if s3.Cursor != 0 {
		t.Fatal("the destroyer moves first")
	}
	s3 = at(3, stepBoatMove, func(s *State) { everyone(s, "B", false) })
	act(t, s3, "sail AP")
	act(t, s3, "ram")
	if s3.BFlags[0]&bfRammed == 0 || s3.BFlags[0]&bfFast == 0 || s3.BZone[0] != d.ramZone {
		t.Fatal("ramming at 2 MF")
	}
	// Only the destroyer rams; pick-up and torpedo cost 1 each.
	s3 = at(3, stepBoatMove, func(s *State) { everyone(s, "AP", false) })
	s3.Cursor = 2 // MTB 74, torpedoes, in AP
	if s3.isLegal(ActRam) {
		t.Fatal("an MTB rams")
	}
	mf := s3.BMF[2]
	act(t, s3, "torpedo Old Entrance lock gates")
	roll(t, s3, 6)
	if s3.BMF[2] != mf-1 || s3.BTorp[2] != 1 {
		t.Fatal("a torpedo attack costs 1 MF and a torpedo")
	}
	// Evading and dead-in-the-water boats do not move.
	s.BFlags[6] |= bfEvade
	s.BFlags[7] |= bfDead
	if s.boatMF(6) != 0 || s.boatMF(7) != 0 {
		t.Fatal("evading or dead boats move")
	}
}

func TestStep6_PickUpSurvivors(t *testing.T) {
	d := Default().Data()
	s := at(3, stepBoatMove, func(s *State) {
		everyone(s, "B", true)
		s.UStat[7], s.UWhere[7] = uWater, int8(d.ZoneIndex("B")) // Birney in the water
		s.UStat[13], s.UWhere[13] = uWater, int8(d.ZoneIndex("B"))
	})
	for int(s.Cursor) != 17 {
		act(t, s, "pass")
	}
	act(t, s, "pick up") // ML 298, no party aboard, capacity 2
	if s.UStat[7] != uAboard || s.UStat[13] != uAboard || s.BMF[17] != 2 {
		t.Fatal("pick-up")
	}
}

func TestStep7_GermanShipsWithdraw(t *testing.T) {
	d := Default().Data()
	if s := at(9, stepWithdraw, nil); s.Step == stepWithdraw {
		t.Fatal("a withdrawal roll before 0222")
	}
	s := at(10, stepWithdraw, nil)
	if s.Step != stepWithdraw {
		t.Fatal("no withdrawal roll at 0222")
	}
	roll(t, s, 3) // ship 3, the harbour-defence boat
	o := d.ObjIndex("Harbour-defence boat")
	if s.OStat[o] != oGone || s.germansIn(d.AreaIndex("443")) != 1 || s.Roll != rollCup {
		t.Fatal("ship 3 withdraws, its crew to 443 and a unit from the cup")
	}
	roll(t, s, 4)
	if s.germansIn(d.AreaIndex("443")) != 2 {
		t.Fatal("the extra unit is not in 443")
	}
	s = at(10, stepWithdraw, nil)
	roll(t, s, 1) // a tanker in the dock cannot leave
	if s.OStat[d.ObjIndex("Tanker, south")] != oIntact {
		t.Fatal("a tanker withdrew")
	}
}

func TestStep8_ClearMarkers(t *testing.T) {
	s := at(3, stepClear, func(s *State) {
		s.BFlags[3] = bfEvade | bfTurnAway | bfFire
		s.KFired[2] = true
	})
	if s.BFlags[3] != bfFire || s.KFired[2] {
		t.Fatal("Evade, Turn-away and fired markers stay")
	}
}

func TestStep9_Landing(t *testing.T) {
	d := Default().Data()
	lm := int8(d.ZoneIndex("LM"))
	s := at(3, stepLanding, func(s *State) { everyone(s, "LM", true) })
	for int(s.Cursor) != 3 {
		act(t, s, "pass")
	}
	act(t, s, "land 336") // ML 447 lands Birney at its designated area
	if s.UStat[7] != uAshore || d.Areas[s.UWhere[7]].ID != "336" {
		t.Fatal("designated landing")
	}
	// An unassigned landing (ML 192 belongs to 366) is not allowed before 0152.
	s = still(4, func(s *State) { everyone(s, "LM", true) })
	if ok, _ := s.landOption(9, d.AreaIndex("336")); ok {
		t.Fatal("an unassigned landing before 0152")
	}
	s.Turn = 5
	if ok, roll := s.landOption(9, d.AreaIndex("336")); !ok || !roll {
		t.Fatal("no unassigned landing at 0152")
	}
	for _, c := range []struct {
		die int
		ok  bool
	}{{1, true}, {2, true}, {3, false}, {6, false}} {
		s = at(5, stepLanding, func(s *State) {
			homeAll(s)
			s.BStat[9], s.BZone[9] = bAfloat, lm
		})
		act(t, s, "land 336")
		roll(t, s, c.die)
		if (s.UStat[13] == uAshore) != c.ok {
			t.Errorf("unassigned landing on %d: %v", c.die, s.UStat[13] == uAshore)
		}
		if c.ok && s.BMF[9] != 0 {
			t.Error("a successful unassigned landing leaves MF")
		}
		if s.Dec == decLand && s.isLegal(LandAction(d.AreaIndex("336"))) {
			t.Error("a second try in the same turn")
		}
	}
	// Re-embarking from the landing area.
	s = at(6, stepLanding, func(s *State) {
		homeAll(s)
		s.BStat[17], s.BZone[17] = bAfloat, lm
		s.UStat[7], s.UWhere[7] = uAshore, int8(d.AreaIndex("336"))
	})
	act(t, s, "embark Birney")
	if s.UStat[7] != uAboard || s.UWhere[7] != 17 {
		t.Fatal("embarking")
	}
}

func TestStep10_GermanActivation(t *testing.T) {
	d := Default().Data()
	s := at(4, stepActivation, nil)
	if s.activations() != 2 {
		t.Fatalf("activations %d", s.activations())
	}
	roll(t, s, 7) // N-1 7: area 420
	if s.Roll != rollCup {
		t.Fatal("no cup draw")
	}
	roll(t, s, 3)
	if s.germansIn(d.AreaIndex("420")) != 1 {
		t.Fatal("unit not placed in 420")
	}
	// Commandos in the area: back to the cup, no draw.
	s = at(4, stepActivation, func(s *State) { s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("420")) })
	cup := s.cupTotal()
	roll(t, s, 7)
	if s.Roll == rollCup || s.cupTotal() != cup {
		t.Fatal("a unit placed among commandos")
	}
	// A broken gun in the area: the unit enters reduced.
	s = at(4, stepActivation, func(s *State) { s.KStat[d.GunIndex("M70")] = kBroken })
	roll(t, s, 11, 4) // 224, gun M70; strength 4 enters as 2
	for g := range s.GArea {
		if int(s.GArea[g]) == d.AreaIndex("224") && (s.GStr[g] != 2 || !s.GReduced[g]) {
			t.Fatalf("unit by a broken gun: strength %d", s.GStr[g])
		}
	}
	// From the modifier turn, +1.
	s10 := still(10, nil)
	if s10.activationArea(12) != d.AreaIndex("407") {
		t.Fatal("no +1 from 0222")
	}
}

func TestStep11_CommandoMovement(t *testing.T) {
	s := still(5, nil)
	for _, c := range []struct {
		str    int8
		landed bool
		mf     int
	}{{6, false, 3}, {4, false, 3}, {3, false, 2}, {1, false, 2}, {4, true, 2}, {3, true, 1}} {
		s.UStr[0], s.UFlags[0] = c.str, 0
		if c.landed {
			s.UFlags[0] = ufLandedNow
		}
		if s.cdoMF(0) != c.mf {
			t.Errorf("strength %d landed %v: %d MF, want %d", c.str, c.landed, s.cdoMF(0), c.mf)
		}
	}
	// Exit from zones 5 and 6.
	d := s.data()
	s = at(5, stepCdoMove, func(s *State) { s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("501")) })
	act(t, s, "exit")
	if s.UStat[0] != uExited {
		t.Fatal("no exit from zone 5")
	}
}

func TestStep12_MovementCosts(t *testing.T) {
	d := Default().Data()
	s := still(5, nil)
	var cost [MaxAreas]int8
	s.reach(d.AreaIndex("111"), 3, false, &cost)
	if cost[d.AreaIndex("112")] != 1 || cost[d.AreaIndex("113")] != 2 {
		t.Fatal("single lines cost 1")
	}
	s.reach(d.AreaIndex("352"), 3, false, &cost)
	if cost[d.AreaIndex("353")] != 2 {
		t.Fatalf("a double line costs 2 (%d)", cost[d.AreaIndex("353")])
	}
	s.reach(d.AreaIndex("602"), 3, false, &cost)
	if cost[d.AreaIndex("601")] != 3 {
		t.Fatal("a triple line costs 3")
	}
	// +1 to enter an area the enemy holds, +1 to leave one.
	s.placeGerman(d.AreaIndex("112"), 2)
	s.reach(d.AreaIndex("111"), 3, false, &cost)
	s.reach(d.AreaIndex("111"), 4, false, &cost)
	if cost[d.AreaIndex("112")] != 2 || cost[d.AreaIndex("113")] != 4 {
		t.Fatalf("through an enemy area: %d then %d", cost[d.AreaIndex("112")], cost[d.AreaIndex("113")])
	}
	s.reach(d.AreaIndex("112"), 3, false, &cost)
	if cost[d.AreaIndex("113")] != 2 {
		t.Fatal("leaving an enemy area costs 1 more")
	}
}

// TestStep12_LeavingCostCommandosOnly: "Salir de un área ocupada por el
// enemigo (solo comandos y blindados) = 1 FM": commandos pay to leave an
// area Germans hold; German units (no armoured cars are modelled) leave an
// area commandos hold for the line's cost alone (ruling A31), unless
// german_exit_cost=true.
func TestStep12_LeavingCostCommandosOnly(t *testing.T) {
	d := Default().Data()
	withCdo := func(s *State) { s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("112")) }
	var cost [MaxAreas]int8
	s := still(5, withCdo)
	s.reach(d.AreaIndex("112"), 3, true, &cost)
	if c := cost[d.AreaIndex("113")]; c != 1 {
		t.Errorf("a German leaving the commandos' area for 113: %d MF, want 1", c)
	}
	o := DefaultOptions()
	o.GermanExitCost = true
	g, err := NewGame(Default().Data(), o, "")
	if err != nil {
		t.Fatal(err)
	}
	s = g.newState()
	s.Roll, s.Dec, s.Turn, s.Step = rollNone, decNone, 5, stepTurn
	withCdo(s)
	s.reach(d.AreaIndex("112"), 3, true, &cost)
	if c := cost[d.AreaIndex("113")]; c != 2 {
		t.Errorf("german_exit_cost=true: a German leaving the commandos' area for 113: %d MF, want 2", c)
	}
	s = still(5, func(s *State) { s.placeGerman(d.AreaIndex("112"), 2) })
	s.reach(d.AreaIndex("112"), 3, false, &cost)
	if c := cost[d.AreaIndex("113")]; c != 2 {
		t.Errorf("a commando leaving the Germans' area for 113: %d MF, want 2", c)
	}
}

func TestStep13_GermanMovement(t *testing.T) {
	for _, c := range []struct{ str, box, mf int }{{2, 3, 0}, {3, 3, 1}, {4, 3, 2}, {5, 3, 3}, {6, 1, 3}} {
		if germanMF(c.str, c.box) != c.mf {
			t.Errorf("strength %d, box %d: %d MF, want %d", c.str, c.box, germanMF(c.str, c.box), c.mf)
		}
	}
	d := Default().Data()
	// A unit heads for the nearest commandos by the shortest way.
	s := at(5, stepGerMove, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("113"))
		s.placeGerman(d.AreaIndex("425"), 4)
	})
	roll(t, s, 3) // box 3: strength 4 moves 2, 3 short of 113 (2 + 1 to enter): next to it
	if d.Areas[s.GArea[0]].ID != "223" {
		t.Fatalf("German went to %s, want 223", d.Areas[s.GArea[0]].ID)
	}
	s = at(5, stepGerMove, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("113"))
		s.placeGerman(d.AreaIndex("425"), 5)
	})
	roll(t, s, 3) // strength 5 moves 3: into 113
	if d.Areas[s.GArea[0]].ID != "113" {
		t.Fatalf("German went to %s, want 113", d.Areas[s.GArea[0]].ID)
	}
	// Germans may not enter a pen unless commandos are in or next to it.
	s = still(5, nil)
	var cost [MaxAreas]int8
	s.reach(d.AreaIndex("443"), 3, true, &cost)
	if cost[d.AreaIndex("451")] >= 0 {
		t.Fatal("a German enters an empty pen")
	}
	// A unit that can fire where it stands and cannot reach stays.
	s = still(5, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("366"))
		s.placeGerman(d.AreaIndex("408"), 3)
	})
	if dest := s.germanDest(0, d.AreaIndex("366"), 0); dest != d.AreaIndex("408") {
		t.Fatal("a German that can fire moves")
	}
}

func TestStep14_CommandoFire(t *testing.T) {
	d := Default().Data()
	s := still(5, nil)
	roy, chant := d.UnitIndex("Roy"), d.UnitIndex("Chant")
	s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("111"))
	// An assault unit firing in its own circular area: -2.
	if m := s.cdoFireMod(roy, d.AreaIndex("111")); m != -2 {
		t.Fatalf("assault, same circular area: %d", m)
	}
	// A demolition unit firing at a square area across a dashed line: +2.
	s.UStat[chant], s.UWhere[chant] = uAshore, int8(d.AreaIndex("114"))
	if m := s.cdoFireMod(chant, d.AreaIndex("112")); m != 2 {
		t.Fatalf("demolition, other square area: %d", m)
	}
	// The aid's example: strength 3 assault in its own circular area hits on 5 or less.
	s.UStr[roy] = 3
	if !(5+s.cdoFireMod(roy, d.AreaIndex("111")) <= 3) || 6+s.cdoFireMod(roy, d.AreaIndex("111")) <= 3 {
		t.Fatal("strength 3 assault, same circular area: hits on 5 or less")
	}
	if gunFireResult(2, 2) != effBroken || gunFireResult(3, 2) != effOut || gunFireResult(1, 2) != effNone {
		t.Fatal("against a gun: equal breaks, above puts out of action")
	}
	for r := 1; r <= 6; r++ {
		if grenadeKills(r) != (r <= 3) {
			t.Fatalf("grenade %d", r)
		}
	}
	// Grenades: a broken gun is destroyed outright; else 1-3 kills the area.
	pump := d.GunIndex("Pump-house 20 mm")
	s = at(5, stepCdoFire, func(s *State) {
		s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("112"))
		s.KStat[pump] = kBroken
	})
	grenades := s.UGren[roy]
	act(t, s, "grenade")
	if s.KStat[pump] != kDestroyed || s.UGren[roy] != grenades-1 {
		t.Fatal("grenade on a broken gun")
	}
	s = at(5, stepCdoFire, func(s *State) {
		s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("358"))
		s.placeGerman(d.AreaIndex("358"), 3)
		s.placeGerman(d.AreaIndex("358"), 2)
	})
	act(t, s, "grenade")
	roll(t, s, 5)
	if s.germansIn(d.AreaIndex("358")) != 2 || s.UGren[roy] != grenades-1 {
		t.Fatal("a failed grenade still uses the box")
	}
	s = at(5, stepCdoFire, func(s *State) {
		s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("358"))
		s.placeGerman(d.AreaIndex("358"), 3)
		s.placeGerman(d.AreaIndex("358"), 2)
	})
	act(t, s, "grenade")
	roll(t, s, 2)
	if s.germansIn(d.AreaIndex("358")) != 0 || s.gunsIn(d.AreaIndex("358")) != 1 {
		t.Fatal("grenade 1-3: all units, one of two guns")
	}
	// At most two units fire from an area.
	s = at(5, stepCdoFire, func(s *State) {
		for _, n := range []string{"Roy", "Roderick", "Newman"} {
			u := d.UnitIndex(n)
			s.UStat[u], s.UWhere[u] = uAshore, int8(d.AreaIndex("337"))
		}
	})
	for range 2 {
		act(t, s, "gun Gun 63")
		roll(t, s, 1)
	}
	if s.Dec == decCdoFire && int(s.Cursor) == d.UnitIndex("Newman") {
		t.Fatal("a third unit fires from the area")
	}
}

func TestStep15_LongRangeFire(t *testing.T) {
	d := Default().Data()
	for r := 1; r <= 6; r++ {
		if longRangeHits(r) != (r == 1) {
			t.Fatal("long range hits on 1 only")
		}
	}
	red := d.GunIndex("Tower red")
	s := at(5, stepLongRange, func(s *State) { s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("366")) })
	act(t, s, "gun Tower red")
	roll(t, s, 4, 1) // first chance misses, second hits
	roll(t, s, 1)    // V-3: destroyed
	if s.KStat[red] != kDestroyed {
		t.Fatal("second chance")
	}
	s = at(5, stepLongRange, func(s *State) { s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("366")) })
	act(t, s, "gun Tower red")
	roll(t, s, 4, 5)
	if s.Step == stepLongRange && s.Roll != rollNone {
		t.Fatal("a third chance")
	}
	// Only assault units that have not fired; only a tower of the area's colour.
	s = at(5, stepLongRange, func(s *State) {
		s.UStat[0], s.UWhere[0], s.UFlags[0] = uAshore, int8(d.AreaIndex("366")), ufFired
		s.UStat[2], s.UWhere[2] = uAshore, int8(d.AreaIndex("366"))
	})
	if s.Step == stepLongRange {
		t.Fatal("a unit that fired, or a demolition unit, fires long range")
	}
}

func TestStep16_GermanFire(t *testing.T) {
	d := Default().Data()
	s := still(5, func(s *State) {
		s.placeGerman(d.AreaIndex("410"), 3)
		s.placeGerman(d.AreaIndex("407"), 2)
		s.placeGerman(d.AreaIndex("407"), 5)
	})
	s.sortGermans()
	// 407 before 410, the strongest first.
	if s.Order[0] != 2 || s.Order[1] != 1 || s.Order[2] != 0 {
		t.Fatalf("order %v", s.Order[:3])
	}
	// Priority: lit area, then circular area, then assault, then strength.
	roy, chant := d.UnitIndex("Roy"), d.UnitIndex("Chant")
	s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("407")) // square
	s.UStat[chant], s.UWhere[chant] = uAshore, int8(d.AreaIndex("410"))
	if s.targetKey(chant) <= s.targetKey(roy) {
		t.Fatal("a commando in a circular area comes before an assault unit in a square one")
	}
	s412 := d.GunIndex("Searchlight 412")
	s.UWhere[roy] = int8(d.AreaIndex("366"))
	s.Beam[s412], s.BeamOn[s412] = int8(d.ZoneIndex("AP")), 0
	s.BStat[0], s.BZone[0] = bAfloat, int8(d.ZoneIndex("AP"))
	s.UWhere[chant] = int8(d.AreaIndex("367"))
	if !s.areaLit(d.AreaIndex("366")) || s.targetKey(roy) <= s.targetKey(chant) {
		t.Fatal("lit, assault before lit, demolition")
	}
	// Modifiers: -1 on a lit target, -1 from a pen.
	s.Aux, s.Aux2 = 0, int16(roy)
	s.GStr[0] = 3
	if !s.germanHits(4) || s.germanHits(5) {
		t.Fatal("strength 3 on a lit target hits on 4 or less")
	}
}

func TestStep17_TowersFire(t *testing.T) {
	d := Default().Data()
	s := at(5, stepTowers, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("367"))
		for k, g := range d.Guns {
			if g.Kind == kTower && g.Name != "Tower red" {
				s.KStat[k] = kDestroyed
			}
		}
	})
	str := s.UStr[0]
	roll(t, s, 2)
	if s.UStr[0] != str-1 {
		t.Fatal("a tower hit on 2 costs one strength point")
	}
	s = at(5, stepTowers, func(s *State) {
		s.UStat[0], s.UWhere[0] = uAshore, int8(d.AreaIndex("367"))
		for k, g := range d.Guns {
			if g.Kind == kTower && g.Name != "Tower red" {
				s.KStat[k] = kDestroyed
			}
		}
	})
	roll(t, s, 3)
	if s.UStr[0] != str {
		t.Fatal("a tower hits on 3 unlit")
	}
}

func TestStep18_Losses(t *testing.T) {
	if !losesAmmo(4, 3) || losesAmmo(3, 3) {
		t.Fatal("ammunition is lost on a die above the strength")
	}
	s := at(5, stepLosses, func(s *State) {
		s.UStat[0], s.UWhere[0], s.UStr[0], s.UFlags[0] = uAshore, 0, 2, ufLost
	})
	g := s.UGren[0]
	roll(t, s, 3)
	if s.UGren[0] != g-1 {
		t.Fatal("no grenade crossed off")
	}
	// Flipped at 3 or less: the unit moves 2.
	if s.cdoMF(0) != 2 {
		t.Fatal("a reduced unit moves 3")
	}
}

func TestStep19_Demolition(t *testing.T) {
	d := Default().Data()
	chant, roy := d.UnitIndex("Chant"), d.UnitIndex("Roy")
	pump := d.ObjIndex("Pumping station")
	s := still(5, func(s *State) {
		s.UStat[chant], s.UWhere[chant] = uAshore, int8(d.AreaIndex("112"))
	})
	if s.prepMod(chant, pump) != -1 {
		t.Fatal("primary target: -1")
	}
	s.UFlags[chant] = ufEntered | ufAttacked | ufFired
	s.placeGerman(d.AreaIndex("112"), 2)
	if s.prepMod(chant, pump) != 2+1+1-1+1 {
		t.Fatalf("all preparation modifiers: %d", s.prepMod(chant, pump))
	}
	// N-2: 1-2 destroyed, 3-4 damaged, 5-6 none; modifiers -1/+1/+1/+1.
	for r, want := range map[int]uint8{1: effDestroyed, 2: effDestroyed, 3: effDamaged, 4: effDamaged, 5: effNone, 6: effNone} {
		if d.n2(r) != want {
			t.Errorf("N-2 %d", r)
		}
	}
	s.OStat[d.ObjIndex("North caisson")] = oDamaged
	s.ORisk[d.ObjIndex("North caisson")] = true
	if m := s.n2Mod(roy, d.ObjIndex("North caisson")); m != -1+1+1+1 {
		t.Fatalf("N-2 modifiers %d", m)
	}
	// Prepare, then fire in a later turn.
	s = at(5, stepDemolition, func(s *State) { s.UStat[chant], s.UWhere[chant] = uAshore, int8(d.AreaIndex("112")) })
	act(t, s, "prepare Pumping station")
	roll(t, s, 4) // 4 - 1 = 3 <= 3
	if s.OCharge[pump] != int8(chant) || s.UChg[chant] != 1 {
		t.Fatal("charges not set")
	}
	s.Step, s.Sub, s.Cursor, s.Turn, s.Dec, s.Roll = stepDemolition, 1, 0, 6, decNone, rollNone
	s.advance()
	act(t, s, "detonate Pumping station")
	roll(t, s, 3) // 3 >= strength 3: not this time
	if s.OStat[pump] != oIntact || s.OCharge[pump] < 0 {
		t.Fatal("firing at or above the strength demolishes")
	}
	s.Step, s.Sub, s.Cursor, s.Turn, s.Dec, s.Roll = stepDemolition, 1, 0, 7, decNone, rollNone
	s.UFlags[chant] = 0
	s.advance()
	act(t, s, "detonate Pumping station")
	roll(t, s, 2, 1)
	if s.OStat[pump] != oDestroyed || s.VP2() != 20 {
		t.Fatalf("pumping station %s, VP %v", objStatNames[s.OStat[pump]], s.VP())
	}
	// Against a gun: no effect keeps the charge.
	s = at(5, stepDemolition, func(s *State) { s.UStat[chant], s.UWhere[chant] = uAshore, int8(d.AreaIndex("112")) })
	act(t, s, "gun Pump-house 20 mm")
	roll(t, s, 6)
	if s.UChg[chant] != 2 {
		t.Fatal("a no-effect demolition spends the charge")
	}
}

func TestStep20_GermansFindCharges(t *testing.T) {
	d := Default().Data()
	pump := d.ObjIndex("Pumping station")
	s := at(6, stepCharges, func(s *State) {
		s.OCharge[pump], s.OSetTurn[pump] = 2, 5 // Chant set them, then left
		s.UStat[2], s.UWhere[2] = uAshore, int8(d.AreaIndex("113"))
		s.placeGerman(d.AreaIndex("112"), 2)
	})
	if s.OCharge[pump] >= 0 {
		t.Fatal("Germans beside charges at risk leave them")
	}
	s = at(6, stepCharges, func(s *State) {
		s.OCharge[pump], s.OSetTurn[pump] = 2, 5
		s.UStat[2], s.UWhere[2] = uAshore, int8(d.AreaIndex("112"))
		s.placeGerman(d.AreaIndex("112"), 2)
	})
	if s.OCharge[pump] < 0 {
		t.Fatal("guarded charges found")
	}
}

func TestStep21_Consolidation(t *testing.T) {
	d := Default().Data()
	a := d.AreaIndex("430")
	s := at(6, stepConsolidate, func(s *State) {
		s.placeGerman(a, 2)
		s.placeGerman(a, 3)
		s.placeGerman(a, 4)
	})
	// 2+3 = 5 merge; 5+4 > 6 stops.
	if s.germansIn(a) != 2 {
		t.Fatalf("%d units left", s.germansIn(a))
	}
	s = at(6, stepConsolidate, func(s *State) {
		s.placeGerman(a, 2)
		s.placeGerman(a, 3)
		s.UStat[0], s.UWhere[0] = uAshore, int8(a)
	})
	if s.germansIn(a) != 2 {
		t.Fatal("merged beside commandos")
	}
}

func TestStep22_TurnMarker(t *testing.T) {
	s := at(6, stepTurn, func(s *State) { s.BZone[0] = int8(s.data().ZoneIndex("B")) })
	if s.Turn != 7 {
		t.Fatalf("turn %d", s.Turn)
	}
	s = at(20, stepTurn, nil)
	if !s.IsTerminal() {
		t.Fatal("the game goes on after the last turn")
	}
	s = at(6, stepTurn, homeAll)
	if !s.IsTerminal() {
		t.Fatal("the game goes on with nothing British in play")
	}
}

func TestEnd_DestroyerExplodes(t *testing.T) {
	d := Default().Data()
	sc := d.ObjIndex("South caisson")
	s := at(20, stepTurn, func(s *State) {
		s.BFlags[0] = bfRammed | bfFast
		s.BZone[0] = d.ramZone
	})
	if s.explosionMod() != -3 || s.Roll != rollD6 {
		t.Fatalf("afloat at top speed: %d", s.explosionMod())
	}
	roll(t, s, 5) // 5 - 3 = 2: destroyed
	if s.OStat[sc] != oDestroyed || !s.IsTerminal() {
		t.Fatal("explosion")
	}
	s = at(20, stepTurn, func(s *State) {
		s.BFlags[0] = bfRammed | bfSunkInDock
		s.BStat[0] = bSunk
	})
	if s.explosionMod() != 2 {
		t.Fatalf("sunk in the dock: %d", s.explosionMod())
	}
	roll(t, s, 2) // 4: damaged
	if s.OStat[sc] != oDamaged {
		t.Fatal("sunk in the dock, 2")
	}
	if s := at(20, stepTurn, nil); !s.IsTerminal() {
		t.Fatal("an unrammed destroyer explodes")
	}
}

func TestVictoryPoints(t *testing.T) {
	d := Default().Data()
	s := at(20, stepTurn, func(s *State) {
		s.OStat[d.ObjIndex("South caisson")] = oDestroyed // 30
		s.OStat[d.ObjIndex("North caisson")] = oDamaged   // 5
		s.KStat[d.GunIndex("M60")] = kDestroyed           // 1
		s.UStat[0], s.UStat[1] = uSaved, uSaved           // 4
		s.UStat[2] = uExited                              // 1
		s.UStat[3] = uHome                                // never landed: 0
	})
	if s.VP() != 41 {
		t.Fatalf("VP %v, want 41", s.VP())
	}
	if sc := s.Score(); sc.Verdict != "German victory" {
		t.Fatal(sc.Verdict)
	}
	s.OStat[d.ObjIndex("Pumping station")] = oDestroyed
	s.OStat[d.ObjIndex("North caisson")] = oDestroyed
	s.OStat[d.ObjIndex("Power station 'Z'")] = oDestroyed
	s.OStat[d.ObjIndex("Old Entrance lock gates")] = oDestroyed
	s.OStat[d.ObjIndex("South winding house")] = oDamaged
	// 30 + 10 + 10 + 5 + 5 + 2.5 + 1 + 4 + 1 = 68.5
	if s.VP() != 68.5 || s.Score().Verdict != "German victory" {
		t.Fatalf("VP %v", s.VP())
	}
	s.OStat[d.ObjIndex("South winding house")] = oDestroyed
	if s.VP() != 71 || s.Score().Verdict != "British victory" {
		t.Fatalf("70 VP wins: %v %s", s.VP(), s.Score().Verdict)
	}
}

func TestSpecialRule_UBoatPens(t *testing.T) {
	d := Default().Data()
	roy := d.UnitIndex("Roy")
	s := at(6, stepCdoMove, func(s *State) { s.UStat[roy], s.UWhere[roy] = uAshore, int8(d.AreaIndex("431")) })
	act(t, s, "to 443") // next to the pens
	roll(t, s, 1, 2, 3, 4, 5, 2)
	for _, p := range d.pens {
		if s.germansIn(int(p)) != 2 {
			t.Fatalf("pen %s holds %d", d.Areas[p].ID, s.germansIn(int(p)))
		}
	}
	if !s.PensDone {
		t.Fatal("pens rule")
	}
	// They never leave, and a grenade there kills one.
	s.UWhere[roy] = int8(d.AreaIndex("451"))
	s.grenade(d.AreaIndex("451"))
	if s.germansIn(d.AreaIndex("451")) != 1 {
		t.Fatal("a grenade in a pen kills more than one unit")
	}
}
