package skirmish

import (
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
