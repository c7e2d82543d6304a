package jubilee

import (
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// Tests named after the sections of the Operation Jubilee rules.

func TestRule2_Components(t *testing.T) {
	d := Default().data
	cdo, inf := 0, 0
	for _, c := range d.CW {
		switch c.Type {
		case Commando:
			cdo++
			if c.MaxSteps != 2 {
				t.Errorf("%s: commandos have two steps (2.13)", c.Name)
			}
		case Infantry:
			inf++
			if c.MaxSteps != 3 {
				t.Errorf("%s: infantry companies have three steps (2.13)", c.Name)
			}
		case Tank:
			if c.MaxSteps != 2 {
				t.Errorf("%s: tanks have two steps (2.13)", c.Name)
			}
		}
	}
	repl := int(d.Repl[0] + d.Repl[1] + d.Repl[2])
	at := 0
	for _, g := range d.German {
		if g.Type == gAntiTank {
			at++
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"German units (3.1)", len(d.German), 32}, {"depth markers (3.3)", len(d.Depth), 20},
		{"commandos (3.3)", cdo, 10}, {"units on the turn track (3.3)", len(d.CW) - cdo, 31},
		{"replacements (3.3)", repl, 15}, {"op chits (3.3)", len(d.Chits), 37}, {"transport tracks (3.3)", len(d.Tracks), 5},
		{"anti-tank units (6.13)", at, 2},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	// 2.3: objectives are worth two to five VP.
	for _, p := range d.Positions {
		if p.VP != 0 && (p.VP < 2 || p.VP > 5) {
			t.Errorf("position %s: %d VP", d.Hexes[p.Hex].ID, p.VP)
		}
	}
}

func TestRule2_4_FieldsOfOneColourNeverOverlap(t *testing.T) {
	d := Default().data
	for i, p := range d.Positions {
		for j, q := range d.Positions {
			if j <= i || p.Colour != q.Colour {
				continue
			}
			for k := range p.Field {
				if p.Field[k]&q.Field[k] != 0 {
					t.Errorf("%s fields of %s and %s overlap (6.4)", colourNames[p.Colour], d.Hexes[p.Hex].ID, d.Hexes[q.Hex].ID)
				}
			}
		}
	}
}

func TestRule3_1_GermanUnitsInPositionsOfTheirLetter(t *testing.T) {
	g := Default()
	for seed := range uint64(20) {
		s := g.newState(seed)
		for gi, u := range g.data.German {
			if s.gPos[gi] < 0 || g.data.Positions[s.gPos[gi]].Letter != u.Letter {
				t.Fatalf("seed %d: %s not in a position lettered %c", seed, u.Name, u.Letter)
			}
			if s.gF[gi]&gRevealed != 0 {
				t.Fatalf("%s starts revealed", u.Name)
			}
		}
	}
}

func TestRule3_2_PreLandingAerialAttack(t *testing.T) {
	s := Default().newState(3)
	for _, id := range []string{"0517", "0620", "0522"} {
		g := s.posUnit[posAt(t, s, id)]
		if g < 0 || s.gF[g]&gDisrupted == 0 {
			t.Errorf("the unit in %s is not disrupted", id)
		}
	}
}

func TestRule3_4_CommandoDisposition(t *testing.T) {
	s := Default().newState(3)
	if s.roll != rollDisp {
		t.Fatalf("want the disposition roll, got %q", s.Prompt())
	}
	if err := s.Apply(aRoll + 0); err != nil { // 1: the historic result
		t.Fatal(err)
	}
	if s.tp[0] != 1 || s.tp[1] != 4 {
		t.Errorf("TP Yellow %d Orange %d, want 1 and 4", s.tp[0], s.tp[1])
	}
	for s.roll == rollPick {
		var b [numActions]env.Action
		if err := s.Apply(s.LegalActions(b[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
	// Three of No. 3 Commando stay home: their six steps count as evacuated.
	if s.evacSteps != 6 {
		t.Errorf("evacuated steps %d, want 6", s.evacSteps)
	}
	picked := 0
	for u, c := range s.data().CW {
		if c.Type == Commando && s.cwSt[u] != cwEvac {
			picked++
		}
	}
	if picked != 7 {
		t.Errorf("%d commandos go in, want 2 + 5", picked)
	}
}

func TestRule4_1_ChitsDrawnPerTurn(t *testing.T) {
	for _, c := range []struct {
		o    Options
		turn int8
		want int
	}{
		{DefaultOptions(), 1, 1}, {DefaultOptions(), 2, 3}, {DefaultOptions(), 9, 3},
		{Options{Turns: 24, Bombardment: true}, 1, 3},
		{Options{Turns: 24, EarlyFlanks: true}, 2, 2},
		{Options{Turns: 24, EarlyFlanks: true, Bombardment: true}, 2, 3},
	} {
		s := empty(t, c.o)
		s.turn = c.turn
		if got := s.nDraws(); got != c.want {
			t.Errorf("%+v turn %d: %d draws, want %d", c.o, c.turn, got, c.want)
		}
	}
}

func TestRule4_1_ChitChanceNodeIsTheCup(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.phase, s.step, s.dec, s.roll = phOps, opDraw, decNone, rollChit
	s.chitSt[0], s.chitSt[1] = chAside, chGone
	out := s.ChanceOutcomes(nil)
	if len(out) != 35 {
		t.Fatalf("%d outcomes, want the 35 chits left in the cup", len(out))
	}
	for _, o := range out {
		if o.Prob != 1.0/35 {
			t.Fatalf("chit probability %v", o.Prob)
		}
	}
}

func TestRule5_2_BoxesForArrivingUnits(t *testing.T) {
	s := empty(t, DefaultOptions())
	essex := cwNamed(t, s, "Essex A")
	var ids []string
	for b := range s.data().Boxes {
		if s.boxFits(essex, b) {
			ids = append(ids, s.data().Boxes[b].ID)
		}
	}
	if len(ids) != 2 || ids[0] != "R1" || ids[1] != "R2" {
		t.Errorf("Essex A (R) may use %v, want R1 and R2", ids)
	}
	fmr := cwNamed(t, s, "FMR A")
	n := 0
	for b := range s.data().Boxes {
		if s.boxFits(fmr, b) {
			n++
			if !s.data().Boxes[b].Labelled {
				t.Errorf("5.4: FMR A may be placed in the box without ID %s", s.data().Boxes[b].ID)
			}
		}
	}
	if n != 8 {
		t.Errorf("FMR A (no beach) may use %d boxes, want the 8 Dieppe-map boxes with ID letters", n)
	}
}

func TestRule5_6_DriftOffTheRowIsADelay(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.turn, s.phase, s.step = 1, phTransport, 1
	u := cwNamed(t, s, "Essex A")
	s.cwSt[u], s.cwAt[u], s.sel = cwBox, int16(indexOf(boxIDs(s.data().File.Boxes), "R1")), int8(u)
	s.landingResult(4) // turns 1-2 infantry, face 4: drift east; R1 is the east end
	if s.cwSt[u] != cwTrack || s.cwTurn[u] != 2 {
		t.Errorf("state %s turn %d, want delayed to turn 2", cwStNames[s.cwSt[u]], s.cwTurn[u])
	}
	s.cwSt[u], s.cwAt[u], s.sel = cwBox, int16(indexOf(boxIDs(s.data().File.Boxes), "W2")), int8(u)
	s.landingResult(5) // drift west into the box without ID at 0422
	if got := s.data().Boxes[s.cwAt[u]].ID; got != "-0422" {
		t.Errorf("drifted to %s, want the box at 0422", got)
	}
}

func TestRule5_7_DelayedUnitMayGoHomeFromTurn8(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := cwNamed(t, s, "FMR A")
	s.turn, s.dec = 7, decNone
	s.delay(u)
	if s.dec != decNone || s.cwTurn[u] != 8 {
		t.Errorf("turn 7: no choice, back on the track for turn 8")
	}
	s.turn = 8
	s.delay(u)
	if s.dec != decDelay {
		t.Errorf("turn 8: the player may send the unit to the Evacuated box")
	}
}

func TestRule5_8_UnitsLandEvenIfDisrupted(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := cwNamed(t, s, "Essex A")
	s.cwSt[u], s.cwAt[u], s.cwF[u] = cwBox, int16(indexOf(boxIDs(s.data().File.Boxes), "R2")), fDisrupted
	s.step, s.dec = 0, decNone
	s.runAction()
	if s.cwSt[u] != cwMap || s.data().Hexes[s.cwAt[u]].ID != "0419" || s.cwF[u]&fDisrupted == 0 {
		t.Errorf("Essex A should be on 0419, still disrupted")
	}
}

func TestRule6_7_HitLimits(t *testing.T) {
	for _, depth := range []bool{false, true} {
		s := empty(t, DefaultOptions())
		g := putG(t, s, "Coastal det. 1", "0517")
		if depth {
			giveDepth(s, g, 0, false)
		}
		a := putCW(t, s, "Essex A", "0418") // diamond: priority 2
		b := putCW(t, s, "Essex B", "0518") // triangle: priority 5
		s.phase, s.step, s.dec, s.hits = phOps, opFire, decNone, -1
		atChit(s, chitNamed(t, s, "Action 1"), 0, 0)
		for s.step == opFire && s.dec == decNone {
			s.runFire()
		}
		if s.cwSteps[a] != 2 {
			t.Errorf("depth %v: the priority-2 unit is hit first", depth)
		}
		if hitB := s.cwF[b]&fDisrupted != 0; hitB != depth {
			t.Errorf("depth %v: second unit hit %v", depth, hitB)
		}
	}
}

func TestRule6_8_FirePriorities(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0517")
	p := posAt(t, s, "0517")
	atChit(s, chitNamed(t, s, "Action 1"), 0, p) // red, diamond
	dia := putCW(t, s, "Essex A", "0418")        // diamond, adjacent beach
	tri := putCW(t, s, "Essex B", "0518")        // triangle, adjacent clear
	far := putCW(t, s, "Essex D", "0619")        // diamond, two hexes off
	if l := s.hitLevel(p, dia); l != 2 {
		t.Errorf("symbol unit on an adjacent beach: priority %d, want 2", l)
	}
	if l := s.hitLevel(p, tri); l != 5 {
		t.Errorf("other symbol adjacent: priority %d, want 5", l)
	}
	if l := s.hitLevel(p, far); l != 4 {
		t.Errorf("symbol unit in the field: priority %d, want 4", l)
	}
	best, group := s.fireGroup(p)
	if best != 2 || group != 1<<dia {
		t.Errorf("fire goes to priority %d, units %b", best, group)
	}
	// 15.1 priority 1: the symbol unit in a Beach Landing box loses a step and the beach a TP.
	box := cwNamed(t, s, "RHLI C") // diamond
	s.cwSt[box], s.cwAt[box] = cwBox, int16(indexOf(boxIDs(s.data().File.Boxes), "R1"))
	if l := s.hitLevel(p, box); l != 1 {
		t.Fatalf("unit in R1: priority %d, want 1", l)
	}
	s.applyHit(p, box)
	if s.cwSteps[box] != 2 || s.tp[3] != 7 || s.cwF[box]&fDisrupted != 0 {
		t.Errorf("priority 1: steps %d, Dieppe TP %d", s.cwSteps[box], s.tp[3])
	}
}

func TestRule6_11_OneStepLossPerChit(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0517")
	p := posAt(t, s, "0517")
	atChit(s, chitNamed(t, s, "Action 1"), 0, p)
	u := putCW(t, s, "Essex A", "0418")
	s.applyHit(p, u)
	s.cwF[u] &^= fHitPos // another position
	if l := s.hitLevel(p, u); l != 0 {
		t.Errorf("after a step loss and a disruption, priority %d, want none", l)
	}
}

// TestRule6_11_MostUnitsHit is 6.11's example: "if German position A is
// limited to hitting two units, and three units are eligible to be hit, one
// of which is also hit by position B, assume position B hits that unit and
// Position A hits the other two." A is 0517 (red, with a depth marker: two
// hits), B is 0620 (blue, one hit), on Action 1 (red then blue, diamond).
// Essex A in box R2 is in both fields, Essex D and RHLI C in box R1 in A's
// only; all three are diamonds, at priority 1. By its own priorities A
// would hit Essex A first (the most steps), leaving B nothing to hit: the
// greedy order of ruling J9, kept as fire_assign=greedy.
func TestRule6_11_MostUnitsHit(t *testing.T) {
	greedy := DefaultOptions()
	greedy.GreedyFire = true
	for _, tt := range []struct {
		opts Options
		want []int // steps left: Essex A, Essex D, RHLI C
	}{
		{DefaultOptions(), []int{2, 1, 1}},
		{greedy, []int{2, 1, 2}},
	} {
		s := empty(t, tt.opts)
		giveDepth(s, putG(t, s, "Coastal det. 1", "0517"), 0, false)
		putG(t, s, "Coastal det. 2", "0620")
		boxes := boxIDs(s.data().File.Boxes)
		var units []int
		for _, x := range []struct {
			name, box string
			steps     int8
		}{{"Essex A", "R2", 3}, {"Essex D", "R1", 2}, {"RHLI C", "R1", 2}} {
			u := cwNamed(t, s, x.name)
			s.cwSt[u], s.cwAt[u], s.cwSteps[u] = cwBox, int16(indexOf(boxes, x.box)), x.steps
			units = append(units, u)
		}
		s.phase, s.step, s.dec, s.hits = phOps, opFire, decNone, -1
		atChit(s, chitNamed(t, s, "Action 1"), 0, 0)
		for s.step == opFire {
			if s.dec == decFireTie { // the CW player's choice among tied units
				s.applyHit(s.curPos(), lowest(s.cand))
				s.hits--
				s.cand, s.dec = 0, decNone
			}
			s.runFire()
		}
		var got []int
		for _, u := range units {
			got = append(got, int(s.cwSteps[u]))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("fire_assign=%s: steps left %v, want %v", tt.opts.Params()["fire_assign"], got, tt.want)
		}
	}
}

func TestRule6_12_ConcentratedTarget(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0517")
	p := posAt(t, s, "0517")
	atChit(s, chitNamed(t, s, "Action 1"), 0, p) // diamond
	b := putCW(t, s, "Essex B", "0418")          // triangle
	if l := s.hitLevel(p, b); l != 5 {
		t.Fatalf("alone: priority %d", l)
	}
	putCW(t, s, "Essex C", "0418") // 3 + 3 = 6 steps
	if l := s.hitLevel(p, b); l != 2 {
		t.Errorf("six steps in the hex: priority %d, want 2", l)
	}
}

func TestRule6_13_ArmorBonus(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0517")
	p := posAt(t, s, "0517")
	tank := putCW(t, s, "Calgary B1", "0418") // circle
	atChit(s, chitNamed(t, s, "Action 3"), 0, p)
	if l := s.hitLevel(p, tank); l != 5 {
		t.Errorf("red without armor bonus: priority %d, want 5", l)
	}
	atChit(s, chitNamed(t, s, "Action 15"), 0, p) // red with the bonus
	if l := s.hitLevel(p, tank); l != 2 {
		t.Errorf("red with the armor bonus: priority %d, want 2", l)
	}
	s.posUnit[p] = -1
	putG(t, s, "302 Anti-tank 1", "0517")
	atChit(s, chitNamed(t, s, "Action 3"), 0, p)
	if l := s.hitLevel(p, tank); l != 2 {
		t.Errorf("anti-tank unit: priority %d, want 2", l)
	}
}

func TestRule6_15_MovementChecks(t *testing.T) {
	s := empty(t, DefaultOptions())
	brown := chitNamed(t, s, "Action 4") // red, brown
	p := posAt(t, s, "0812")
	putG(t, s, "571 Puys platoon", "0812")
	atChit(s, brown, 1, p)
	var m moveCheck
	if !s.checkMove(p, &m) || m.nDest != 2 || m.rule != aMove+hexID(t, s, "0714") {
		t.Errorf("G: both free, no CW fields: primary arrow 0714, got %s", s.ActionString(env.Action(m.rule)))
	}
	putCW(t, s, "3 Cdo 1", "0709")
	s.cwSteps[cwNamed(t, s, "3 Cdo 1")] = 1
	s.checkMove(p, &m)
	if m.rule != aMove+hexID(t, s, "0710") {
		t.Errorf("G: the destination with CW units in its field, got %s", s.ActionString(env.Action(m.rule)))
	}
	putG(t, s, "Rommel battery", "0714")
	s.checkMove(p, &m)
	if m.nDest != 1 || m.rule != aMove+hexID(t, s, "0710") {
		t.Errorf("F: the free one, got %s", s.ActionString(env.Action(m.rule)))
	}
	putG(t, s, "571 3rd coy", "0710")
	s.checkMove(p, &m)
	if m.rule != aPass {
		t.Errorf("E: both occupied, stay; got %s", s.ActionString(env.Action(m.rule)))
	}
	q := posAt(t, s, "0813") // one arrow to 0714 (German): C
	putG(t, s, "302 Cyclist sqn", "0813")
	atChit(s, chitNamed(t, s, "Action 7"), 1, q) // blue, orange
	if s.checkMove(q, &m); m.rule != aPass {
		t.Errorf("C: stay, got %s", s.ActionString(env.Action(m.rule)))
	}
}

func TestRule6_18_AssaultThreshold(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "571 Puys platoon", "0812")
	u := putCW(t, s, "RRC A", "0710") // strength 4 in the arrow's position
	s.aux, s.aux2 = int16(posAt(t, s, "0710")), int16(posAt(t, s, "0812"))
	s.dec = decNone
	s.assaultResult(4)
	if s.cwF[u]&fDisrupted != 0 {
		t.Errorf("a 4 against strength 4 does nothing")
	}
	s.assaultResult(5)
	if s.cwF[u]&fDisrupted == 0 || s.dec != decRetreat {
		t.Errorf("a 5 disrupts and pushes back (retreat hex chosen by the player)")
	}
}

func TestRule6_19_ObjectiveGarrison(t *testing.T) {
	s := empty(t, DefaultOptions())
	p := posAt(t, s, "0617")
	putG(t, s, "Harbour platoon", "0617")
	atChit(s, chitNamed(t, s, "Action 4"), 1, p)
	var m moveCheck
	if !s.checkMove(p, &m) {
		t.Fatal("with no CW unit near, the unit checks")
	}
	putCW(t, s, "Essex A", "0817") // two hexes off, outside its field
	if s.checkMove(p, &m) {
		t.Error("a CW unit within two hexes keeps the garrison in place")
	}
}

func TestRule6_20_BatteryArrowsOnlyOnceDestroyed(t *testing.T) {
	s := empty(t, DefaultOptions())
	p := posAt(t, s, "1706")
	putG(t, s, "570 Berneval platoon", "1706")
	atChit(s, chitNamed(t, s, "Action 1"), 0, p)
	var m moveCheck
	if s.checkMove(p, &m) {
		t.Error("Goebbels' arrows do not exist before the objective is destroyed")
	}
	s.destroyed |= 1 << p
	if !s.checkMove(p, &m) {
		t.Error("after destruction the arrows work")
	}
}

func TestRule6_22_DisruptedGermansDoNotFire(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "Coastal det. 1", "0517")
	s.gF[g] |= gDisrupted
	u := putCW(t, s, "Essex A", "0418")
	s.phase, s.step, s.dec, s.roll = phOps, opDraw, decNone, rollChit
	if err := s.Apply(env.Action(aChit + chitNamed(t, s, "Action 1"))); err != nil {
		t.Fatal(err)
	}
	if s.cwSteps[u] != 3 || s.cwF[u]&fDisrupted != 0 {
		t.Error("a disrupted position fired")
	}
	if s.gF[g]&gDisrupted != 0 {
		t.Error("the chit's colour should recover after fire and movement")
	}
}

func TestRule7_CoastalBatteries(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.phase, s.step, s.dec = phOps, opDraw, decNone
	s.drawn(chitNamed(t, s, "Battery Hess"))
	if s.tp[1] != 3 {
		t.Errorf("Hess active: Orange TP %d, want 3", s.tp[1])
	}
	putCW(t, s, "4 Cdo 1", "1738")
	s.drawn(chitNamed(t, s, "Battery Hess"))
	if s.tp[1] != 3 {
		t.Errorf("Hess inactive with a CW unit in its hex")
	}
	s.drawn(chitNamed(t, s, "Battery Hitler"))
	if s.tp[3] != 7 || s.tp[2] != 4 || s.tp[4] != 6 {
		t.Errorf("Hitler hits the Dieppe track only: %v", s.tp)
	}
}

func TestRule8_1_NoEventsBeforeTurn4(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.phase, s.step, s.dec, s.turn = phOps, opDraw, decNone, 3
	s.drawn(chitNamed(t, s, "Event 1"))
	if s.roll != rollNone {
		t.Error("turn 3: no event")
	}
	s.turn = 4
	s.drawn(chitNamed(t, s, "Event 2"))
	if s.roll != rollEvent {
		t.Error("turn 4: roll for the event")
	}
}

func TestRule8_2_EngineersDestroyTheTankWall(t *testing.T) {
	s := empty(t, DefaultOptions())
	putCW(t, s, "RHLI A", "0518")
	s.event(1)
	if !s.wallDown {
		t.Error("engineers on a wall hex destroy the wall")
	}
	s = empty(t, DefaultOptions())
	s.event(2)
	if s.wallDown || s.roll != rollWall {
		t.Error("without engineers, roll again")
	}
}

func TestRule8_4_TransportRecalled(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.event(4)
	if s.tp[3] != 7 {
		t.Errorf("Dieppe (8) is the most: %v", s.tp)
	}
	s.tp[4] = 7
	s.event(5)
	if s.dec != decRecall || popcount(s.cand) != 2 {
		t.Error("a tie is the player's choice")
	}
}

func TestRule8_5_GermanRedeployment(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "Coastal det. 1", "0611")
	giveDepth(s, g, 3, false)
	s.event(6)
	if s.gDepth[g] >= 0 || s.depthSt[3] != dBox {
		t.Error("a coastal unit with no CW in its field returns its depth marker")
	}
}

func TestRule9_2_DepthPlacementPriorities(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "571 7th coy", "0719")
	putG(t, s, "571 6th coy", "0721")
	putCW(t, s, "Essex A", "0622")
	c := s.depthEligible(indexOf(s.data().AreaNames, "Dieppe"))
	if p := s.depthChoice(c); s.data().Hexes[s.data().Positions[p].Hex].ID != "0721" {
		t.Errorf("the unit closest to a CW unit, got %s", s.data().Hexes[s.data().Positions[p].Hex].ID)
	}
}

func TestRule9_5_FallBackToDieppe(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "571 7th coy", "0719")
	c := s.depthEligible(indexOf(s.data().AreaNames, "Blue"))
	if c != 1<<posAt(t, s, "0719") {
		t.Error("no eligible unit in Blue: the marker goes to the Dieppe area")
	}
	if s.depthEligible(indexOf(s.data().AreaNames, "Yellow")) != 0 {
		t.Error("no eligible unit in Yellow: nothing")
	}
}

func TestRule10_2_MoveAllowance(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "SSR A", "1017")
	dests := s.moveDests(u)
	if !dests.has(hexID(t, s, "1015")) {
		t.Error("two hexes outside any field")
	}
	if !dests.has(hexID(t, s, "1116")) {
		t.Error("one hex along the road")
	}
	putG(t, s, "302 Division HQ coy", "1016") // field 2 covers the surroundings
	dests = s.moveDests(u)
	if dests.has(hexID(t, s, "0919")) {
		t.Error("entering a live field of fire limits the move to one hex")
	}
	if dests.has(hexID(t, s, "1016")) {
		t.Error("a German-held hex cannot be entered (10.4)")
	}
}

func TestRule10_6_WireHexsides(t *testing.T) {
	s := empty(t, DefaultOptions())
	a := putCW(t, s, "Essex A", "0419")
	b := putCW(t, s, "Essex B", "0419")
	if da := s.moveDests(a); !da.has(hexID(t, s, "0519")) {
		t.Fatal("one hex across wire is allowed")
	}
	s.sel = int8(a)
	s.moveUnit(a, hexID(t, s, "0519"))
	if db := s.moveDests(b); db.has(hexID(t, s, "0519")) {
		t.Error("only one unit a phase crosses a given wire hexside")
	}
}

func TestRule10_8_BoardTransport(t *testing.T) {
	s := empty(t, DefaultOptions())
	u := putCW(t, s, "RHLI A", "0421")
	v := putCW(t, s, "RHLI B", "0422")
	s.evac[s.dieppeMap()] = true
	if !s.canBoard(u) || s.canBoard(v) {
		t.Error("board from 0421 into W2, not from 0422")
	}
	tank := putCW(t, s, "Calgary A1", "0418")
	s.tp[3] = 3
	if s.canBoard(tank) {
		t.Error("10.11: a two-step tank needs four TP")
	}
	s.tp[3] = 4
	if !s.canBoard(tank) {
		t.Error("10.11: four TP carry a two-step tank")
	}
}

// TestRule10_13_CommandoTransportOneBeach: once a unit on the Yellow or
// Orange map boards, "all other units may only board transport from that
// same beach". The example's beach, 1503, is one hex; 1507-1508 and
// 1540-1541 are beaches of two, where a second unit may board from the other
// hex (ruling J38) unless board_from=hex reads the example literally.
func TestRule10_13_CommandoTransportOneBeach(t *testing.T) {
	hexOnly := DefaultOptions()
	hexOnly.BoardFromHex = true
	for _, tt := range []struct {
		opts          Options
		first, second string // the units' names, on the same map
		from, then    string // the hexes they board from
		want          bool
	}{
		{DefaultOptions(), "3 Cdo 1", "3 Cdo 2", "1503", "1507", false}, // the rule's example
		{DefaultOptions(), "3 Cdo 1", "3 Cdo 2", "1507", "1503", false},
		{DefaultOptions(), "3 Cdo 1", "3 Cdo 2", "1507", "1508", true},
		{DefaultOptions(), "3 Cdo 1", "3 Cdo 2", "1508", "1507", true},
		{DefaultOptions(), "3 Cdo 1", "3 Cdo 2", "1507", "1507", true},
		{DefaultOptions(), "4 Cdo 1", "4 Cdo 2", "1540", "1541", true},
		{DefaultOptions(), "4 Cdo 1", "4 Cdo 2", "1541", "1536", false},
		{hexOnly, "3 Cdo 1", "3 Cdo 2", "1503", "1507", false},
		{hexOnly, "3 Cdo 1", "3 Cdo 2", "1507", "1508", false},
		{hexOnly, "3 Cdo 1", "3 Cdo 2", "1507", "1507", true},
		{hexOnly, "4 Cdo 1", "4 Cdo 2", "1540", "1541", false},
	} {
		s := empty(t, tt.opts)
		a := putCW(t, s, tt.first, tt.from)
		b := putCW(t, s, tt.second, tt.then)
		s.evac = [3]bool{true, true, true}
		s.tp[0], s.tp[1] = 4, 4 // the Yellow and Orange tracks
		if !s.canBoard(a) || !s.canBoard(b) {
			t.Fatalf("%s and %s cannot board from %s and %s before anyone has", tt.first, tt.second, tt.from, tt.then)
		}
		s.board(a)
		if got := s.canBoard(b); got != tt.want {
			t.Errorf("board_from=%s: after a board from %s, boarding from %s is %v, want %v",
				tt.opts.Params()["board_from"], tt.from, tt.then, got, tt.want)
		}
	}
}

func TestRule10_16_Stacking(t *testing.T) {
	s := empty(t, DefaultOptions())
	for _, n := range []string{"Essex A", "Essex B", "Essex C"} {
		putCW(t, s, n, "0419")
	}
	s.step, s.dec = 2, decNone
	s.runAction()
	if s.dec != decStack {
		t.Fatal("three units in a hex at the end of the phase")
	}
	if err := s.Apply(env.Action(aUnit + cwNamed(t, s, "Essex C"))); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.hexUnits(int16(hexID(t, s, "0419"))); n != 2 {
		t.Errorf("%d units left", n)
	}
}

func TestRule11_7_Flanking(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "570 1st coy", "0920") // FL
	s.tgt = int8(posAt(t, s, "0920"))
	a := putCW(t, s, "Essex A", "0820")
	s.atk = 1 << a
	if _, _, met := s.attackOdds(); met {
		t.Error("FL from one hex is not met")
	}
	b := putCW(t, s, "Essex B", "0821")
	s.atk |= 1 << b
	if _, _, met := s.attackOdds(); !met {
		t.Error("FL from two hexes is met")
	}
	giveDepth(s, g, 2, true) // D3: FL as well
	if _, _, met := s.attackOdds(); met {
		t.Error("double FL from two adjacent hexes is not met")
	}
	c := putCW(t, s, "Essex C", "1020")
	s.atk = 1<<a | 1<<c
	if _, _, met := s.attackOdds(); !met {
		t.Error("double FL from two hexes not adjacent to each other is met")
	}
}

func TestRule11_8_CommandoWildCard(t *testing.T) {
	s := empty(t, DefaultOptions())
	g := putG(t, s, "570 1st coy", "0920")
	giveDepth(s, g, 2, true) // double FL
	s.tgt = int8(posAt(t, s, "0920"))
	c := putCW(t, s, "3 Cdo 1", "0820")
	s.atk = 1 << c
	if _, _, met := s.attackOdds(); !met {
		t.Error("one commando overturns the whole double FL")
	}
	giveDepth(s, g, 0, true) // D1: HW, so HW and FL are needed
	if _, _, met := s.attackOdds(); met {
		t.Error("the wild card stands in for one tactic only")
	}
}

func TestRule11_13_BarrageRangeAndObserver(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "Coastal det. 2", "0620")
	p := posAt(t, s, "0620")
	tank := putCW(t, s, "Calgary A1", "0420") // distance 2 from 0620
	if !s.canBarrage(tank, p) {
		t.Error("in range 2, not adjacent, observing itself from the field")
	}
	s.cwAt[tank] = int16(hexID(t, s, "0519"))
	if s.canBarrage(tank, p) {
		t.Error("11.13: not from an adjacent hex")
	}
	s.cwAt[tank] = int16(hexID(t, s, "0418"))
	if s.canBarrage(tank, p) {
		t.Error("11.14: distance 3 is out of range 2")
	}
}

func TestRule15_2_AttackResultsTable(t *testing.T) {
	d := Default().data
	for _, c := range []struct {
		met, row, col int
		want          uint8
	}{
		{0, 0, 0, resAD | resGD}, {1, 3, 0, resGE}, {1, 2, 2, resDE | resGDs}, {0, 2, 1, resRV}, {1, 1, 2, resAD | resOA},
	} {
		if got := d.Attack[c.met][c.row][c.col]; got != c.want {
			t.Errorf("section %d row %d column %d: %b, want %b", c.met, c.row, c.col, got, c.want)
		}
	}
	// A worked attack: Essex A (4) and B (4) against a revealed 3 in clear
	// ground, tactics met, 8 >= 2 x 3: the unit is eliminated.
	s := empty(t, DefaultOptions())
	g := putG(t, s, "570 2nd coy", "0920") // 3, FL
	s.gF[g] |= gRevealed
	s.tgt = int8(posAt(t, s, "0920"))
	s.atk = 1<<putCW(t, s, "Essex A", "0820") | 1<<putCW(t, s, "Essex B", "0921")
	s.dec = decNone
	s.resolveAttack()
	if s.gPos[g] >= 0 {
		t.Error("8 against 3 with FL met eliminates the unit")
	}
}

func TestRule12_2_DieppeEvacuationTriggers(t *testing.T) {
	s := empty(t, DefaultOptions())
	fmr := cwNamed(t, s, "FMR A")
	s.cwTurn[fmr] = 7
	for _, id := range []string{"0714", "0617", "0526", "1016"} { // 4 + 3 + 4 + 4
		s.destroyObjective(posAt(t, s, id))
	}
	if !s.evac[s.dieppeMap()] {
		t.Error("15 VP on the Dieppe map switches it to evacuation")
	}
	if s.cwSt[fmr] != cwEvac {
		t.Error("12.4: units still on the track for the map are evacuated")
	}
	s = empty(t, DefaultOptions())
	for _, n := range []string{"Essex A", "Essex B", "Essex C", "Essex D", "RHLI A", "RHLI B", "RHLI C", "RHLI D", "QOCH A"} {
		s.eliminate(cwNamed(t, s, n))
	}
	if s.evac[s.dieppeMap()] {
		t.Error("nine is not enough")
	}
	s.eliminate(cwNamed(t, s, "QOCH B"))
	if !s.evac[s.dieppeMap()] {
		t.Error("ten three-step infantry units eliminated")
	}
}

func TestRule12_3_FlankEvacuation(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.destroyObjective(posAt(t, s, "1706"))
	if !s.evac[0] || s.evac[1] || s.evac[2] {
		t.Errorf("Goebbels destroyed: only the Yellow map evacuates, got %v", s.evac)
	}
	s.turn, s.phase, s.dec = 7, phEnd, decNone
	s.runEnd()
	if !s.evac[2] {
		t.Error("after turn 7 Orange evacuates too")
	}
}

func TestRule12_8_Surrender(t *testing.T) {
	s := empty(t, DefaultOptions())
	in := putCW(t, s, "RRC A", "0512")
	adj := putCW(t, s, "RRC B", "0613")
	away := putCW(t, s, "RRC C", "0710")
	s.tp[2] = 1
	s.loseTP(2)
	if s.cwSt[in] != cwElim || s.cwSt[adj] != cwElim || s.cwSt[away] != cwMap {
		t.Error("Blue TP to zero: units in or next to 0512 and 0513 surrender, others do not")
	}
	y := putCW(t, s, "3 Cdo 1", "1706")
	s.tp[0] = 1
	s.loseTP(0)
	if s.cwSt[y] != cwElim {
		t.Error("the Yellow map's only track at zero: all its units surrender")
	}
}

func TestRule13_3_Communication(t *testing.T) {
	s := empty(t, DefaultOptions())
	putG(t, s, "302 Division HQ coy", "1016")
	p := posAt(t, s, "1016")
	if !s.inComm(p, -1) {
		t.Fatal("1016 is on the Arques road")
	}
	for _, id := range []string{"1115", "0915", "1017"} {
		putCW(t, s, map[string]string{"1115": "Essex A", "0915": "Essex B", "1017": "Essex C"}[id], id)
	}
	if s.inComm(p, -1) {
		t.Error("CW units and their control cut the HQ off")
	}
}

func TestRule14_3_VictoryLevels(t *testing.T) {
	s := empty(t, DefaultOptions())
	s.vp, s.evacSteps = 12, 25
	if s.Points() != 37 || s.Level() != "Operational Defeat" {
		t.Errorf("12 VP + 25 steps: %d, %s; the text says 37, an operational defeat", s.Points(), s.Level())
	}
	s.evacSteps = 10
	if s.Level() != "Operational Disaster" {
		t.Error("under 35: operational disaster")
	}
	s.vp, s.evacSteps = 25, 0
	if s.Level() != "Operational Victory" {
		t.Error("14.2: 25 objective VP is an operational victory")
	}
}

func TestRule14_1_GameEnd(t *testing.T) {
	s := empty(t, DefaultOptions())
	putCW(t, s, "Essex A", "0419")
	s.turn, s.phase, s.dec = 24, phEnd, decNone
	s.runEnd()
	if !s.IsTerminal() {
		t.Error("the game ends after turn 24")
	}
	s = empty(t, DefaultOptions())
	s.turn, s.phase, s.dec = 17, phEnd, decNone
	u := cwNamed(t, s, "FMR A")
	s.cwTurn[u] = 18
	s.runEnd()
	if !s.IsTerminal() {
		t.Error("after turn 16, no CW unit on the map ends the game")
	}
}

func TestRule16_2_NoConvoy(t *testing.T) {
	s := mustGame(Options{Turns: 24, NoConvoy: true}).newState(1)
	if s.tp[0] != 4 || s.tp[1] != 4 || s.evacSteps != 0 {
		t.Errorf("TP %v, evacuated %d", s.tp, s.evacSteps)
	}
	if s.opts().penalty() != 5 {
		t.Error("-5 VP")
	}
}

func TestRule16_3_Bombardment(t *testing.T) {
	s := mustGame(Options{Turns: 24, Bombardment: true}).newState(1)
	if s.dec != decRemove {
		t.Fatal("the player removes two Dieppe-town coastal units")
	}
	var b [numActions]env.Action
	for range 2 {
		if err := s.Apply(s.LegalActions(b[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
	left := 0
	for _, p := range s.townCoastal() {
		if g := s.posUnit[p]; g >= 0 {
			left++
			if s.gF[g]&gDisrupted == 0 {
				t.Error("the survivor is disrupted")
			}
		}
	}
	if left != 1 || !s.wallDown {
		t.Errorf("%d units left, wall down %v", left, s.wallDown)
	}
}

func TestRule16_4_EarlierFlankLandings(t *testing.T) {
	s := empty(t, Options{Turns: 24, EarlyFlanks: true})
	s.turn = 1
	if c := s.landingColumn(cwNamed(t, s, "SSR A")); c != 1 {
		t.Errorf("turn 1 infantry read the turn 3 column, got %d", c)
	}
	if s.opts().penalty() != 3 {
		t.Error("-3 VP")
	}
}
