package anvil

import (
	"fmt"
	"github.com/chariot-ai/chariot/internal/sweep"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// invariants are checked after every step of random play.
func invariants(st env.State) error {
	s := st.(*State)
	d := s.data()
	if err := s.validate(); err != nil {
		return err
	}
	for a := range d.Areas {
		// 1.5: a fortified area is German while levels remain.
		if s.fort[a] > 0 && s.controller(a) != German {
			return fmt.Errorf("%s has fortification levels but is Allied", d.AreaName(a))
		}
	}
	for u := range d.Units {
		un := &d.Units[u]
		a := int(s.loc[u])
		switch {
		case un.Class == ClassCD && s.loc[u] >= 0:
			// 1.3.3: a CD never moves.
			for _, p := range s.g.sc.Setup {
				if p[0] == u && p[1] != a {
					return fmt.Errorf("%s moved to %s", un.Name, d.AreaName(a))
				}
			}
		case un.Class == ClassTrain && a >= 0 && !d.Areas[a].Coastal && !d.Areas[a].Rhone:
			return fmt.Errorf("the armoured train is in %s", d.AreaName(a))
		case un.Side == Allied && s.loc[u] == locExited:
			return fmt.Errorf("%s exited the map", un.Name)
		}
		if (s.act.has(u) || s.moving.has(u)) && un.Side != int(s.side) {
			return fmt.Errorf("%s is in the %s activation", un.Name, sideNames[s.side])
		}
	}
	// Between activations no support unit stands without a combat unit
	// of its side (1.3.2).
	if s.dec == decImpulse {
		var combat [MaxAreas][2]bool
		for u := range d.Units {
			if s.loc[u] >= 0 && d.Units[u].Class == ClassCombat {
				combat[s.loc[u]][d.Units[u].Side] = true
			}
		}
		for u := range d.Units {
			if s.loc[u] >= 0 && d.Units[u].Class == ClassSupport && !combat[s.loc[u]][d.Units[u].Side] {
				return fmt.Errorf("%s alone in %s", d.Units[u].Name, d.AreaName(int(s.loc[u])))
			}
		}
		if !s.canActivate(int(s.side)) {
			return fmt.Errorf("%s impulse with nothing to activate", sideNames[s.side])
		}
	}
	if s.dec == decHits && s.hitsDue <= 0 {
		return fmt.Errorf("hit distribution with %d hits due", s.hitsDue)
	}
	return nil
}

// pendingChecks are the conformance checks this game still fails: none.
var pendingChecks []string

// TestConformance runs the shared env suite under every scenario and the
// variants.
func TestConformance(t *testing.T) {
	for _, opts := range []string{"", "scenario=2", "scenario=3,combat_groups=true,combined_arms_grouped=true", "turns=3"} {
		t.Run(opts, func(t *testing.T) {
			g, err := env.NewGame(Name + ":" + opts)
			if err != nil {
				t.Fatal(err)
			}
			envtest.Check(t, g, envtest.Config{Games: 6, Seed: 11, Invariant: invariants, MaxSteps: 40000, Skip: pendingChecks})
		})
	}
}

// TestRandomPlayProperties plays 2,000 random games, checking the
// invariants after every step and that every game ends.
func TestRandomPlayProperties(t *testing.T) {
	games := sweep.Size(2000, 300, 200)
	rng := rand.New(rand.NewPCG(2026, 18))
	var buf []env.Action
	gs := []*Game{Default(), mustGame(t, "scenario=2"), mustGame(t, "scenario=3,combat_groups=true")}
	for i := range games {
		g := gs[i%len(gs)]
		s := g.newState()
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps > 100000 {
				t.Fatalf("game %d does not end", i)
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("game %d: no legal action at\n%s", i, s)
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if err := invariants(s); err != nil {
				t.Fatalf("game %d step %d: %v\n%s", i, steps, err, s)
			}
		}
	}
}

func mustGame(t testing.TB, opts string) *Game {
	g, err := env.NewGame(Name + ":" + opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// TestDeterminism: the same actions give the same game.
func TestDeterminism(t *testing.T) {
	play := func() string {
		s := Default().newState()
		rng := rand.New(rand.NewPCG(1, 1))
		var buf []env.Action
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := s.MarshalJSON()
		return string(b)
	}
	if play() != play() {
		t.Fatal("two plays of the same actions differ")
	}
}

// TestLegalActionsAgreeWithApply compares LegalActions, which lists some
// decisions by a faster route, with the legality test Apply uses.
func TestLegalActionsAgreeWithApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []env.Action
	for i := range 30 {
		g := []*Game{Default(), mustGame(t, "scenario=3,combat_groups=true")}[i%2]
		s := g.newState()
		for steps := 0; !s.IsTerminal(); steps++ {
			buf = s.LegalActions(buf)
			if steps%3 == 0 {
				in := map[env.Action]bool{}
				for _, a := range buf {
					in[a] = true
				}
				for a := range numActions {
					if s.isLegal(a) != in[env.Action(a)] {
						t.Fatalf("game %d step %d: %s legal %v, listed %v at %s", i, steps, s.ActionString(env.Action(a)), s.isLegal(a), in[env.Action(a)], s.Prompt())
					}
				}
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
