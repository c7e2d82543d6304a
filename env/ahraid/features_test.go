package ahraid

import (
	"math/rand/v2"
	"slices"
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

func TestBritishFeatureTables(t *testing.T) {
	if len(britishStateFeatureDocs) != numBState || len(britishActionOwnDocs) != numBOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(britishStateFeatureDocs), len(britishActionOwnDocs), numBState, numBOwn)
	}
	envtest.FeatureFile(t, "FEATURES.md", &britishEncoder{})
}

// TestBritishFeaturesSeeTheDecision plays random games and checks that a
// British row describes the piece deciding and the action's kind: a
// commando's move has the commando's context and no boat's, a boat's
// move its errand. (The conformance walk checks every feature's range.)
func TestBritishFeaturesSeeTheDecision(t *testing.T) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	var row []float64
	moves := 0
	for seed := range uint64(16) {
		s := g.NewInitialState(seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			var a env.Action
			switch s.CurrentPlayer() {
			case env.Chance:
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			default:
				a = legal[rng.IntN(len(legal))]
				e.Reset(s)
				row = e.EncodeAction(a, row)
				own := row[len(britishContext)+1:]
				ctx := func(i int) float64 { return row[slices.Index(britishContext, i)] }
				if word, _ := DecodeAction(a); word == "to" {
					moves++
					if ctx(bDecision) != 4 || ctx(bUCdoStrength) < 0 || ctx(bUBoatKind) != featNA {
						t.Fatalf("a move to an area: context %v", row[:len(britishContext)])
					}
				} else if word == "sail" && (ctx(bDecision) != 2 || own[baZoneDist] < 0) {
					t.Fatalf("a boat's move: %v", row)
				}
				if own[baKind] != britishKind[func() string { w, _ := DecodeAction(a); return w }()] {
					t.Fatalf("%s: a_kind %v", s.ActionString(a), own[baKind])
				}
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if moves < 20 {
		t.Fatalf("only %d commando moves in 16 random games", moves)
	}
}

// TestGermanFeatureRanges plays games of the German seat at random and
// checks every feature of every German decision against its range; the
// action the aid's rules choose, and it alone, reads a_rules = 1.
func TestGermanFeatureRanges(t *testing.T) {
	g, err := env.NewGame(Name + ":opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	if Default().NewFeatureEncoder(1) != nil {
		t.Fatal("features for a German side the rules play")
	}
	e := g.(env.Featurer).NewFeatureEncoder(1)
	var sbuf, abuf []float64
	kinds := map[float64]int{}
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 79))
		s := g.NewInitialState(seed)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			var a env.Action
			switch s.CurrentPlayer() {
			case env.Chance:
				a = env.SampleChance(s.ChanceOutcomes(nil), rng)
			case 1:
				e.Reset(s)
				sbuf = e.EncodeState(sbuf)
				check(t, germanStateFeatureDocs, sbuf)
				kinds[sbuf[fDecision]]++
				rule, err := s.(env.RuleBot).RuleAction()
				if err != nil {
					t.Fatal(err)
				}
				ruled := 0
				for _, b := range legal {
					abuf = e.EncodeAction(b, abuf)
					check(t, germanActionFeatureDocs, abuf)
					if abuf[len(germanContext)+1+aRules] == 1 {
						ruled++
						if b != rule {
							t.Fatalf("%s reads a_rules 1, the rules choose %s", s.ActionString(b), s.ActionString(rule))
						}
					}
				}
				if ruled != 1 {
					t.Fatalf("%d actions read a_rules 1", ruled)
				}
				a = legal[rng.IntN(len(legal))]
			default:
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if kinds[1] < 100 || kinds[2] < 20 {
		t.Fatalf("German decisions by kind %v: too few moves or targets", kinds)
	}
}

func check(t *testing.T, docs []env.FeatureDoc, v []float64) {
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
