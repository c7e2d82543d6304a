package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/train/model"
)

func TestPanicBecomesRuntimeError(t *testing.T) {
	err := recovered(func() error { panic("boom") })
	kind, msg := describe(err)
	if kind != "RuntimeError" || msg != "chariot: internal error: boom" {
		t.Errorf("a panic gave %s: %q, want RuntimeError: chariot: internal error: boom", kind, msg)
	}
	if err := recovered(func() error { return nil }); err != nil {
		t.Errorf("no panic, no error: got %v", err)
	}
}

func TestIllegalIsValueErrorWithTheGamesMessage(t *testing.T) {
	s, err := newSession(config{Game: "tictactoe", Others: "random"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.reset(1, view{}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.step(4, view{}); err != nil {
		t.Fatal(err)
	}
	_, _, _, err = s.step(4, view{})
	if kind, msg := describe(err); kind != "ValueError" || msg != "tictactoe: cell b2 is taken: illegal action" {
		t.Errorf("illegal action: %s: %q", kind, msg)
	}
	if !s.running {
		t.Error("an illegal action ended the episode; it must change nothing")
	}
}

// A policy saved from Python's layout is a model the learned agent plays.
func TestSavedPolicyPlays(t *testing.T) {
	s, err := newSession(config{Game: "stnazaire", Features: true, ActionFeatures: true})
	if err != nil {
		t.Fatal(err)
	}
	n := len(s.info.ActionFeatures)
	net := model.Net{OutScale: 1, Layers: []model.Layer{{In: n, Out: 1, W: make([]float64, n), B: []float64{0}}}}
	for range n {
		net.Mean, net.Std = append(net.Mean, 0), append(net.Std, 1)
	}
	net.Layers[0].W[0] = 1
	path := filepath.Join(t.TempDir(), "p.json")
	if err := savePolicy(s, policyFile{Net: net}, path); err != nil {
		t.Fatal(err)
	}
	a, err := agents.New("learned:model="+path, s.game, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := s.game.NewInitialState(1)
	for st.CurrentPlayer() == env.Chance {
		st.Apply(st.LegalActions(nil)[0])
	}
	if _, err := a.Act(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	// A network of the wrong width is refused, and nothing is written.
	net.Mean = net.Mean[1:]
	bad := filepath.Join(t.TempDir(), "bad.json")
	err = savePolicy(s, policyFile{Net: net}, bad)
	var ce *callError
	if !errors.As(err, &ce) || ce.kind != "ValueError" || !strings.Contains(err.Error(), "standardises") {
		t.Errorf("a malformed network: %v, want a ValueError naming the inputs", err)
	}
}

// BenchmarkGymRandomStep is Go's own rate through env/gym, the baseline of
// the Python speed table (docs/python.md): a random legal action each
// step, the observation and mask written every step, a reset when an
// episode ends, the other seat (tic-tac-toe's) played by "random" as the
// Python environment plays it. Run with -cpu 1.
func BenchmarkGymRandomStep(b *testing.B) {
	for _, spec := range []string{"tictactoe", "stnazaire"} {
		b.Run(spec, func(b *testing.B) {
			g, err := env.NewGame(spec)
			if err != nil {
				b.Fatal(err)
			}
			seed := uint64(1)
			e, err := newGym(g, 0, "random", 0, seed)
			if err != nil {
				b.Fatal(err)
			}
			_, info, err := e.Reset(seed)
			if err != nil {
				b.Fatal(err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			// The machine is shared: CPU time a step, beside the wall
			// time, is what compares with the Python figures.
			cpu := cpuTime()
			for b.Loop() {
				_, _, term, trunc, next, err := e.Step(info.Legal[r.IntN(len(info.Legal))])
				if err != nil {
					b.Fatal(err)
				}
				if term || trunc {
					seed++
					if _, next, err = e.Reset(seed); err != nil {
						b.Fatal(err)
					}
				}
				info = next
			}
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The vector's workers step each env as a session alone steps it, auto-reset
// included (run under -race in CI).
func TestVectorMatchesSessions(t *testing.T) {
	const n, seed = 4, 50
	cfg := config{Game: "tictactoe", Others: "random"}
	v, err := newVector(cfg, n, 2)
	if err != nil {
		t.Fatal(err)
	}
	size, actions := v.envs[0].obsSize(), v.envs[0].info.Actions
	b := buffers{obs: make([]float32, n*size), finalObs: make([]float32, n*size), mask: make([]uint8, n*actions),
		reward: make([]float64, n), terminated: make([]uint8, n), truncated: make([]uint8, n)}
	if err := v.reset(seed, b); err != nil {
		t.Fatal(err)
	}
	alone := make([]*session, n)
	episode := make([]uint64, n)
	obs := make([]float32, size)
	for i := range alone {
		if alone[i], err = newSession(cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := alone[i].reset(seed+uint64(i), view{}); err != nil {
			t.Fatal(err)
		}
	}
	ended := 0
	for step := range 40 {
		acts := make([]int64, n)
		for i, s := range alone {
			legal := []int64{}
			for a, m := range s.mask {
				if m {
					legal = append(legal, int64(a))
				}
			}
			acts[i] = legal[step%len(legal)]
		}
		if err := v.step(acts, b); err != nil {
			t.Fatal(err)
		}
		for i, s := range alone {
			r, term, trunc, err := s.step(int(acts[i]), view{obs: obs})
			if err != nil {
				t.Fatal(err)
			}
			if r != b.reward[i] || b2u(term) != b.terminated[i] || b2u(trunc) != b.truncated[i] {
				t.Fatalf("step %d env %d: vector %v %d %d, alone %v %v %v", step, i, b.reward[i], b.terminated[i], b.truncated[i], r, term, trunc)
			}
			if term || trunc {
				if !slices.Equal(obs, b.finalObs[i*size:(i+1)*size]) {
					t.Fatalf("step %d env %d: the final observation differs", step, i)
				}
				ended++
				episode[i]++
				if _, err := s.reset(seed+uint64(i)+episode[i]*n, view{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if ended < n {
		t.Errorf("%d episodes ended in 40 steps of %d envs: auto-reset barely exercised", ended, n)
	}
}
