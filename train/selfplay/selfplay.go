// Package selfplay plays games with an agent in every seat and records
// the decisions of the chosen seats as a dataset (package dataset): the
// features of each position and of each legal action as the deciding seat
// sees them, the action chosen, the searcher's visit counts when the agent
// is a search.Agent, and the deciding seat's final return.
//
// With a teacher (DAgger's data), the seats' agents play the game and the
// teacher labels each recorded decision: the row holds the teacher's
// choice and visit counts at the position the player reached, so that a
// learner is taught where its own play leads, not only where the
// teacher's does.
//
// Game i of a run is played exactly as `chariot bench` plays it: from the
// seed eval.GameSeed(seed, i), with the agent seeded by
// agents.SeatSeed(eval.AgentSeed(seed, i, spec), p) in seat p. The games
// are written in game order, so the file, byte for byte, does not depend
// on the number of workers.
package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"

	"github.com/chariot-ai/chariot/internal/pool"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/search"
	"github.com/chariot-ai/chariot/train/dataset"
	"github.com/chariot-ai/chariot/train/features"
)

// Config describes a self-play run.
type Config struct {
	Game  env.Game
	Agent string // agent spec, as for agents.New, that plays every seat
	// Seats, instead of Agent, gives one agent spec per seat, for a game
	// whose sides want different agents (the two sides of a solitaire
	// game whose automated side is opened as a seat, say).
	Seats []string
	Games int // games 0 to Games-1
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
	// Warn, if not nil, is told what a resume drops of the dataset (an
	// unfinished game a stopped run was writing).
	Warn io.Writer
	// Seat is the seat whose decisions are recorded; -1 records every
	// seat, which needs every seat's features to be alike.
	Seat int
	// Shard, if set, plays only that shard of the games; the dataset's
	// header then names the run and the shard, for dataset.Merge.
	Shard eval.Shard
	// StateOnly records no state–action features: enough for a value
	// model and a policy head, on a game whose state–action features
	// repeat a large observation for every legal action.
	StateOnly bool
	// Teacher, if set, is the agent spec that labels each recorded
	// decision in place of the player's choice (DAgger): it is asked at
	// every recorded position, on a copy, with a seed of its own, and
	// touches neither the game nor its dice.
	Teacher string
}

// seats lists the seats a run records, and checks that their encoders
// write the same features.
func seats(g env.Game, seat int) ([]int, env.FeatureEncoder, error) {
	if seat >= g.NumPlayers() || seat < -1 {
		return nil, nil, fmt.Errorf("seat %d: %s has seats 0 to %d", seat, g.Name(), g.NumPlayers()-1)
	}
	var out []int
	if seat >= 0 {
		out = []int{seat}
	} else {
		for p := range g.NumPlayers() {
			out = append(out, p)
		}
	}
	first := features.NewEncoder(g, env.Player(out[0]))
	for _, p := range out[1:] {
		e := features.NewEncoder(g, env.Player(p))
		if e.Version() != first.Version() || !slices.Equal(features.Names(e.StateDocs()), features.Names(first.StateDocs())) {
			return nil, nil, fmt.Errorf("%s's seats %s and %s have features of their own: record one seat at a time",
				g.Name(), env.SeatName(g, env.Player(out[0])), env.SeatName(g, env.Player(p)))
		}
	}
	return out, first, nil
}

// Run plays the games and appends each to the dataset as it finishes. It
// returns the number of games played now (not those already in a resumed
// file).
func Run(ctx context.Context, cfg Config) (int, error) {
	if cfg.Games < 1 {
		return 0, fmt.Errorf("%d games: need at least 1", cfg.Games)
	}
	lineup, err := lineupOf(cfg)
	if err != nil {
		return 0, err
	}
	spec := eval.Label(lineup)
	recorded, enc, err := seats(cfg.Game, cfg.Seat)
	if err != nil {
		return 0, err
	}
	teacher, err := teacherOf(cfg)
	if err != nil {
		return 0, err
	}
	read := slices.Clone(lineup)
	if teacher != "" {
		read = append(read, teacher)
	}
	files, err := eval.FileHashes(eval.GameSpec(cfg.Game), read...)
	if err != nil {
		return 0, err
	}
	h := dataset.Header{
		Files:          files,
		Game:           eval.GameSpec(cfg.Game),
		FeatureVersion: enc.Version(),
		Agent:          spec,
		Seed:           cfg.Seed,
		StateFeatures:  features.Names(enc.StateDocs()),
		ActionFeatures: features.Names(enc.ActionDocs()),
		Teacher:        teacher,
	}
	if cfg.StateOnly {
		h.ActionFeatures = []string{}
	}
	if cfg.Game.NumPlayers() > 1 {
		h.Seats = recorded
	}
	if cfg.Shard.Sharded() {
		id, err := json.Marshal(h)
		if err != nil {
			return 0, err
		}
		sum := sha256.Sum256(fmt.Appendf(id, "\ngames %d", cfg.Games))
		h.Shard = &dataset.ShardInfo{Run: hex.EncodeToString(sum[:])[:16], Shard: cfg.Shard.String(), Games: cfg.Games}
	}
	var (
		w    *dataset.Writer
		done map[int]bool
	)
	// Resuming a run that wrote nothing yet starts it, as bench does: a
	// cluster task's first start and its restarts are one command.
	if cfg.Resume && hasData(cfg.Out) {
		w, done, err = dataset.Resume(cfg.Out, h)
	} else {
		w, err = dataset.Create(cfg.Out, h)
	}
	if err != nil {
		return 0, err
	}
	defer w.Close()
	if w.Dropped > 0 && cfg.Warn != nil {
		fmt.Fprintf(cfg.Warn, "dataset %s: dropped its last %d bytes, an unfinished game a stopped run was writing (it is played again)\n", cfg.Out, w.Dropped)
	}
	lo, hi := cfg.Shard.Range(cfg.Games)
	todo := hi - lo
	for i := range done {
		if i >= lo && i < hi {
			todo--
		}
	}
	// The games are handed out one at a time, never listed.
	games := func(yield func(int) bool) {
		for i := lo; i < hi; i++ {
			if !done[i] && !yield(i) {
				return
			}
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	bar := pool.NewBar(cfg.Progress, todo, "selfplay", "games")
	// Games finish in any order but are written in game order, so that the
	// file does not depend on the number of workers: a game waits in
	// ahead until every game before it is written.
	next, ahead, written := lo, map[int]dataset.Game{}, 0
	_, err = pool.Run(ctx, workers, games, func(i int) (dataset.Game, error) {
		return PlayGame(ctx, cfg.Game, lineup, teacher, cfg.Seed, i, recorded, !cfg.StateOnly)
	}, func(g dataset.Game) error {
		ahead[g.Index] = g
		for ; next < hi; next++ {
			if done[next] {
				continue
			}
			g, ok := ahead[next]
			if !ok {
				break
			}
			delete(ahead, next)
			if err := w.Write(g); err != nil {
				return err
			}
			written++
			bar.Add()
		}
		return nil
	})
	bar.End(err == nil)
	if cerr := w.Close(); cerr != nil && err == nil {
		err = cerr
	}
	return written, err
}

// lineupOf is the canonical agent spec of every seat of a run, each
// checked against the game.
func lineupOf(cfg Config) ([]string, error) {
	n := cfg.Game.NumPlayers()
	lineup := cfg.Seats
	switch {
	case len(lineup) == 0:
		lineup = slices.Repeat([]string{cfg.Agent}, n)
	case cfg.Agent != "":
		return nil, errors.New("give one agent for every seat or one per seat, not both")
	case len(lineup) != n:
		return nil, fmt.Errorf("%d agents for the %d seats of %s", len(lineup), n, cfg.Game.Name())
	}
	out := make([]string, n)
	for p, a := range lineup {
		spec, err := eval.CanonicalAgent(a)
		if err != nil {
			return nil, err
		}
		if _, err := agents.New(spec, cfg.Game, 0); err != nil {
			return nil, err
		}
		out[p] = spec
	}
	return out, nil
}

// teacherOf is the canonical spec of the run's teacher, checked against
// the game, or "".
func teacherOf(cfg Config) (string, error) {
	if cfg.Teacher == "" {
		return "", nil
	}
	spec, err := eval.CanonicalAgent(cfg.Teacher)
	if err != nil {
		return "", fmt.Errorf("teacher: %w", err)
	}
	if _, err := agents.New(spec, cfg.Game, 0); err != nil {
		return "", fmt.Errorf("teacher: %w", err)
	}
	return spec, nil
}

// teacherSalt keeps a teacher's seed apart from a player's of the same
// spec.
const teacherSalt = 0x7eac4e5

// PlayGame plays game i of a run with the given seed, lineup[p] in seat p
// (seeded as chariot bench seeds it), and records the decisions of the
// given seats, with the features of every legal action where actions is
// set. A teacher (a spec, or "") labels the recorded decisions.
func PlayGame(ctx context.Context, g env.Game, lineup []string, teacher string, seed uint64, i int, record []int, actions bool) (out dataset.Game, err error) {
	spec := eval.Label(lineup)
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("agent %s, game %d: panic: %v", spec, i, r)
		}
	}()
	gameSeed := eval.GameSeed(seed, i)
	n := g.NumPlayers()
	players := make([]agents.Agent, n)
	encs := make([]env.FeatureEncoder, n)
	for p := range n {
		if players[p], err = agents.New(lineup[p], g, eval.PlayerSeed(g, seed, i, lineup[p], p)); err != nil {
			return out, fmt.Errorf("agent %s, game %d: %w", spec, i, err)
		}
	}
	teachers := make([]agents.Agent, n)
	for _, p := range record {
		encs[p] = features.NewEncoder(g, env.Player(p))
		if teacher == "" {
			continue
		}
		if teachers[p], err = agents.New(teacher, g, agents.SeatSeed(eval.AgentSeed(seed, i, teacher)^teacherSalt, p)); err != nil {
			return out, fmt.Errorf("teacher %s, game %d: %w", teacher, i, err)
		}
	}
	out.Index = i
	var recErr error
	var legal []env.Action
	end, err := agents.RunEpisode(ctx, g, gameSeed, players, func(s env.State, a env.Action, who env.Player) {
		if who < 0 || encs[who] == nil || recErr != nil {
			return
		}
		enc := encs[who]
		enc.Reset(s)
		legal = s.LegalActions(legal)
		labeller := players[who]
		if t := teachers[who]; t != nil {
			if a, recErr = t.Act(ctx, s.Clone()); recErr != nil {
				recErr = fmt.Errorf("teacher %s, game %d: %w", teacher, i, recErr)
				return
			}
			labeller = t
		}
		r := dataset.Row{GameSeed: gameSeed, Seat: int(who), State: enc.EncodeState(nil), Legal: slices.Clone(legal), Chosen: a}
		for _, b := range legal {
			if !actions {
				break
			}
			r.Actions = append(r.Actions, enc.EncodeAction(b, nil))
		}
		if searcher, ok := labeller.(*search.Agent); ok && len(legal) > 1 {
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
	final := end.Returns()
	for k := range out.Rows {
		out.Rows[k].FinalVP = final[out.Rows[k].Seat]
	}
	if len(out.Rows) == 0 {
		return out, fmt.Errorf("agent %s, game %d: no decision recorded", spec, i)
	}
	return out, nil
}

// hasData tells whether a file exists and is not empty.
func hasData(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Size() > 0
}
