package pig_test

import (
	"context"
	"fmt"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/pig"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	pigenv "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)

// TestHoldAt: hold at n rolls below n, holds at n and above, and holds
// short of n where banking reaches the target; it opens every turn with a
// roll, even where the rules allow a stop at 0.
func TestHoldAt(t *testing.T) {
	for _, c := range []struct {
		opts        string
		score, k, n int
		want        env.Action
	}{
		{"", 0, 0, 20, pigenv.Roll},
		{"", 0, 19, 20, pigenv.Roll},
		{"", 0, 20, 20, pigenv.Stop},
		{"", 0, 24, 20, pigenv.Stop},
		{"", 15, 5, 20, pigenv.Stop}, // the target
		{"", 15, 4, 20, pigenv.Roll},
		{",stop_at_zero=true", 0, 0, 1, pigenv.Roll},
	} {
		g, err := env.NewGame("pig:target=20" + c.opts)
		if err != nil {
			t.Fatal(err)
		}
		a, err := agents.New(fmt.Sprintf("holdat:n=%d", c.n), g, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.UnmarshalState([]byte(fmt.Sprintf(`{"options":%q,"scores":[%d,3],"turn_total":%d,"player":0,"chance":false,"winner":-1}`, g.Options(), c.score, c.k)))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := a.Act(context.Background(), s); err != nil || got != c.want {
			t.Errorf("%+v: %s, %v; want %s", c, s.ActionString(got), err, s.ActionString(c.want))
		}
	}
	tt, _ := env.NewGame("tictactoe")
	if _, err := agents.New("holdat", tt, 1); err == nil {
		t.Error("holdat plays tic-tac-toe")
	}
	g, _ := env.NewGame("pig")
	if _, err := agents.New("holdat:n=0", g, 1); err == nil {
		t.Error("holdat:n=0 accepted")
	}
}
