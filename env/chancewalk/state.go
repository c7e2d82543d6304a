package chancewalk

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// State is one position of the walk. Its zero value is not usable; get one
// from Game.NewState or Game.NewInitialState. Clone is a struct copy.
type State struct {
	env.PerfectInformation
	game    *Game
	pos     int  // position, 0 to n
	turn    int  // turns used, 0 to turns; a risky choice uses its turn at once
	rolling bool // a risky step's coin is pending
}

var _ env.State = (*State)(nil)

// Game implements env.State.
func (s *State) Game() env.Game { return s.game }

// Position is the walker's position, 0 to n.
func (s *State) Position() int { return s.pos }

// Turn is the number of turns used; a risky choice counts at once.
func (s *State) Turn() int { return s.turn }

// Rolling reports whether a risky step's outcome is pending.
func (s *State) Rolling() bool { return s.rolling }

// Reached reports whether the walker is at the goal.
func (s *State) Reached() bool { return s.pos >= s.game.n }

// CurrentPlayer implements env.State.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.rolling:
		return env.Chance
	case s.IsTerminal():
		return env.Terminal
	default:
		return 0
	}
}

// IsTerminal implements env.State: the goal is reached or the turns are
// used up.
func (s *State) IsTerminal() bool {
	return !s.rolling && (s.pos >= s.game.n || s.turn >= s.game.turns)
}

// LegalActions implements env.State.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	switch s.CurrentPlayer() {
	case env.Chance:
		buf = append(buf, Jump, Slip)
	case 0:
		buf = append(buf, Safe, Risky)
	}
	return buf
}

// ChanceOutcomes implements env.State: jump with probability p, slip with
// 1-p.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.rolling {
		buf = append(buf, env.Outcome{Action: Jump, Prob: s.game.p}, env.Outcome{Action: Slip, Prob: 1 - s.game.p})
	}
	return buf
}

// Apply implements env.State.
func (s *State) Apply(a env.Action) error {
	switch cur := s.CurrentPlayer(); {
	case cur == env.Chance && (a == Jump || a == Slip):
		s.rolling = false
		if a == Jump {
			s.pos = s.game.jumpTo(s.pos)
		} else {
			s.pos = s.game.slipTo(s.pos)
		}
	case cur == 0 && a == Safe:
		s.pos = s.game.safeTo(s.pos)
		s.turn++
	case cur == 0 && a == Risky:
		s.rolling = true
		s.turn++
	default:
		return fmt.Errorf("chancewalk: action %s (%d) in %s: %w", s.ActionString(a), int(a), s.phase(), env.ErrIllegal)
	}
	return nil
}

// phase names the kind of node, for messages.
func (s *State) phase() string {
	switch s.CurrentPlayer() {
	case env.Chance:
		return "a pending coin"
	case env.Terminal:
		return "a finished walk"
	default:
		return "a decision"
	}
}

// actionNames are the actions' names, by number.
var actionNames = [numActions]string{"safe", "risky", "jump", "slip"}

// ActionString implements env.State: "safe", "risky", "jump" or "slip", or
// "#n" for a number outside the action space.
func (s *State) ActionString(a env.Action) string {
	if a < 0 || a >= numActions {
		return "#" + strconv.Itoa(int(a))
	}
	return actionNames[a]
}

// ParseAction implements env.State. It reads an action's name, or its
// number, bare or as "#n".
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for a, name := range actionNames {
		if t == name {
			return env.Action(a), nil
		}
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t, "#"))
	if err != nil {
		return 0, fmt.Errorf("chancewalk: unknown action %q (want safe, risky, jump, slip, or a number)", text)
	}
	return env.Action(n), nil
}

// Clone implements env.State.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// Returns implements env.State: 1 once the goal is reached, else 0.
func (s *State) Returns() []float64 {
	if s.Reached() {
		return []float64{1}
	}
	return []float64{0}
}

// verdict names the outcome.
func (s *State) verdict() string {
	switch {
	case s.Reached():
		return "reached"
	case s.IsTerminal():
		return "out of turns"
	default:
		return "in play"
	}
}

// Score implements env.State. Value is the return; the metrics are the
// position and the turns used, in that order.
func (s *State) Score() env.Score {
	return env.Score{
		Value:   s.Returns()[0],
		Verdict: s.verdict(),
		Metrics: []env.Metric{
			{Name: "position", Value: float64(s.pos)},
			{Name: "turn", Value: float64(s.turn)},
		},
	}
}

// String implements env.State, e.g. "position 2 of 8, turn 1 of 5; to
// choose".
func (s *State) String() string {
	head := fmt.Sprintf("position %d of %d, turn %d of %d; ", s.pos, s.game.n, s.turn, s.game.turns)
	switch s.CurrentPlayer() {
	case env.Chance:
		return head + "risky step pending"
	case env.Terminal:
		return head + s.verdict()
	default:
		return head + "to choose"
	}
}

// Prompt implements env.Prompter.
func (s *State) Prompt() string {
	switch s.CurrentPlayer() {
	case env.Chance:
		return fmt.Sprintf("toss the coin: jump %d with probability %v, or slip back %d", s.game.jump, s.game.p, s.game.back)
	case env.Terminal:
		return s.verdict()
	default:
		return fmt.Sprintf("%d to go in %d turns: safe or risky", s.game.n-s.pos, s.game.turns-s.turn)
	}
}
