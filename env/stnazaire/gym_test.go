package stnazaire

import (
	"fmt"
	"math/bits"
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

// TestResampleIsTheDrawByPasses: at every state of random games, Resample
// leaves the state the draw it replaced leaves (slots found pass by pass,
// a draw of k found dropping k counters), from the same random stream.
func TestResampleIsTheDrawByPasses(t *testing.T) {
	for _, spec := range []string{Name, Name + ":opponent=seat"} {
		g, err := env.NewGame(spec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(2, 2))
		var buf []env.Action
		for i := range 20 {
			s := g.NewInitialState(uint64(i)).(*State)
			for !s.IsTerminal() {
				for p := range env.Player(2) {
					seed := rng.Uint64()
					got := s.Resample(p, rand.New(rand.NewPCG(seed, 1))).(*State)
					want := s.resampleByPasses(p, rand.New(rand.NewPCG(seed, 1))).(*State)
					if *got != *want {
						t.Fatalf("%s: seat %d's redraw differs from the draw by passes", spec, p)
					}
				}
				buf = s.LegalActions(buf)
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// resampleByPasses is Resample as first written, the reference for the
// slots found in one walk and the draw by counts.
func (s *State) resampleByPasses(p env.Player, rng *rand.Rand) env.State {
	d := s.data()
	c := *s
	c.hidden = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if p == 1 {
		return &c // the German seat sees its counters; only future draws are unknown
	}
	const anyClass, not679 = -1, -2
	var slotG [MaxGerman]int8
	var slotNeed [MaxGerman]int8
	n := 0
	var unknown [MaxGerman]bool
	for g := range d.German {
		unknown[g] = s.gLoc[g] == gPoolA || s.gLoc[g] == gPoolB || (s.gLoc[g] == gOnMap && s.gf.has(g, fConcealed))
	}
	// Most constrained slots first, so the greedy draw always succeeds.
	for pass := 0; pass < 5; pass++ {
		for g := range d.German {
			if !unknown[g] {
				continue
			}
			onMap := s.gLoc[g] == gOnMap
			need, ok := int8(0), false
			switch {
			case pass == 0 && onMap && s.gOrigin[g] == originSetup:
				need, ok = int8(d.German[g].Class), true
			case pass == 1 && onMap && s.gOrigin[g] == originPoolA:
				need, ok = not679, true
			case pass == 2 && s.gLoc[g] == gPoolA:
				need, ok = not679, true
			case pass == 3 && onMap && s.gOrigin[g] != originSetup && s.gOrigin[g] != originPoolA:
				need, ok = anyClass, true
			case pass == 4 && s.gLoc[g] == gPoolB:
				need, ok = anyClass, true
			}
			if ok {
				slotG[n], slotNeed[n] = int8(g), need
				n++
			}
		}
	}
	// free: the unknown counters not yet drawn (bit h: counter h). A slot
	// draws uniformly among those that fit it, the k-th in counter order
	// for a draw of k.
	var free uint64
	for g := range d.German {
		if unknown[g] {
			free |= 1 << g
		}
	}
	var newIdx [MaxGerman]int8
	for g := range d.German {
		newIdx[g] = int8(g)
	}
	for i := 0; i < n; i++ {
		fits := free
		switch need := slotNeed[i]; need {
		case anyClass:
		case not679:
			fits &^= d.classSet(ClassInf679)
		default:
			fits &= d.classSet(uint8(need))
		}
		pick := slotG[i] // keep the truth if the data admits nothing else
		if count := bits.OnesCount64(fits); count > 0 {
			for k := rng.IntN(count); k > 0; k-- {
				fits &= fits - 1 // drop the lowest counter
			}
			pick = int8(bits.TrailingZeros64(fits))
		}
		free &^= 1 << pick
		newIdx[slotG[i]] = pick
	}
	for i := 0; i < n; i++ {
		from, to := int(slotG[i]), int(newIdx[slotG[i]])
		c.gLoc[to], c.gSpace[to], c.gf[to] = s.gLoc[from], s.gSpace[from], s.gf[from]
		c.gOrigin[to], c.gMovesLeft[to], c.gTarget[to], c.gHit[to] = s.gOrigin[from], s.gMovesLeft[from], s.gTarget[from], s.gHit[from]
	}
	for k := 0; k < int(s.nOrder); k++ {
		c.gOrder[k] = newIdx[s.gOrder[k]]
	}
	if n > 0 {
		c.recountGerman() // a redrawn counter may differ in class, so in its zone of control
	}
	return &c
}
