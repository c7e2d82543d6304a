package breach_test

import (
	"fmt"
	"testing"

	"github.com/chariot-ai/chariot/docs/tutorial/breach"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// TestConformance: the whole contract, checked at every state of random
// games, as for every game of chariot.
func TestConformance(t *testing.T) {
	g, err := env.NewGame("breach")
	if err != nil {
		t.Fatal(err)
	}
	envtest.Check(t, g, envtest.Config{Games: 200, Seed: 1, Invariant: func(s env.State) error {
		b := s.(*breach.State)
		if b.Result == 1 && b.Distance != 0 {
			return fmt.Errorf("the gate was blown from %d spaces away", b.Distance)
		}
		return nil
	}})
}

// FuzzUnmarshal: a state read from any bytes is one the game can play on.
func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte(`{"Distance":0,"Turn":3,"Alarm":true,"Pending":2,"Result":0}`))
	f.Fuzz(func(t *testing.T, data []byte) { envtest.FuzzUnmarshal(t, breach.Game{}, data, 20) })
}

// A raid: a creep, three dashes (the first seen), and the charge.
func Example() {
	g, _ := env.NewGame("breach")
	s := g.NewInitialState(1)
	for _, move := range []string{"creep", "dash", "roll 1", "dash", "roll 5", "dash", "roll 6", "blow", "roll 4"} {
		a, err := s.ParseAction(move)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(s)
	fmt.Println(s.Score().Value)
	// Output:
	// 0 spaces to the gate, turn 4 of 10, the alarm is up: gate destroyed
	// 10
}
