// Package breach is the tutorial game of docs/tutorial.md: a commando party
// must reach a lock gate and blow it before the alarm catches it. One seat,
// one die, a dozen decisions: everything a game of chariot needs, and
// nothing else. It passes the conformance suite (breach_test.go).
package breach

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// The action space is fixed: three decisions, then the six faces of the die.
const (
	Creep      env.Action = iota // one space closer, unseen
	Dash                         // roll: 1 raises the alarm (or, raised, ends the raid); else two spaces
	Blow                         // at the gate, roll: 3+ destroys it (4+ once the alarm is up)
	Face1                        // the die's face f is Face1 + f - 1
	numActions = Face1 + 6
)

const (
	start    = 4  // spaces to the gate
	maxTurns = 10 // decisions before the tide turns and the raid fails
)

func init() {
	env.Register(env.Registration{
		Name:        "breach",
		Description: "the tutorial game: reach the lock gate and blow it",
		New: func(p env.Params) (env.Game, error) {
			if err := p.CheckKnown(nil); err != nil {
				return nil, err
			}
			return Game{}, nil
		},
	})
}

// Game has no options, so it is a value.
type Game struct{}

func (Game) Name() string                          { return "breach" }
func (Game) Options() string                       { return "" }
func (Game) NumPlayers() int                       { return 1 }
func (Game) NumDistinctActions() int               { return int(numActions) }
func (Game) ObservationSize() int                  { return 4 }
func (Game) NewInitialState(seed uint64) env.State { return &State{Distance: start} }

// Facts states what the game is before any play: one seat's score between
// caught (-5) and the gate destroyed (10); at most maxTurns decisions, each
// followed by one die at most; six faces.
func (Game) Facts() env.Facts { return env.SeatVPFacts(-5, 10, false, 2*maxTurns, 6) }

// UnmarshalState reads MarshalJSON's output, refusing what no game reaches.
func (Game) UnmarshalState(data []byte) (env.State, error) {
	var s State
	if err := env.DecodeStrict(data, &s); err != nil {
		return nil, err
	}
	if s.Distance < 0 || s.Distance > start || s.Turn < 0 || s.Turn > maxTurns ||
		s.Pending < Creep || s.Pending > Blow || s.Result < 0 || s.Result > 3 ||
		(s.Pending == Blow && s.Distance > 0) || (s.Pending != Creep && s.Result != 0) {
		return nil, fmt.Errorf("breach: not a position of the game: %s", data)
	}
	return &s, nil
}

// State is flat data: a copy is a clone. Pending is the decision whose die
// is to be rolled (Creep: none); Result is 0 in play, then one of results.
type State struct {
	env.PerfectInformation // nothing is hidden: a resample is a clone
	Distance, Turn         int
	Alarm                  bool
	Pending                env.Action
	Result                 int
}

var results = [...]struct {
	verdict string
	score   float64
}{{"in play", 0}, {"gate destroyed", 10}, {"caught", -5}, {"out of time", 0}}

func (s *State) Game() env.Game   { return Game{} }
func (s *State) Clone() env.State { c := *s; return &c }
func (s *State) IsTerminal() bool { return s.Result != 0 }

func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.Result != 0:
		return env.Terminal
	case s.Pending != Creep:
		return env.Chance
	}
	return 0
}

func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	switch s.CurrentPlayer() {
	case env.Chance:
		for f := Face1; f < numActions; f++ {
			buf = append(buf, f)
		}
	case 0:
		if s.Distance > 0 {
			return append(buf, Creep, Dash)
		}
		return append(buf, Blow)
	}
	return buf
}

func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.CurrentPlayer() == env.Chance {
		for f := Face1; f < numActions; f++ {
			buf = append(buf, env.Outcome{Action: f, Prob: 1.0 / 6})
		}
	}
	return buf
}

// Apply plays a decision (rule: creep, dash, blow) or the die's face.
func (s *State) Apply(a env.Action) error {
	legal := s.LegalActions(make([]env.Action, 0, numActions))
	if !slices.Contains(legal, a) {
		return fmt.Errorf("%w: %s", env.ErrIllegal, s.ActionString(a))
	}
	switch {
	case a == Creep:
		s.Distance--
	case a == Dash || a == Blow:
		s.Pending = a // the die decides
		return nil
	case s.Pending == Dash:
		s.Pending = Creep
		if roll := int(a-Face1) + 1; roll > 1 {
			s.Distance = max(0, s.Distance-2)
		} else if s.Alarm {
			s.Result = 2 // caught
			return nil
		} else {
			s.Alarm = true
		}
	default: // the charge at the gate
		s.Pending = Creep
		need := 3
		if s.Alarm {
			need = 4
		}
		if int(a-Face1)+1 >= need {
			s.Result = 1
			return nil
		}
	}
	if s.Turn++; s.Turn == maxTurns {
		s.Result = 3
	}
	return nil
}

var names = [...]string{"creep", "dash", "blow"}

func (s *State) ActionString(a env.Action) string {
	switch {
	case a >= Creep && a <= Blow:
		return names[a]
	case a >= Face1 && a < numActions:
		return "roll " + strconv.Itoa(int(a-Face1)+1)
	}
	return "action " + strconv.Itoa(int(a))
}

func (s *State) ParseAction(text string) (env.Action, error) {
	text = strings.TrimSpace(text)
	for a := Creep; a < numActions; a++ {
		if text == s.ActionString(a) {
			return a, nil
		}
	}
	if n, err := strconv.Atoi(text); err == nil && n >= 0 && n < int(numActions) {
		return env.Action(n), nil
	}
	return 0, fmt.Errorf("breach: %q is not creep, dash, blow or roll 1 to 6", text)
}

func (s *State) Returns() []float64 {
	if s.Result == 0 {
		return []float64{0}
	}
	return []float64{results[s.Result].score}
}

func (s *State) Score() env.Score {
	return env.Score{Value: s.Returns()[0], Verdict: results[s.Result].verdict,
		Metrics: []env.Metric{{Name: "turn", Value: float64(s.Turn)}}}
}

func (s *State) String() string {
	alarm := "unseen"
	if s.Alarm {
		alarm = "the alarm is up"
	}
	return fmt.Sprintf("%d spaces to the gate, turn %d of %d, %s: %s", s.Distance, s.Turn, maxTurns, alarm, results[s.Result].verdict)
}

func (s *State) MarshalJSON() ([]byte, error) {
	type plain State // without the method, so that this is not recursive
	return json.Marshal((*plain)(s))
}

// Observation: nothing is hidden, so the seat sees the whole state.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	alarm := float32(0)
	if s.Alarm {
		alarm = 1
	}
	return append(buf[:0], float32(s.Distance)/start, float32(s.Turn)/maxTurns, alarm, float32(s.Pending))
}

func (s *State) Observe(p env.Player) any { return *s }
