package ahraid

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
	var load [MaxBoats]int
	for u := range d.Commandos {
		switch s.UStat[u] {
		case uAboard:
			load[s.UWhere[u]]++
			if s.BStat[s.UWhere[u]] == bSunk {
				return fmt.Errorf("%s aboard the sunk %s", d.Commandos[u].Name, d.Boats[s.UWhere[u]].Name)
			}
		case uEliminated:
			if s.UStr[u] != 0 {
				return fmt.Errorf("%s eliminated with strength %d", d.Commandos[u].Name, s.UStr[u])
			}
		}
		if s.UStr[u] > d.Commandos[u].Strength || s.UGren[u] > d.Commandos[u].Grenades || s.UChg[u] > d.Commandos[u].Charges {
			return fmt.Errorf("%s above its printed values", d.Commandos[u].Name)
		}
	}
	for b := range d.Boats {
		if load[b] > int(d.Boats[b].Capacity) {
			return fmt.Errorf("%s carries %d, capacity %d", d.Boats[b].Name, load[b], d.Boats[b].Capacity)
		}
		if s.BStat[b] == bEngland && s.BZone[b] != d.england {
			return fmt.Errorf("%s home but in %s", d.Boats[b].Name, d.Zones[s.BZone[b]].ID)
		}
	}
	for g := range s.GArea {
		if s.GArea[g] >= 0 && s.GPen[g] && d.Areas[s.GArea[g]].Shape != shHexagon {
			return fmt.Errorf("pen unit G%d has left the pens", g+1)
		}
	}
	// counters: in the cup + on the map never exceed the waves poured in
	poured := 0
	for w := range int(s.CupWave) {
		poured += len(d.Cup[w])
	}
	if s.cupTotal() > poured {
		return fmt.Errorf("cup holds %d of %d poured", s.cupTotal(), poured)
	}
	if vp := s.VP2(); vp < 0 {
		return fmt.Errorf("negative VP %d", vp)
	}
	if s.Attempts > maxAttempts {
		return fmt.Errorf("%d attempts", s.Attempts)
	}
	return nil
}

// pendingChecks are the conformance checks this game still fails: none.
var pendingChecks []string

// TestConformance runs the shared env suite under the default rules, the
// variants and the German seat.
func TestConformance(t *testing.T) {
	for name, opts := range map[string]string{
		"default":  "",
		"variants": "target_by_number=true,fight_fail_elim=true,turns=12",
		"seat":     "opponent=seat",
	} {
		t.Run(name, func(t *testing.T) {
			g, err := env.NewGame(Name + ":" + opts)
			if err != nil {
				t.Fatal(err)
			}
			envtest.Check(t, g, envtest.Config{Games: 6, Seed: 7, Invariant: invariants, Skip: pendingChecks})
		})
	}
}

// TestRandomPlayProperties plays 2,000 random games and checks the
// invariants after every step, and that every game ends within the turns.
func TestRandomPlayProperties(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(2026, 19))
	var buf []env.Action
	for i := range sweep.Size(2000, 300, 300) {
		s := g.newState()
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps > 50000 {
				t.Fatalf("game %d does not end", i)
			}
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("game %d: no legal action at\n%s", i, s)
			}
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			} else {
				a = buf[rng.IntN(len(buf))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if err := invariants(s); err != nil {
				t.Fatalf("game %d step %d: %v\n%s", i, steps, err, s)
			}
		}
		if int(s.Turn) > g.Turns() {
			t.Fatalf("game %d ran to turn %d", i, s.Turn)
		}
	}
}

// TestDeterminism: the same actions give the same game.
func TestDeterminism(t *testing.T) {
	g := Default()
	play := func() []byte {
		s := g.newState()
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
		t.Fatal("two plays of the same actions differ")
	}
}
