package gym_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/gym"
	_ "github.com/chariot-ai/chariot/env/pig"
)

func mustGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomPolicy plays uniformly from its own stream.
func randomPolicy(seed uint64) gym.Policy {
	rng := rand.New(rand.NewPCG(seed, 1))
	return func(s env.State) (env.Action, error) {
		legal := s.LegalActions(nil)
		if len(legal) == 0 {
			return 0, errors.New("no legal action")
		}
		return legal[rng.IntN(len(legal))], nil
	}
}

// episode is the record of one episode, for comparison.
type episode struct {
	trace   []string
	rewards []float64
	final   float64
	end     string
}

// run plays an episode with the seat's actions chosen by a stream seeded by
// actSeed; if poke is set, it first tries an illegal action at every step.
func run(t testing.TB, g env.Game, seat env.Player, seed, actSeed uint64, poke bool, opts ...gym.Option) episode {
	t.Helper()
	e := gym.New(g, seat, randomPolicy(seed^0xabc), opts...)
	obs, info, err := e.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(actSeed, 2))
	var ep episode
	record := func(obs []float32, info gym.Info) {
		j, err := info.State.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		ep.trace = append(ep.trace, fmt.Sprint(obs, info.Legal, info.Mask, string(j)))
	}
	record(obs, info)
	if info.State.IsTerminal() {
		// The game ended before the seat decided.
		ep.final = info.Return
		ep.end = "over at reset"
		return ep
	}
	for {
		if poke {
			if _, _, _, _, _, err := e.Step(env.Action(g.NumDistinctActions())); !errors.Is(err, env.ErrIllegal) {
				t.Fatalf("illegal step: %v, want ErrIllegal", err)
			}
		}
		a := info.Legal[rng.IntN(len(info.Legal))]
		var r float64
		var term, trunc bool
		obs, r, term, trunc, info, err = e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		record(obs, info)
		ep.rewards = append(ep.rewards, r)
		if info.Return != info.State.Returns()[seat] {
			t.Fatalf("Info.Return %v, seat's return %v", info.Return, info.State.Returns()[seat])
		}
		if term || trunc {
			ep.final = info.State.Returns()[seat]
			ep.end = fmt.Sprintf("terminated=%v truncated=%v", term, trunc)
			return ep
		}
	}
}

func equalEpisodes(a, b episode) bool {
	return slices.Equal(a.trace, b.trace) && slices.Equal(a.rewards, b.rewards) && a.final == b.final && a.end == b.end
}

func TestDeterminism(t *testing.T) {
	g := mustGame(t, "pig")
	for seed := range uint64(20) {
		a := run(t, g, env.Player(seed%2), seed, seed, false)
		b := run(t, g, env.Player(seed%2), seed, seed, false)
		if !equalEpisodes(a, b) {
			t.Fatalf("seed %d: two runs differ:\n%v\n%v", seed, a.trace, b.trace)
		}
	}
	// Different seeds give different dice: check that the seed matters.
	if equalEpisodes(run(t, g, 0, 1, 1, false), run(t, g, 0, 2, 1, false)) {
		t.Error("seeds 1 and 2 give the same episode")
	}
}

func TestDeterminismAcrossGoroutines(t *testing.T) {
	g := mustGame(t, "pig")
	const n = 16
	want := make([]episode, n)
	for i := range want {
		want[i] = run(t, g, 0, uint64(i), 99, false)
	}
	got := make([]episode, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i] = run(t, g, 0, uint64(i), 99, false) })
		// Unrelated work on the side, with its own randomness.
		wg.Go(func() { run(t, g, 1, uint64(i+1000), uint64(i), false) })
	}
	wg.Wait()
	for i := range n {
		if !equalEpisodes(got[i], want[i]) {
			t.Errorf("seed %d differs when run concurrently", i)
		}
	}
}

func TestRewardsSumToReturn(t *testing.T) {
	overAtReset := 0
	for _, spec := range []string{"pig", "pig:target=5,die=3"} {
		g := mustGame(t, spec)
		for seed := range uint64(50) {
			seat := env.Player(seed % 2)
			ep := run(t, g, seat, seed, seed+7, false)
			if ep.end == "over at reset" {
				overAtReset++
				if len(ep.rewards) != 0 || ep.final != -1 {
					t.Errorf("%s seed %d: over at reset with rewards %v, return %v", spec, seed, ep.rewards, ep.final)
				}
				continue
			}
			sum := 0.0
			for _, r := range ep.rewards {
				sum += r
			}
			if sum != ep.final || (ep.final != 1 && ep.final != -1) {
				t.Errorf("%s seed %d: rewards %v sum to %v, final return %v", spec, seed, ep.rewards, sum, ep.final)
			}
			if ep.end != "terminated=true truncated=false" {
				t.Errorf("%s seed %d: ended with %s", spec, seed, ep.end)
			}
		}
	}
	if overAtReset == 0 {
		t.Error("no episode of pig:target=5,die=3 ended before seat 1 decided; the case is untested")
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	g := mustGame(t, "pig")
	for seed := range uint64(10) {
		clean := run(t, g, 0, seed, seed, false)
		poked := run(t, g, 0, seed, seed, true)
		if !equalEpisodes(clean, poked) {
			t.Errorf("seed %d: illegal actions changed the episode", seed)
		}
	}
	// A legal-range action that is illegal here: stop with nothing banked.
	e := gym.New(g, 0, randomPolicy(1))
	if _, _, err := e.Reset(3); err != nil {
		t.Fatal(err)
	}
	before, _ := e.State().MarshalJSON()
	if _, _, _, _, _, err := e.Step(0); !errors.Is(err, env.ErrIllegal) {
		t.Errorf("stop at turn total 0: %v, want ErrIllegal", err)
	}
	if after, _ := e.State().MarshalJSON(); !bytes.Equal(before, after) {
		t.Errorf("illegal step changed %s to %s", before, after)
	}
}

func TestTruncation(t *testing.T) {
	g := mustGame(t, "pig:target=1000")
	ep := run(t, g, 0, 5, 5, false, gym.MaxSteps(3))
	if len(ep.rewards) != 3 || ep.end != "terminated=false truncated=true" {
		t.Fatalf("%d steps, %s; want 3 steps, truncated", len(ep.rewards), ep.end)
	}
	e := gym.New(g, 0, randomPolicy(1), gym.MaxSteps(1))
	if _, _, err := e.Reset(1); err != nil {
		t.Fatal(err)
	}
	if _, _, _, trunc, _, err := e.Step(1); err != nil || !trunc {
		t.Fatalf("first step: truncated %v, error %v", trunc, err)
	}
	if _, _, _, _, _, err := e.Step(1); !errors.Is(err, gym.ErrNoEpisode) {
		t.Errorf("step after truncation: %v, want ErrNoEpisode", err)
	}
}

func TestErrors(t *testing.T) {
	g := mustGame(t, "pig")
	failing := func(env.State) (env.Action, error) { return 0, errors.New("out of ideas") }
	illegal := func(env.State) (env.Action, error) { return 99, nil }
	tests := []struct {
		name    string
		seat    env.Player
		others  gym.Policy
		wantErr string
		target  error
	}{
		{"seat out of range", 2, nil, "seats 0 to 1", nil},
		{"negative seat", env.Chance, nil, "seats 0 to 1", nil},
		{"no policy", 1, nil, "no policy for other seats", nil},
		{"policy error", 1, failing, "out of ideas", nil},
		{"policy illegal", 1, illegal, "policy for seat 0", env.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := gym.New(g, tt.seat, tt.others).Reset(1)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Reset: %v, want an error mentioning %q", err, tt.wantErr)
			}
			if tt.target != nil && !errors.Is(err, tt.target) {
				t.Errorf("Reset: %v does not wrap %v", err, tt.target)
			}
		})
	}
	if _, _, _, _, _, err := gym.New(g, 0, nil).Step(1); !errors.Is(err, gym.ErrNoEpisode) {
		t.Errorf("Step before Reset: %v, want ErrNoEpisode", err)
	}
}

func TestInfo(t *testing.T) {
	g := mustGame(t, "pig")
	e := gym.New(g, 0, randomPolicy(1))
	obs, info, err := e.Reset(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != g.ObservationSize() || len(info.Mask) != g.NumDistinctActions() {
		t.Fatalf("obs %d, mask %d", len(obs), len(info.Mask))
	}
	for a, ok := range info.Mask {
		if ok != slices.Contains(info.Legal, env.Action(a)) {
			t.Errorf("mask %v disagrees with legal %v", info.Mask, info.Legal)
		}
	}
	// Info.State is the agent's to play with.
	before, _ := e.State().MarshalJSON()
	if err := info.State.Apply(1); err != nil {
		t.Fatal(err)
	}
	if after, _ := e.State().MarshalJSON(); !bytes.Equal(before, after) {
		t.Error("applying to Info.State changed the episode")
	}
}
