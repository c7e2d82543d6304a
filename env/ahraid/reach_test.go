package ahraid

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// reachByScan is reach as first written: every area's enemy counted, and
// the lines relaxed over and over until nothing changes. reach must fill
// the same costs.
func (s *State) reachByScan(a, mf int, german bool, cost *[MaxAreas]int8) {
	d := s.data()
	n := len(d.Areas)
	leaveCost := !german || s.g.opts.GermanExitCost
	var enemy [MaxAreas]bool
	for b := range n {
		if german {
			c, _ := s.cdoIn(b)
			enemy[b] = c > 0
		} else {
			enemy[b] = s.germansIn(b) > 0
		}
	}
	for b := range n {
		cost[b] = -1
	}
	cost[a] = 0
	for changed := true; changed; {
		changed = false
		for b := range n {
			if cost[b] < 0 {
				continue
			}
			for _, c := range d.nbr[b] {
				step := int(d.move[b][c])
				if enemy[c] {
					step++
				}
				if enemy[b] && leaveCost {
					step++
				}
				if german && d.Areas[c].Shape == shHexagon && !s.cdoNear(int(c)) {
					continue
				}
				if t := int(cost[b]) + step; t <= mf && (cost[c] < 0 || t < int(cost[c])) {
					cost[c] = int8(t)
					changed = true
				}
			}
		}
	}
}

// TestReachMatchesTheScan: in positions of games played by a policy that
// lands and moves (mostly a random non-pass action where there is one; at
// most 3,000 steps a game), under
// both readings of the German exit cost, reach fills what the first reach
// did from the areas of the pieces and a few others, for every MF, for
// commandos and Germans; canStep says whether a commando has an area in
// reach; and isLegal's quick answer for pass agrees with the list.
func TestReachMatchesTheScan(t *testing.T) {
	for _, exitCost := range []bool{false, true} {
		o := DefaultOptions()
		o.GermanExitCost = exitCost
		d, err := DefaultData()
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(d, o, "")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(30, 3))
		var buf, moves []env.Action
		ashore, passes := 0, 0
		for k := range 80 {
			s := g.newState()
			for step := 0; !s.IsTerminal() && step < 3000; step++ {
				buf = s.LegalActions(buf)
				if s.CurrentPlayer() != env.Chance && step%5 == 0 {
					listed := false
					for _, a := range buf {
						listed = listed || a == ActPass
					}
					if listed {
						passes++
					}
					if s.isLegal(ActPass) != listed {
						t.Fatalf("game %d at %s: isLegal(pass) %v, listed %v", k, s.Prompt(), s.isLegal(ActPass), listed)
					}
					var from []int
					for u := range d.Commandos {
						if s.UStat[u] == uAshore {
							from = append(from, int(s.UWhere[u]))
						}
					}
					for _, a := range s.GArea {
						if a >= 0 {
							from = append(from, int(a))
						}
					}
					from = append(from, rng.IntN(len(d.Areas)))
					for _, a := range from {
						for mf := 0; mf <= 4; mf++ {
							for _, german := range []bool{false, true} {
								var got, want [MaxAreas]int8
								s.reach(a, mf, german, &got)
								s.reachByScan(a, mf, german, &want)
								if got != want {
									t.Fatalf("game %d, from %s, MF %d, german %v: reach %v, the scan %v", k, d.Areas[a].ID, mf, german, got[:len(d.Areas)], want[:len(d.Areas)])
								}
							}
						}
					}
					for u := range d.Commandos {
						if s.UStat[u] != uAshore {
							continue
						}
						var cost [MaxAreas]int8
						s.reach(int(s.UWhere[u]), s.cdoMF(u), false, &cost)
						any := false
						for b := range d.Areas {
							any = any || (b != int(s.UWhere[u]) && cost[b] >= 0)
						}
						ashore++
						if s.canStep(u) != any {
							t.Fatalf("game %d, %s: canStep %v, reach finds an area: %v", k, d.Commandos[u].Name, s.canStep(u), any)
						}
					}
				}
				var a env.Action
				if s.CurrentPlayer() == env.Chance {
					a = env.SampleChance(s.ChanceOutcomes(nil), rng)
				} else {
					moves = moves[:0]
					for _, b := range buf {
						if b != ActPass {
							moves = append(moves, b)
						}
					}
					a = ActPass
					if len(moves) > 0 && rng.IntN(4) > 0 {
						a = moves[rng.IntN(len(moves))]
					}
				}
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if ashore < 500 || passes < 1000 {
			t.Fatalf("only %d commandos ashore and %d decisions with pass met", ashore, passes)
		}
		t.Logf("german_exit_cost=%v: %d commandos ashore, %d decisions with pass", exitCost, ashore, passes)
	}
}
