package anvil

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestLegalActionsIsTheScan: LegalActions, which lists some decisions by
// the rules' own loops, is the scan of every action through isLegal, at
// every state of random games.
func TestLegalActionsIsTheScan(t *testing.T) {
	for _, g := range []*Game{Default(), mustGame(t, "combat_groups=true")} {
		checkLegalIsScan(t, g)
	}
}

func checkLegalIsScan(t *testing.T, g *Game) {
	for seed := range uint64(30) {
		s := g.newState()
		r := rand.New(rand.NewPCG(seed, 5))
		var buf []env.Action
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			var want []env.Action
			for a := range numActions {
				if s.isLegal(a) {
					want = append(want, env.Action(a))
				}
			}
			if len(buf) != len(want) {
				t.Fatalf("%s: LegalActions %v, the scan %v", s.Prompt(), buf, want)
			}
			for i := range buf {
				if buf[i] != want[i] {
					t.Fatalf("%s: LegalActions %v, the scan %v", s.Prompt(), buf, want)
				}
			}
			for side := range 2 {
				set := s.AttackableSet(side)
				var good, all [2][MaxAreas]int
				s.SPByArea(&good, &all)
				for a := range g.data.Areas {
					if got := set&(1<<a) != 0; got != s.attackableScan(side, a) {
						t.Fatalf("%s: AttackableSet(%d) has %d: %v", s.Prompt(), side, a, got)
					}
					if s.attackable(side, a) != s.attackableScan(side, a) {
						t.Fatalf("%s: attackable(%d, %d)", s.Prompt(), side, a)
					}
					if good[side][a] != s.SideSP(side, a, true) || all[side][a] != s.SideSP(side, a, false) {
						t.Fatalf("%s: SPByArea side %d area %d", s.Prompt(), side, a)
					}
				}
			}
			if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// attackableScan is attackable as the rules read it, over every unit.
func (s *State) attackableScan(side, a int) bool {
	d := s.data()
	if side == Allied && d.Areas[a].Fortified && s.fort[a] > 0 {
		return true
	}
	for u := range d.Units {
		if int(s.loc[u]) == a && d.Units[u].Side != side {
			if c := d.Units[u].Class; c == ClassCombat || c == ClassCD || c == ClassTrain {
				return true
			}
		}
	}
	return false
}
