package envtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/chariot-ai/chariot/env"
)

// fake is a small correct game that can be broken on purpose with the
// option bug=NAME, to show that Check catches each kind of breakage.
//
// Two seats alternate. A seat picks 0 ("one") or 1 ("two"); a chance node
// follows with outcomes 2 ("lo", 1/4) and 3 ("hi", 3/4); after eight entries
// in the history the game is over, and seat 0 wins if the sum of the
// history is even.
type fake struct{ bug string }

const (
	fakeLen     = 8
	fakeActions = 4
)

func init() {
	registerFake("envtest_fake", "a tiny game that envtest's tests break on purpose", func(bug string) env.Game { return fake{bug: bug} })
}

// registerFake registers a fake game that takes the option bug (default
// "none").
func registerFake(name, description string, build func(bug string) env.Game) {
	env.Register(env.Registration{
		Name:        name,
		Description: description,
		Options:     []env.OptionDoc{{Name: "bug", Default: "none", Help: "which contract to break"}},
		New: func(p env.Params) (env.Game, error) {
			if err := p.CheckKnown([]env.OptionDoc{{Name: "bug"}}); err != nil {
				return nil, err
			}
			bug := p["bug"]
			if bug == "" {
				bug = "none"
			}
			return build(bug), nil
		},
	})
}

func (g fake) Name() string {
	if g.bug == "unregistered" {
		return "envtest_unregistered"
	}
	return "envtest_fake"
}
func (g fake) Options() string         { return "bug=" + g.bug }
func (g fake) NumPlayers() int         { return 2 }
func (g fake) NumDistinctActions() int { return fakeActions }
func (g fake) ObservationSize() int    { return 3 }
func (g fake) NewInitialState(seed uint64) env.State {
	return &fakeState{g: g, d: &fakeData{}}
}

// Facts declares the fake's facts; the facts_* bugs misdeclare one.
func (g fake) Facts() env.Facts {
	f := env.WinLossFacts(fakeLen, 2)
	switch g.bug {
	case "no_facts":
		return env.Facts{}
	case "facts_range":
		f.MaxReturn = 0.5
	case "facts_utility":
		f.Utility = env.Identical
	case "facts_length":
		f.MaxGameLength = fakeLen - 2
	case "facts_chance":
		f.MaxChanceOutcomes = 1
	}
	return f
}

type fakeData struct {
	Hist    []int `json:"hist"`
	Queries int   `json:"queries,omitempty"`
}

func (g fake) UnmarshalState(data []byte) (env.State, error) {
	var d fakeData
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	if g.bug == "unmarshal_panic" && len(d.Hist) == 0 {
		_ = d.Hist[0]
	}
	if len(d.Hist) > fakeLen {
		return nil, errors.New("history too long")
	}
	for i, a := range d.Hist {
		if (i%2 == 0) != (a < 2) || a < 0 || a >= fakeActions {
			return nil, fmt.Errorf("entry %d: bad action %d", i, a)
		}
	}
	return &fakeState{g: g, d: &d}, nil
}

type fakeState struct {
	g fake
	d *fakeData
}

func (s *fakeState) Game() env.Game { return s.g }

func (s *fakeState) CurrentPlayer() env.Player {
	n := len(s.d.Hist)
	switch {
	case n >= fakeLen:
		return env.Terminal
	case n%2 == 1:
		return env.Chance
	case s.g.bug == "bad_player":
		return 2
	default:
		return env.Player(n / 2 % 2)
	}
}

func (s *fakeState) IsTerminal() bool { return len(s.d.Hist) >= fakeLen }

func (s *fakeState) LegalActions(buf []env.Action) []env.Action {
	if s.g.bug == "allocs" {
		buf = nil
	}
	if s.g.bug == "query_mutates" {
		s.d.Queries++
	}
	buf = buf[:0]
	n := len(s.d.Hist)
	switch {
	case n >= fakeLen:
		if s.g.bug == "terminal_legal" {
			buf = append(buf, 0)
		}
	case n%2 == 1:
		buf = append(buf, 2, 3)
	case s.g.bug == "unsorted":
		buf = append(buf, 1, 0)
	case s.g.bug == "duplicate":
		buf = append(buf, 0, 0, 1)
	case s.g.bug == "out_of_range":
		buf = append(buf, 0, 1, fakeActions)
	case s.g.bug == "empty_legal" && n == 4:
	default:
		buf = append(buf, 0, 1)
	}
	return buf
}

func (s *fakeState) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if len(s.d.Hist)%2 == 0 || s.IsTerminal() {
		return buf
	}
	switch s.g.bug {
	case "chance_sum":
		return append(buf, env.Outcome{Action: 2, Prob: 0.25}, env.Outcome{Action: 3, Prob: 0.7})
	case "chance_set":
		return append(buf, env.Outcome{Action: 3, Prob: 1})
	}
	return append(buf, env.Outcome{Action: 2, Prob: 0.25}, env.Outcome{Action: 3, Prob: 0.75})
}

func (s *fakeState) Apply(a env.Action) error {
	legal := false
	for _, b := range s.LegalActions(nil) {
		legal = legal || a == b
	}
	if !legal {
		switch s.g.bug {
		case "illegal_ok":
			return nil
		case "illegal_unwrapped":
			return fmt.Errorf("fake: action %d is not legal", a)
		case "illegal_mutates":
			s.d.Hist = append(s.d.Hist, 0)
		}
		return fmt.Errorf("fake: action %d: %w", a, env.ErrIllegal)
	}
	s.d.Hist = append(s.d.Hist, int(a))
	if s.dropsQueries() && a == 3 {
		s.d.Queries++ // a tally of "hi" kept in the state, which MarshalJSON drops
	}
	return nil
}

// dropsQueries says the bug is a field, Queries, that the state keeps and
// shows in String but MarshalJSON forgets: its JSON stays a fixed point.
// With json_drops_field String shows it at once; with json_drops_later
// only at the end, so that only play going on shows it.
func (s *fakeState) dropsQueries() bool {
	return s.g.bug == "json_drops_field" || s.g.bug == "json_drops_later"
}

// fakeNames are the action names, by action.
func fakeNames() []string { return []string{"one", "two", "lo", "hi"} }

func (s *fakeState) ActionString(a env.Action) string {
	if names := fakeNames(); a >= 0 && int(a) < len(names) {
		return names[a]
	}
	return strconv.Itoa(int(a))
}

func (s *fakeState) ParseAction(text string) (env.Action, error) {
	for i, n := range fakeNames() {
		if n == text {
			if s.g.bug == "parse" && i == 3 {
				return 2, nil
			}
			return env.Action(i), nil
		}
	}
	a, err := strconv.Atoi(text)
	return env.Action(a), err
}

func (s *fakeState) Clone() env.State {
	if s.g.bug == "shallow_clone" {
		return &fakeState{g: s.g, d: s.d}
	}
	d := *s.d
	d.Hist = append([]int(nil), s.d.Hist...)
	return &fakeState{g: s.g, d: &d}
}

func (s *fakeState) sum() int {
	t := 0
	for _, a := range s.d.Hist {
		t += a
	}
	return t
}

func (s *fakeState) Returns() []float64 {
	if s.g.bug == "returns_len" {
		return []float64{0}
	}
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	if s.sum()%2 == 0 {
		return []float64{1, -1}
	}
	return []float64{-1, 1}
}

func (s *fakeState) Score() env.Score {
	name := "sum"
	if s.g.bug == "metrics" && s.IsTerminal() {
		name = "total"
	}
	return env.Score{
		Value:   s.Returns()[0],
		Verdict: "whatever",
		Metrics: []env.Metric{{Name: name, Value: float64(s.sum())}},
	}
}

func (s *fakeState) String() string {
	if s.dropsQueries() && (s.g.bug == "json_drops_field" || s.IsTerminal()) {
		return fmt.Sprint(s.d.Hist, " hi×", s.d.Queries)
	}
	return fmt.Sprint(s.d.Hist)
}

func (s *fakeState) MarshalJSON() ([]byte, error) {
	d := *s.d
	if s.g.bug == "json_lossy" && len(d.Hist) > 0 {
		d.Hist = d.Hist[:len(d.Hist)-1]
	}
	if s.dropsQueries() {
		d.Queries = 0
	}
	return json.Marshal(d)
}

func (s *fakeState) Observation(p env.Player, buf []float32) []float32 {
	size := 3
	if s.g.bug == "obs_size" {
		size = 2
	}
	if cap(buf) < size {
		buf = make([]float32, size)
	}
	buf = buf[:size]
	if s.g.bug != "obs_buf" {
		clear(buf)
	}
	if n := float32(len(s.d.Hist)); n > 0 {
		buf[0] = n / fakeLen
	}
	if s.CurrentPlayer() == env.Chance {
		buf[1] = 1
	}
	if s.g.bug == "obs_nan" && s.IsTerminal() {
		buf[2] = float32(math.NaN())
	}
	return buf
}

func (s *fakeState) Observe(p env.Player) any {
	if s.g.bug == "observe_json" {
		return func() {}
	}
	return s.d.Hist
}

func (s *fakeState) Resample(p env.Player, rng *rand.Rand) env.State {
	if s.g.bug == "resample" {
		return s.g.NewInitialState(0)
	}
	return s.Clone()
}
