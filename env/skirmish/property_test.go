package skirmish

import (
	"context"
	"fmt"
	"github.com/chariot-ai/chariot/internal/sweep"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/envtest"
)

// invariants hold at every state of every game.
func invariants(st env.State) error {
	s := st.(*State)
	d := s.data()
	lost, out, kills, vp := 0, 0, 0, 0
	for i := range s.nf() {
		f := &s.f[i]
		// No figure inside a building, in the water or off the table.
		if f.st == stOn && d.blocked(f.pos()) {
			return fmt.Errorf("%s stands in impassable terrain at %s", d.Figures[i].Name, f.f())
		}
		switch {
		case f.st == stDead && s.side(i) == British:
			lost++
		case f.st == stDead:
			kills++
		case f.st == stOut:
			out++
		}
	}
	for fi, ft := range d.Features {
		if s.isGone(fi) {
			vp += ft.VP
		}
	}
	if lost != int(s.lost) || out != int(s.out) || kills != int(s.kills) || vp != int(s.vp) {
		return fmt.Errorf("running counts %d/%d/%d/%d, recounted %d/%d/%d/%d", s.lost, s.out, s.kills, s.vp, lost, out, kills, vp)
	}
	// Eliminated figures never act: whoever acts or rolls is on the table.
	if s.cur >= 0 && s.step != stepIdle && s.step != stepSelect && !s.on(int(s.cur)) {
		return fmt.Errorf("%s acts but is %s", d.Figures[s.cur].Name, statusNames[s.f[s.cur].st])
	}
	return nil
}

// pendingChecks are the conformance checks this game still fails: none.
var pendingChecks []string

func TestConformance(t *testing.T) {
	for _, spec := range []string{"skirmish", "skirmish:reactions=alert", "skirmish:opponent=seat", "skirmish:opponent=seat,reactions=alert,turns=3"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		envtest.Check(t, g, envtest.Config{Games: 10, Seed: 7, Invariant: invariants, Skip: pendingChecks})
	}
}

// TestProperty2000Games plays 2,000 random games under both reaction sets,
// checking after every step the invariants, that the 6" stop is honoured
// (a leg never ends closer than 6" to an enemy it started beyond 6" from,
// except an assault move), that eliminated figures never act, and that
// the JSON round trip is exact.
func TestProperty2000Games(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var buf []env.Action
	for k := range sweep.Size(2000, 300, 300) {
		g := mustGame(Options{Reactions: []string{"sleepy", "alert"}[k%2], Seat: k%4 >= 2})
		s := g.newState()
		for step := 0; !s.IsTerminal(); step++ {
			buf = s.LegalActions(buf)
			a := buf[rng.IntN(len(buf))]
			before := *s
			if err := s.Apply(a); err != nil {
				t.Fatalf("game %d step %d: %v", k, step, err)
			}
			if err := invariants(s); err != nil {
				t.Fatalf("game %d step %d after %s: %v", k, step, before.ActionString(a), err)
			}
			if err := checkStop(&before, s, int(a)); err != nil {
				t.Fatalf("game %d step %d: %v", k, step, err)
			}
			if step%16 == 0 {
				b1, _ := s.MarshalJSON()
				s2, err := g.UnmarshalState(b1)
				if err != nil {
					t.Fatalf("game %d step %d: %v\n%s", k, step, err, b1)
				}
				if b2, _ := s2.MarshalJSON(); string(b1) != string(b2) || *s2.(*State) != *s {
					t.Fatalf("game %d step %d: JSON round trip differs", k, step)
				}
			}
		}
	}
}

// checkStop checks the 6" stop for a move action of the acting unit.
func checkStop(before, after *State, a int) error {
	if before.step != stepAct || a < aMove || a > aAway {
		return nil
	}
	i := int(before.cur)
	if a >= aToward && a < aAway && before.charges(i, a-aToward) {
		return nil
	}
	from, to := before.f[i].pos(), after.f[i].pos()
	for j := range before.nf() {
		if !before.on(j) || before.side(j) == before.side(i) || within(from, before.f[j].pos(), StopRange) {
			continue
		}
		e := before.f[j].pos()
		// Allow the hundredth of rounding at the stop point.
		if within(to, e, StopRange-3) {
			return fmt.Errorf("%s moved from %v to %v, inside 6\" of %s", before.def(i).Name, from, to, before.def(j).Name)
		}
	}
	return nil
}

// TestRulesAgentReproducesTheDefaultGame: with opponent=seat and the rules
// agent on the German seat, every game is the default game, action for
// action and die for die, under both reaction sets.
func TestRulesAgentReproducesTheDefaultGame(t *testing.T) {
	ctx := context.Background()
	for _, r := range []string{"sleepy", "alert"} {
		solo := mustGame(Options{Reactions: r})
		seat := mustGame(Options{Reactions: r, Seat: true})
		for seed := uint64(0); seed < 300; seed++ {
			a1, _ := agents.New("random", solo, seed)
			a2, _ := agents.New("random", seat, seed)
			s1, err := agents.RunEpisode(ctx, solo, seed, []agents.Agent{a1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The British seat's random agent sees the same sequence of
			// British decisions only if the German choices and dice agree.
			s2, err := agents.RunEpisode(ctx, seat, seed, []agents.Agent{a2, agents.Rules{}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			x, y := *s1.(*State), *s2.(*State)
			x.g, y.g = nil, nil
			if x != y {
				t.Fatalf("%s seed %d: the rules agent's game differs:\n%s\n%s", r, seed, s1, s2)
			}
		}
	}
}
