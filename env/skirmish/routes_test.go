package skirmish

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestRouteGraphsAreNotPinned: building games from fresh scenarios and
// asking each for a route keeps the live heap flat: a scenario's route
// graph goes when its game does. Pinned, the 2,000 games built between the
// two measures would hold some 64 MB; the bound allows a quarter of that
// for cleanups not yet run and the runtime's own noise.
func TestRouteGraphsAreNotPinned(t *testing.T) {
	build := func(n int) {
		for range n {
			d, err := DefaultData()
			if err != nil {
				t.Fatal(err)
			}
			s := game(t, d, DefaultOptions()).newState()
			s.Route(0, len(d.Features)-1) // builds the scenario's graph
		}
	}
	build(1000)
	before := liveHeap()
	build(2000)
	after := liveHeap()
	t.Logf("live heap after 1,000 games %d KB, after 3,000 %d KB", before>>10, after>>10)
	if after > before+16<<20 {
		t.Errorf("the live heap grew by %d KB over 2,000 games built", (after-before)>>10)
	}
}

// liveHeap is the heap in use after collection: the least of a few rounds,
// each collecting and then letting the cleanups of the last one run.
func liveHeap() uint64 {
	least := ^uint64(0)
	for range 5 {
		runtime.GC()
		runtime.Gosched()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		least = min(least, m.HeapAlloc)
	}
	return least
}

// routeByScan is Route as it was first written: every straight leg
// checked, then Dijkstra's search stopped at the goal. It is the
// reference the lazy search (RouteTable) must match, first hop included.
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
// and with wire and targets gone at random, Route, a RouteTable asked its
// goals in a random order and RouteAfterMove's search answer what the
// first Route did, goal by goal.
func TestRoutesMatchTheScan(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	s := game(t, d, DefaultOptions()).newState()
	rng := rand.New(rand.NewPCG(30, 1))
	n := len(d.Features)
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
		var tab RouteTable
		s.Routes(0, &tab)
		for _, goal := range rng.Perm(n) {
			h0, d0, ok0 := routeByScan(d, from, gone, goal)
			if h, dd, ok := s.Route(0, goal); h != h0 || dd != d0 || ok != ok0 {
				t.Fatalf("from %v gone %b to %d: Route %d %d %v, the scan %d %d %v", from, gone, goal, h, dd, ok, h0, d0, ok0)
			}
			if h, dd, ok := tab.To(goal); h != h0 || dd != d0 || ok != ok0 {
				t.Fatalf("from %v gone %b to %d: the table %d %d %v, the scan %d %d %v", from, gone, goal, h, dd, ok, h0, d0, ok0)
			}
		}
	}
}
