package pig

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// maxPoints bounds scores and turn totals read from JSON, far above any
// reachable value, so that arithmetic on them cannot overflow.
const maxPoints = 1 << 30

// stateJSON is the wire form of a State. Pointers mark required fields.
type stateJSON struct {
	Options   *string `json:"options"`
	Scores    []int   `json:"scores"`
	TurnTotal *int    `json:"turn_total"`
	Player    *int    `json:"player"`
	Chance    *bool   `json:"chance"`
	Winner    *int    `json:"winner"`
	// Decisions is written, and required, when the game has a horizon.
	Decisions *int `json:"decisions,omitempty"`
}

// MarshalJSON implements env.State. The options of the game are included so
// that a state is not read back into a different game.
func (s *State) MarshalJSON() ([]byte, error) {
	opts := s.game.Options()
	w := stateJSON{
		Options:   &opts,
		Scores:    s.scores[:],
		TurnTotal: &s.turn,
		Player:    &s.player,
		Chance:    &s.chance,
		Winner:    &s.winner,
	}
	if s.game.horizon > 0 {
		w.Decisions = &s.decisions
	}
	return json.Marshal(w)
}

// UnmarshalState implements env.Game. It rejects unknown or missing fields,
// trailing data, options of another game, and positions that play cannot
// reach (a banked 1, a finished game with a roll pending, and so on).
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	s, err := g.unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("pig: state: %w", err)
	}
	return s, nil
}

func (g *Game) unmarshal(data []byte) (*State, error) {
	var w stateJSON
	if err := env.DecodeStrict(data, &w); err != nil {
		return nil, err
	}
	switch {
	case w.Options == nil:
		return nil, errors.New(`missing "options"`)
	case w.Scores == nil:
		return nil, errors.New(`missing "scores"`)
	case w.TurnTotal == nil:
		return nil, errors.New(`missing "turn_total"`)
	case w.Player == nil:
		return nil, errors.New(`missing "player"`)
	case w.Chance == nil:
		return nil, errors.New(`missing "chance"`)
	case w.Winner == nil:
		return nil, errors.New(`missing "winner"`)
	}
	if *w.Options != g.Options() {
		return nil, fmt.Errorf("options %q, but the game has %q", *w.Options, g.Options())
	}
	switch {
	case g.horizon > 0 && w.Decisions == nil:
		return nil, errors.New(`missing "decisions" (the game has a horizon)`)
	case g.horizon == 0 && w.Decisions != nil:
		return nil, errors.New(`"decisions" given, but the game has no horizon`)
	}
	if len(w.Scores) != 2 {
		return nil, fmt.Errorf("%d scores, want 2", len(w.Scores))
	}
	s := &State{
		game:   g,
		scores: [2]int{w.Scores[0], w.Scores[1]},
		turn:   *w.TurnTotal,
		player: *w.Player,
		chance: *w.Chance,
		winner: *w.Winner,
	}
	if w.Decisions != nil {
		s.decisions = *w.Decisions
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// reachable reports whether n points can be a sum of scoring faces (2 to
// die), as every score and turn total is.
func (g *Game) reachable(n int) bool {
	return n == 0 || (n >= 2 && n < maxPoints && (g.die > 2 || n%2 == 0))
}

// validate checks that play can reach s.
func (s *State) validate() error {
	g := s.game
	if s.player != 0 && s.player != 1 {
		return fmt.Errorf("player %d, want 0 or 1", s.player)
	}
	for i, sc := range s.scores {
		if !g.reachable(sc) {
			return fmt.Errorf("score %d of seat %d cannot be reached with a d%d", sc, i, g.die)
		}
	}
	if !g.reachable(s.turn) {
		return fmt.Errorf("turn total %d cannot be reached with a d%d", s.turn, g.die)
	}
	if s.decisions < 0 || s.decisions > g.horizon {
		return fmt.Errorf("%d decisions, want 0 to the horizon %d", s.decisions, g.horizon)
	}
	if s.winner == -1 || s.winner == drawn {
		for i, sc := range s.scores {
			if sc >= g.target {
				return fmt.Errorf("game not won but seat %d has %d, at least the target %d", i, sc, g.target)
			}
		}
	}
	switch s.winner {
	case -1:
		switch {
		case g.horizon > 0 && s.decisions == g.horizon:
			return fmt.Errorf("game in play after %d decisions, the horizon", s.decisions)
		case s.chance && g.forcedStop && s.scores[s.player]+s.turn >= g.target:
			return fmt.Errorf("a roll pending with the target reached, where the rules force a stop")
		}
	case drawn:
		switch {
		case s.decisions != g.horizon:
			return fmt.Errorf("a draw after %d decisions, but the horizon is %d", s.decisions, g.horizon)
		case s.chance:
			return fmt.Errorf("a drawn game with a roll pending")
		}
	case 0, 1:
		w := s.winner
		switch {
		case s.player != w:
			return fmt.Errorf("winner %d but player %d; a finished game records the winner as player", w, s.player)
		case s.turn != 0 || s.chance:
			return fmt.Errorf("finished game with a turn in progress")
		case s.scores[w] < g.target:
			return fmt.Errorf("winner %d has %d, below the target %d", w, s.scores[w], g.target)
		case s.scores[1-w] >= g.target:
			return fmt.Errorf("loser %d has %d, at least the target %d", 1-w, s.scores[1-w], g.target)
		}
	default:
		return fmt.Errorf("winner %d, want -1 (in play), 0 or 1 (a seat), or 2 (a draw at the horizon)", s.winner)
	}
	return nil
}

// obsSize is the length of the observation tensor.
const obsSize = 6

// Observation implements env.State. Both seats see the same six floats:
// seat 0's and seat 1's score over the target, the turn total over the
// target, a one-hot of the current seat (the roller at a chance node; zeros
// at the end), and 1 at a chance node.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	if cap(buf) < obsSize {
		buf = make([]float32, obsSize)
	}
	buf = buf[:obsSize]
	clear(buf)
	t := float32(s.game.target)
	buf[0] = float32(s.scores[0]) / t
	buf[1] = float32(s.scores[1]) / t
	buf[2] = float32(s.turn) / t
	if s.winner < 0 {
		buf[3+s.player] = 1
	}
	if s.chance {
		buf[5] = 1
	}
	return buf
}

// View is the structured observation of Pig, the same for both seats.
type View struct {
	Target    int   `json:"target"`
	Scores    []int `json:"scores"`
	TurnTotal int   `json:"turn_total"`
	// Mover is the seat whose turn it is, also while its roll is pending.
	Mover  int  `json:"mover"`
	Chance bool `json:"chance"`
	// Winner is the winning seat, or -1 while the game is in play or after a
	// draw at the horizon.
	Winner int  `json:"winner"`
	Drawn  bool `json:"drawn,omitempty"`
}

// Observe implements env.State; it returns a View.
func (s *State) Observe(p env.Player) any {
	return View{
		Target:    s.game.target,
		Scores:    []int{s.scores[0], s.scores[1]},
		TurnTotal: s.turn,
		Mover:     s.player,
		Chance:    s.chance,
		Winner:    s.Winner(),
		Drawn:     s.winner == drawn,
	}
}
