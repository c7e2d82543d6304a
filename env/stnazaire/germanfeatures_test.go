package stnazaire

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

func TestGermanFeatureTables(t *testing.T) {
	if len(germanStateFeatureDocs) != numGState || len(germanActionOwnDocs) != numGOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(germanStateFeatureDocs), len(germanActionOwnDocs), numGState, numGOwn)
	}
	envtest.FeatureFile(t, "FEATURES.md", &germanEncoder{})
}

// TestGermanFeatureRanges plays games of the German seat, both sides at
// random, and checks every feature of every German decision against its
// range; the action the rules choose, and it alone, reads a_rules = 1.
func TestGermanFeatureRanges(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.GermanSeat = true
	g, err := NewGame(d, o, "")
	if err != nil {
		t.Fatal(err)
	}
	e := g.NewFeatureEncoder(1)
	if e == nil || e.Version() != GermanFeatureVersion {
		t.Fatalf("German encoder %v", e)
	}
	var sbuf, abuf []float64
	decisions, moves, fires := 0, 0, 0
	for seed := range uint64(10) {
		rng := rand.New(rand.NewPCG(seed, 78))
		s := g.NewInitialState(seed).(*State)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			a := legal[rng.IntN(max(1, len(legal)))]
			switch s.CurrentPlayer() {
			case env.Chance:
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			case 1:
				decisions++
				e.Reset(s)
				sbuf = e.EncodeState(sbuf)
				checkFeatures(t, germanStateFeatureDocs, sbuf)
				switch sbuf[gsDecision] {
				case 1:
					moves++
				case 2:
					fires++
				default:
					t.Fatalf("German decision %q reads decision %v", s.Prompt(), sbuf[gsDecision])
				}
				rule, err := s.RuleAction()
				if err != nil {
					t.Fatal(err)
				}
				ruled := 0
				for _, b := range legal {
					abuf = e.EncodeAction(b, abuf)
					checkFeatures(t, germanActionFeatureDocs, abuf)
					if own := abuf[len(germanContext)+1:]; own[gaRules] == 1 {
						ruled++
						if b != rule {
							t.Fatalf("%s reads a_rules 1, the rules choose %s", s.ActionString(b), s.ActionString(rule))
						}
					}
				}
				if ruled != 1 {
					t.Fatalf("%d actions read a_rules 1 at %q", ruled, s.Prompt())
				}
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if moves < 200 || fires < 50 {
		t.Fatalf("only %d German moves and %d fires in %d decisions", moves, fires, decisions)
	}
}
