package advise

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/chariot-ai/chariot/agents"
	_ "github.com/chariot-ai/chariot/agents/stnazaire" // the greedy agent plays the British in forecasts
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// Forecast is what the German rules are likely to do before the person's
// next movement phase, from sampled futures.
type Forecast struct {
	// Move is the move played first, or "" for the position as it is.
	Move    string `json:"move"`
	Futures int    `json:"futures"`
	// Horizon and Method say in words what was sampled.
	Horizon string `json:"horizon"`
	Method  string `json:"method"`
	// Events are German actions (shots, moves), with the share of futures
	// in which each happens, most frequent first.
	Events []Event `json:"events"`
	// Losses are what happens to the commandos by the horizon.
	Losses []Event `json:"losses"`
	// Reinforcements is the mean number of German counters entering.
	Reinforcements float64 `json:"reinforcements"`
	VPNow          int     `json:"vp_now"`
	VPMean         float64 `json:"vp_mean"`
}

// Event is something that happens in a share of the futures.
type Event struct {
	Text  string  `json:"text"`
	Share float64 `json:"share"`
}

// DefaultFutures is the number of futures a forecast samples by default.
const DefaultFutures = 200

// forecastSteps bounds one future, in actions.
const forecastSteps = 5000

// ForecastMove samples n futures of st after move (or of st itself when
// move is negative) up to the British player's next movement phase: hidden
// German counters redrawn for each future (so nothing hidden leaks), dice
// at random from seed, the British choices in between made by the greedy
// agent. It needs a St. Nazaire state.
func ForecastMove(st env.State, move env.Action, n int, seed uint64) (Forecast, error) {
	root, ok := st.(*stnazaire.State)
	if !ok {
		return Forecast{}, errors.New("forecast: only St. Nazaire has German rules to forecast")
	}
	if root.IsTerminal() {
		return Forecast{}, ErrOver
	}
	if n <= 0 {
		n = DefaultFutures
	}
	g := root.Game().(*stnazaire.Game)
	policy, err := agents.New("greedy", g, seed)
	if err != nil {
		return Forecast{}, fmt.Errorf("forecast: %w", err)
	}
	f := Forecast{Futures: n, VPNow: root.View().VP,
		Horizon: "until your next movement phase (or the end)",
		Method:  "hidden counters redrawn, dice at random, your choices in between by the greedy agent"}
	if move >= 0 {
		f.Move = root.ActionString(move)
		if err := root.Clone().Apply(move); err != nil {
			return Forecast{}, fmt.Errorf("forecast: %w", err)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0xf02ecA57))
	names := germanNames(g.Data())
	events, losses := map[string]int{}, map[string]int{}
	reinf, vp := 0, 0
	for range n {
		fu, err := sampleFuture(root, move, rng, policy, names)
		if err != nil {
			return Forecast{}, fmt.Errorf("forecast: %w", err)
		}
		for e := range fu.events {
			events[e]++
		}
		for e := range fu.losses {
			losses[e]++
		}
		reinf += fu.reinf
		vp += fu.vp
	}
	f.Events, f.Losses = shares(events, n), shares(losses, n)
	f.Reinforcements = float64(reinf) / float64(n)
	f.VPMean = float64(vp) / float64(n)
	return f, nil
}

// future is what one sampled future saw.
type future struct {
	events, losses map[string]bool
	reinf, vp      int
}

func sampleFuture(root *stnazaire.State, move env.Action, rng *rand.Rand, policy agents.Agent, names []string) (future, error) {
	fu := future{events: map[string]bool{}, losses: map[string]bool{}}
	st := root.Resample(0, rng).(*stnazaire.State)
	before := st.View()
	if move >= 0 {
		if err := st.Apply(move); err != nil {
			return fu, err
		}
	}
	d := st.Game().(*stnazaire.Game).Data()
	leftB := st.PhaseLetter() != "B"
	var inE bool
	var pools int
	var counts []int
	var outcomes []env.Outcome
	for step := 0; step < forecastSteps && !st.IsTerminal(); step++ {
		ph := st.PhaseLetter()
		if ph != "B" {
			leftB = true
		} else if leftB {
			break
		}
		if ph == "E" && !inE {
			inE, pools, counts = true, poolSize(st), germanCounts(st, len(d.Spaces))
		}
		if inE && ph != "E" {
			inE = false
			fu.reinf += germanMoves(st, d, pools, counts, fu.events)
		}
		var a env.Action
		if st.CurrentPlayer() == env.Chance {
			if shot, ok := germanShot(st.Prompt(), names); ok {
				fu.events["phase "+ph+": "+shot] = true
			}
			outcomes = st.ChanceOutcomes(outcomes)
			a = env.SampleChance(outcomes, rng)
		} else {
			var err error
			if a, err = policy.Act(context.Background(), st); err != nil {
				return fu, err
			}
		}
		if err := st.Apply(a); err != nil {
			return fu, err
		}
	}
	if inE {
		fu.reinf += germanMoves(st, d, pools, counts, fu.events)
	}
	after := st.View()
	for i, b := range before.British {
		a := after.British[i]
		switch {
		case b.Status == "map" && (a.Status == "eliminated" || a.Status == "captured"):
			fu.losses[b.Name+" "+a.Status] = true
		case a.Status == "map" && a.Pinned && !b.Pinned:
			fu.losses[b.Name+" pinned"] = true
		}
		if a.Status == "map" && a.Strength < b.Strength && b.Status == "map" {
			fu.losses[b.Name+" reduced"] = true
		}
	}
	fu.vp = after.VP
	return fu, nil
}

// germanNames lists the German counters' names, longest first, so a name
// that begins another is tried after it.
func germanNames(d *stnazaire.Data) []string {
	names := make([]string, len(d.German))
	for i, g := range d.German {
		names[i] = g.Name
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return names
}

// germanShot reads a die prompt and, if it is a German unit firing, says
// so: "D10: KM 3 fires at Roderick" gives "KM 3 fires at Roderick".
func germanShot(prompt string, names []string) (string, bool) {
	_, body, ok := strings.Cut(prompt, ": ")
	if !ok {
		return "", false
	}
	if strings.HasPrefix(body, "FlaK #12 fires at ") {
		return body, true
	}
	for _, n := range names {
		rest, ok := strings.CutPrefix(body, n+" fires ")
		if !ok {
			continue
		}
		if strings.HasPrefix(rest, "again") {
			return n + " rolls to fire again", true
		}
		return body, true
	}
	return "", false
}

func poolSize(st *stnazaire.State) int {
	v := st.View()
	return v.PoolA + v.PoolB
}

func germanCounts(st *stnazaire.State, n int) []int {
	c := make([]int, n)
	for sp := range c {
		c[sp] = st.GermansAt(sp)
	}
	return c
}

// germanMoves notes the spaces German counters entered during phase E and
// returns how many reinforcements came in.
func germanMoves(st *stnazaire.State, d *stnazaire.Data, pools int, counts []int, events map[string]bool) int {
	for sp, c := range counts {
		if st.GermansAt(sp) > c {
			events[fmt.Sprintf("phase E: Germans move into %s %s", d.Spaces[sp].ID, d.Spaces[sp].Name)] = true
		}
	}
	return pools - poolSize(st)
}

// shares turns counts into events sorted by share, then text.
func shares(m map[string]int, n int) []Event {
	out := make([]Event, 0, len(m))
	for t, c := range m {
		out = append(out, Event{Text: t, Share: float64(c) / float64(n)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Share != out[j].Share {
			return out[i].Share > out[j].Share
		}
		return out[i].Text < out[j].Text
	})
	return out
}
