// Package registry is the one name-to-value table behind chariot's games,
// agents and evaluators: filled at init time, read concurrently after.
package registry

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Registry maps names to values of one kind ("game", "agent", ...).
type Registry[T any] struct {
	kind string
	mu   sync.RWMutex
	m    map[string]T
}

// New returns an empty registry; kind names its entries in errors.
func New[T any](kind string) *Registry[T] {
	return &Registry[T]{kind: kind, m: map[string]T{}}
}

// Add registers v under name. A duplicate name panics: it is a programming
// error at init time, not bad input.
func (r *Registry[T]) Add(name string, v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.m[name]; dup {
		panic(fmt.Sprintf("%s registered twice: %s", r.kind, name))
	}
	r.m[name] = v
}

// Get finds a name, or says which names are known.
func (r *Registry[T]) Get(name string) (T, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	v, ok := r.m[name]
	if !ok {
		return v, fmt.Errorf("unknown %s %q (known: %s)", r.kind, name, strings.Join(r.namesLocked(), ", "))
	}
	return v, nil
}

// Names lists the registered names, sorted.
func (r *Registry[T]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.namesLocked()
}

// All lists the registered values in name order.
func (r *Registry[T]) All() []T {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := r.namesLocked()
	out := make([]T, len(names))
	for i, n := range names {
		out[i] = r.m[n]
	}
	return out
}

func (r *Registry[T]) namesLocked() []string {
	names := make([]string, 0, len(r.m))
	for n := range r.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
