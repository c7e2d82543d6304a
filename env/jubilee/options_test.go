package jubilee

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestOptionsOfTwoValues: each option of two named values reads either,
// writes its canonical form, and refuses anything else in one line.
func TestOptionsOfTwoValues(t *testing.T) {
	g, err := env.NewGame(Name + ":board_from=hex,fire_assign=greedy,drift=choice,opponent=seat")
	if err != nil {
		t.Fatal(err)
	}
	o := g.(*Game).opts
	if !o.BoardFromHex || !o.GreedyFire || !o.DriftChoice || !o.OpponentSeat {
		t.Errorf("options read as %+v", o)
	}
	for _, kv := range []string{"board_from=hex", "fire_assign=greedy", "drift=choice", "opponent=seat"} {
		if !strings.Contains(g.Options(), kv) {
			t.Errorf("Options() = %q lacks %s", g.Options(), kv)
		}
	}
	if d := Default().Options(); !strings.Contains(d, "board_from=beach") || !strings.Contains(d, "fire_assign=most") {
		t.Errorf("default Options() = %q", d)
	}
	for spec, want := range map[string]string{
		"board_from=map":     `option board_from="map": want beach or hex`,
		"fire_assign=best":   `option fire_assign="best": want most or greedy`,
		"drift=east":         `option drift="east": want table or choice`,
		"fire_assign=GREEDY": `want most or greedy`,
	} {
		if _, err := env.NewGame(Name + ":" + spec); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", spec, err, want)
		}
	}
}
