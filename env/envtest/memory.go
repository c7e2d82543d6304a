package envtest

import "runtime"

// LiveHeap is the heap in use after collection, for tests that a process
// does not grow with the games it builds or plays: the least of a few
// rounds, each collecting and then letting the cleanups of the last run.
func LiveHeap() uint64 {
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
