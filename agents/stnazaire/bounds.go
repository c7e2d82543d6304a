package stnazaire

// The bounds of issue "How well can the raid go?". The full-information
// bound needs no agent of its own: openloop (search.OpenLoop) searches the
// true state it is given, face-down counters included, with dice sampled
// afresh every simulation; ismcts with the same options redraws the
// counters the British cannot see. The hindsight bound also knows every
// future die: it is told the episode's seed (agents.EpisodeSeeded), keeps
// its own copy of the dice stream agents.RunEpisode rolls,
// rng.Dice(seed), in step with the game by replaying
// the episode privately, and searches a game whose k-th chance node from
// now takes the stream's k-th draw (search.Searcher.SetDice).

import (
	"context"
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
	"github.com/chariot-ai/chariot/search"
)

func init() {
	agents.Register(agents.Registration{
		Name: "hindsight",
		Description: "an upper bound, not a player: open-loop search on the true state (face-down counters seen) " +
			"whose simulations roll the episode's own future dice; only under agents.RunEpisode (bench, eval)",
		Options:  search.OptionDocs(search.OpenLoop),
		Supports: func(g env.Game) bool { _, ok := g.(*stn.Game); return ok && g.NumPlayers() == 1 },
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			return NewHindsight(g, p, seed)
		},
	})
}

// Hindsight is the hindsight bound's agent.
type Hindsight struct {
	g      env.Game
	search *search.Searcher

	started bool
	mine    *stn.State // the episode as this agent replays it
	dice    rand.PCG   // RunEpisode's dice stream, in step with mine
	played  env.Action // the last action returned, not yet applied to mine
	pending bool
	buf     []env.Action
}

// NewHindsight builds the agent with the options of an open-loop search.
func NewHindsight(g env.Game, p env.Params, seed uint64) (*Hindsight, error) {
	if _, ok := g.(*stn.Game); !ok || g.NumPlayers() != 1 {
		return nil, fmt.Errorf("hindsight plays the solitaire St. Nazaire (opponent=rules), not %s", g.Name())
	}
	cfg, err := search.ParseConfig(g, p)
	if err != nil {
		return nil, err
	}
	cfg.Mode, cfg.Seed = search.OpenLoop, seed
	sr, err := search.NewSearcher(g, cfg)
	if err != nil {
		return nil, err
	}
	h := &Hindsight{g: g, search: sr}
	sr.SetDice(func() *rand.Rand {
		d := h.dice // each simulation rolls the same future, from now on
		return rand.New(&d)
	})
	return h, nil
}

// StartEpisode implements agents.EpisodeSeeded.
func (h *Hindsight) StartEpisode(seed uint64) {
	h.mine = h.g.NewInitialState(seed).(*stn.State)
	rng.SeedDice(&h.dice, seed)
	h.started, h.pending = true, false
}

// Act implements agents.Agent.
func (h *Hindsight) Act(ctx context.Context, st env.State) (env.Action, error) {
	if err := h.catchUp(st); err != nil {
		return 0, err
	}
	h.buf = st.LegalActions(h.buf)
	a := h.buf[0]
	if len(h.buf) > 1 {
		r, err := h.search.SearchMove(ctx, st)
		if err != nil {
			return 0, err
		}
		a = r.Action
	}
	h.played, h.pending = a, true
	return a, nil
}

// catchUp replays the episode privately to st: the last action, then the
// dice RunEpisode rolled since, drawn from the same stream.
func (h *Hindsight) catchUp(st env.State) error {
	if !h.started {
		return errors.New("hindsight knows only the dice of agents.RunEpisode, which tells it the episode's seed (agents.EpisodeSeeded)")
	}
	if h.pending {
		if err := h.mine.Apply(h.played); err != nil {
			return fmt.Errorf("hindsight: %w", err)
		}
		h.pending = false
	}
	var outs []env.Outcome
	for h.mine.CurrentPlayer() == env.Chance {
		outs = h.mine.ChanceOutcomes(outs)
		if err := h.mine.Apply(env.SampleChance(outs, rand.New(&h.dice))); err != nil {
			return fmt.Errorf("hindsight: %w", err)
		}
	}
	if s, ok := st.(*stn.State); !ok || *s != *h.mine {
		return errors.New("hindsight: the game is not the episode it was told of (its dice are not agents.RunEpisode's)")
	}
	return nil
}
