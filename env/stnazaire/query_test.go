package stnazaire

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestDecisionKind: the kind a search is told to branch on is Pending's,
// one of the game's DecisionKinds, at every decision of either seat, and
// empty at dice and at the end.
func TestDecisionKind(t *testing.T) {
	g, err := env.NewGame("stnazaire:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	kinds := g.(env.DecisionKinds).DecisionKinds()
	rng := rand.New(rand.NewPCG(3, 3))
	seen := map[string]bool{}
	var buf []env.Action
	var out []env.Outcome
	for i := range 30 {
		st := g.NewInitialState(uint64(i))
		for {
			s := st.(*State)
			kind, _ := s.Pending()
			switch got := s.DecisionKind(); {
			case st.CurrentPlayer() >= 0 && (got != kind || !slices.Contains(kinds, got)):
				t.Fatalf("decision %q: DecisionKind %q", kind, got)
			case st.CurrentPlayer() < 0 && got != "":
				t.Fatalf("%q: DecisionKind %q, want none", kind, got)
			}
			seen[s.DecisionKind()] = true
			if st.IsTerminal() {
				break
			}
			var a env.Action
			if st.CurrentPlayer() == env.Chance {
				out = st.ChanceOutcomes(out)
				a = env.SampleChance(out, rng)
			} else {
				buf = st.LegalActions(buf)
				a = buf[rng.IntN(len(buf))]
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{PendSelect, PendMove, PendFire, PendGermanMove, PendGermanFire} {
		if !seen[k] {
			t.Errorf("no %q decision in 30 random games", k)
		}
	}
}

// TestQueriesAreTheLegalActions: at every state of random games, the
// queries the baselines read instead of listing actions give what
// LegalActions lists (Selectable, NextDestination, FireTargets), and the
// fire targets are the counters a scan of canFireAt finds.
func TestQueriesAreTheLegalActions(t *testing.T) {
	for _, spec := range []string{Name, Name + ":dashed_fire_all=true", Name + ":mortar=false"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 5))
		var buf []env.Action
		for i := range 40 {
			s := g.NewInitialState(uint64(i)).(*State)
			for !s.IsTerminal() {
				buf = s.LegalActions(buf)
				var units uint32
				var fire, scan uint64
				var to []int
				for _, a := range buf {
					switch kind, arg := DecodeAction(a); kind {
					case "unit":
						units |= 1 << arg
					case "fire":
						fire |= 1 << arg
					case "to":
						to = append(to, arg)
					}
				}
				var dests []int
				for sp := s.NextDestination(0); sp >= 0; sp = s.NextDestination(sp + 1) {
					dests = append(dests, sp)
				}
				if s.dec == decFire && s.roll == rollNone {
					for g := range s.data().German {
						if s.canFireAt(int(s.decUnit), g) {
							scan |= 1 << g
						}
					}
				}
				switch {
				case s.dec == decSelect && s.roll == rollNone && s.Selectable() != units:
					t.Fatalf("%s: Selectable %b, LegalActions %b", spec, s.Selectable(), units)
				case s.dec == decMoveDest && s.roll == rollNone && !slices.Equal(dests, to):
					t.Fatalf("%s: NextDestination %v, LegalActions %v", spec, dests, to)
				case s.dec == decFire && s.roll == rollNone && (s.FireTargets() != fire || fire != scan), s.dec != decFire && s.FireTargets() != 0:
					t.Fatalf("%s: FireTargets %b, LegalActions %b, canFireAt %b", spec, s.FireTargets(), fire, scan)
				}
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
