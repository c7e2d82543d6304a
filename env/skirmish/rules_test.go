package skirmish

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// Tests named after the sections of the text, in its order.

// duel is a commando and a German infantry unit d inches apart, east-west.
func duel(t *testing.T, kind string, d float64, extra string) *State {
	d0 := table(t, "", "", figure("Roy", "British", "assault", 10, 18, `,"officer":true`)+","+
		figure("Hans", "German", kind, 10+d, 18, extra)+","+figure("Chant", "British", "demolition", 8, 30, ""))
	return game(t, d0, Options{Seat: true}).newState()
}

func TestRule_Turns_CommandosFirstThenGermans(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	if s.CurrentPlayer() != 0 || s.phase != phBritish {
		t.Fatalf("the game opens with %s", s.Phase())
	}
	play(t, s, "end")
	// Quiet garrison: the alarm die (G1), then the German phase.
	if s.step != dieAlarm {
		t.Fatalf("after the commandos: %s", s.Prompt())
	}
	play(t, s, "roll 1")
	if s.turn != 2 || s.phase != phBritish {
		t.Fatalf("a quiet turn should end without German activity: %s", s.Phase())
	}
}

func TestRule_UnitActivation_OnceAndInTheOrderChosen(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	if !legal(t, s, "activate Chant") || !legal(t, s, "activate Roy") {
		t.Fatal("the player chooses which unit activates first")
	}
	play(t, s, "activate Chant", "roll 1", "end")
	if legal(t, s, "activate Chant") {
		t.Fatal("Chant activated twice in a turn")
	}
}

func TestRule_UnitActivation_GermansNeitherAssaultNorDemolish(t *testing.T) {
	s := duel(t, "infantry", 1.2, "")
	s.alarm = true
	play(t, s, "end", "activate Hans", "roll 6")
	for _, a := range s.LegalActions(nil) {
		if a >= aMortar && a < aCut {
			t.Fatalf("German may %s", s.ActionString(a))
		}
	}
}

func TestRule_ActivationRoll_Table(t *testing.T) {
	want := map[int]int8{-2: 0, -1: 0, 0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3}
	for score, n := range want {
		if got := activationActions(score); got != n {
			t.Errorf("score %d: %d actions, the table says %d", score, got, n)
		}
	}
}

func TestRule_ActivationRoll_GermanConfusion(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	s.alarm = true
	play(t, s, "end", "activate Hans", "roll 1")
	if s.turn != 2 || s.phase != phBritish {
		t.Fatalf("German face 1 - 1 = 0 should give no action, ending the turn: %s", s.Prompt())
	}
	s = duel(t, "infantry", 10, "")
	s.alarm = true
	play(t, s, "end", "activate Hans", "roll 3")
	if s.acts != 1 {
		t.Fatalf("German face 3 - 1 = 2: %d actions, want 1", s.acts)
	}
}

func TestRule_Officers_DirectAnotherUnitWithinSix(t *testing.T) {
	d := table(t, "", "", figure("Roy", "British", "assault", 10, 18, `,"officer":true`)+","+
		figure("Chant", "British", "demolition", 14, 18, "")+","+figure("Hans", "German", "infantry", 40, 18, ""))
	s := game(t, d, Options{}).newState()
	if legal(t, s, "direct Chant") {
		t.Fatal("Chant has no officer")
	}
	play(t, s, "direct Roy")
	if legal(t, s, "boost Roy") || !legal(t, s, "boost Chant") {
		t.Fatalf("an officer directs another unit, never itself: %s", legalNames(s))
	}
	play(t, s, "boost Chant")
	if legal(t, s, "activate Roy") {
		t.Fatal("an officer who directs gives up its own activation")
	}
	play(t, s, "activate Chant", "roll 2")
	if s.acts != 2 {
		t.Fatalf("face 2 + 1 = 3: %d actions, want 2", s.acts)
	}
	// Beyond 6" the officer cannot direct.
	d = table(t, "", "", figure("Roy", "British", "assault", 10, 18, `,"officer":true`)+","+
		figure("Chant", "British", "demolition", 16.01, 18, "")+","+figure("Hans", "German", "infantry", 40, 18, ""))
	if s := game(t, d, Options{}).newState(); legal(t, s, "direct Roy") {
		t.Fatal("Roy directed a unit more than 6\" away")
	}
}

func TestRule_ActivationRoll_Searchlight(t *testing.T) {
	d := table(t, "", "", figure("Roy", "British", "assault", 10, 18, "")+","+
		figure("Chant", "British", "demolition", 14, 18, "")+","+figure("Light", "German", "searchlight", 2, 18, ""))
	s := game(t, d, Options{Reactions: "alert"}).newState()
	if !s.litOn(idx(t, s, "Roy")) || s.litOn(idx(t, s, "Chant")) {
		t.Fatal("only the closest commando within 12\" of a lit searchlight is picked out")
	}
	play(t, s, "activate Roy", "roll 2")
	if s.cur != -1 {
		t.Fatalf("face 2 - 2 = 0 should give no action: %s", s.Prompt())
	}
	play(t, s, "activate Chant", "roll 2")
	if s.acts != 1 {
		t.Fatalf("Chant is not picked out: %d actions, want 1", s.acts)
	}
}

func TestRule_ActivationRoll_PillboxesDoNotActivate(t *testing.T) {
	s := duel(t, "pillbox", 10, `,"facing":[-1,0]`)
	s.alarm = true
	play(t, s, "end")
	if s.step != stepPillbox {
		t.Fatalf("the pillbox should fire without an activation roll: %s", s.Prompt())
	}
	play(t, s, "shoot Roy")
	if s.step != dieHit {
		t.Fatalf("one shooting action: %s", s.Prompt())
	}
}

func TestRule_Movement_SixInchesEachActionTwelveForVehicles(t *testing.T) {
	s := duel(t, "armoured_car", 30, "")
	if got := s.moveLen(idx(t, s, "Roy")); got != 6*Inch {
		t.Errorf("commando move action %s\"", fmtInches(got))
	}
	if got := s.moveLen(idx(t, s, "Hans")); got != 12*Inch {
		t.Errorf("armoured car move action %s\"", fmtInches(got))
	}
	play(t, s, "activate Roy", "roll 5", "move N 6")
	if p := s.f[idx(t, s, "Roy")].pos(); p != (pt{1000, 1200}) {
		t.Fatalf("Roy at %v after a 6\" move north", p)
	}
}

func TestRule_Movement_MovesTogetherNotSplitAroundShooting(t *testing.T) {
	s := duel(t, "infantry", 11, "")
	play(t, s, "activate Roy", "roll 6", "shoot Hans", "roll 1")
	if !legal(t, s, "move N 2") {
		t.Fatal("a unit may move after shooting")
	}
	play(t, s, "move N 2")
	if legal(t, s, "shoot Hans") {
		t.Fatal("shooting again after moving splits the shooting actions")
	}
	s = duel(t, "infantry", 11, "")
	play(t, s, "activate Roy", "roll 6", "move N 2", "shoot Hans", "roll 1")
	if legal(t, s, "move N 2") {
		t.Fatal("moving again after shooting splits the move actions")
	}
}

func TestRule_Movement_SixInchStop(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	play(t, s, "activate Roy", "roll 6", "move E 6")
	r, h := s.f[idx(t, s, "Roy")].pos(), s.f[idx(t, s, "Hans")].pos()
	if r != (pt{1400, 1800}) || h.x-r.x != 600 {
		t.Fatalf("Roy should stop exactly 6\" from Hans, at 14\": he is at %v", r)
	}
	if legal(t, s, "move N 2") || legal(t, s, "move E 2") {
		t.Fatal("the stop ends the unit's movement")
	}
	// Diagonal approach: the stop point is within 6", and only just.
	s = duel(t, "infantry", 7, "")
	play(t, s, "activate Roy", "roll 6", "move NE 6")
	d2 := dist2(s.f[idx(t, s, "Roy")].pos(), s.f[idx(t, s, "Hans")].pos())
	if d2 > 600*600 || d2 < 598*598 {
		t.Fatalf("diagonal stop at distance^2 %d", d2)
	}
}

func TestRule_Movement_WithinSixOnlyAwayOrAssault(t *testing.T) {
	s := duel(t, "infantry", 5, "")
	play(t, s, "activate Roy", "roll 6")
	if legal(t, s, "move N 6") || legal(t, s, "move E 2") {
		t.Fatal("a unit within 6\" may not move sideways or closer")
	}
	if !legal(t, s, "away") || !legal(t, s, "toward Hans") {
		t.Fatalf("away and the assault move are allowed: %s", legalNames(s))
	}
	play(t, s, "toward Hans")
	if !within(s.f[idx(t, s, "Roy")].pos(), s.f[idx(t, s, "Hans")].pos(), Contact) {
		t.Fatal("the assault move ends in contact")
	}
}

func TestRule_Movement_PassThroughFriends(t *testing.T) {
	d := table(t, "", "", figure("Roy", "British", "assault", 10, 18, "")+","+
		figure("Chant", "British", "demolition", 13, 18, "")+","+figure("Hans", "German", "infantry", 10, 3, "")+","+
		figure("Fritz", "German", "infantry", 30, 30, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 6")
	if !legal(t, s, "move E 6") {
		t.Fatal("units may pass through friendly units")
	}
	if legal(t, s, "move E 4") {
		t.Fatal("a move may not end on a friendly base")
	}
}

func TestRule_Shooting_ChanceToEliminate(t *testing.T) {
	// P(kill) = P(hit) x 1/2: 4+ (1/4), 5+ (1/6), 6 (1/12), never (ruling S7).
	cases := []struct {
		kind, extra string
		dist        float64
		cover       bool
		want        float64
	}{
		{"infantry", "", 5, false, 1. / 4},
		{"infantry", "", 8, false, 1. / 6},
		{"infantry", "", 5, true, 1. / 6},
		{"half_track", "", 5, false, 1. / 6},
		{"half_track", "", 8, false, 1. / 12},
		{"half_track", "", 8, true, 1. / 12}, // one -1 for the target line (S6)
	}
	for _, c := range cases {
		terrain := ""
		if c.cover {
			terrain = `{"name":"sandbags","kind":"cover","polygon":[[` + ftoa(10+c.dist-1) + `,17],[` + ftoa(10+c.dist+1) + `,17],[` + ftoa(10+c.dist+1) + `,19],[` + ftoa(10+c.dist-1) + `,19]],"source":"reconstructed"}`
		}
		d := table(t, terrain, "", figure("Roy", "British", "assault", 10, 18, "")+","+figure("Hans", "German", c.kind, 10+c.dist, 18, c.extra))
		s := game(t, d, Options{}).newState()
		play(t, s, "activate Roy", "roll 1", "shoot Hans")
		h := idx(t, s, "Hans")
		got := prob(s, func(x *State) bool { return x.f[h].st == stDead }, 4)
		if !near(got, c.want) {
			t.Errorf("%s at %v\" cover %v: P(eliminated) %v, want %v", c.kind, c.dist, c.cover, got, c.want)
		}
	}
}

func ftoa(v float64) string { return fmtInches(int64(v * Inch)) }

func TestRule_Shooting_RangesAndPillboxes(t *testing.T) {
	s := duel(t, "infantry", 12, "")
	play(t, s, "activate Roy", "roll 6")
	if !legal(t, s, "shoot Hans") {
		t.Fatal("12\" is in range")
	}
	s = duel(t, "infantry", 12.01, "")
	play(t, s, "activate Roy", "roll 6")
	if legal(t, s, "shoot Hans") {
		t.Fatal("12.01\" is out of range")
	}
	s = duel(t, "pillbox", 3.01, `,"facing":[-1,0]`)
	play(t, s, "activate Roy", "roll 6")
	if legal(t, s, "shoot Hans") || legal(t, s, "assault Hans") {
		t.Fatal("a pillbox can only be attacked from within 3\", and never by hand to hand")
	}
	s = duel(t, "pillbox", 3, `,"facing":[-1,0]`)
	play(t, s, "activate Roy", "roll 6")
	if !legal(t, s, "shoot Hans") {
		t.Fatal("a pillbox is attacked from within 3\"")
	}
}

func TestRule_Shooting_PillboxArc(t *testing.T) {
	s := duel(t, "pillbox", 8, `,"facing":[1,0]`) // faces away from Roy
	s.alarm = true
	play(t, s, "end")
	if s.step == stepPillbox {
		t.Fatal("a pillbox fired behind its 180-degree arc")
	}
}

func TestRule_Shooting_LineOfSight(t *testing.T) {
	wall := `{"name":"shed","kind":"building","polygon":[[14,16],[16,16],[16,20],[14,20]],"source":"reconstructed"}`
	d := table(t, wall, "", figure("Roy", "British", "assault", 10, 18, "")+","+figure("Hans", "German", "infantry", 20, 18, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 6")
	if legal(t, s, "shoot Hans") {
		t.Fatal("a building blocks the line of sight")
	}
	if legal(t, s, "move E 6") {
		t.Fatal("a move through a building")
	}
}

// TestRule_Shooting_WorkedExample: "They roll a 5 ... allows 3 shooting
// attempts. The target is armoured and a 5+ is required, 2 hits ... 1 hit
// is saved and 1 failed ... the unit is eliminated."
func TestRule_Shooting_WorkedExample(t *testing.T) {
	s := duel(t, "half_track", 5, "")
	play(t, s, "activate Roy", "roll 5")
	if s.acts != 3 {
		t.Fatalf("a 5 allows 3 attempts, got %d", s.acts)
	}
	play(t, s, "shoot Hans", "roll 6", "roll 4") // hit, saved
	play(t, s, "shoot Hans", "roll 4")           // 4 - 1 misses: 5+ is required
	if s.f[idx(t, s, "Hans")].st != stOn || s.step != stepAct {
		t.Fatal("a 4 does not hit an armoured half-track")
	}
	play(t, s, "shoot Hans", "roll 5", "roll 3") // hit, failed save
	if s.f[idx(t, s, "Hans")].st != stDead {
		t.Fatal("the half-track failed its save and should be eliminated")
	}
}

func TestRule_Mortar_TwoActionsNoSave(t *testing.T) {
	d := table(t, "", "", figure("Hodgson", "British", "assault", 10, 18, `,"mortar":true`)+","+figure("Hans", "German", "infantry", 20, 18, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Hodgson", "roll 1")
	if legal(t, s, "mortar Hans") {
		t.Fatal("the mortar needs two actions")
	}
	s = game(t, d, Options{}).newState()
	play(t, s, "activate Hodgson", "roll 3", "mortar Hans")
	if s.acts != 0 || s.step != dieMortar {
		t.Fatal("the mortar costs two actions and rolls one die")
	}
	h := idx(t, s, "Hans")
	if p := prob(s, func(x *State) bool { return x.f[h].st == stDead }, 3); !near(p, 1./3) {
		t.Fatalf("mortar kill %v, want 1/3 (5 or 6, no save)", p)
	}
}

// TestRule_HandToHand_Odds: two dice highest against one, draws rerolled
// one die each. First round: win 125/216, draw 36/216; a reroll round is
// won 15/36, lost 15/36, drawn again 6/36, so after a draw the commando
// wins 1/2: P(commando wins) = 125/216 + 1/6 x 1/2 = 143/216.
func TestRule_HandToHand_Odds(t *testing.T) {
	s := duel(t, "infantry", 1.2, "")
	play(t, s, "activate Roy", "roll 1", "assault Hans")
	h, r := idx(t, s, "Hans"), idx(t, s, "Roy")
	hansDead := func(x *State) bool { return x.f[h].st == stDead }
	royDead := func(x *State) bool { return x.f[r].st == stDead }
	drawn := func(x *State) bool { return x.step == dieRerollBritish }
	win1, draw1 := prob(s, hansDead, 2), prob(s, drawn, 2)
	if !near(win1, 125./216) || !near(draw1, 36./216) {
		t.Fatalf("first round: win %v, draw %v", win1, draw1)
	}
	re := *s
	play(t, &re, "roll 4", "roll 4")
	w, l, d := prob(&re, hansDead, 2), prob(&re, royDead, 2), prob(&re, drawn, 2)
	if !near(w, 15./36) || !near(l, 15./36) || !near(d, 6./36) {
		t.Fatalf("reroll round: win %v, lose %v, draw %v", w, l, d)
	}
	if total := win1 + draw1*w/(w+l); !near(total, 143./216) {
		t.Fatalf("P(commando wins) %v, want 143/216", total)
	}
	sum := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		sum += o.Prob
	}
	if !near(sum, 1) {
		t.Fatal("the highest of two dice")
	}
}

func TestRule_HandToHand_OnlyCommandoAssaultUnits(t *testing.T) {
	d := table(t, "", "", figure("Chant", "British", "demolition", 10, 18, "")+","+figure("Hans", "German", "infantry", 11.2, 18, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Chant", "roll 6")
	if legal(t, s, "assault Hans") {
		t.Fatal("a demolition unit assaulted")
	}
	s = duel(t, "infantry", 1.2, "")
	play(t, s, "activate Roy", "roll 6", "assault Hans", "roll 3", "roll 3", "roll 2", "roll 5")
	if s.f[idx(t, s, "Roy")].st != stDead || s.f[idx(t, s, "Hans")].st != stOn {
		t.Fatal("a drawn fight is rerolled one die each; the higher wins")
	}
}

func TestRule_Searchlights_CanBeEliminated(t *testing.T) {
	s := duel(t, "searchlight", 5, "")
	play(t, s, "activate Roy", "roll 6")
	if !legal(t, s, "shoot Hans") {
		t.Fatal("searchlights can be eliminated just like any other unit")
	}
}

func TestRule_Pillboxes_AlwaysOneShot(t *testing.T) {
	s := duel(t, "pillbox", 8, `,"facing":[-1,0]`)
	s.alarm = true
	p := idx(t, s, "Hans")
	for _, a := range s.LegalActions(nil) {
		if int(a) == aActivate+p {
			t.Fatal("pillboxes do not activate")
		}
	}
	play(t, s, "end", "shoot Roy", "roll 1")
	if s.step == stepPillbox {
		t.Fatal("a pillbox has one shooting action")
	}
}

func TestRule_BarbedWire(t *testing.T) {
	wire := `{"name":"wire","kind":"wire","at":[12,18.6],"from":[9,19],"to":[15,19],"source":"reconstructed"}`
	d := table(t, "", wire, figure("Roy", "British", "assault", 12, 18.5, "")+","+figure("Hans", "German", "infantry", 40, 3, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 1")
	if legal(t, s, "move S 2") || legal(t, s, "cut wire") {
		t.Fatal("wire cannot be crossed; removing it takes two actions")
	}
	s = game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 3", "cut wire")
	if !s.isGone(idx(t, s, "wire")) {
		t.Fatal("the wire should be removed")
	}
	play(t, s, "roll 1", "activate Roy", "roll 1")
	if !legal(t, s, "move S 2") {
		t.Fatal("the way is open once the wire is removed")
	}
}

func TestRule_Demolition(t *testing.T) {
	shed := `{"name":"shed","kind":"building","polygon":[[14,16],[16,16],[16,20],[14,20]],"source":"reconstructed"}`
	target := `{"name":"Shed","kind":"target","at":[13.4,18],"building":"shed","vp":3,"source":"reconstructed"}`
	d := table(t, shed, target, figure("Chant", "British", "demolition", 13.4, 18, "")+","+
		figure("Roy", "British", "assault", 13.4, 21, "")+","+figure("Hans", "German", "infantry", 40, 3, ""))
	s := game(t, d, Options{}).newState()
	play(t, s, "activate Roy", "roll 6")
	if legal(t, s, "demolish Shed") {
		t.Fatal("only a demolition unit demolishes")
	}
	play(t, s, "end", "activate Chant", "roll 1")
	if legal(t, s, "demolish Shed") {
		t.Fatal("a demolition takes two actions")
	}
	s = game(t, d, Options{}).newState()
	play(t, s, "activate Chant", "roll 3", "demolish Shed")
	c := idx(t, s, "Chant")
	if p := prob(s, func(x *State) bool { return x.isGone(0) }, 2); !near(p, 0.5) {
		t.Fatalf("demolition succeeds on 4, 5 or 6: %v", p)
	}
	fail := *s
	play(t, &fail, "roll 3")
	if fail.f[c].pos() != (pt{1340, 1800}) || fail.isGone(0) {
		t.Fatal("a failed demolition leaves the unit in place")
	}
	play(t, s, "roll 4")
	if !s.isGone(0) || s.VP() != 3 || !s.alarm {
		t.Fatal("bang: the target is destroyed and scores")
	}
	if p := s.f[c].pos(); p != (pt{1040, 1800}) {
		t.Fatalf("the unit moves 3\" away from the target: at %v", p)
	}
}

// Every chance node is a die: outcomes are d6 faces.
func TestRule_EveryDieIsAChanceNode(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	play(t, s, "activate Roy")
	if s.CurrentPlayer() != env.Chance || len(s.ChanceOutcomes(nil)) != 6 {
		t.Fatal("the activation roll is a chance node")
	}
}

func TestPlugins(t *testing.T) {
	g := Default()
	b := g.Board()
	if b.Kind != env.BoardTable || b.Width != 48 || b.Height != 36 || len(b.Shapes) != len(g.data.Terrain) {
		t.Fatalf("board %s %vx%v with %d shapes", b.Kind, b.Width, b.Height, len(b.Shapes))
	}
	s := g.newState()
	if p := s.Pieces(); len(p) == 0 || p[0].Name != "Burtinshaw" || p[0].X != 28.7 || p[0].Cell != -1 {
		t.Fatalf("pieces %+v", p)
	}
	play(t, s, "activate Roy")
	c := *s
	play(t, s, "roll 5")
	if got := s.Narrate(&c, aRoll+4); got != "Roy rolls 5 (+0): three actions allowed" {
		t.Fatalf("narration %q", got)
	}
	if len(g.Caveats()) < 2 || env.SeatName(g, 0) != "British" {
		t.Fatal("caveats and seats")
	}
}

// TestRule_Shooting_GunEmplacementsAreTargets: "Gun emplacements cannot
// fire at ground units ... they are targets to be put out of action" (S13).
func TestRule_Shooting_GunEmplacementsAreTargets(t *testing.T) {
	s := Default().newState()
	f := idx(t, s, "Gun position M70")
	if ft := s.data().Features[f]; ft.Kind != FTarget || ft.VP != 1 {
		t.Fatal("the gun position is a demolition target")
	}
	for _, fd := range s.data().Figures {
		if fd.Name == "Gun position M70" {
			t.Fatal("a gun emplacement must not be a figure that shoots")
		}
	}
}
