package advise

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// toolStream is the second word of the seeds of the agents the tool plays
// seats by.
const toolStream = 0x70015eed

// SetTool has the tool play some seats (two-sided play: the person plays
// one side, the tool the other): specs[p] is the agent spec of seat p, or
// "" for a seat the person plays. nil gives every seat back to the
// person. Each spec is checked by building its agent for its seat. The
// tool's moves are made by PlayTools; Undo takes them back with the
// person's step before them.
func (s *Session) SetTool(specs []string) error {
	if len(specs) == 0 || allEmpty(specs) {
		s.tool = nil
		return nil
	}
	n := s.game.NumPlayers()
	if len(specs) != n {
		return fmt.Errorf("%d agents for the %d seats of %s", len(specs), n, s.game.Name())
	}
	if allSet(specs) {
		return fmt.Errorf("the tool cannot play every seat: leave one to the person")
	}
	for p, spec := range specs {
		if spec == "" {
			continue
		}
		if err := agents.CheckSeat(spec, s.game, p); err != nil {
			return err
		}
		if _, err := agents.New(spec, s.game, 0); err != nil {
			return err
		}
	}
	s.tool = append([]string(nil), specs...)
	return nil
}

func allEmpty(specs []string) bool {
	for _, s := range specs {
		if s != "" {
			return false
		}
	}
	return true
}

func allSet(specs []string) bool {
	for _, s := range specs {
		if s == "" {
			return false
		}
	}
	return true
}

// Tool lists the agent spec of each seat the tool plays ("" for the
// person's), or nil when the person plays every seat.
func (s *Session) Tool() []string { return append([]string(nil), s.tool...) }

// toolPlays reports whether the tool plays seat p.
func (s *Session) toolPlays(p env.Player) bool {
	return p >= 0 && int(p) < len(s.tool) && s.tool[p] != ""
}

// ToolToMove reports whether the pending decision is one the tool makes.
func (s *Session) ToolToMove() bool {
	return !s.state.IsTerminal() && s.toolPlays(s.state.CurrentPlayer())
}

// maxToolMoves bounds the moves PlayTools makes in a row, against a game
// that never hands the turn back.
const maxToolMoves = 100000

// PlayTools makes the tool's moves until the person is to decide or roll,
// or the game ends, calling each (if not nil) after every move with the
// position before it, the move and the position after. A seat's agent is
// built afresh for each move from the session's seed and the number of
// steps played, so that the same position gets the same move after an
// undo. An autosave failure is returned after the moves were made.
func (s *Session) PlayTools(ctx context.Context, each func(before env.State, a env.Action, after env.State)) error {
	var saveErr error
	for k := 0; s.ToolToMove(); k++ {
		if k == maxToolMoves {
			return fmt.Errorf("the tool made %d moves in a row without the game asking the person", k)
		}
		p := s.state.CurrentPlayer()
		ag, err := agents.New(s.tool[p], s.game, agents.SeatSeed(s.seed^toolStream+uint64(len(s.moves)), int(p)))
		if err != nil {
			return err
		}
		a, err := ag.Act(ctx, s.state.Clone())
		if err != nil {
			return fmt.Errorf("%s playing %s: %w", s.tool[p], env.SeatName(s.game, p), err)
		}
		before := s.state.Clone()
		if err := s.Play(a); err != nil {
			if !IsAutosave(err) {
				return fmt.Errorf("%s playing %s: %w", s.tool[p], env.SeatName(s.game, p), err)
			}
			saveErr = err
		}
		if each != nil {
			each(before, a, s.state)
		}
	}
	return saveErr
}

// ParseSeat finds a seat of g by its name ("German", any case) or its
// number from 0.
func ParseSeat(g env.Game, name string) (env.Player, error) {
	name = strings.TrimSpace(name)
	var names []string
	for p := range g.NumPlayers() {
		n := env.SeatName(g, env.Player(p))
		if strings.EqualFold(n, name) {
			return env.Player(p), nil
		}
		names = append(names, n)
	}
	if p, err := strconv.Atoi(name); err == nil && p >= 0 && p < g.NumPlayers() {
		return env.Player(p), nil
	}
	return 0, fmt.Errorf("%s has no seat %q: its seats are %s", g.Name(), name, strings.Join(names, ", "))
}

// ToolSpecs gives the tool every seat of g but the person's, each played
// by opponent, or by DefaultOpponent where opponent is "".
func ToolSpecs(g env.Game, person env.Player, opponent string) []string {
	specs := make([]string, g.NumPlayers())
	for p := range specs {
		if env.Player(p) == person {
			continue
		}
		specs[p] = opponent
		if opponent == "" {
			specs[p] = DefaultOpponent(g, p)
		}
	}
	return specs
}

// DefaultOpponent is the agent the tool plays seat p of g by when none is
// named: the game's rollout agent where it plays that seat (a game's plan
// for both sides), else its first baseline for the seat, else random.
func DefaultOpponent(g env.Game, p int) string {
	if r := agents.RolloutAgent(g); r != "" && agents.CheckSeat(r, g, p) == nil {
		return r
	}
	if b := agents.BaselinesFor(g, p); len(b) > 0 {
		return b[0]
	}
	return "random"
}

// ToolHead heads the account of a move the tool made for seat with agent
// spec: "German (withdrawal): 352GR moves to 12 Toulon", without saying
// the seat twice where the account begins with it.
func ToolHead(seat, spec, account string) string {
	return seat + " (" + spec + "): " + strings.TrimPrefix(account, seat+": ")
}
