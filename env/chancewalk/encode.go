package chancewalk

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// stateJSON is the wire form of a State. Pointers mark required fields.
type stateJSON struct {
	Options  *string `json:"options"`
	Position *int    `json:"position"`
	Turn     *int    `json:"turn"`
	Rolling  *bool   `json:"rolling"`
}

// MarshalJSON implements env.State. The options of the game are included so
// that a state is not read back into a different game.
func (s *State) MarshalJSON() ([]byte, error) {
	opts := s.game.Options()
	return json.Marshal(stateJSON{Options: &opts, Position: &s.pos, Turn: &s.turn, Rolling: &s.rolling})
}

// UnmarshalState implements env.Game. It rejects unknown or missing fields,
// trailing data, options of another game, and positions that play cannot
// reach.
func (g *Game) UnmarshalState(data []byte) (env.State, error) {
	s, err := g.unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("chancewalk: state: %w", err)
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
	case w.Position == nil:
		return nil, errors.New(`missing "position"`)
	case w.Turn == nil:
		return nil, errors.New(`missing "turn"`)
	case w.Rolling == nil:
		return nil, errors.New(`missing "rolling"`)
	}
	if *w.Options != g.Options() {
		return nil, fmt.Errorf("options %q, but the game has %q", *w.Options, g.Options())
	}
	s := &State{game: g, pos: *w.Position, turn: *w.Turn, rolling: *w.Rolling}
	if err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// validate checks that play can reach s.
func (s *State) validate() error {
	g := s.game
	switch {
	case s.pos < 0 || s.pos > g.n:
		return fmt.Errorf("position %d out of range 0 to %d", s.pos, g.n)
	case s.turn < 0 || s.turn > g.turns:
		return fmt.Errorf("turn %d out of range 0 to %d", s.turn, g.turns)
	}
	t := s.turn
	if s.rolling {
		// The risky choice was made from this position at the turn before.
		if t == 0 || s.pos == g.n {
			return fmt.Errorf("a risky step pending at position %d, turn %d", s.pos, s.turn)
		}
		t--
	}
	if !g.reach[t*(g.n+1)+s.pos] {
		return fmt.Errorf("position %d cannot be reached in %d turns", s.pos, t)
	}
	return nil
}

// obsSize is the length of the observation tensor.
const obsSize = 3

// Observation implements env.State: the position over n, the turns used
// over turns, and 1 while a risky step is pending.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	if cap(buf) < obsSize {
		buf = make([]float32, obsSize)
	}
	buf = buf[:obsSize]
	buf[0] = float32(s.pos) / float32(s.game.n)
	buf[1] = float32(s.turn) / float32(s.game.turns)
	buf[2] = 0
	if s.rolling {
		buf[2] = 1
	}
	return buf
}

// View is the structured observation of the walk.
type View struct {
	Position int  `json:"position"`
	Goal     int  `json:"goal"`
	Turn     int  `json:"turn"`
	Turns    int  `json:"turns"`
	Rolling  bool `json:"rolling"`
	// Result is "in play", "reached" or "out of turns".
	Result string `json:"result"`
}

// Observe implements env.State; it returns a View.
func (s *State) Observe(p env.Player) any {
	return View{Position: s.pos, Goal: s.game.n, Turn: s.turn, Turns: s.game.turns, Rolling: s.rolling, Result: s.verdict()}
}
