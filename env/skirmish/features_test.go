package skirmish

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

// TestGermanFeatureDecisions plays games of the German seat at random,
// under both reaction sets, and checks that every German decision kind is
// reached with its features in range (the conformance suite checks a_rules
// and the lengths); the British seat and the solitaire game have no
// features of their own; once warm, encoding allocates nothing.
func TestGermanFeatureDecisions(t *testing.T) {
	if Default().NewFeatureEncoder(German) != nil {
		t.Fatal("features for a German side the rules play")
	}
	for _, r := range []string{"sleepy", "alert"} {
		g := mustGame(Options{Reactions: r, Seat: true})
		if g.NewFeatureEncoder(British) != nil {
			t.Fatal("features for the British seat")
		}
		e := g.NewFeatureEncoder(German)
		var sbuf, abuf []float64
		var legal []env.Action
		kinds := map[float64]int{}
		for seed := range uint64(6) {
			rng := rand.New(rand.NewPCG(seed, 26))
			s := g.newState()
			for !s.IsTerminal() {
				legal = s.LegalActions(legal)
				if s.CurrentPlayer() == German {
					e.Reset(s)
					sbuf = e.EncodeState(sbuf)
					inRange(t, germanStateFeatureDocs, sbuf)
					kinds[sbuf[fDecision]]++
					if sbuf[fAlert] != b2f(r == "alert") {
						t.Fatalf("%s: alert reads %v", r, sbuf[fAlert])
					}
					if kinds[3] == 1 && sbuf[fDecision] == 3 {
						noAllocs(t, e, s, legal)
					}
					for _, b := range legal {
						abuf = e.EncodeAction(b, abuf)
						inRange(t, germanActionFeatureDocs, abuf)
					}
				}
				if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for k := 1.0; k <= 4; k++ {
			if kinds[k] == 0 {
				t.Errorf("%s: no German decision of kind %v in %v", r, k, kinds)
			}
		}
	}
}

// noAllocs: once warm, encoding a decision allocates nothing.
func noAllocs(t *testing.T, e env.FeatureEncoder, s env.State, legal []env.Action) {
	t.Helper()
	sbuf, abuf := make([]float64, 0, numState), make([]float64, 0, len(germanActionFeatureDocs))
	n := testing.AllocsPerRun(20, func() {
		e.Reset(s)
		sbuf = e.EncodeState(sbuf)
		for _, b := range legal {
			abuf = e.EncodeAction(b, abuf)
		}
	})
	if n > 0 {
		t.Errorf("encoding a decision allocates %v times", n)
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
