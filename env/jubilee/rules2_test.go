package jubilee

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestRule6_9_StepLossAndReplacements(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "Essex A", "0419") // diamond
	s.loseStep(u)
	if s.cwSteps[u] != 2 || s.elim3 != 0 {
		t.Fatal("first loss flips the counter")
	}
	s.loseStep(u)
	if s.cwSteps[u] != 1 || s.cwF[u]&fRepl == 0 || s.repl[0] != 4 || s.elim3 != 1 {
		t.Fatalf("second loss: a diamond replacement stands in and the original goes to the box (steps %d, pool %d)", s.cwSteps[u], s.repl[0])
	}
	s.loseStep(u)
	if s.cwSt[u] != cwElim || s.repl[0] != 5 || s.elim3 != 1 {
		t.Error("the eliminated replacement returns to the pool")
	}
}

func TestRule9_6_RevealOnAttack(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "571 7th coy", "0719") // 3, town: defence 4
	giveDepth(s, g, 14, false)             // D15: +2
	s.tgt = int8(posAt(t, s, "0719"))
	s.atk = 1<<putCW(t, s, "Essex A", "0718") | 1<<putCW(t, s, "Essex B", "0720") // 8 against 4, tactics met
	s.dec = decNone
	s.resolveAttack()
	if s.gF[g]&gRevealed == 0 || !s.depthRev[14] {
		t.Fatal("the unit is revealed, and the strong attack reveals its depth marker (RV)")
	}
	// Revealed column: 8 against 6 is A > D: depth eliminated, unit disrupted.
	if s.gDepth[g] >= 0 || s.gF[g]&gDisrupted == 0 {
		t.Errorf("DE+GDs after the reveal: depth %d, disrupted %v", s.gDepth[g], s.gF[g]&gDisrupted != 0)
	}
}

func TestRule10_5_Infiltration(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0620")
	u := putCW(t, s, "Essex A", "0519")
	s.sel, s.dec = int8(u), decVerb
	if err := s.Apply(env.Action(aMove + hexID(t, s, "0520"))); err != nil {
		t.Fatal(err)
	}
	if s.roll != rollInfilChit {
		t.Fatal("moving past 0620 from one hex of its field next to it to another is an infiltration")
	}
	if err := s.Apply(env.Action(aChit + chitNamed(t, s, "Action 1"))); err != nil { // red, blue: 0620 is blue
		t.Fatal(err)
	}
	if s.cwSteps[u] != 2 || s.cwF[u]&fDisrupted != 0 || s.dec != decInfil {
		t.Fatal("a chit with the position's colour takes a step, without disruption, and the player may go on")
	}
	if err := s.Apply(aYes); err != nil {
		t.Fatal(err)
	}
	if s.data().Hexes[s.cwAt[u]].ID != "0520" || s.chitSt[chitNamed(t, s, "Action 1")] != chCup {
		t.Error("the move completes; the special draw goes back to the cup (ruling J7)")
	}
}

func TestRule10_7_DestroyObjective(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "Essex A", "0617")
	s.sel, s.dec = int8(u), decVerb
	if err := s.Apply(aDestroy); err != nil {
		t.Fatal(err)
	}
	if s.vp != 3 || !s.isDestroyed(posAt(t, s, "0617")) {
		t.Errorf("the harbour is worth 3 VP, got %d", s.vp)
	}
	putG(t, s, "Harbour platoon", "0617")
	if s.vp != 3 {
		t.Error("the VP stay even if a German unit comes back")
	}
}

func TestRule10_19_BonusCommandoActions(t *testing.T) {
	s := empty(t, DefaultOptions())
	putCW(t, s, "Essex A", "0419")
	c := putCW(t, s, "4 Cdo 1", "1637")
	d := putCW(t, s, "4 Cdo 2", "1540")
	s.cwF[d] |= fDisrupted
	s.phase, s.step, s.dec, s.roll = phOps, opDraw, decNone, rollChit
	chit := chitNamed(t, s, "Commando 1")
	if err := s.Apply(env.Action(aChit + chit)); err != nil {
		t.Fatal(err)
	}
	var buf [numActions]env.Action
	legal := s.LegalActions(buf[:0])
	if s.phase != phBonus || len(legal) != 2 || legal[1] != env.Action(aUnit+c) {
		t.Fatalf("only undisrupted commandos act in the special phase, got %v", legal)
	}
	if err := s.Apply(aPass); err != nil {
		t.Fatal(err)
	}
	if s.cwF[d]&fDisrupted != 0 || s.chitSt[chit] != chGone {
		t.Error("disrupted commandos recover, and a Remove chit leaves play")
	}
}

func TestRule11_11_OneAttackAPhase(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "570 2nd coy", "0920")
	putCW(t, s, "Essex A", "0820")
	h := hexID(t, s, "0920")
	if !s.attackable(h) {
		t.Fatal("attackable")
	}
	s.gF[g] |= gAttacked
	if s.attackable(h) {
		t.Error("11.11: a German unit is attacked once a phase")
	}
	s.gF[g] = gBarraged
	if s.attackable(h) {
		t.Error("11.15: not attacked and barraged in one phase")
	}
}

func TestRule12_6_Evacuation(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "RHLI A", "0421")
	s.evac[s.dieppeMap()] = true
	s.sel, s.dec = int8(u), decVerb
	if err := s.Apply(aBoard); err != nil {
		t.Fatal(err)
	}
	if s.cwSt[u] != cwBox || s.boarded[3] != 3 {
		t.Fatal("boarded into W2 with three steps")
	}
	s.phase, s.step, s.dec = phAction, 0, decNone
	s.runAction()
	if s.cwSt[u] != cwEvac || s.evacSteps != 3 {
		t.Error("units starting the action phase in a box are evacuated, steps and all")
	}
}

func TestRule15_2_OptionalAttrition(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "570 2nd coy", "0920") // 3, FL
	giveDepth(s, g, 0, true)               // D1: +1 HW, revealed: defence 4
	s.gF[g] |= gRevealed
	s.tgt = int8(posAt(t, s, "0920"))
	a := putCW(t, s, "Essex C", "0820") // 2 steps: 3
	s.cwSteps[a] = 2
	s.atk = 1<<a | 1<<putCW(t, s, "3 Cdo 1", "0921") // 3 + 4 = 7 > 4, FL met, commando for HW
	s.cwSteps[cwNamed(t, s, "3 Cdo 1")] = 1          // 2: A = 5 > 4
	s.dec = decNone
	s.resolveAttack()
	if s.gDepth[g] >= 0 {
		t.Fatal("A > D with tactics met and revealed depth: the depth marker is eliminated")
	}
	s = empty(t, DefaultOptions())
	g = putG(t, s, "570 2nd coy", "0920")
	giveDepth(s, g, 0, true)
	s.gF[g] |= gRevealed
	s.tgt = int8(posAt(t, s, "0920"))
	b := putCW(t, s, "3 Cdo 2", "0921") // 4 = D, commando covers HW, but FL from one hex is missing
	c := putCW(t, s, "Essex B", "0820")
	s.cwSteps[c] = 1 // 2 more: 6 > 4
	s.atk = 1<<b | 1<<c
	s.cwSteps[b] = 1 // 2 + 2 = 4 = D
	s.dec = decNone
	s.resolveAttack()
	if s.dec != decAttrition {
		t.Fatalf("A = D with tactics met against a revealed marker: AD + optional attrition, got %q", s.Prompt())
	}
	if err := s.Apply(env.Action(aUnit + b)); err != nil {
		t.Fatal(err)
	}
	if s.gDepth[g] >= 0 || s.cwSt[b] != cwElim {
		t.Error("attrition: the attacker's step for the depth marker")
	}
}

func TestRule5_6_DriftChoiceOption(t *testing.T) {
	s := empty(t, Options{Turns: 24, DriftChoice: true})
	s.turn, s.phase, s.step, s.dec = 1, phTransport, 1, decNone
	u := cwNamed(t, s, "Essex A")
	s.cwSt[u], s.cwAt[u], s.sel = cwBox, int16(indexOf(boxIDs(s.data().File.Boxes), "R2")), int8(u)
	s.landingResult(4)
	var buf [numActions]env.Action
	if legal := s.LegalActions(buf[:0]); s.dec != decDrift || len(legal) != 2 {
		t.Fatalf("drift=choice: the player picks R1 or W1, got %v", legal)
	}
	if err := s.Apply(env.Action(aBox + indexOf(boxIDs(s.data().File.Boxes), "W1"))); err != nil {
		t.Fatal(err)
	}
	if s.data().Boxes[s.cwAt[u]].ID != "W1" {
		t.Error("drifted west to W1 by choice")
	}
}

func TestRule10_5_InfiltrationKeepsOption(t *testing.T) {
	s := empty(t, Options{Turns: 24, InfiltrationKeeps: true})
	putG(t, s, "Coastal det. 2", "0620")
	u := putCW(t, s, "Essex A", "0519")
	s.sel, s.dec = int8(u), decVerb
	if err := s.Apply(env.Action(aMove + hexID(t, s, "0520"))); err != nil {
		t.Fatal(err)
	}
	c := chitNamed(t, s, "Action 3") // no blue: no effect
	if err := s.Apply(env.Action(aChit + c)); err != nil {
		t.Fatal(err)
	}
	if s.chitSt[c] != chAside || s.data().Hexes[s.cwAt[u]].ID != "0520" {
		t.Error("infiltration_keeps: the special draw stays out of the cup")
	}
}

func TestRule5_3_TwoUnitsABox(t *testing.T) {
	s := empty(t, DefaultOptions())
	r1 := indexOf(boxIDs(s.data().File.Boxes), "R1")
	for _, n := range []string{"Essex A", "Essex B"} {
		s.placeInBox(cwNamed(t, s, n), r1)
	}
	if s.boxFits(cwNamed(t, s, "Essex C"), r1) {
		t.Error("a third unit in R1")
	}
}

func TestRule6_21_CoastalPositionArrows(t *testing.T) {
	s := empty(t, DefaultOptions())
	p := posAt(t, s, "0517") // arrow to 0617
	putG(t, s, "Coastal det. 1", "0517")
	atChit(s, chitNamed(t, s, "Action 1"), 0, p)
	var m moveCheck
	if s.checkMove(p, &m) {
		t.Error("coastal units do not move (6.1)")
	}
	s.posUnit[p] = -1
	putG(t, s, "571 7th coy", "0517")
	if !s.checkMove(p, &m) || m.rule != aMove+hexID(t, s, "0617") {
		t.Errorf("a unit that moved into a coastal position uses its arrow, got %s", s.ActionString(env.Action(m.rule)))
	}
}

func TestRule8_3_AirStrike(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "Rommel battery", "0714")
	giveDepth(s, g, 5, false)
	s.event(3)
	if s.gF[g]&gDisrupted == 0 || s.gDepth[g] >= 0 {
		t.Error("the only unit in a VP position is disrupted and loses its depth marker")
	}
	putG(t, s, "302 Division HQ coy", "1016")
	s.event(3)
	if s.dec != decAir {
		t.Error("with two VP positions held, the player chooses")
	}
}

func TestRule9_3_DepthNeedsCommunication(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "302 Division HQ coy", "1016")
	rear := indexOf(s.data().AreaNames, "Rear")
	if s.depthEligible(rear) == 0 {
		t.Fatal("in communication: eligible")
	}
	putCW(t, s, "Essex A", "1115")
	putCW(t, s, "Essex B", "0915")
	putCW(t, s, "Essex C", "1017")
	if s.depthEligible(rear)&(1<<posAt(t, s, "1016")) != 0 {
		t.Error("cut off, the HQ cannot receive a depth marker")
	}
}

func TestRule12_7_NoBoardingWithoutTransport(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "RRC A", "0512")
	s.evac[s.dieppeMap()] = true
	if !s.canBoard(u) {
		t.Fatal("Blue has transport")
	}
	s.tp[2] = 0
	if s.canBoard(u) {
		t.Error("no transport points, no boarding (12.7, 10.12)")
	}
	s.evac[s.dieppeMap()], s.tp[2] = false, 4
	if s.canBoard(u) {
		t.Error("no boarding before the map is in evacuation mode (12.1)")
	}
}

func TestRule13_2_NoControlAcrossCliffs(t *testing.T) {
	s := empty(t, DefaultOptions())
	putCW(t, s, "RRC A", "0512") // cliff to 0511
	set := s.commSet(s.dieppeMap())
	// 0511 is not controlled across the cliff; 0612 is controlled.
	if !set.has(hexID(t, s, "0511")) {
		t.Error("control does not cross the cliff between 0512 and 0511")
	}
	if set.has(hexID(t, s, "0612")) {
		t.Error("0612, next to the unit, is controlled")
	}
}

func TestRule10_9_MakingChange(t *testing.T) {
	// The text's example: four TP at Dieppe, a two-step and a three-step
	// unit; the three-step unit makes change and both two-step units board.
	s := empty(t, DefaultOptions())
	s.evac[s.dieppeMap()] = true
	s.tp[3] = 4
	a := putCW(t, s, "RHLI A", "0421")
	b := putCW(t, s, "RHLI B", "0421")
	s.cwSteps[a] = 2
	s.board(a)
	if s.canBoard(b) || !s.canMakeChange(b, 2) || s.canMakeChange(b, 3) {
		t.Fatal("two TP left: the three-step unit boards two steps by making change")
	}
	s.sel, s.dec = int8(b), decVerb
	if err := s.Apply(env.Action(aChange + 1)); err != nil {
		t.Fatal(err)
	}
	if s.boarded[3] != 4 || s.cwSteps[b] != 1 || s.cwF[b]&fRepl == 0 || s.repl[s.data().CW[b].Symbol] != 4 {
		t.Errorf("boarded %d, left %d steps on a replacement, pool %d", s.boarded[3], s.cwSteps[b], s.repl[s.data().CW[b].Symbol])
	}
	s.phase, s.step, s.dec = phAction, 0, decNone
	s.runAction()
	if s.evacSteps != 4 {
		t.Errorf("evacuated %d steps, want 2 + 2", s.evacSteps)
	}
	c := putCW(t, s, "Calgary A1", "0418")
	s.tp[3] = 3
	if s.canMakeChange(c, 1) {
		t.Error("no change for tanks (10.9)")
	}
}
