package gym_test

import (
	"context"
	"fmt"

	_ "github.com/chariot-ai/chariot/agents/stnazaire" // the St. Nazaire baselines
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/allgames"
	"github.com/chariot-ai/chariot/env/gym"
)

// One seat of a game as a Gymnasium-style environment: the dice and the
// other seats are played inside Step, and the info carries the legal-action
// mask. Here the British of St. Nazaire, played by the greedy plan, against
// the rules' Germans.
func ExampleNew() {
	g, _ := env.NewGame("stnazaire")
	plan, err := agents.New("greedy", g, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	e := gym.New(g, 0, nil)
	_, info, err := e.Reset(2)
	total := 0.0
	for err == nil {
		a, perr := plan.Act(context.Background(), info.State)
		if perr != nil || !info.Mask[a] {
			fmt.Println("the plan failed:", perr)
			return
		}
		var reward float64
		var done bool
		_, reward, done, _, info, err = e.Step(a)
		total += reward
		if err == nil && done {
			fmt.Printf("the rewards sum to the final return: %v = %v\n", total, e.State().Returns()[0])
			fmt.Println(e.State().Score().Verdict)
			return
		}
	}
	fmt.Println(err)
	// Output:
	// the rewards sum to the final return: 28 = 28
	// failed
}
