package search

import (
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Opponent models. A search ordinarily treats every seat as searching for
// itself. An opponent model plays some seats by a given policy instead, an
// agent spec or a mixture of specs with weights, and the search treats
// their decisions as it treats chance: sampled from the model (in closed
// loop as outcome nodes of the tree), never maximised over. What the search
// then finds is a best response to the model: how much the British can win
// against this German.
//
// With a mixture, each simulation draws one component by its weight before
// it starts, from the simulation's own stream, and plays it to the end. A
// closed-loop tree reaches a node below an opponent's move only in the
// simulations whose component made that move, so deeper in the tree the
// components count in proportion to their weight times how well they
// explain the moves that led there; at the root the weights are the given
// ones: the search does not learn from the game so far which component the
// real opponent plays.
//
// A model that is a deterministic policy draws nothing from the search's
// stream, so a search with the agent "rules" modelling a solitaire game's
// automated side opened as a seat is the solitaire game's search, decision
// for decision.

// Opponent is the model of the seats a search plays by policy.
type Opponent struct {
	// Seats are the modelled seats; empty: every seat but the one to move
	// at the first search.
	Seats []int
	// Specs are the agent specs of the components, Weights their weights
	// (empty: equal). A component "random" draws from the search's own
	// stream, as a random rollout does; any other is an agent built per
	// worker, seeded by the search's seed.
	Specs   []string
	Weights []float64
}

// opponentState is a searcher's model: the modelled seats as a bit mask
// and the components' cumulative weights.
type opponentState struct {
	mask  uint64
	cum   []float64
	bound bool // mask fixed (by Seats, or by the first search)
}

// modelScratch is a worker's share of the model: an agent per component
// (nil: uniform random from the worker's stream) and the component of the
// simulation under way.
type modelScratch struct {
	agents []agents.Agent
	pick   int
}

// initOpponent checks cfg.Opponent and prepares the searcher's model.
func (s *Searcher) initOpponent() error {
	o := s.cfg.Opponent
	if len(o.Specs) == 0 {
		if len(o.Seats) > 0 || len(o.Weights) > 0 {
			return errors.New("search: opponent seats or weights without an opponent model")
		}
		return nil
	}
	n := s.game.NumPlayers()
	if n < 2 {
		return fmt.Errorf("search: opponent model: %s has one seat, so no other seat to model", s.game.Name())
	}
	if n > 64 {
		return fmt.Errorf("search: opponent model: %d seats, at most 64", n)
	}
	if len(o.Weights) > 0 && len(o.Weights) != len(o.Specs) {
		return fmt.Errorf("search: opponent model: %d weights for %d agents", len(o.Weights), len(o.Specs))
	}
	total := 0.0
	for i := range o.Specs {
		w := 1.0
		if len(o.Weights) > 0 {
			w = o.Weights[i]
		}
		if !(w > 0) || math.IsInf(w, 0) {
			return fmt.Errorf("search: opponent model %s: weight %v, want a positive number", o.Specs[i], w)
		}
		total += w
		s.opp.cum = append(s.opp.cum, total)
	}
	for i := range s.opp.cum {
		s.opp.cum[i] /= total
	}
	for _, p := range o.Seats {
		if p < 0 || p >= n {
			return fmt.Errorf("search: opponent model: seat %d, but %s has seats 0 to %d", p, s.game.Name(), n-1)
		}
		s.opp.mask |= 1 << uint(p)
	}
	s.opp.bound = len(o.Seats) > 0
	return nil
}

// newModels gives a worker its agent for each component, seeded by the
// search's seed, the slot and the component.
func (s *Searcher) newModels(wk *worker, slot uint64) error {
	for i, spec := range s.cfg.Opponent.Specs {
		if spec == "random" {
			wk.model.agents = append(wk.model.agents, nil)
			continue
		}
		seed := (s.cfg.Seed ^ (slot+1)*rng.Golden) + uint64(i+1)*0xbf58476d1ce4e5b9
		ag, err := agents.New(spec, s.game, seed)
		if err != nil {
			return fmt.Errorf("search: opponent model: %w", err)
		}
		wk.model.agents = append(wk.model.agents, ag)
	}
	return nil
}

// bindOpponent fixes the modelled seats at a search from root: every seat
// but the one to move, unless Seats named them. The seat to move must be
// one the search searches.
func (s *Searcher) bindOpponent(root env.State) error {
	if len(s.opp.cum) == 0 {
		return nil
	}
	p := root.CurrentPlayer()
	if !s.opp.bound {
		s.opp.mask = (uint64(1)<<uint(s.game.NumPlayers()) - 1) &^ (1 << uint(p))
		s.opp.bound = true
	}
	if s.modelled(p) {
		return fmt.Errorf("search: %s is to move, but the opponent model plays that seat", env.SeatName(s.game, p))
	}
	return nil
}

// modelled reports whether the opponent model plays seat p.
func (s *Searcher) modelled(p env.Player) bool {
	return p >= 0 && s.opp.mask>>uint(p)&1 != 0
}

// searchedSeats counts the seats the search plays for itself.
func (s *Searcher) searchedSeats() int {
	return s.game.NumPlayers() - bits.OnesCount64(s.opp.mask)
}

// pickModel draws the component that plays the simulation starting now.
func (s *Searcher) pickModel(wk *worker) {
	if len(s.opp.cum) < 2 {
		return
	}
	u := wk.rng.Float64()
	wk.model.pick = len(s.opp.cum) - 1
	for i, c := range s.opp.cum {
		if u < c {
			wk.model.pick = i
			break
		}
	}
}

// modelMove plays the model's move in st: in closed loop it also walks the
// tree to the move's outcome node, which it adds if new (mover -1, as a
// chance outcome), and returns it; in open loop it returns n. An error of
// the model (its agent's, or an illegal move) is recorded in wk.err, st is
// left as it was, and the caller ends the simulation: Search fails.
func (s *Searcher) modelMove(t *tree, n int32, st env.State, wk *worker, open bool) int32 {
	a, ok := s.modelAction(st, wk)
	if !ok {
		return n
	}
	if err := st.Apply(a); err != nil {
		s.modelFailed(wk, st, fmt.Errorf("move %s refused: %w", st.ActionString(a), err))
		return n
	}
	if !open {
		c := t.find(n, a)
		if c < 0 {
			c = t.add(n, a, -1)
		}
		n = c
	}
	return n
}

// modelAction is the model's choice in st, or false where it failed.
func (s *Searcher) modelAction(st env.State, wk *worker) (env.Action, bool) {
	if ag := wk.model.agents[wk.model.pick]; ag != nil {
		a, err := ag.Act(s.ctx, st)
		if err != nil {
			s.modelFailed(wk, st, err)
			return 0, false
		}
		return a, true
	}
	wk.legal = st.LegalActions(wk.legal)
	if len(wk.legal) == 0 {
		s.modelFailed(wk, st, errors.New("no legal action"))
		return 0, false
	}
	return wk.legal[wk.intn(len(wk.legal))], true
}

func (s *Searcher) modelFailed(wk *worker, st env.State, err error) {
	if s.ctx.Err() != nil {
		s.fail(wk, errCancelled)
		return
	}
	s.fail(wk, fmt.Errorf("search: opponent model %s for %s: %w",
		s.cfg.Opponent.Specs[wk.model.pick], env.SeatName(s.game, st.CurrentPlayer()), err))
}

// parseOpponent reads the options opponent and opponent_seats: a mixture
// "SPEC@W|SPEC@W" (a lone spec needs no weight; a spec's own options are
// separated by ';') and seats by name or number joined by '+'.
func parseOpponent(g env.Game, p env.Params) (Opponent, error) {
	var o Opponent
	text := p["opponent"]
	if text == "" {
		if p["opponent_seats"] != "" {
			return o, errors.New("option opponent_seats needs option opponent")
		}
		return o, nil
	}
	for _, item := range strings.Split(text, "|") {
		spec, w := item, 1.0
		if i := strings.LastIndex(item, "@"); i >= 0 {
			v, err := strconv.ParseFloat(item[i+1:], 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return o, fmt.Errorf("option opponent: %q: weight %q is not a positive number", item, item[i+1:])
			}
			spec, w = item[:i], v
		}
		spec = strings.ReplaceAll(strings.TrimSpace(spec), ";", ",")
		if spec == "" {
			return o, fmt.Errorf("option opponent: %q names no agent", item)
		}
		if _, err := agents.New(spec, g, 0); err != nil {
			return o, fmt.Errorf("option opponent: %w", err)
		}
		o.Specs, o.Weights = append(o.Specs, spec), append(o.Weights, w)
	}
	if text := p["opponent_seats"]; text != "" {
		for _, name := range strings.Split(text, "+") {
			seat, err := ParseSeat(g, name)
			if err != nil {
				return o, fmt.Errorf("option opponent_seats: %w", err)
			}
			o.Seats = append(o.Seats, seat)
		}
	}
	return o, nil
}

// ParseSeat reads a seat of g by its name ("German", as env.SeatName gives
// it, any case) or its number.
func ParseSeat(g env.Game, name string) (int, error) {
	name = strings.TrimSpace(name)
	n := g.NumPlayers()
	var names []string
	for p := range n {
		sn := env.SeatName(g, env.Player(p))
		if strings.EqualFold(sn, name) {
			return p, nil
		}
		names = append(names, sn)
	}
	if p, err := strconv.Atoi(name); err == nil && p >= 0 && p < n {
		return p, nil
	}
	return 0, fmt.Errorf("%q is not a seat of %s (%s, or 0 to %d)", name, g.Name(), strings.Join(names, ", "), n-1)
}

// MixtureSpec writes a mixture in the form of option opponent: each spec
// with its options separated by ';', '@' and its weight, joined by '|'.
func MixtureSpec(specs []string, weights []float64) string {
	parts := make([]string, len(specs))
	for i, s := range specs {
		parts[i] = strings.ReplaceAll(s, ",", ";") + "@" + strconv.FormatFloat(weights[i], 'g', 6, 64)
	}
	return strings.Join(parts, "|")
}
