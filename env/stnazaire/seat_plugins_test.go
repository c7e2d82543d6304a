package stnazaire

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestSeatPlugIns: the game's plug-ins (features, board, leaf value,
// narration) take states where the German seat decides.
func TestSeatPlugIns(t *testing.T) {
	g, err := env.NewGame("stnazaire:opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var buf []env.Action
	var fb []float64
	german := 0
	for i := range 20 {
		st := g.NewInitialState(uint64(i))
		for !st.IsTerminal() {
			// The British encoder reads every state, German decisions
			// included (a British value model is asked about them too).
			if st.CurrentPlayer() >= 0 {
				enc := g.(env.Featurer).NewFeatureEncoder(0)
				enc.Reset(st)
				fb = enc.EncodeState(fb)
				if st.CurrentPlayer() == 0 {
					for _, a := range st.LegalActions(buf) {
						fb = enc.EncodeAction(a, fb)
					}
				}
			}
			if st.CurrentPlayer() == 1 {
				german++
			}
			if p, ok := st.(env.PieceLister); ok {
				p.Pieces()
			}
			if l, ok := st.(env.LeafValuer); ok {
				l.LeafValue()
			}
			before := st.Clone()
			buf = st.LegalActions(buf)
			a := buf[rng.IntN(len(buf))]
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
			if n, ok := st.(env.Narrator); ok {
				n.Narrate(before, a)
			}
		}
	}
	if german == 0 {
		t.Fatal("no German decision met")
	}
}
