package skirmish

import (
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// routeByScan is Route as it was first written: every straight leg
// checked, then Dijkstra's search stopped at the goal. Route must match
// it, first hop included, and RouteLen in length.
func routeByScan(d *Data, from pt, gone uint32, goal int) (int, int64, bool) {
	r := d.rt
	var best [MaxFeatures]int64
	var hop [MaxFeatures]int
	var done [MaxFeatures]bool
	for f := range r.n {
		best[f], hop[f] = -1, -1
		if l, w := d.legCost(from, d.Features[f].At); l >= 0 && w&^gone == 0 {
			best[f], hop[f] = l, f
		}
	}
	for {
		u := -1
		for f := range r.n {
			if !done[f] && best[f] >= 0 && (u < 0 || best[f] < best[u]) {
				u = f
			}
		}
		if u < 0 || u == goal {
			break
		}
		done[u] = true
		for v := range r.n {
			if l := r.len[u][v]; l >= 0 && r.wire[u][v]&^gone == 0 && (best[v] < 0 || best[u]+l < best[v]) {
				best[v], hop[v] = best[u]+l, hop[u]
			}
		}
	}
	if best[goal] < 0 {
		return -1, 0, false
	}
	return hop[goal], best[goal], true
}

// TestRoutesMatchTheScan: from points all over the table (feature points
// and their neighbours included, where ties between walks are likeliest)
// and with wire and targets gone at random, Route and RouteLen (one goal
// table per goal, kept from point to point and filled again as the wire
// changes; with a bound now and then) answer what the first Route did,
// goal by goal.
func TestRoutesMatchTheScan(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	s := game(t, d, DefaultOptions()).newState()
	rng := rand.New(rand.NewPCG(30, 1))
	n := len(d.Features)
	var tables [MaxFeatures]GoalTable
	for k := range 3000 {
		var from pt
		if k%3 == 0 {
			at := d.Features[rng.IntN(n)].At
			from = pt{at.x + rng.Int64N(5) - 2, at.y + rng.Int64N(5) - 2}
		} else {
			from = pt{rng.Int64N(d.W + 1), rng.Int64N(d.H + 1)}
		}
		gone := uint32(0)
		if k%2 == 1 {
			gone = rng.Uint32() & (1<<n - 1)
		}
		s.gone = gone
		s.f[0].x, s.f[0].y = int32(from.x), int32(from.y)
		for _, goal := range rng.Perm(n) {
			h0, d0, ok0 := routeByScan(d, from, gone, goal)
			if h, dd, ok := s.Route(0, goal); h != h0 || dd != d0 || ok != ok0 {
				t.Fatalf("from %v gone %b to %d: Route %d %d %v, the scan %d %d %v", from, gone, goal, h, dd, ok, h0, d0, ok0)
			}
			below := int64(1 << 40)
			if k%4 == 3 {
				below = rng.Int64N(60 * Inch)
			}
			if dd, ok := s.RouteLen(0, goal, &tables[goal], below); ok != (ok0 && d0 < below) || (ok && dd != d0) {
				t.Fatalf("from %v gone %b to %d below %d: RouteLen %d %v, the scan %d %v", from, gone, goal, below, dd, ok, d0, ok0)
			}
		}
	}
}

// TestRouteLenAfterMoveIsPlayingIt: at the decisions of random games, the
// route's length after each move action, found without making it, is the
// length Route finds after playing the move on a copy.
func TestRouteLenAfterMoveIsPlayingIt(t *testing.T) {
	g := Default()
	rng := rand.New(rand.NewPCG(30, 2))
	var gt GoalTable
	checked := 0
	for seed := range 40 {
		s := g.newState()
		for steps := 0; !s.IsTerminal() && steps < 3000; steps++ {
			if s.step == stepAct {
				goal := rng.IntN(len(g.data.Features))
				for a := aMove; a <= aAway; a++ {
					l, lok := s.RouteLenAfterMove(env.Action(a), goal, &gt, 1<<40)
					if !s.isLegal(env.Action(a)) {
						if lok {
							t.Fatalf("seed %d: %s is not legal, yet routed", seed, s.ActionString(env.Action(a)))
						}
						continue
					}
					c := *s
					if err := c.Apply(env.Action(a)); err != nil {
						t.Fatal(err)
					}
					_, d0, ok0 := c.Route(int(s.cur), goal)
					if lok != ok0 || (lok && l != d0) {
						t.Fatalf("seed %d, %s to %d: found %d %v, played %d %v", seed, s.ActionString(env.Action(a)), goal, l, lok, d0, ok0)
					}
					checked++
				}
			}
			legal := s.LegalActions(nil)
			a := legal[rng.IntN(len(legal))]
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
