// Package selfplay plays games with an agent and records its British
// decisions as a dataset (package dataset): the features of each
// position and of each legal action, the action chosen, the searcher's
// visit counts when the agent is a search.Agent, and the final VP.
//
// Game i of a run is played exactly as `chariot bench` plays it: from the
// seed eval.GameSeed(seed, i), with the agent seeded by
// agents.SeatSeed(eval.AgentSeed(seed, i, spec), 0). The rows of a game do
// not depend on the number of workers.
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"

	"github.com/chariot-ai/chariot/internal/pool"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/dataset"
	"github.com/chariot-ai/chariot/train/features"
)

// Config describes a self-play run.
type Config struct {
	Game  env.Game
	Agent string // agent spec, as for agents.New
	Games int    // games 0 to Games-1
	Seed  uint64
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU().
	Workers int
	// Out is the dataset file; Resume continues it, playing only the
	// games not yet in it.
	Out    string
	Resume bool
	// Progress, if not nil, receives a progress bar: give it a terminal.
	Progress io.Writer
}

// Run plays the games and appends each to the dataset as it finishes. It
// returns the number of games played now (not those already in a resumed
// file).
func Run(ctx context.Context, cfg Config) (int, error) {
	if cfg.Games < 1 {
		return 0, fmt.Errorf("%d games: need at least 1", cfg.Games)
	}
	spec, err := eval.CanonicalAgent(cfg.Agent)
	if err != nil {
		return 0, err
	}
	if _, err := agents.New(spec, cfg.Game, 0); err != nil {
		return 0, err
	}
	if _, err := features.NewEncoder(cfg.Game); err != nil {
		return 0, err
	}
	h := dataset.Header{
		Game:           eval.GameSpec(cfg.Game),
		FeatureVersion: features.Version,
		Agent:          spec,
		Seed:           cfg.Seed,
		StateFeatures:  features.Names(features.StateFeatures),
		ActionFeatures: features.Names(features.ActionFeatures),
	}
	var (
		w    *dataset.Writer
		done map[int]bool
	)
	if cfg.Resume {
		w, done, err = dataset.Resume(cfg.Out, h)
	} else {
		w, err = dataset.Create(cfg.Out, h)
	}
	if err != nil {
		return 0, err
	}
	defer w.Close()
	var todo []int
	for i := range cfg.Games {
		if !done[i] {
			todo = append(todo, i)
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	bar := pool.NewBar(cfg.Progress, len(todo), "selfplay", "games")
	played, err := pool.Run(ctx, workers, todo, func(i int) (dataset.Game, error) {
		return PlayGame(ctx, cfg.Game, spec, cfg.Seed, i)
	}, func(g dataset.Game) error {
		if err := w.Write(g); err != nil {
			return err
		}
		bar.Add()
		return nil
	})
	bar.End(err == nil)
	if cerr := w.Close(); cerr != nil && err == nil {
		err = cerr
	}
	return played, err
}

// PlayGame plays game i of a run with the given seed and records the
// British decisions.
func PlayGame(ctx context.Context, g env.Game, spec string, seed uint64, i int) (out dataset.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("agent %s, game %d: panic: %v", spec, i, r)
		}
	}()
	enc, err := features.NewEncoder(g)
	if err != nil {
		return out, err
	}
	gameSeed := eval.GameSeed(seed, i)
	ag, err := agents.New(spec, g, agents.SeatSeed(eval.AgentSeed(seed, i, spec), 0))
	if err != nil {
		return out, fmt.Errorf("agent %s, game %d: %w", spec, i, err)
	}
	if g.NumPlayers() != 1 {
		return out, errors.New("self-play records one-seat games only")
	}
	searcher, _ := ag.(*search.Agent)
	out.Index = i
	var recErr error
	end, err := agents.RunEpisode(ctx, g, gameSeed, []agents.Agent{ag}, func(s env.State, a env.Action, who env.Player) {
		if who != 0 || recErr != nil {
			return
		}
		enc.Load(s)
		legal := enc.Legal()
		r := dataset.Row{GameSeed: gameSeed, State: enc.State(nil), Legal: slices.Clone(legal), Chosen: a}
		r.Actions = make([][]float64, len(legal))
		for k, b := range legal {
			r.Actions[k] = enc.Action(b, nil)
		}
		if searcher != nil && len(legal) > 1 {
			if searcher.Last.Action != a {
				recErr = fmt.Errorf("agent %s, game %d: the search result is not the action played", spec, i)
				return
			}
			r.Visits = make([]int, len(legal))
			for _, st := range searcher.Last.Stats {
				if k := slices.Index(legal, st.Action); k >= 0 {
					r.Visits[k] = st.Visits
				}
			}
		}
		out.Rows = append(out.Rows, r)
	})
	if err == nil {
		err = recErr
	}
	if err != nil {
		return out, fmt.Errorf("agent %s, game %d: %w", spec, i, err)
	}
	final := end.Score().Value
	for k := range out.Rows {
		out.Rows[k].FinalVP = final
	}
	if len(out.Rows) == 0 {
		return out, fmt.Errorf("agent %s, game %d: no British decision", spec, i)
	}
	return out, nil
}
