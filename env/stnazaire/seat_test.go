package stnazaire

import (
	"fmt"
	"testing"
)

// The German seat (opponent=seat): its pieces have every choice the rules
// of play leave them, and RuleAction is the choice of the priorities.

func seatScen(t *testing.T, mod func(*Options)) *scen {
	return newScen(t, func(o *Options) {
		o.GermanSeat = true
		if mod != nil {
			mod(o)
		}
	})
}

// ruleAction is RuleAction by name, checked to be legal.
func (c *scen) ruleAction() string {
	c.t.Helper()
	a, err := c.s.RuleAction()
	if err != nil {
		c.t.Fatal(err)
	}
	if !c.s.isLegal(a) {
		c.t.Fatalf("the rules' choice %s is not legal (%v)", c.s.ActionString(a), c.legal())
	}
	return c.s.ActionString(a)
}

func TestSeat8_1_GermanMovesWhereverTheRulesOfPlayAllow(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	c.expect("German "+kmHk1+" (strength 3) at Forges de l'Ouest moves (3 left)", "pass to stop")
	if c.s.CurrentPlayer() != 1 {
		t.Fatalf("the German seat should decide, not %d", c.s.CurrentPlayer())
	}
	c.mustLegal("pass", true) // stopping is the seat's choice
	for _, sp := range c.s.data().Move[c.space("S48")] {
		c.mustLegal("to "+c.s.data().Spaces[sp].ID, c.s.data().Spaces[sp].Exit < 0)
	}
	if got := c.ruleAction(); got != "to "+c.s.SpaceName(int(c.space("S53"))) {
		t.Fatalf("the rules step to %s, want S53 (the shortest way to Roy)", got)
	}
	c.play("to S53") // into Roy's ZoC: the move ends (6.1)
	c.wantWhere(kmHk1, "S53")
	if c.s.dec == decGermanMove {
		t.Fatalf("entering a British ZoC must end the move: %s", c.s.Prompt())
	}
}

func TestSeat8_1_GermanMoveAwayAndStop(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	var away string
	for _, a := range c.legal() {
		if a != "pass" && a != "to S53" {
			away = a
		}
	}
	c.play(away, "pass")
	if want := away[len("to "):]; c.s.SpaceName(int(c.space(c.where(kmHk1)))) != want {
		t.Fatalf("%s is at %s, want %s", kmHk1, c.where(kmHk1), want)
	}
}

func TestSeat7_8_1_StackingAndVehiclesBindTheSeat(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Chant", "S50")
	for _, f := range []string{"2 cm FlaK #7a (M60)", "2 cm FlaK #7b (M61)", "2 cm FlaK #1 (pos. 66)"} {
		c.putG(f, "S49")
	}
	c.putG(kmHk1, "S48")
	germanPhase(c, 2)
	c.expect(kmHk1)
	c.mustLegal("to S49", false) // three units there (7)

	c = seatScen(t, nil)
	c.putB("Roy", "S35")
	c.putG(armCar, "S51")
	germanPhase(c, 2)
	c.expect(armCar)
	c.mustLegal("to S37", false) // space 6, barred to vehicles (8.1)
}

func TestSeat9_GermanCombatIsMandatoryAndInReach(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Roy", "S40")
	c.putB("Chant", "S33")
	c.putB("Copland", "S33")
	c.putG(mg5, "S41")
	c.start(2, phCombatF)
	c.play("pass", "pass", "pass")
	c.expect("German " + mg5 + " (strength 5) attacks which commando")
	c.mustLegal("pass", false) // combat is mandatory for Germans (9)
	for _, name := range []string{"Roy", "Chant", "Copland"} {
		c.mustLegal("attack "+name, true)
	}
	if got := c.ruleAction(); got != "attack Copland" {
		t.Fatalf("the rules attack with %s, want Copland (9.1.1: the demolition stack, its assault team first)", got)
	}
	c.play("attack Roy") // the seat may choose otherwise
	c.expect("D10: German "+mg5+" (strength", "fires at Roy")
}

func TestSeat9_2_1_QuadFlakRepeatsAtTheSameSpace(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Roy", "S30")
	c.putB("Chant", "S30")
	c.putG(quadFlak, "S21")
	c.start(2, phCombatF)
	c.play("attack Chant", "roll 1", "roll 3") // no effect; 3 <= 4: fires again
	c.expect("German " + quadFlak + " (strength 4) fires again at Basin east quay")
	c.mustLegal("attack Roy", true)
	c.mustLegal("attack Chant", true)
	if got := c.ruleAction(); got != "attack Roy" {
		t.Fatalf("the rules fire again at %s, want Roy (9.1.1.2)", got)
	}
}

func TestSeat8_1_VariantTieDieComesBeforeTheDecision(t *testing.T) {
	c := seatScen(t, func(o *Options) { o.GermanVariant = true })
	c.putB("Roy", "S45")
	c.putG(kmHk1, "S43")
	c.start(2, phGerman)
	c.play("roll 1", "roll 1")
	c.expect("equal spaces") // the die first, where the rules roll it
	c.play("roll 2")
	c.expect("German " + kmHk1)
	if got := c.ruleAction(); got != "to "+c.s.SpaceName(int(c.space("S46"))) {
		t.Fatalf("after a 2 the rules step to %s, want S46", got)
	}
}

func TestSeatRuleActionOnlyForTheGermans(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Roy", "S41")
	c.putG(kmHk1, "S34")
	c.start(2, phCombatC)
	if _, err := c.s.RuleAction(); err == nil {
		t.Fatalf("RuleAction at a British decision (%s) must be an error", c.s.Prompt())
	}
}

// 8.2 for the German seat: face-down counters are hidden from the British,
// not from the Germans, in the tensor and in the structured view.
func TestSeat8_2_TheGermanSeatSeesItsFaceDownCounters(t *testing.T) {
	c := seatScen(t, nil)
	c.putB("Purdon", "S40")
	g := c.putG(kmHk1, "S34")
	c.s.gf.put(g, fConcealed, true)
	c.s.recount()
	british, german := c.s.Observe(0).(View), c.s.Observe(1).(View)
	if len(british.German) != 1 || british.German[0].Name != "" {
		t.Fatalf("the British must not see the face-down counter: %+v", british.German)
	}
	if len(german.German) != 1 || german.German[0].Name != kmHk1 || !german.German[0].Concealed {
		t.Fatalf("the German seat sees its face-down counter, marked concealed: %+v", german.German)
	}
	ob, og := c.s.Observation(0, nil), c.s.Observation(1, nil)
	if string(fmt.Sprint(ob)) == string(fmt.Sprint(og)) {
		t.Fatal("the German seat's tensor should show the face-down counter's identity")
	}
}
