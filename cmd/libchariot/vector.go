package main

import (
	"fmt"
	"sync"
)

// vector is N sessions stepped by worker goroutines in one call, each
// resetting itself when its episode ends (Gymnasium's same-step
// auto-reset: the step that ends an episode returns its reward and the
// next episode's first observation, the last one in finalObs).
type vector struct {
	envs    []*session
	workers int
	// seeds[i] is the seed of env i's current episode; the next is
	// seeds[i] + N, so that a reset seed fixes every episode of every env.
	seeds []uint64
	errs  []error
}

func newVector(cfg config, n, workers int) (*vector, error) {
	if n < 1 || workers < 1 {
		return nil, badInput("chariot: %d envs on %d workers: both must be at least 1", n, workers)
	}
	v := &vector{workers: min(workers, n), seeds: make([]uint64, n), errs: make([]error, n)}
	for range n {
		s, err := newSession(cfg)
		if err != nil {
			return nil, err
		}
		v.envs = append(v.envs, s)
	}
	return v, nil
}

// buffers are the caller's arrays of every env, row i for env i.
type buffers struct {
	obs, finalObs, actFeat []float32
	mask                   []uint8
	reward                 []float64
	terminated, truncated  []uint8
}

// at is env i's view in b.
func (v *vector) at(b buffers, i int, final bool) view {
	s := v.envs[i]
	no, na, nf := s.obsSize(), s.info.Actions, len(s.info.ActionFeatures)
	var w view
	obs := b.obs
	if final {
		obs = b.finalObs
	}
	if obs != nil {
		w.obs = obs[i*no : (i+1)*no]
	}
	if b.mask != nil && !final {
		w.mask = b.mask[i*na : (i+1)*na]
	}
	if b.actFeat != nil && !final {
		w.actFeat = b.actFeat[i*na*nf : (i+1)*na*nf]
	}
	return w
}

// parallel runs f for every env, split among the workers in contiguous
// blocks, and returns the error of the lowest env that failed.
func (v *vector) parallel(f func(i int) error) error {
	n := len(v.envs)
	block := func(w int) {
		for i := w * n / v.workers; i < (w+1)*n/v.workers; i++ {
			v.errs[i] = f(i)
		}
	}
	// The calling thread steps the first block itself: waking a
	// goroutine for it would cost more than a small block's steps.
	var wg sync.WaitGroup
	for w := 1; w < v.workers; w++ {
		wg.Go(func() { block(w) })
	}
	block(0)
	wg.Wait()
	for i, err := range v.errs {
		if err != nil {
			return wrapEnv(i, err)
		}
	}
	return nil
}

// reset starts env i's episode of seed+i, for every i.
func (v *vector) reset(seed uint64, b buffers) error {
	return v.parallel(func(i int) error {
		v.seeds[i] = seed + uint64(i)
		_, err := v.envs[i].reset(v.seeds[i], v.at(b, i, false))
		return err
	})
}

// step plays actions[i] in env i, for every i. Every action is checked
// against its env's mask first, so an illegal one changes nothing.
func (v *vector) step(actions []int64, b buffers) error {
	for i, a := range actions {
		s := v.envs[i]
		if !s.running {
			return wrapEnv(i, badInput("chariot: step before reset"))
		}
		if a < 0 || int(a) >= len(s.mask) || !s.mask[a] {
			_, _, _, err := s.step(int(a), view{}) // the game's own message
			if err == nil {
				err = fmt.Errorf("chariot: action %d was not in the mask, yet the game took it", a)
			}
			return wrapEnv(i, err)
		}
	}
	return v.parallel(func(i int) error {
		s := v.envs[i]
		r, term, trunc, err := s.step(int(actions[i]), v.at(b, i, false))
		if err != nil {
			return err
		}
		b.reward[i], b.terminated[i], b.truncated[i] = r, b2u(term), b2u(trunc)
		if !term && !trunc {
			return nil
		}
		if b.finalObs != nil {
			copy(v.at(b, i, true).obs, v.at(b, i, false).obs)
		}
		// A new episode; one that ends before the seat decides is skipped.
		for range 1000 {
			v.seeds[i] += uint64(len(v.envs))
			if _, err := s.reset(v.seeds[i], v.at(b, i, false)); err != nil || s.running {
				return err
			}
		}
		return engineFailure(fmt.Errorf("1000 episodes in a row ended before %s's first decision", s.info.Seats[s.cfg.Seat]))
	})
}

// wrapEnv names the env an error came from, keeping its exception.
func wrapEnv(i int, err error) error {
	kind, msg := describe(err)
	return &callError{kind: kind, msg: fmt.Sprintf("env %d: %s", i, msg)}
}
