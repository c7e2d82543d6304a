package main

// #include <stdlib.h>
// #include <stdint.h>
import "C"

import (
	"encoding/json"
	"unsafe"

	"github.com/chariot-ai/chariot/env"

	// Every game, and every agent that can play the other seats.
	_ "github.com/chariot-ai/chariot/agents/ahraid"
	_ "github.com/chariot-ai/chariot/agents/anvil"
	_ "github.com/chariot-ai/chariot/agents/jubilee"
	_ "github.com/chariot-ai/chariot/agents/pig"
	_ "github.com/chariot-ai/chariot/agents/skirmish"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	_ "github.com/chariot-ai/chariot/env/allgames"
	_ "github.com/chariot-ai/chariot/search"
	_ "github.com/chariot-ai/chariot/train/learned"
)

// The functions below are the library's C interface. Each returns nil or
// an error "Kind: message" that the caller frees with chariot_free, and
// never lets a panic out: guard turns one into a RuntimeError.

// guard runs f, turning its error or panic into the C error string.
func guard(f func() error) *C.char {
	if err := recovered(f); err != nil {
		kind, msg := describe(err)
		return C.CString(kind + ": " + msg)
	}
	return nil
}

// needs refuses a nil result pointer, which Go would otherwise find by a
// fault (and a fault inside Python's own signal handlers is no panic to
// recover).
func needs(ptrs ...unsafe.Pointer) error {
	for _, p := range ptrs {
		if p == nil {
			return badInput("chariot: a nil result pointer")
		}
	}
	return nil
}

// slice views n elements of caller memory at p as a Go slice (nil for a
// nil pointer), valid during the call only.
func slice[T any, P any](p *P, n int) []T {
	if p == nil || n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(p)), n)
}

// putString stores a C copy of b at out.
func putString(out **C.char, b []byte) { *out = C.CString(string(b)) }

//export chariot_free
func chariot_free(p *C.char) { C.free(unsafe.Pointer(p)) }

//export chariot_close
func chariot_close(h C.int64_t) { release(int64(h)) }

//export chariot_games
func chariot_games(out **C.char) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(out)); err != nil {
			return err
		}
		b, err := json.Marshal(gameList())
		if err == nil {
			putString(out, b)
		}
		return err
	})
}

// chariot_env_new opens a one-seat environment from a JSON config.
//
//export chariot_env_new
func chariot_env_new(cfgJSON *C.char, handle *C.int64_t, infoJSON **C.char) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(cfgJSON), unsafe.Pointer(handle), unsafe.Pointer(infoJSON)); err != nil {
			return err
		}
		var cfg config
		if err := json.Unmarshal([]byte(C.GoString(cfgJSON)), &cfg); err != nil {
			return badInput("chariot: config: %v", err)
		}
		s, err := newSession(cfg)
		if err != nil {
			return err
		}
		b, err := s.describe()
		if err != nil {
			return err
		}
		*handle = C.int64_t(register(s))
		putString(infoJSON, b)
		return nil
	})
}

//export chariot_env_reset
func chariot_env_reset(h C.int64_t, seed C.uint64_t, obs *C.float, mask *C.uint8_t, actFeat *C.float, ret *C.double, running *C.uint8_t) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(ret), unsafe.Pointer(running)); err != nil {
			return err
		}
		s, unlock, err := lookup[*session](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		r, err := s.reset(uint64(seed), s.views(obs, mask, actFeat))
		if err != nil {
			return err
		}
		*ret, *running = C.double(r), C.uint8_t(b2u(s.running))
		return nil
	})
}

//export chariot_env_step
func chariot_env_step(h C.int64_t, action C.int64_t, obs *C.float, mask *C.uint8_t, actFeat *C.float, reward *C.double, flags *C.uint8_t) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(reward), unsafe.Pointer(flags)); err != nil {
			return err
		}
		s, unlock, err := lookup[*session](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		r, term, trunc, err := s.step(int(action), s.views(obs, mask, actFeat))
		if err != nil {
			return err
		}
		f := slice[uint8](flags, 2)
		*reward, f[0], f[1] = C.double(r), b2u(term), b2u(trunc)
		return nil
	})
}

// views is the session's view over caller memory.
func (s *session) views(obs *C.float, mask *C.uint8_t, actFeat *C.float) view {
	return view{obs: slice[float32](obs, s.obsSize()), mask: slice[uint8](mask, s.info.Actions),
		actFeat: slice[float32](actFeat, s.info.Actions*len(s.info.ActionFeatures))}
}

//export chariot_table_new
func chariot_table_new(spec, data *C.char, handle *C.int64_t, infoJSON **C.char) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(spec), unsafe.Pointer(data), unsafe.Pointer(handle), unsafe.Pointer(infoJSON)); err != nil {
			return err
		}
		t, err := newTable(C.GoString(spec), C.GoString(data))
		if err != nil {
			return err
		}
		b, err := json.Marshal(t.info)
		if err != nil {
			return err
		}
		*handle = C.int64_t(register(t))
		putString(infoJSON, b)
		return nil
	})
}

//export chariot_table_reset
func chariot_table_reset(h C.int64_t, seed C.uint64_t) *C.char {
	return guard(func() error {
		t, unlock, err := lookup[*table](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		return t.reset(uint64(seed))
	})
}

//export chariot_table_apply
func chariot_table_apply(h C.int64_t, action C.int64_t) *C.char {
	return guard(func() error {
		t, unlock, err := lookup[*table](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		return t.apply(int(action))
	})
}

// chariot_table_view writes seat's observation and mask and every seat's
// return, and the seat to act (-2 at the end) into current.
//
//export chariot_table_view
func chariot_table_view(h C.int64_t, seat C.int64_t, obs *C.float, mask *C.uint8_t, returns *C.double, current *C.int64_t) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(current)); err != nil {
			return err
		}
		t, unlock, err := lookup[*table](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		cur, err := t.write(int(seat), slice[float32](obs, t.game.ObservationSize()), slice[uint8](mask, t.info.Actions),
			slice[float64](returns, len(t.info.Seats)))
		if err == nil {
			*current = C.int64_t(cur)
		}
		return err
	})
}

//export chariot_vec_new
func chariot_vec_new(cfgJSON *C.char, n, workers C.int64_t, handle *C.int64_t, infoJSON **C.char) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(cfgJSON), unsafe.Pointer(handle), unsafe.Pointer(infoJSON)); err != nil {
			return err
		}
		var cfg config
		if err := json.Unmarshal([]byte(C.GoString(cfgJSON)), &cfg); err != nil {
			return badInput("chariot: config: %v", err)
		}
		v, err := newVector(cfg, int(n), int(workers))
		if err != nil {
			return err
		}
		b, err := v.envs[0].describe()
		if err != nil {
			return err
		}
		*handle = C.int64_t(register(v))
		putString(infoJSON, b)
		return nil
	})
}

// vecBuffers views the caller's arrays of every env.
func (v *vector) buffers(obs, finalObs *C.float, mask *C.uint8_t, actFeat *C.float, reward *C.double, flags *C.uint8_t) buffers {
	s, n := v.envs[0], len(v.envs)
	f := slice[uint8](flags, 2*n)
	b := buffers{obs: slice[float32](obs, n*s.obsSize()), finalObs: slice[float32](finalObs, n*s.obsSize()),
		mask: slice[uint8](mask, n*s.info.Actions), actFeat: slice[float32](actFeat, n*s.info.Actions*len(s.info.ActionFeatures)),
		reward: slice[float64](reward, n)}
	if f != nil {
		b.terminated, b.truncated = f[:n], f[n:]
	}
	return b
}

//export chariot_vec_reset
func chariot_vec_reset(h C.int64_t, seed C.uint64_t, obs *C.float, mask *C.uint8_t, actFeat *C.float) *C.char {
	return guard(func() error {
		v, unlock, err := lookup[*vector](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		return v.reset(uint64(seed), v.buffers(obs, nil, mask, actFeat, nil, nil))
	})
}

// chariot_vec_step steps every env; flags holds N terminated then N
// truncated bytes.
//
//export chariot_vec_step
func chariot_vec_step(h C.int64_t, actions *C.int64_t, obs, finalObs *C.float, mask *C.uint8_t, actFeat *C.float, reward *C.double, flags *C.uint8_t) *C.char {
	return guard(func() error {
		v, unlock, err := lookup[*vector](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		b := v.buffers(obs, finalObs, mask, actFeat, reward, flags)
		if b.reward == nil || b.terminated == nil || actions == nil {
			return badInput("chariot: vector step needs actions, rewards and flags")
		}
		return v.step(slice[int64](actions, len(v.envs)), b)
	})
}

// gameList names the registered games.
func gameList() []string {
	var names []string
	for _, r := range env.Games() {
		names = append(names, r.Name)
	}
	return names
}

func main() { runTrace() }

// chariot_save_policy saves a policy network (JSON: net, training,
// metrics) as a chariot model file of the environment's game and seat.
//
//export chariot_save_policy
func chariot_save_policy(h C.int64_t, policyJSON, path *C.char) *C.char {
	return guard(func() error {
		if err := needs(unsafe.Pointer(policyJSON), unsafe.Pointer(path)); err != nil {
			return err
		}
		s, unlock, err := lookup[*session](int64(h))
		if err != nil {
			return err
		}
		defer unlock()
		p, err := decodePolicy([]byte(C.GoString(policyJSON)))
		if err != nil {
			return err
		}
		return savePolicy(s, p, C.GoString(path))
	})
}
