package stnazaire

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

func TestFeatureTables(t *testing.T) {
	if len(stateFeatureDocs) != numState || len(actionOwnDocs) != numOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(stateFeatureDocs), len(actionOwnDocs), numState, numOwn)
	}
	if len(actionFeatureDocs) != len(contextIdx)+1+numOwn {
		t.Fatalf("actionFeatureDocs has %d features", len(actionFeatureDocs))
	}
	envtest.FeatureFile(t, "FEATURES.md", &featureEncoder{})
}

// TestFeatureRanges plays random games and checks every feature of every
// British decision against its documented range, and value_estimate
// against Value.
func TestFeatureRanges(t *testing.T) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	if g.NewFeatureEncoder(1) != nil {
		t.Fatal("an encoder for a German seat")
	}
	var sbuf, abuf []float64
	decisions := 0
	for seed := range uint64(12) {
		playRandom(t, g, seed, func(s *State) {
			decisions++
			e.Reset(s)
			sbuf = e.EncodeState(sbuf)
			checkFeatures(t, stateFeatureDocs, sbuf)
			if v := s.Value(); sbuf[sValueEstimate] != v {
				t.Fatalf("value_estimate %v, Value() %v", sbuf[sValueEstimate], v)
			}
			for _, b := range s.LegalActions(nil) {
				abuf = e.EncodeAction(b, abuf)
				checkFeatures(t, actionFeatureDocs, abuf)
			}
		})
	}
	if decisions < 500 {
		t.Fatalf("only %d decisions", decisions)
	}
}

// TestFeaturesHideCounters checks that the features see only the British
// view: redrawing the face-down German counters changes nothing.
func TestFeaturesHideCounters(t *testing.T) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	rng := rand.New(rand.NewPCG(1, 2))
	var a0, a1, s0, s1 []float64
	playRandom(t, g, 5, func(s *State) {
		a := s.LegalActions(nil)[0]
		e.Reset(s)
		s0, a0 = e.EncodeState(s0), e.EncodeAction(a, a0)
		r := s.Resample(0, rng)
		e.Reset(r)
		s1, a1 = e.EncodeState(s1), e.EncodeAction(a, a1)
		if !slices.Equal(s0, s1) || !slices.Equal(a0, a1) {
			t.Fatalf("features changed on resampling:\n%v\n%v", s0, s1)
		}
	})
}

// playRandom plays a game with uniform British choices and dice, calling
// at for every British decision.
func playRandom(t *testing.T, g *Game, seed uint64, at func(s *State)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 77))
	s := g.NewInitialState(seed).(*State)
	var outcomes []env.Outcome
	for !s.IsTerminal() {
		var a env.Action
		if s.CurrentPlayer() == env.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			a = env.SampleChance(outcomes, rng)
		} else {
			at(s)
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

func checkFeatures(t *testing.T, fs []env.FeatureDoc, v []float64) {
	t.Helper()
	if len(v) != len(fs) {
		t.Fatalf("%d features, want %d", len(v), len(fs))
	}
	for i, f := range fs {
		if !(v[i] >= f.Lo && v[i] <= f.Hi) || v[i] != float64(int(v[i])) {
			t.Fatalf("%s = %v, outside %g..%g or not an integer", f.Name, v[i], f.Lo, f.Hi)
		}
	}
}

func BenchmarkFeatureDecision(b *testing.B) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	var states []*State
	rng := rand.New(rand.NewPCG(1, 1))
	s := g.NewInitialState(1).(*State)
	for !s.IsTerminal() {
		if s.CurrentPlayer() == 0 {
			states = append(states, s.Clone().(*State))
		}
		legal := s.LegalActions(nil)
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	var row []float64
	var legal []env.Action
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := states[i%len(states)]
		e.Reset(st)
		legal = st.LegalActions(legal)
		for _, a := range legal {
			row = e.EncodeAction(a, row)
		}
	}
}
