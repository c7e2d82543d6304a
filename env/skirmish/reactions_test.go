package skirmish

import "testing"

// Tests of the authored German reaction rules, G1-G5 (reactions.go), under
// both sets.

func TestReactionG1_Alarm(t *testing.T) {
	s := duel(t, "infantry", 10, "")
	if s.alarm {
		t.Fatal("sleepy: the garrison starts quiet")
	}
	play(t, s, "end")
	if s.step != dieAlarm || s.alarmMod() != 0 {
		t.Fatalf("quiet: the alarm die, unmodified on turn 1 with nobody within 6\": %s", s.Prompt())
	}
	play(t, s, "roll 5")
	if s.alarm {
		t.Fatal("5 does not raise a sleepy garrison")
	}
	s = duel(t, "infantry", 10, "")
	play(t, s, "end", "roll 6")
	if !s.alarm {
		t.Fatal("6 raises a sleepy garrison")
	}
	s = duel(t, "infantry", 5.5, "")
	s.turn = 3
	if s.alarmMod() != 2 {
		t.Fatalf("+1 within 6\", +1 from turn 3: %+d", s.alarmMod())
	}
	s = duel(t, "infantry", 10, "")
	play(t, s, "activate Roy", "roll 6", "shoot Hans")
	if !s.alarm {
		t.Fatal("a shot raises the alarm at once")
	}
	if g := game(t, table(t, "", "", figure("Roy", "British", "assault", 1, 1, "")), Options{Reactions: "alert"}); !g.newState().alarm {
		t.Fatal("alert: the alarm is raised from the start")
	}
}

func TestReactionG2_Searchlights(t *testing.T) {
	shed := `{"name":"plant","kind":"building","polygon":[[40,30],[44,30],[44,34],[40,34]],"source":"reconstructed"}`
	power := `{"name":"Power","kind":"target","at":[39.4,32],"building":"plant","vp":1,"power":true,"source":"reconstructed"}`
	figs := figure("Roy", "British", "assault", 10, 18, "") + "," + figure("Light", "German", "searchlight", 5, 18, "") + "," +
		figure("Chant", "British", "demolition", 39.4, 32, "")
	for _, r := range []string{"sleepy", "alert"} {
		s := game(t, table(t, shed, power, figs), Options{Reactions: r}).newState()
		l := idx(t, s, "Light")
		if lit := s.f[l].fl&flLit != 0; lit != (r == "alert") {
			t.Fatalf("%s: lit at start %v", r, lit)
		}
		s.alarm = true
		play(t, s, "end")
		if s.step != dieLight || s.Prompt() != "Light (G2): lit on "+map[string]string{"sleepy": "4", "alert": "2"}[r]+"+" {
			t.Fatalf("%s: %s", r, s.Prompt())
		}
		c := *s
		play(t, &c, map[string]string{"sleepy": "roll 3", "alert": "roll 1"}[r])
		if c.f[l].fl&flLit != 0 {
			t.Fatalf("%s: lit on a failed check", r)
		}
		play(t, s, map[string]string{"sleepy": "roll 4", "alert": "roll 2"}[r])
		if s.f[l].fl&flLit == 0 {
			t.Fatalf("%s: dark on a passed check", r)
		}
		// Without power every light goes dark.
		s.gone |= 1
		if s.lightActive(l) {
			t.Fatalf("%s: a light is active without the power station", r)
		}
	}
}

func TestReactionG3_PillboxPriority(t *testing.T) {
	shed := `{"name":"shed","kind":"building","polygon":[[30,4],[34,4],[34,8],[30,8]],"source":"reconstructed"}`
	target := `{"name":"Shed","kind":"target","at":[29.4,6],"building":"shed","vp":1,"source":"reconstructed"}`
	// Roy is nearer, Chant is at work on the target: Chant is shot first.
	figs := figure("Box", "German", "pillbox", 24, 8, `,"facing":[1,0]`) + "," + figure("Roy", "British", "assault", 26, 8, "") + "," +
		figure("Chant", "British", "demolition", 29.4, 6, "")
	s := game(t, table(t, shed, target, figs), Options{Reactions: "alert"}).newState()
	play(t, s, "end")
	if s.step != dieHit || s.ActionString(0) == "" || int(s.tgt) != idx(t, s, "Chant") {
		t.Fatalf("the pillbox should fire at the commando at work: %s", s.Prompt())
	}
	// Quiet: it sees only within 6".
	figs = figure("Box", "German", "pillbox", 24, 8, `,"facing":[1,0]`) + "," + figure("Roy", "British", "assault", 31, 12, "")
	s = game(t, table(t, "", "", figs), Options{}).newState()
	play(t, s, "end", "roll 1")
	if s.turn != 2 {
		t.Fatal("a quiet pillbox fired at a commando 8\" away")
	}
}

func TestReactionG4_GermanActivations(t *testing.T) {
	figs := figure("Roy", "British", "assault", 10, 18, "") + "," + figure("Chant", "British", "demolition", 10, 24, "") + "," +
		figure("Near", "German", "infantry", 19, 20, "") + "," + figure("Far", "German", "infantry", 25, 16, "") + "," +
		figure("Officer", "German", "infantry", 22, 21, `,"officer":true`)
	// Quiet: only a sentry with a commando within 6" is awake.
	s := game(t, table(t, "", "", figs), Options{Seat: true}).newState()
	play(t, s, "end", "roll 1")
	if s.turn != 2 {
		t.Fatalf("a quiet garrison with nobody within 6\" should sleep: %s", s.Prompt())
	}
	// Raised, sleepy: nearest first; it shoots the priority target
	// (the demolition unit before the nearer assault unit).
	s = game(t, table(t, "", "", figs), Options{Seat: true}).newState()
	s.alarm = true
	play(t, s, "end")
	if a, _ := s.RuleAction(); s.ActionString(a) != "activate Near" {
		t.Fatalf("sleepy: %s first, want the unit nearest a commando", s.ActionString(a))
	}
	play(t, s, "activate Near", "roll 6")
	if a, _ := s.RuleAction(); s.ActionString(a) != "shoot Chant" {
		t.Fatalf("G4.1: %s, want shoot Chant (a demolition unit)", s.ActionString(a))
	}
	// Far is out of range: it closes in on the nearest commando.
	play(t, s, "end", "activate Far", "roll 6")
	if a, _ := s.RuleAction(); s.ActionString(a) != "toward Roy" {
		t.Fatalf("G4.4: %s, want toward Roy", s.ActionString(a))
	}
	play(t, s, "toward Roy")
	if a, _ := s.RuleAction(); s.ActionString(a) != "shoot Chant" {
		t.Fatalf("G4.4: in range after closing in, it shoots with what is left: %s", s.ActionString(a))
	}
	// Alert: the officer first directs the unit nearest a commando.
	s = game(t, table(t, "", "", figs), Options{Seat: true, Reactions: "alert"}).newState()
	play(t, s, "end")
	if a, _ := s.RuleAction(); s.ActionString(a) != "direct Officer" {
		t.Fatalf("alert: %s, want direct Officer", s.ActionString(a))
	}
	play(t, s, "direct Officer")
	if a, _ := s.RuleAction(); s.ActionString(a) != "boost Near" {
		t.Fatalf("alert: %s, want boost Near", s.ActionString(a))
	}
}

func TestReactionG4_Guard(t *testing.T) {
	shed := `{"name":"shed","kind":"building","polygon":[[30,4],[34,4],[34,8],[30,8]],"source":"reconstructed"}`
	target := `{"name":"Shed","kind":"target","at":[29.4,6],"building":"shed","vp":1,"source":"reconstructed"}`
	wall := `{"name":"wall","kind":"building","polygon":[[26,9],[27,9],[27,20],[26,20]],"source":"reconstructed"}`
	figs := figure("Roy", "British", "assault", 22, 14, "") + "," + figure("Guard", "German", "infantry", 29, 10, "")
	s := game(t, table(t, shed+","+wall, target, figs), Options{Seat: true}).newState()
	s.alarm = true
	play(t, s, "end", "activate Guard", "roll 6")
	if a, _ := s.RuleAction(); a != aEnd {
		t.Fatalf("G4.3: a guard with no shot stays by its target, not %s", s.ActionString(a))
	}
}

func TestReactionG5_Reinforcements(t *testing.T) {
	figs := figure("Roy", "British", "assault", 10, 18, "") + `,{"name":"Reserve","side":"German","kind":"infantry","pool":true,"source":"reconstructed"}`
	for _, r := range []string{"sleepy", "alert"} {
		s := game(t, table(t, "", "", figs), Options{Reactions: r}).newState()
		s.alarm = true
		play(t, s, "end")
		if s.step != dieReinforce {
			t.Fatalf("%s: %s", r, s.Prompt())
		}
		need := map[string]int{"sleepy": 6, "alert": 5}[r]
		c := *s
		play(t, &c, "roll "+string(rune('0'+need-1)))
		if c.f[idx(t, s, "Reserve")].st != stAway {
			t.Fatalf("%s: a reinforcement on %d", r, need-1)
		}
		play(t, s, "roll "+string(rune('0'+need)))
		if f := s.f[idx(t, s, "Reserve")]; f.st != stOn || f.pos() != (pt{2400, 60}) {
			t.Fatalf("%s: the reinforcement should arrive at the entry on %d", r, need)
		}
	}
	s := game(t, table(t, "", "", figs), Options{}).newState()
	play(t, s, "end", "roll 1")
	if s.turn != 2 {
		t.Fatal("no reinforcements while the garrison is quiet")
	}
}
