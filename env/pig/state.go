package pig

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// State is one position of Pig. Its zero value is not usable; get one from
// Game.NewState or Game.NewInitialState. Clone is a struct copy.
type State struct {
	env.PerfectInformation
	game      *Game
	scores    [2]int
	turn      int  // turn total of the player to move
	player    int  // seat whose turn it is (the winner once the game is over)
	chance    bool // a roll was made and the die face is pending
	winner    int  // -1 while in play, a seat, or drawn
	decisions int  // rolls and stops so far, counted when the game has a horizon
}

// drawn is State.winner of a game that reached the horizon.
const drawn = 2

var _ env.State = (*State)(nil)

// Game implements env.State.
func (s *State) Game() env.Game { return s.game }

// Scores are the banked scores of seats 0 and 1.
func (s *State) Scores() [2]int { return s.scores }

// TurnTotal is the unbanked total of the current turn.
func (s *State) TurnTotal() int { return s.turn }

// Mover is the seat whose turn it is, also at a chance node; at the end it
// is the winner.
func (s *State) Mover() env.Player { return env.Player(s.player) }

// Winner is the winning seat, or -1 while the game is in play or after a
// draw at the horizon.
func (s *State) Winner() int {
	if s.winner == drawn {
		return -1
	}
	return s.winner
}

// Decisions counts the rolls and stops made so far; it is kept only when
// the game has a horizon.
func (s *State) Decisions() int { return s.decisions }

// CurrentPlayer implements env.State.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.winner >= 0:
		return env.Terminal
	case s.chance:
		return env.Chance
	default:
		return env.Player(s.player)
	}
}

// IsTerminal implements env.State.
func (s *State) IsTerminal() bool { return s.winner >= 0 }

// LegalActions implements env.State: the faces at a chance node; otherwise
// roll, and stop once the turn total is positive (or always, with
// stop_at_zero); with forced_stop, stop alone once score and turn total
// reach the target.
func (s *State) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	switch {
	case s.winner >= 0:
	case s.chance:
		for f := 1; f <= s.game.die; f++ {
			buf = append(buf, RollFace+env.Action(f-1))
		}
	default:
		if s.canStop() {
			buf = append(buf, Stop)
		}
		if s.canRoll() {
			buf = append(buf, Roll)
		}
	}
	return buf
}

// canStop and canRoll say which decisions the rules allow at a decision.
func (s *State) canStop() bool { return s.turn > 0 || s.game.stopAtZero }

func (s *State) canRoll() bool {
	return !s.game.forcedStop || s.scores[s.player]+s.turn < s.game.target
}

// ChanceOutcomes implements env.State: each face with probability 1/die.
func (s *State) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	buf = buf[:0]
	if s.winner >= 0 || !s.chance {
		return buf
	}
	p := 1 / float64(s.game.die)
	for f := 1; f <= s.game.die; f++ {
		buf = append(buf, env.Outcome{Action: RollFace + env.Action(f-1), Prob: p})
	}
	return buf
}

// UniformChance implements env.UniformChancer: the die is fair.
func (s *State) UniformChance() (env.Action, int) {
	if s.winner >= 0 || !s.chance {
		return 0, 0
	}
	return RollFace, s.game.die
}

// legal reports whether a is legal, without a buffer.
func (s *State) legal(a env.Action) bool {
	switch {
	case s.winner >= 0:
		return false
	case s.chance:
		return a >= RollFace && a < RollFace+env.Action(s.game.die)
	default:
		return (a == Roll && s.canRoll()) || (a == Stop && s.canStop())
	}
}

// Apply implements env.State.
func (s *State) Apply(a env.Action) error {
	if !s.legal(a) {
		return fmt.Errorf("pig: action %s (%d) in %s: %w", s.ActionString(a), int(a), s.phase(), env.ErrIllegal)
	}
	switch {
	case s.chance:
		s.chance = false
		if f := int(a-RollFace) + 1; f == 1 {
			s.turn = 0
			s.player = 1 - s.player
		} else {
			s.turn += f
		}
	case a == Roll:
		s.chance = true
		s.decided()
	default: // Stop
		s.scores[s.player] += s.turn
		s.turn = 0
		if s.scores[s.player] >= s.game.target {
			s.winner = s.player
		} else {
			s.player = 1 - s.player
		}
		s.decided()
	}
	return nil
}

// decided counts a roll or a stop where the game has a horizon, and ends a
// game still in play there in a draw, a pending roll unrolled, as OpenSpiel
// does.
func (s *State) decided() {
	if s.game.horizon == 0 {
		return
	}
	s.decisions++
	if s.winner < 0 && s.decisions >= s.game.horizon {
		s.winner, s.chance = drawn, false
	}
}

// phase names the kind of node, for messages.
func (s *State) phase() string {
	switch {
	case s.winner >= 0:
		return "a finished game"
	case s.chance:
		return fmt.Sprintf("a roll of seat %d", s.player)
	default:
		return fmt.Sprintf("the decision of seat %d", s.player)
	}
}

// OutcomeLabel implements env.OutcomeLabeler: a die face is entered by its
// number.
func (s *State) OutcomeLabel(a env.Action) (int, string) { return int(a-RollFace) + 1, "" }

// ActionString implements env.State: "stop", "roll", or a face's digits.
// Numbers outside the action space are written "#n".
func (s *State) ActionString(a env.Action) string {
	switch {
	case a == Stop:
		return "stop"
	case a == Roll:
		return "roll"
	case a >= RollFace && a < RollFace+env.Action(s.game.die):
		return strconv.Itoa(int(a-RollFace) + 1)
	default:
		return "#" + strconv.Itoa(int(a))
	}
}

// ParseAction implements env.State. It reads "stop" or "hold", "roll", a
// face "1" to the die size, or an action number as "#n".
func (s *State) ParseAction(text string) (env.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "stop", "hold":
		return Stop, nil
	case "roll":
		return Roll, nil
	}
	if n, ok := strings.CutPrefix(t, "#"); ok {
		a, err := strconv.Atoi(n)
		if err != nil {
			return 0, fmt.Errorf("pig: action %q: not a number after #", text)
		}
		return env.Action(a), nil
	}
	if f, err := strconv.Atoi(t); err == nil {
		if f < 1 || f > s.game.die {
			return 0, fmt.Errorf("pig: action %q: face out of range 1 to %d", text, s.game.die)
		}
		return RollFace + env.Action(f-1), nil
	}
	return 0, fmt.Errorf("pig: unknown action %q (want stop, hold, roll, a face 1-%d, or #n)", text, s.game.die)
}

// Clone implements env.State.
func (s *State) Clone() env.State {
	c := *s
	return &c
}

// Returns implements env.State: +1 for the winner and -1 for the loser at
// the end, 0 for both before.
func (s *State) Returns() []float64 { return s.WriteReturns(make([]float64, 0, 2)) }

// WriteReturns implements env.ReturnsWriter.
func (s *State) WriteReturns(buf []float64) []float64 { return env.WinLossReturns(buf, int(s.winner)) }

// CopyFrom implements env.Copier.
func (s *State) CopyFrom(src env.State) { *s = *src.(*State) }

// Score implements env.State. Value is seat 0's return; the metrics are the
// two scores and the turn total, in that order.
func (s *State) Score() env.Score {
	verdict := "in play"
	switch s.winner {
	case 0:
		verdict = "p0 wins"
	case 1:
		verdict = "p1 wins"
	case drawn:
		verdict = "draw"
	}
	return env.Score{
		Value:   s.Returns()[0],
		Verdict: verdict,
		Metrics: []env.Metric{
			{Name: "p0_score", Value: float64(s.scores[0])},
			{Name: "p1_score", Value: float64(s.scores[1])},
			{Name: "turn_total", Value: float64(s.turn)},
		},
	}
}

// String implements env.State, e.g. "p0 12, p1 7 (target 20); p1 to
// decide, turn total 5".
func (s *State) String() string {
	head := fmt.Sprintf("p0 %d, p1 %d (target %d); ", s.scores[0], s.scores[1], s.game.target)
	switch {
	case s.winner == drawn:
		return head + fmt.Sprintf("a draw after %d decisions", s.decisions)
	case s.winner >= 0:
		return head + fmt.Sprintf("p%d wins", s.winner)
	case s.chance:
		return head + fmt.Sprintf("p%d rolling, turn total %d", s.player, s.turn)
	default:
		return head + fmt.Sprintf("p%d to decide, turn total %d", s.player, s.turn)
	}
}
