package jubilee

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

func TestCommonwealthFeatureTables(t *testing.T) {
	if len(cwStateFeatureDocs) != numCState || len(cwActionOwnDocs) != numCOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(cwStateFeatureDocs), len(cwActionOwnDocs), numCState, numCOwn)
	}
	envtest.FeatureFile(t, "FEATURES.md", &cwEncoder{})
}

// cwKinds are the action kinds (a_kind) each Commonwealth decision must
// offer in random play; making change (5) is too rare at random to ask.
var cwKinds = map[uint8][]float64{
	decRemove: {ckHex}, decBox: {ckBox}, decDelay: {ckYes, ckNo}, decFireTie: {ckUnit}, decRetreat: {ckHex},
	decAir: {ckHex}, decRecall: {ckTrack}, decSelect: {ckPass, ckUnit},
	decVerb: {ckPass, ckDestroy, ckBoard, ckMove, ckAttack, ckBarrage}, decJoin: {ckPass, ckUnit},
	decAttrition: {ckPass, ckUnit}, decInfil: {ckYes, ckNo}, decStack: {ckUnit}, decDrift: {ckBox},
}

// TestCommonwealthFeaturesInPlay plays random games, in the variants that
// open the rarer decisions (16.3's removals, a drift's direction, the
// German seat's assaults and their retreats), and checks that every
// Commonwealth decision kind is reached, offering the action kinds it
// should, with every feature inside its documented range and the state
// unchanged by encoding.
func TestCommonwealthFeaturesInPlay(t *testing.T) {
	specs := []string{Name + ":bombardment=true,drift=choice", Name + ":opponent=seat", Name}
	seen := map[float64]map[float64]bool{}
	var sbuf, abuf []float64
	for k, spec := range specs {
		g := envtest.NewGame(t, spec)
		e := g.(env.Featurer).NewFeatureEncoder(0)
		if e == nil || e.Version() != CommonwealthFeatureVersion {
			t.Fatalf("%s: no Commonwealth features", spec)
		}
		kindOf := len(cwContext) + 1 + caKind
		for seed := range uint64(300) {
			rng := rand.New(rand.NewPCG(seed, uint64(k)))
			s := g.NewInitialState(seed)
			for !s.IsTerminal() {
				legal := s.LegalActions(nil)
				if s.CurrentPlayer() == env.Chance {
					legal = []env.Action{env.SampleChance(s.ChanceOutcomes(nil), rng)}
				}
				if s.CurrentPlayer() == 0 {
					before := *s.(*State)
					e.Reset(s)
					sbuf = e.EncodeState(sbuf)
					inRange(t, cwStateFeatureDocs, sbuf)
					dec := sbuf[csDecision]
					if dec == 0 {
						t.Fatalf("%s: decision 0 at a Commonwealth decision (%s)", spec, s.(*State).DecisionKind())
					}
					if seen[dec] == nil {
						seen[dec] = map[float64]bool{}
					}
					for _, a := range legal {
						abuf = e.EncodeAction(a, abuf)
						inRange(t, cwActionFeatureDocs, abuf)
						seen[dec][abuf[kindOf]] = true
					}
					if *s.(*State) != before {
						t.Fatalf("%s: encoding changed the state", spec)
					}
				}
				if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for dec, kinds := range cwKinds {
		for _, k := range kinds {
			if !seen[float64(dec)][k] {
				t.Errorf("decision %s never offered an action of kind %v (met %v)", decNames[dec], k, seen[float64(dec)])
			}
		}
	}
	if len(seen) != len(cwKinds) {
		t.Errorf("decisions met %v, want the %d Commonwealth kinds", seen, len(cwKinds))
	}
}

// TestCommonwealthFeaturesSeeTheAttack: a unit's attack and a join read
// the odds row of the attack as it would be made, and a move's deltas are
// its distances less the unit's.
func TestCommonwealthFeaturesSeeTheAttack(t *testing.T) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	own := func(row []float64) []float64 { return row[len(cwContext)+1:] }
	ctx := func(row []float64, i int) float64 { return row[slices.Index(cwContext, i)] }
	attacks, moves := 0, 0
	var row []float64
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 9))
		s := g.NewInitialState(seed)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			if s.CurrentPlayer() == env.Chance {
				legal = []env.Action{env.SampleChance(s.ChanceOutcomes(nil), rng)}
			} else {
				e.Reset(s)
				st := s.(*State)
				for _, a := range legal {
					row = e.EncodeAction(a, row)
					o := own(row)
					switch k, arg := DecodeAction(a); k {
					case KindAttack:
						attacks++
						def, _ := st.KnownDefence(arg, cwDefGuess)
						str := float64(st.UnitStrength(st.Selected()))
						if o[caTgtDef] != float64(min(20, def)) || o[caAttStrength] != str || o[caAttHexes] != 1 {
							t.Fatalf("%s: a_tgt_def %v a_att_strength %v a_att_hexes %v, want %d %v 1", st.ActionString(a), o[caTgtDef], o[caAttStrength], o[caAttHexes], def, str)
						}
					case KindMove:
						moves++
						if ctx(row, csUWhere) != 2 || o[caDistObj]-ctx(row, csUDistObj) != o[caDistObjDelta] {
							t.Fatalf("%s: a move's context %v, own %v", st.ActionString(a), row[:len(cwContext)], o)
						}
					}
				}
			}
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if attacks < 20 || moves < 100 {
		t.Fatalf("only %d attacks and %d moves in 8 random games", attacks, moves)
	}
}

// TestCommonwealthFeaturesDoNotAllocate: after warm-up, encoding a
// Commonwealth decision's state and actions allocates nothing.
func TestCommonwealthFeaturesDoNotAllocate(t *testing.T) {
	g := Default()
	e := g.NewFeatureEncoder(0)
	rng := rand.New(rand.NewPCG(3, 26))
	s := g.NewInitialState(3)
	kinds := map[string]bool{}
	for !s.IsTerminal() {
		legal := s.LegalActions(nil)
		if s.CurrentPlayer() == env.Chance {
			legal = []env.Action{env.SampleChance(s.ChanceOutcomes(nil), rng)}
		}
		if k := s.(*State).DecisionKind(); s.CurrentPlayer() == 0 && !kinds[k] {
			kinds[k] = true
			sbuf, abuf := make([]float64, 0, numCState), make([]float64, 0, len(cwActionFeatureDocs))
			e.Reset(s) // warm-up
			if allocs := testing.AllocsPerRun(20, func() {
				e.Reset(s)
				sbuf = e.EncodeState(sbuf)
				for _, a := range legal {
					abuf = e.EncodeAction(a, abuf)
				}
			}); allocs > 0 {
				t.Fatalf("%s: %v allocations a decision", k, allocs)
			}
		}
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	if len(kinds) < 5 {
		t.Fatalf("only decisions %v met", kinds)
	}
}
