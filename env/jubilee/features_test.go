package jubilee

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

func TestGermanFeatureTables(t *testing.T) {
	if len(germanStateFeatureDocs) != numState || len(germanActionOwnDocs) != numOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(germanStateFeatureDocs), len(germanActionOwnDocs), numState, numOwn)
	}
	envtest.FeatureFile(t, "FEATURES.md", &germanEncoder{})
}

// TestGermanFeaturesInPlay plays games of the German seat at random and
// checks that every German decision kind is reached, with its features in
// range and its own a_kind; the conformance suite checks a_rules. The
// solitaire game's Germans have no features of their own.
func TestGermanFeaturesInPlay(t *testing.T) {
	g := envtest.NewGame(t, Name+":opponent=seat")
	if Default().NewFeatureEncoder(1) != nil {
		t.Fatal("features for Germans the rules play")
	}
	e := g.(env.Featurer).NewFeatureEncoder(1)
	kindOf := len(germanContext) + 1 + aKind
	var sbuf, abuf []float64
	// seen[decision] holds the action kinds met there.
	seen := map[float64]map[float64]bool{}
	for seed := range uint64(100) { // assault moves are rare at random; 100 games meet one
		rng := rand.New(rand.NewPCG(seed, 26))
		s := g.NewInitialState(seed)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			if s.CurrentPlayer() == env.Chance {
				legal = []env.Action{env.SampleChance(s.ChanceOutcomes(nil), rng)}
			}
			if s.CurrentPlayer() == 1 {
				e.Reset(s)
				sbuf = e.EncodeState(sbuf)
				inRange(t, germanStateFeatureDocs, sbuf)
				dec := sbuf[fDecision]
				if seen[dec] == nil {
					seen[dec] = map[float64]bool{}
				}
				for _, a := range legal {
					abuf = e.EncodeAction(a, abuf)
					inRange(t, germanActionFeatureDocs, abuf)
					seen[dec][abuf[kindOf]] = true
				}
			}
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	// decision: the action kinds it must offer (fire hits, a movement
	// check passes, moves or assaults, depth goes to a unit).
	want := map[float64][]float64{1: {1}, 2: {0, 2, 3}, 3: {4}}
	for dec, kinds := range want {
		for _, k := range kinds {
			if !seen[dec][k] {
				t.Errorf("decision %v never offered an action of kind %v (met %v)", dec, k, seen)
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("decisions met %v, want 1, 2 and 3", seen)
	}
}

func inRange(t *testing.T, docs []env.FeatureDoc, v []float64) {
	t.Helper()
	if len(v) != len(docs) {
		t.Fatalf("%d features, %d documented", len(v), len(docs))
	}
	for i, x := range v {
		if x < docs[i].Lo || x > docs[i].Hi || x != x {
			t.Fatalf("%s = %v, outside %v..%v", docs[i].Name, x, docs[i].Lo, docs[i].Hi)
		}
	}
}

// TestGermanFeaturesDoNotAllocate: after warm-up, encoding a German
// decision's state and actions allocates nothing.
func TestGermanFeaturesDoNotAllocate(t *testing.T) {
	g := envtest.NewGame(t, Name+":opponent=seat")
	e := g.(env.Featurer).NewFeatureEncoder(1)
	rng := rand.New(rand.NewPCG(3, 26))
	s := g.NewInitialState(3)
	for n := 0; n < 5 && !s.IsTerminal(); {
		legal := s.LegalActions(nil)
		if s.CurrentPlayer() == env.Chance {
			legal = []env.Action{env.SampleChance(s.ChanceOutcomes(nil), rng)}
		}
		if s.CurrentPlayer() == 1 {
			n++
			sbuf, abuf := make([]float64, 0, numState), make([]float64, 0, len(germanActionFeatureDocs))
			e.Reset(s) // warm-up
			if allocs := testing.AllocsPerRun(20, func() {
				e.Reset(s)
				sbuf = e.EncodeState(sbuf)
				for _, a := range legal {
					abuf = e.EncodeAction(a, abuf)
				}
			}); allocs > 0 {
				t.Fatalf("%s: %v allocations a decision", s.(*State).DecisionKind(), allocs)
			}
		}
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}
