package anvil

import "testing"

// TestCRTCellsFixedByExample3: the two cells the text fixes.
func TestCRTCellsFixedByExample3(t *testing.T) {
	d := Default().Data()
	for _, c := range []struct{ sp, roll, def int }{{5, 7, 2}, {3, 7, 2}} {
		if _, def := d.CRT(c.sp, c.roll); def != c.def {
			t.Errorf("CRT column %d, modified %d: %d defender hits, want %d", c.sp, c.roll, def, c.def)
		}
	}
}

// example3 is figure A of example 3: the Allies in 07, the Germans in 06.
func example3(t *testing.T) *State {
	s := blank(t)
	allied(t, s, "07")
	put(t, s, "07", "TF Butler", "1Bde/1DFL", "753TkB", "1GCA", "509PIB")
	put(t, s, "06", "33PzR/11PzD", "HAA1196", "PzJ50", "308GR/198ID", "326GR/198ID")
	put(t, s, "23", "7RGeR/157RD") // so the Germans have an impulse to take
	return s
}

// TestExample3_MobileCombatAndCounterAttack plays example 3 through:
// figure A the activation, B the counter-attack (+5, die 2, column 5: two
// hits), C the mobile combat (6 halved to 3, +3, die 4: two hits).
func TestExample3_MobileCombatAndCounterAttack(t *testing.T) {
	s := example3(t)
	do(t, s, "activate 07 Le Muy, Argens valley", "unit TF Butler", "unit 1Bde/1DFL", "unit 753TkB", "unit 1GCA", "unit 509PIB",
		"mobile combat", "to 06 Draguignan hills")
	if s.dec != decCounter || s.decSide != German {
		t.Fatalf("after the move: %s, want the German counter-attack choice", s.Prompt())
	}
	do(t, s, "unit 33PzR/11PzD", "unit HAA1196", "unit PzJ50", "counter-attack")
	// Figure B: 5 SP; +1 armored, +2 HAA 1196, +2 PzJ 50, no terrain: +5.
	if s.cSP != 5 || s.cDRM != 5 || s.ck != ckCounter {
		t.Fatalf("counter-attack with %d SP and %+d, want 5 and +5", s.cSP, s.cDRM)
	}
	do(t, s, "roll 2")
	if s.dec != decHits || s.decSide != Allied || s.hitsDue != 2 {
		t.Fatalf("after the die: %s (hits %d), want the Allies to take 2", s.Prompt(), s.hitsDue)
	}
	if legal(t, s, "disorganize 33PzR/11PzD") {
		t.Fatal("the counter-attack's hits fall only on the mobile combat units")
	}
	do(t, s, "disorganize 1Bde/1DFL", "eliminate 509PIB")
	for _, n := range []string{"33PzR/11PzD", "HAA1196", "PzJ50"} {
		if u := unit(t, s, n); s.data().Units[u].Class == ClassCombat && !s.disorg(u) {
			t.Errorf("%s is not disorganized after counter-attacking", n)
		}
	}
	// Figure C: TF Butler 6 halved to 3; +1 armored, +2 GCA, +1 753 TkB, -1 rough: +3.
	if s.ck != ckMobile || s.cSP != 3 || s.cDRM != 3 {
		t.Fatalf("mobile combat with %d SP and %+d, want 3 and +3", s.cSP, s.cDRM)
	}
	do(t, s, "roll 4")
	if s.decSide != German || s.hitsDue != 2 {
		t.Fatalf("after the die: %s, want the Germans to take 2", s.Prompt())
	}
	do(t, s, "disorganize 308GR/198ID", "disorganize 326GR/198ID")
	if s.dec != decImpulse || s.side != German {
		t.Fatalf("after the mobile combat: %s, want a German impulse", s.Prompt())
	}
	for _, n := range []string{"TF Butler", "1Bde/1DFL"} {
		if !s.disorg(unit(t, s, n)) {
			t.Errorf("%s is not disorganized at the end of the activation", n)
		}
	}
	if s.loc[unit(t, s, "509PIB")] != locElim {
		t.Error("509 PIB is not eliminated")
	}
}

// example2 is 5.8's example 2: the German group must take five hits.
func example2(t *testing.T) *State {
	s := blank(t)
	put(t, s, "06", "33PzR/11PzD", "326GR/198ID", "PzJ50")
	put(t, s, "07", "TF Butler")
	s.dec, s.decSide, s.hitsDue, s.hitStage, s.ck, s.cArea, s.cAtt = decHits, German, 5, 0, ckNormal, int8(area(t, s, "06")), Allied
	return s
}

// TestRule5_8_TakingHits plays the three distributions of example 2; each
// is legal, and each reaches exactly five hits with its last absorption.
func TestRule5_8_TakingHits(t *testing.T) {
	for _, seq := range [][]string{
		{"eliminate 33PzR/11PzD"},
		{"eliminate 326GR/198ID", "eliminate PzJ50"},
		{"disorganize 33PzR/11PzD", "disorganize 326GR/198ID", "reduce 326GR/198ID", "eliminate PzJ50"},
	} {
		s := example2(t)
		total := 0
		for _, text := range seq {
			if s.dec != decHits || s.decSide != German {
				t.Fatalf("%v: distribution over before %q", seq, text)
			}
			a, err := s.ParseAction(text)
			if err != nil {
				t.Fatal(err)
			}
			for k, base := range [3]int{aDisorg, aReduce, aElim} {
				if int(a) >= base && int(a) < base+MaxUnits {
					total += s.absorbs(k, int(a)-base)
				}
			}
			do(t, s, text)
		}
		if total != 5 {
			t.Fatalf("%v absorbs %d hits, want 5", seq, total)
		}
		if s.dec == decHits && s.decSide == German {
			t.Fatalf("%v: the Germans still take hits", seq)
		}
	}
	// The 8 SP US regiment that suffers a "2" is flipped: 4 hits.
	s := blank(t)
	put(t, s, "07", "180IR/45US")
	put(t, s, "06", "326GR/198ID")
	s.dec, s.decSide, s.hitsDue, s.ck, s.cArea, s.cAtt = decHits, Allied, 2, ckNormal, int8(area(t, s, "07")), German
	u := unit(t, s, "180IR/45US")
	if got := s.absorbs(hitReduce, u); got != 4 {
		t.Fatalf("flipping the US regiment absorbs %d hits, want 4", got)
	}
	do(t, s, "reduce 180IR/45US")
	if s.sp(u) != 4 {
		t.Fatalf("reduced regiment has %d SP, want 4", s.sp(u))
	}
	// A support or CD cannot be disorganized to take a hit.
	s = example2(t)
	if legal(t, s, "disorganize PzJ50") {
		t.Fatal("a support unit took a hit by disorganizing")
	}
}
