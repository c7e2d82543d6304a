package stnazaire

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/gym"
)

// TestGymEpisodeIsReproducible: the same seed and the same actions give the
// same episode through the Gym-style wrapper, whose chance comes from the
// episode's own stream; rewards add up to the final VP.
func TestGymEpisodeIsReproducible(t *testing.T) {
	run := func() (obs [][]float32, total float64, final float64) {
		e := gym.New(Default(), 0, nil)
		o, info, err := e.Reset(99)
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, slices.Clone(o))
		rng := rand.New(rand.NewPCG(5, 5))
		for done := false; !done; {
			if len(info.Mask) != numActions || !info.Mask[info.Legal[0]] {
				t.Fatal("info must carry the legal-action mask")
			}
			var r float64
			var trunc bool
			o, r, done, trunc, info, err = e.Step(info.Legal[rng.IntN(len(info.Legal))])
			if err != nil || trunc {
				t.Fatalf("step: %v truncated %v", err, trunc)
			}
			total += r
			obs = append(obs, slices.Clone(o))
		}
		return obs, total, e.State().Returns()[0]
	}
	o1, t1, f1 := run()
	o2, t2, _ := run()
	if len(o1) != len(o2) || t1 != t2 {
		t.Fatalf("episodes differ: %d vs %d steps, reward %v vs %v", len(o1), len(o2), t1, t2)
	}
	for i := range o1 {
		if !slices.Equal(o1[i], o2[i]) {
			t.Fatalf("observation %d differs", i)
		}
	}
	if t1 != f1 {
		t.Fatalf("rewards sum to %v, final VP %v", t1, f1)
	}
}

// TestResampleKeepsTheBritishView: redrawing the face-down counters never
// changes what the British see, and does change hidden identities.
func TestResampleKeepsTheBritishView(t *testing.T) {
	g := Default()
	s := g.newState(8)
	rng := rand.New(rand.NewPCG(1, 9))
	changed := false
	for k := 0; k < 50 && !s.IsTerminal(); k++ {
		r := s.Resample(0, rng).(*State)
		if !slices.Equal(s.Observation(0, nil), r.Observation(0, nil)) {
			t.Fatalf("step %d: the observation changed", k)
		}
		if r.gSpace != s.gSpace {
			changed = true
		}
		if err := resampleConsistent(s, r); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		if err := invariants(r); err != nil {
			t.Fatalf("step %d: the redrawn state: %v", k, err)
		}
		var buf []env.Action
		buf = s.LegalActions(buf)
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	if !changed {
		t.Fatal("Resample never redrew a hidden counter")
	}
}

// resampleConsistent checks what the British know of hidden counters: set-up
// areas keep their class (3), pool A never holds the 679th (12), and every
// face-up counter stays where it was.
func resampleConsistent(s, r *State) error {
	d := s.data()
	type slot struct {
		space int16
		class uint8
	}
	count := map[slot]int{}
	for g, gu := range d.German {
		if s.gLoc[g] == gOnMap && s.gOrigin[g] == originSetup {
			count[slot{s.gSpace[g], gu.Class}]++
		}
		if r.gLoc[g] == gOnMap && r.gOrigin[g] == originSetup {
			count[slot{r.gSpace[g], gu.Class}]--
		}
		if r.gLoc[g] == gPoolA && gu.Class == ClassInf679 {
			return fmt.Errorf("%s drawn into pool A", gu.Name)
		}
		if s.gLoc[g] == gOnMap && !s.gf.has(g, fConcealed) && (r.gLoc[g] != gOnMap || r.gSpace[g] != s.gSpace[g]) {
			return fmt.Errorf("face-up %s moved", gu.Name)
		}
	}
	for k, n := range count {
		if n != 0 {
			return fmt.Errorf("set-up area %s lost its class %d", d.Spaces[k.space].ID, k.class)
		}
	}
	return nil
}
