package jubilee

import (
	"fmt"
	"github.com/chariot-ai/chariot/internal/sweep"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// invariants are checked after every step of random play.
func invariants(st env.State) error {
	s := st.(*State)
	d := s.data()
	if vp := recomputeVP(s); vp != int(s.vp) {
		return fmt.Errorf("running VP %d, recomputed from the Destroyed markers %d", s.vp, vp)
	}
	for t := range numTracks {
		if s.tp[t] < 0 || s.tp[t] > d.Tracks[t].Max {
			return fmt.Errorf("track %s at %d", d.Tracks[t].Name, s.tp[t])
		}
		if s.boarded[t] < 0 || s.boarded[t] > d.Tracks[t].Max {
			return fmt.Errorf("track %s: %d steps boarded", d.Tracks[t].Name, s.boarded[t])
		}
	}
	total, live, evac, elim3 := 0, 0, 0, 0
	for u, c := range d.CW {
		total += int(c.MaxSteps)
		switch s.cwSt[u] {
		case cwElim:
			if s.cwSteps[u] != 0 {
				return fmt.Errorf("%s eliminated with %d steps", c.Name, s.cwSteps[u])
			}
		case cwEvac:
			evac += int(s.cwSteps[u])
		default:
			if s.cwSteps[u] < 1 || s.cwSteps[u] > c.MaxSteps {
				return fmt.Errorf("%s has %d steps", c.Name, s.cwSteps[u])
			}
		}
		live += int(s.cwSteps[u])
		if c.Type == Infantry && ((s.cwF[u]&fRepl != 0 && s.cwF[u]&fChanged == 0) || (s.cwSt[u] == cwElim && s.cwF[u]&fRepl == 0)) {
			elim3++
		}
		if s.cwF[u]&fRepl != 0 && (c.Type != Infantry || (s.cwSt[u] != cwElim && s.cwSteps[u] != 1)) {
			return fmt.Errorf("%s on a replacement counter with %d steps", c.Name, s.cwSteps[u])
		}
	}
	if evac+int(s.looseEvac) != int(s.evacSteps) {
		return fmt.Errorf("evacuated steps %d, counted %d", s.evacSteps, evac)
	}
	live += int(s.looseEvac)
	for _, n := range s.boxLoose {
		live += int(n)
	}
	if live+int(s.elimSteps) != total {
		return fmt.Errorf("steps not conserved: %d live or evacuated + %d eliminated != %d", live, s.elimSteps, total)
	}
	if elim3 != int(s.elim3) {
		return fmt.Errorf("three-step infantry eliminated %d, counted %d", s.elim3, elim3)
	}
	for sym, n := range s.repl {
		used := 0
		for u, c := range d.CW {
			if c.Symbol == uint8(sym) && s.cwF[u]&fRepl != 0 && s.cwSt[u] != cwElim {
				used++
			}
		}
		if int(n)+used+int(s.replOut[sym]) != int(d.Repl[sym]) {
			return fmt.Errorf("%s replacements: %d in the pool, %d in play, %d in all", symbolNames[sym], n, used, d.Repl[sym])
		}
	}
	// 10.14: at most two units a hex once an action phase is over.
	if s.phase == phTransport || s.phase == phOver {
		var n [MaxHexes]int8
		for u := range d.CW {
			if s.cwSt[u] == cwMap {
				h := s.cwAt[u]
				if n[h]++; n[h] > 2 {
					return fmt.Errorf("%d units in %s in %s", n[h], d.Hexes[h].ID, s.Phase())
				}
			}
		}
	}
	for p := range d.Positions {
		if g := s.posUnit[p]; g >= 0 && int(s.gPos[g]) != p {
			return fmt.Errorf("position %s and unit %s disagree", d.Hexes[d.Positions[p].Hex].ID, d.German[g].Name)
		}
	}
	for u := range d.CW {
		if s.cwSt[u] == cwMap && s.germanAt(int(s.cwAt[u])) >= 0 {
			return fmt.Errorf("both sides in %s", d.Hexes[s.cwAt[u]].ID)
		}
	}
	for g := range d.German {
		if m := s.gDepth[g]; m >= 0 && (s.gPos[g] < 0 || s.depthSt[m] != dMap) {
			return fmt.Errorf("depth marker %s misplaced", d.Depth[m].Name)
		}
	}
	if s.sel >= 0 && s.dec != decNone && s.dec != decSelect && s.cwSt[s.sel] == cwElim {
		return fmt.Errorf("%s decides but is eliminated", d.CW[s.sel].Name)
	}
	return nil
}

func recomputeVP(s *State) int {
	vp := 0
	for p, pos := range s.data().Positions {
		if s.isDestroyed(p) {
			vp += int(pos.VP)
		}
	}
	return vp
}

// pendingChecks are the conformance checks this game still fails: none.
var pendingChecks []string

// TestConformance runs the shared env suite with the invariants, under the
// default rules, every variant, and the German seat.
func TestConformance(t *testing.T) {
	for name, opts := range map[string]string{
		"default": "",
		"variants": "no_convoy=true,bombardment=true,early_flanks=true,strict_evac=true,turns=20,drift=choice,infiltration_keeps=true," +
			"board_from=hex,fire_assign=greedy",
		"seat": "opponent=seat",
	} {
		t.Run(name, func(t *testing.T) {
			g, err := env.NewGame(Name + ":" + opts)
			if err != nil {
				t.Fatal(err)
			}
			envtest.Check(t, g, envtest.Config{Games: 3, Seed: 7, Invariant: invariants, Skip: pendingChecks})
		})
	}
}

// TestRandomPlayProperties plays 2,000 random games with the invariants
// after every step, and checks that no chit is drawn twice in a cycle of
// the cup (4.1 II, IV.2).
func TestRandomPlayProperties(t *testing.T) {
	randomPlay(t, Default(), sweep.Size(2000, 300, 300))
}

// TestRandomPlayPropertiesVariants does the same with every variant and
// the other reading of every ruling that has an option.
func TestRandomPlayPropertiesVariants(t *testing.T) {
	randomPlay(t, mustGame(Options{Turns: 24, NoConvoy: true, Bombardment: true, EarlyFlanks: true, StrictEvac: true,
		DriftChoice: true, InfiltrationKeeps: true, BoardFromHex: true, GreedyFire: true}), 300)
}

func randomPlay(t *testing.T, g *Game, games int) {
	rng := rand.New(rand.NewPCG(2026, 16))
	var buf []env.Action
	for i := range games {
		s := g.newState(uint64(i))
		var drawn uint64
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps > 20000 {
				t.Fatalf("game %d does not end", i)
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("game %d: no legal action at\n%s", i, s)
			}
			a := buf[rng.IntN(len(buf))]
			if s.roll == rollChit {
				c := int(a) - aChit
				if drawn&(1<<c) != 0 {
					t.Fatalf("game %d: chit %s drawn twice in one cycle", i, g.data.Chits[c].Name)
				}
				drawn |= 1 << c
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			for c := range g.data.Chits {
				if s.chitSt[c] == chCup {
					drawn &^= 1 << c
				}
			}
			if err := invariants(s); err != nil {
				t.Fatalf("game %d step %d: %v\n%s", i, steps, err, s)
			}
		}
	}
}

// TestRuleBotReproducesTheDefaultGame: with opponent=seat and the German
// seat played by RuleAction, every Commonwealth decision and die is the
// same as in the default game, and so is the final score.
func TestRuleBotReproducesTheDefaultGame(t *testing.T) {
	def := Default()
	seat := mustGame(Options{Turns: numTurns, OpponentSeat: true})
	var ba, bb []env.Action
	var oa []env.Outcome
	germanDecisions := 0
	for i := range 300 {
		a, b := def.newState(uint64(i)), seat.newState(uint64(i))
		dice := rand.New(rand.NewPCG(uint64(i), 1))
		cw := rand.New(rand.NewPCG(uint64(i), 2))
		for step := 0; !a.IsTerminal(); step++ {
			for b.CurrentPlayer() == 1 {
				act, err := b.RuleAction()
				if err != nil {
					t.Fatal(err)
				}
				if err := b.Apply(act); err != nil {
					t.Fatalf("game %d: RuleAction %s is illegal: %v", i, b.ActionString(act), err)
				}
				germanDecisions++
			}
			if a.CurrentPlayer() != b.CurrentPlayer() {
				t.Fatalf("game %d step %d: players %d and %d\n%s\n%s", i, step, a.CurrentPlayer(), b.CurrentPlayer(), a, b)
			}
			ba, bb = a.LegalActions(ba), b.LegalActions(bb)
			if !slices.Equal(ba, bb) {
				t.Fatalf("game %d step %d: legal actions differ at %s", i, step, a.Prompt())
			}
			var act env.Action
			if a.CurrentPlayer() == env.Chance {
				oa = a.ChanceOutcomes(oa)
				act = env.SampleChance(oa, dice)
			} else {
				act = ba[cw.IntN(len(ba))]
			}
			if err := a.Apply(act); err != nil {
				t.Fatal(err)
			}
			if err := b.Apply(act); err != nil {
				t.Fatal(err)
			}
		}
		for b.CurrentPlayer() == 1 {
			act, _ := b.RuleAction()
			if err := b.Apply(act); err != nil {
				t.Fatal(err)
			}
		}
		if !b.IsTerminal() || a.Score().Value != b.Score().Value || a.Level() != b.Level() {
			t.Fatalf("game %d: scores %v and %v", i, a.Score(), b.Score())
		}
	}
	if germanDecisions == 0 {
		t.Fatal("the German seat never decided")
	}
	t.Logf("%d German decisions", germanDecisions)
}

// TestDeterminism: the same seed and actions give the same game.
func TestDeterminism(t *testing.T) {
	g := Default()
	play := func() []byte {
		s := g.newState(42)
		rng := rand.New(rand.NewPCG(1, 1))
		var buf []env.Action
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := s.MarshalJSON()
		return b
	}
	if a, b := play(), play(); string(a) != string(b) {
		t.Fatal("two plays of the same seed and actions differ")
	}
}

// TestIsLegalAgreesWithLegalActions compares Apply's fast legality test
// with LegalActions over every action, at states met in random play.
func TestIsLegalAgreesWithLegalActions(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(5, 5))
	var buf []env.Action
	for i := range 10 {
		s := g.newState(uint64(i))
		for k := 0; !s.IsTerminal(); k++ {
			buf = s.LegalActions(buf)
			if k%4 == 0 {
				in := map[env.Action]bool{}
				for _, a := range buf {
					in[a] = true
				}
				for a := env.Action(-1); int(a) <= numActions; a++ {
					if s.isLegal(a) != in[a] {
						t.Fatalf("isLegal(%s) = %v at %s", s.ActionString(a), !in[a], s.Prompt())
					}
				}
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
