package features

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/agents"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

func TestTables(t *testing.T) {
	if len(StateFeatures) != numState || len(ActionOwnFeatures) != numOwn {
		t.Fatalf("tables have %d and %d features, the code %d and %d", len(StateFeatures), len(ActionOwnFeatures), numState, numOwn)
	}
	if len(ActionFeatures) != len(contextIdx)+1+numOwn {
		t.Fatalf("ActionFeatures has %d features", len(ActionFeatures))
	}
	seen := map[string]bool{}
	for _, f := range slices.Concat(StateFeatures, ActionFeatures) {
		if f.Lo > f.Hi || f.Meaning == "" {
			t.Errorf("%s: bad range or no meaning", f.Name)
		}
		seen[f.Name] = true
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range slices.Concat(StateFeatures, []Feature{nLegal}, ActionOwnFeatures) {
		if row := readmeRow(f); !strings.Contains(string(readme), row) {
			t.Errorf("README.md lacks the row %q", row)
		}
	}
}

// readmeRow is a feature's row in README.md.
func readmeRow(f Feature) string {
	return fmt.Sprintf("| `%s` | %g..%g | %s |", f.Name, f.Lo, f.Hi, f.Meaning)
}

// TestShapesAndRanges plays games with several agents and checks every
// feature of every British decision against its documented range.
func TestShapesAndRanges(t *testing.T) {
	g := stnazaire.Default()
	e, err := NewEncoder(g)
	if err != nil {
		t.Fatal(err)
	}
	var sbuf, abuf []float64
	decisions := 0
	for _, spec := range []string{"random", "greedy", "aggressive"} {
		for seed := range uint64(15) {
			ag, err := agents.New(spec, g, seed)
			if err != nil {
				t.Fatal(err)
			}
			_, err = agents.RunEpisode(context.Background(), g, seed, []agents.Agent{ag}, func(s env.State, a env.Action, who env.Player) {
				if who < 0 {
					return
				}
				decisions++
				e.Load(s)
				sbuf = e.State(sbuf)
				check(t, StateFeatures, sbuf)
				if v := s.(*stnazaire.State).Value(); sbuf[sValueEstimate] != v {
					t.Fatalf("value_estimate %v, Value() %v", sbuf[sValueEstimate], v)
				}
				legal := e.Legal()
				if !slices.Contains(legal, a) {
					t.Fatalf("chosen action %d not in Legal %v", a, legal)
				}
				for _, b := range legal {
					abuf = e.Action(b, abuf)
					check(t, ActionFeatures, abuf)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if decisions < 1000 {
		t.Fatalf("only %d decisions", decisions)
	}
}

func check(t *testing.T, fs []Feature, v []float64) {
	t.Helper()
	if len(v) != len(fs) {
		t.Fatalf("%d features, want %d", len(v), len(fs))
	}
	for i, f := range fs {
		if !(v[i] >= f.Lo && v[i] <= f.Hi) || v[i] != float64(int(v[i])) {
			t.Fatalf("%s = %v, outside %g..%g or not an integer", f.Name, v[i], f.Lo, f.Hi)
		}
	}
}

// TestHiddenInformation checks that the features see only the British
// view: redrawing the face-down German counters changes nothing.
func TestHiddenInformation(t *testing.T) {
	g := stnazaire.Default()
	e, _ := NewEncoder(g)
	rng := rand.New(rand.NewPCG(1, 2))
	ag, _ := agents.New("greedy", g, 3)
	var a0, a1, s0, s1 []float64
	n := 0
	agents.RunEpisode(context.Background(), g, 5, []agents.Agent{ag}, func(s env.State, a env.Action, who env.Player) {
		if who < 0 || n > 60 {
			return
		}
		n++
		e.Load(s)
		s0 = e.State(s0)
		a0 = e.Action(a, a0)
		r := s.Resample(0, rng)
		e.Load(r)
		s1 = e.State(s1)
		a1 = e.Action(a, a1)
		if !slices.Equal(s0, s1) || !slices.Equal(a0, a1) {
			t.Fatalf("features changed on resampling:\n%v\n%v", s0, s1)
		}
	})
}

func TestOtherGame(t *testing.T) {
	pg, err := pig.New(env.Params{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewEncoder(pg); err == nil {
		t.Fatal("an encoder for pig")
	}
}
