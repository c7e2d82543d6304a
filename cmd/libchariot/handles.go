package main

import (
	"sync"
)

// handles holds the objects Python refers to by number: a C caller may not
// keep a Go pointer, so it keeps the handle instead. Each object has its
// own lock, since ctypes releases the GIL and two Python threads may call
// with the same handle at once.
var handles struct {
	sync.Mutex
	next int64
	objs map[int64]*entry
}

type entry struct {
	sync.Mutex
	obj any
}

// register stores o and returns its handle, never 0.
func register(o any) int64 {
	handles.Lock()
	defer handles.Unlock()
	if handles.objs == nil {
		handles.objs = map[int64]*entry{}
	}
	handles.next++
	handles.objs[handles.next] = &entry{obj: o}
	return handles.next
}

// release forgets handle h; a second release is harmless.
func release(h int64) {
	handles.Lock()
	defer handles.Unlock()
	delete(handles.objs, h)
}

// lookup returns the object of handle h as a T, locked until the caller
// calls unlock.
func lookup[T any](h int64) (obj T, unlock func(), err error) {
	handles.Lock()
	e, ok := handles.objs[h]
	handles.Unlock()
	if ok {
		if obj, ok = e.obj.(T); ok {
			e.Lock()
			return obj, e.Unlock, nil
		}
	}
	return obj, nil, badInput("chariot: no open %T with handle %d (closed?)", obj, h)
}
