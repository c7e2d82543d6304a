package eval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/chariot-ai/chariot/internal/pool"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
)

// Config describes a benchmark run.
type Config struct {
	// Game is the game to play.
	Game env.Game
	// Agents are the agent specs, as for agents.New; each plays every game.
	// They are put in canonical form (CanonicalAgent) and must be distinct.
	Agents []string
	// Games is the number of games per agent, indices 0 to Games-1.
	Games int
	// Seed fixes the whole run: game i has the seed GameSeed(Seed, i).
	Seed uint64
	// Workers is the number of games played at once; 0 or less means
	// runtime.NumCPU().
	Workers int
	// Out, if not empty, names a results file, .jsonl or .csv, to which each
	// game is appended as it finishes.
	Out string
	// Resume continues an existing Out file: the (agent, game) pairs in it
	// are not played again, and its rows are part of the results. Without
	// Resume, an existing non-empty Out file is an error.
	Resume bool
	// Progress, if not nil, receives a progress bar, redrawn in place: give
	// it a terminal.
	Progress io.Writer
}

// GameResult is the outcome of one game played by one agent.
type GameResult struct {
	// Agent is the canonical agent spec.
	Agent string
	// Game is the game's index in the run, Seed its seed.
	Game int
	Seed uint64
	// Score is the final state's Score.
	Score env.Score
	// Decisions counts the actions the agent chose (not the chance
	// outcomes).
	Decisions int
	// Elapsed is the wall time of the game, agents' thinking included,
	// their construction not.
	Elapsed time.Duration
}

// job is one game to play: an agent's index in the canonical list and a
// game index.
type job struct {
	agent, game int
}

// Run plays every agent of cfg on games 0 to cfg.Games-1 and returns the
// results sorted by agent, in the order of cfg.Agents, then by game. With
// Resume the rows already in the results file are included; those of agents
// not in cfg.Agents come after, in the order the file first names them.
// Results do not depend on cfg.Workers, timings aside.
//
// Errors in the configuration are reported before any game is played. If a
// game fails, or ctx is cancelled, Run stops starting games and returns the
// results it has, with the error: the rows of the finished games are in the
// results file, and a resumed run completes it.
func Run(ctx context.Context, cfg Config) ([]GameResult, error) {
	if cfg.Game == nil {
		return nil, errors.New("no game")
	}
	if len(cfg.Agents) == 0 {
		return nil, errors.New("no agents")
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("%d games: need at least 1", cfg.Games)
	}
	specs := make([]string, len(cfg.Agents))
	order := map[string]int{}
	for i, s := range cfg.Agents {
		c, err := CanonicalAgent(s)
		if err != nil {
			return nil, err
		}
		if _, dup := order[c]; dup {
			return nil, fmt.Errorf("agent %s listed twice", c)
		}
		// Build each agent once, so that an unknown agent or option fails
		// now rather than in a worker.
		if _, err := agents.New(c, cfg.Game, 0); err != nil {
			return nil, err
		}
		specs[i], order[c] = c, i
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}

	var (
		out *resultFile
		old []GameResult
	)
	if cfg.Out != "" {
		var err error
		if out, old, err = openResults(&cfg); err != nil {
			return nil, err
		}
		defer func() {
			if out != nil {
				out.close()
			}
		}()
	}
	done := map[job]bool{}
	for _, r := range old {
		if _, ok := order[r.Agent]; !ok {
			order[r.Agent] = len(order)
		}
		k := job{order[r.Agent], r.Game}
		if done[k] {
			return nil, fmt.Errorf("results file %s: agent %s game %d appears twice", cfg.Out, r.Agent, r.Game)
		}
		done[k] = true
	}
	// Jobs go game by game, every agent in turn, so that a run stopped
	// halfway has the same games for every agent.
	var jobs []job
	for i := range cfg.Games {
		for a := range specs {
			if !done[job{a, i}] {
				jobs = append(jobs, job{a, i})
			}
		}
	}

	bar := pool.NewBar(cfg.Progress, len(jobs), "bench", "games")
	results := old
	_, err := pool.Run(ctx, workers, jobs, func(jb job) (GameResult, error) {
		return playGame(ctx, cfg.Game, specs[jb.agent], cfg.Seed, jb.game)
	}, func(res GameResult) error {
		if out != nil {
			if err := out.write(res); err != nil {
				return err
			}
		}
		results = append(results, res)
		bar.Add()
		return nil
	})
	bar.End(err == nil)
	slices.SortFunc(results, func(a, b GameResult) int {
		return cmp.Or(cmp.Compare(order[a.Agent], order[b.Agent]), cmp.Compare(a.Game, b.Game))
	})
	if out != nil {
		if cerr := out.close(); cerr != nil && err == nil {
			err = cerr
		}
		out = nil
	}
	return results, err
}

// playGame plays game i of a run with the given seed, spec at every seat.
// A panic in the agent or the game becomes an error.
func playGame(ctx context.Context, g env.Game, spec string, seed uint64, i int) (res GameResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("agent %s, game %d: panic: %v", spec, i, r)
		}
	}()
	gameSeed := GameSeed(seed, i)
	agentSeed := AgentSeed(seed, i, spec)
	players := make([]agents.Agent, g.NumPlayers())
	for p := range players {
		if players[p], err = agents.New(spec, g, agents.SeatSeed(agentSeed, p)); err != nil {
			return res, fmt.Errorf("agent %s, game %d: %w", spec, i, err)
		}
	}
	decisions := 0
	start := time.Now()
	end, err := agents.RunEpisode(ctx, g, gameSeed, players, func(_ env.State, _ env.Action, who env.Player) {
		if who >= 0 {
			decisions++
		}
	})
	elapsed := time.Since(start)
	if err != nil {
		return res, fmt.Errorf("agent %s, game %d: %w", spec, i, err)
	}
	return GameResult{
		Agent:     spec,
		Game:      i,
		Seed:      gameSeed,
		Score:     end.Score(),
		Decisions: decisions,
		Elapsed:   elapsed,
	}, nil
}
