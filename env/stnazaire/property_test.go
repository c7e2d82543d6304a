package stnazaire

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
	// Running VP equals VP recomputed from scratch (13).
	if vp := recomputeVP(s); vp != int(s.vp) {
		return fmt.Errorf("running VP %d, recomputed %d", s.vp, vp)
	}
	// No stack over 3 once a movement phase is over (7): outside the
	// landing and movement phases, and never for Germans.
	var nb, ng [MaxSpaces]int8
	s.occupancy(&nb, &ng)
	for sp := range d.Spaces {
		if ng[sp] > 3 {
			return fmt.Errorf("%d Germans in %s", ng[sp], d.Spaces[sp].ID)
		}
		if nb[sp] > 0 && ng[sp] > 0 {
			return fmt.Errorf("both sides in %s", d.Spaces[sp].ID)
		}
		if nb[sp] > 3 && s.phase != phLanding && s.phase != phMove {
			return fmt.Errorf("%d commandos in %s in phase %s", nb[sp], d.Spaces[sp].ID, phaseNames[s.phase])
		}
	}
	// Eliminated units never act: whoever decides or rolls is on the map.
	if germanDecision(s.dec) {
		if s.gLoc[s.decUnit] != gOnMap || !s.opts().GermanSeat {
			return fmt.Errorf("German %s decides off the map or without a German seat", d.German[s.decUnit].Name)
		}
	} else if s.dec != decNone && s.dec != decSelect && s.bStatus[s.decUnit] != bOnMap {
		return fmt.Errorf("%s decides but is %s", d.British[s.decUnit].Name, bStatusNames[s.bStatus[s.decUnit]])
	}
	switch s.roll {
	case rollAttackB, rollZoC, rollDemolition, rollFightB, rollFightG:
		if s.bStatus[s.rollU] != bOnMap {
			return fmt.Errorf("%s rolls but is %s", d.British[s.rollU].Name, bStatusNames[s.bStatus[s.rollU]])
		}
	case rollAttackG, rollQuad, rollGermanTie:
		if s.gLoc[s.rollU] != gOnMap {
			return fmt.Errorf("%s rolls but is off the map", d.German[s.rollU].Name)
		}
	}
	if s.dec == decMoveDest && s.dests != s.reachable(int(s.decUnit)) {
		return fmt.Errorf("%s's destinations out of date", d.British[s.decUnit].Name)
	}
	c := *s
	c.recount()
	if c.cntB != s.cntB || c.cntG != s.cntG || c.cntZ != s.cntZ || c.occZ != s.occZ ||
		c.missionHere != s.missionHere || c.missionGone != s.missionGone || c.onMapG != s.onMapG || c.onMapB != s.onMapB || c.intactObj != s.intactObj {
		return fmt.Errorf("per-space counts out of date")
	}
	lost := 0
	for u := range d.British {
		if st := s.bStatus[u]; st == bEliminated || st == bCaptured {
			lost++
		}
	}
	if lost != int(s.lost) {
		return fmt.Errorf("lost %d, counted %d", s.lost, lost)
	}
	return nil
}

// recomputeVP counts VP from the state's markers and counters alone.
func recomputeVP(s *State) int {
	d := s.data()
	vp := 0
	for sp := range d.Spaces {
		if s.destroyed.has(sp) {
			vp += d.ObjVP[d.Spaces[sp].Objective]
		}
	}
	for g, gu := range d.German {
		if s.gLoc[g] == gRemoved && gu.Objective > 0 {
			vp += d.ObjVP[gu.Objective]
		}
	}
	for u := range d.British {
		if st := s.bStatus[u]; st == bEliminated || st == bCaptured {
			vp -= 2
		}
	}
	return vp
}

// pendingChecks are the conformance checks this game still fails: none.
var pendingChecks []string

// TestConformance runs the shared env suite, with the invariants, under
// the default rules and under every variant switched the other way.
func TestConformance(t *testing.T) {
	games := map[string]string{
		"default":      "",
		"variants":     "birney_assist=false,german_variant=true,mortar=false,easy_pinned=true,any_commando=true,demolition_target=3,dashed_fire_all=true,original_terrain=true",
		"seat":         "opponent=seat",
		"seat_variant": "opponent=seat,german_variant=true,dashed_fire_all=true",
	}
	for name, opts := range games {
		t.Run(name, func(t *testing.T) {
			g, err := env.NewGame(Name + ":" + opts)
			if err != nil {
				t.Fatal(err)
			}
			n := 30
			if g.NumPlayers() > 1 {
				n = 10
			}
			envtest.Check(t, g, envtest.Config{Games: n, Seed: 11, Invariant: invariants, Skip: pendingChecks})
		})
	}
}

// TestRandomPlayProperties plays 2,000 random games and checks the
// invariants after every step, plus a legal action at every non-terminal
// state and that every game ends within the turn limit.
func TestRandomPlayProperties(t *testing.T) {
	playRandomGames(t, Default(), sweep.Size(2000, 300, 200), 2026)
}

// playRandomGames plays games random games of g from seeds 0.. with the dice and
// choices of one stream, checking the invariants after every step.
func playRandomGames(t *testing.T, g *Game, games int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	var buf []env.Action
	for i := range games {
		s := g.newState(uint64(i))
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps > 20000 {
				t.Fatalf("game %d does not end", i)
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("game %d: no legal action at\n%s", i, s)
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if i < 100 && steps%5 == 0 {
				if err := checkIsLegal(s, buf); err != nil {
					t.Fatalf("game %d step %d: %v", i, steps, err)
				}
			}
			if err := invariants(s); err != nil {
				t.Fatalf("game %d step %d: %v\n%s", i, steps, err, s)
			}
		}
	}
}

// checkIsLegal compares Apply's fast legality test with LegalActions.
func checkIsLegal(s *State, buf []env.Action) error {
	buf = s.LegalActions(buf)
	in := map[env.Action]bool{}
	for _, a := range buf {
		in[a] = true
	}
	for a := env.Action(0); int(a) < numActions; a++ {
		if s.isLegal(a) != in[a] {
			return fmt.Errorf("isLegal(%s) = %v, LegalActions says %v", s.ActionString(a), !in[a], in[a])
		}
	}
	return nil
}

// TestDeterminism: the same seed and the same actions give the same game.
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
		b, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if a, b := play(), play(); string(a) != string(b) {
		t.Fatal("two plays of the same seed and actions differ")
	}
}
