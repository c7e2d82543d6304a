package env

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Player says who acts at a State: a seat number from 0 to NumPlayers()-1,
// or one of the two pseudo-players below.
type Player int

const (
	// Chance marks a chance node: the next action is a die outcome, listed
	// with its probability by ChanceOutcomes.
	Chance Player = -1
	// Terminal marks a finished game: no action is legal.
	Terminal Player = -2
)

// Action is an index into a game's fixed action space, 0 to
// NumDistinctActions()-1. Chance outcomes are actions too.
type Action int

// Outcome is one outcome of a chance node and its probability.
type Outcome struct {
	Action Action
	Prob   float64
}

// ErrIllegal is wrapped by every error Apply returns for an action that is
// not legal in the state, so callers can tell bad input from a broken state.
var ErrIllegal = errors.New("illegal action")

// Game is an immutable description of a game under one set of options. It
// is safe for concurrent use.
type Game interface {
	// Name is the registry name, such as "pig".
	Name() string
	// Options is the canonical key=value text of the options in force, keys
	// sorted; Lookup(Name()).New(Options()) builds an equal game.
	Options() string
	// NumPlayers counts the seats that make decisions. Sides played by the
	// rules themselves (an automated enemy) are not seats: their choices are
	// made by the rules, or by chance nodes where the rules call for a die.
	NumPlayers() int
	// NumDistinctActions is the size of the action space, fixed for the game,
	// so an action mask has this length.
	NumDistinctActions() int
	// ObservationSize is the length of the tensor Observation writes.
	ObservationSize() int
	// NewInitialState starts a game. The seed fixes whatever the rules draw
	// without a die (shuffled counters, hidden set-up); dice are chance nodes.
	NewInitialState(seed uint64) State
	// UnmarshalState rebuilds a state from State.MarshalJSON output. It
	// rejects malformed or inconsistent input with an error, never a panic.
	UnmarshalState(data []byte) (State, error)
}

// State is one position. A State is not safe for concurrent use; Clone it.
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// CurrentPlayer is the seat to decide, Chance, or Terminal.
	CurrentPlayer() Player
	// LegalActions appends the legal actions, sorted ascending and without
	// duplicates, to buf[:0] and returns it. At a chance node they are the
	// outcomes with non-zero probability; at a terminal state, none. With a
	// buffer of capacity NumDistinctActions() it does not allocate.
	LegalActions(buf []Action) []Action
	// ChanceOutcomes appends the outcomes of a chance node, sorted by action,
	// probabilities summing to 1, to buf[:0]. Elsewhere it returns buf[:0].
	ChanceOutcomes(buf []Outcome) []Outcome
	// Apply plays a decision or a chance outcome. An action that is not legal
	// returns an error wrapping ErrIllegal and leaves the state unchanged.
	Apply(a Action) error
	// ActionString names an action in this state, in the notation
	// ParseAction reads back.
	ActionString(a Action) string
	// ParseAction reads an action's name, as ActionString writes it, or its
	// number. It does not check legality; Apply does.
	ParseAction(s string) (Action, error)
	// Clone returns an independent copy.
	Clone() State
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Returns gives each seat's score so far: before the end the running
	// score under the rules, at the end the final result.
	Returns() []float64
	// Score summarises the outcome for reports: a headline value, a verdict
	// and named figures. Before the end it describes the game so far.
	Score() Score
	// String is a human-readable picture of the state.
	String() string
	// MarshalJSON encodes the whole state, hidden information included, so
	// that Game().UnmarshalState gives back an equal state.
	MarshalJSON() ([]byte, error)
	// Observation writes what seat p can see as ObservationSize() floats
	// into buf (grown if short) and returns it. Hidden information is absent.
	Observation(p Player, buf []float32) []float32
	// Observe returns the same view as a structured, JSON-friendly value.
	Observe(p Player) any
}

// Resampler is implemented by states of games with hidden information.
// Resample returns a copy in which everything hidden from seat p is
// redrawn, with rng, consistently with what p has observed, for
// determinized search. A state of a game that hides nothing embeds
// PerfectInformation instead; every state does one or the other (the
// conformance suite checks).
type Resampler interface {
	Resample(p Player, rng *rand.Rand) State
}

// PerfectInformation is embedded in the state of a game that hides nothing
// (put it first: a zero-size last field is padded), declaring that a
// resample is a plain clone, as OpenSpiel defaults it:
//
//	type State struct {
//		env.PerfectInformation
//		...
//	}
type PerfectInformation struct{}

// HidesNothing marks the embedding state as one of a game without hidden
// information.
func (PerfectInformation) HidesNothing() {}

// perfect is what embedding PerfectInformation gives a state.
type perfect interface{ HidesNothing() }

// HidesNothing reports whether s declares that its game hides nothing (it
// embeds PerfectInformation and is not a Resampler).
func HidesNothing(s State) bool {
	if _, ok := s.(Resampler); ok {
		return false
	}
	_, ok := s.(perfect)
	return ok
}

// Resample returns a copy of s with everything hidden from seat p redrawn
// with rng: s.Resample where s is a Resampler, a clone where it embeds
// PerfectInformation. A state that does neither breaks the contract (the
// conformance suite reports it); Resample panics on it rather than let a
// search see hidden information.
func Resample(s State, p Player, rng *rand.Rand) State {
	if r, ok := s.(Resampler); ok {
		return r.Resample(p, rng)
	}
	if _, ok := s.(perfect); ok {
		return s.Clone()
	}
	panic(fmt.Sprintf("env: a state of %s neither implements Resampler nor embeds PerfectInformation", s.Game().Name()))
}

// Prompter is implemented by states that can say in a line what the
// pending decision or die roll is about, for logs and play-along tools.
type Prompter interface {
	Prompt() string
}

// Phaser is implemented by states of games played in turns and phases, so
// logs can mark where each begins.
type Phaser interface {
	// Phase names the current turn and phase, e.g. "turn 2, phase B": a
	// leading "turn N, " where the game has numbered turns, then the phase
	// within the turn (the advisor's forecast reads them apart).
	Phase() string
}

// Score is a summary of a game's outcome.
type Score struct {
	// Value is the headline figure, such as victory points.
	Value float64 `json:"value"`
	// Verdict names the outcome level, such as a rule's victory level.
	Verdict string `json:"verdict"`
	// Metrics are further named figures, in a fixed order per game.
	Metrics []Metric `json:"metrics"`
}

// Metric is one named figure of a Score.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Metric returns the value of the named metric and whether it exists.
func (s Score) Metric(name string) (float64, bool) {
	for _, m := range s.Metrics {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// LegalMask sets mask[a] for every legal action of s and clears the rest.
// The mask is grown to NumDistinctActions() if short.
func LegalMask(s State, mask []bool, buf []Action) ([]bool, []Action) {
	n := s.Game().NumDistinctActions()
	if cap(mask) < n {
		mask = make([]bool, n)
	}
	mask = mask[:n]
	clear(mask)
	buf = s.LegalActions(buf)
	for _, a := range buf {
		mask[a] = true
	}
	return mask, buf
}

// SampleChance draws one outcome of a chance node with rng.
func SampleChance(outcomes []Outcome, rng *rand.Rand) Action {
	u := rng.Float64()
	acc := 0.0
	for _, o := range outcomes {
		acc += o.Prob
		if u < acc {
			return o.Action
		}
	}
	return outcomes[len(outcomes)-1].Action
}
