package eval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/internal/pool"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Config describes a benchmark run.
type Config struct {
	// Game is the game to play.
	Game env.Game
	// Agents are the agent specs, as for agents.New. In a solitaire game,
	// or with a single agent, each plays every game in every seat; in a
	// game of two seats or more they meet in a round robin; with Opponents
	// each plays seat 0 against each opponent. They are put in canonical
	// form (CanonicalAgent) and must be distinct.
	Agents []string
	// Seats, instead of Agents, gives one agent per seat: a single lineup.
	Seats []string
	// Opponents, with Agents, are the agents that hold every seat but the
	// first.
	Opponents []string
	// Games is the number of games per lineup, indices 0 to Games-1.
	Games int
	// Seed fixes the whole run: game i has the seed GameSeed(Seed, i).
	Seed uint64
	// Workers is the number of games played at once; 0 or less means
	// runtime.NumCPU().
	Workers int
	// Out, if not empty, names a results file, .jsonl or .csv, to which each
	// game is appended as it finishes.
	Out string
	// Resume continues an existing Out file: the (lineup, game) pairs in it
	// are not played again, and its rows are part of the results. Without
	// Resume, an existing non-empty Out file is an error.
	Resume bool
	// Progress, if not nil, receives a progress bar, redrawn in place: give
	// it a terminal.
	Progress io.Writer
	// Warn, if not nil, is told what a resume drops of the results file (a
	// row cut short when a run stopped).
	Warn io.Writer
	// Shard, if set, restricts the run to one shard of its games (see
	// Shard); the results file must then be JSON lines, and its rows carry
	// the run's identity for Merge.
	Shard Shard
	// FilesBeside makes the relative file paths in the agents' specs name
	// files in the results file's directory, where there is one there
	// (agents.ResolvePath): a run directory, as PSRO's, whose agents are
	// spec files in it, then resumes and reproduces from any path, since
	// its specs, seeds and file hashes do not name the directory.
	FilesBeside bool
}

// specDir is the directory relative paths in the agents' specs are read
// from first: Out's with FilesBeside, else none (the working directory).
func (cfg *Config) specDir() string {
	if !cfg.FilesBeside {
		return ""
	}
	return filepath.Dir(cfg.Out)
}

// GameResult is the outcome of one game played by one lineup.
type GameResult struct {
	// Agent is the lineup's label (Label): the canonical agent spec when
	// one agent held every seat.
	Agent string
	// Seats are the canonical specs of the agents of seats 0, 1, ...
	Seats []string
	// Game is the game's index in the run, Seed its seed.
	Game int
	Seed uint64
	// Score is the final state's Score, Returns its Returns (one per
	// seat).
	Score   env.Score
	Returns []float64
	// Files are the content hashes of the files the game and the agents
	// read, by path (FileHashes); nil when they read none.
	Files map[string]string
	// Decisions counts the actions the agents chose (not the chance
	// outcomes).
	Decisions int
	// Elapsed is the wall time of the game, agents' thinking included,
	// their construction not.
	Elapsed time.Duration
}

// plan is a checked configuration: the lineups to play and their labels.
type plan struct {
	mode    Mode
	lineups [][]string
	labels  []string
	files   []map[string]string // per lineup
	workers int
}

// newPlan checks cfg and lists its lineups. Each agent is built once, so
// that an unknown agent or option fails now rather than in a worker.
func newPlan(cfg *Config) (*plan, error) {
	if cfg.Game == nil {
		return nil, errors.New("no game")
	}
	if len(cfg.Agents) == 0 && len(cfg.Seats) == 0 {
		return nil, errors.New("no agents")
	}
	if len(cfg.Opponents) > 0 && len(cfg.Agents) == 0 {
		return nil, errors.New("opponents but no agents to meet them")
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("%d games: need at least 1", cfg.Games)
	}
	if cfg.Shard.Sharded() {
		if cfg.Shard.I < 0 || cfg.Shard.I >= cfg.Shard.N {
			return nil, fmt.Errorf("shard %s: want 0 ≤ I < N", cfg.Shard)
		}
		if cfg.Out != "" && !strings.EqualFold(filepath.Ext(cfg.Out), formatJSONL) {
			return nil, fmt.Errorf("results file %s: a shard writes JSON lines (.jsonl), which carry the run's identity", cfg.Out)
		}
	}
	canon := func(list []string, what string, distinct bool) ([]string, error) {
		out := make([]string, len(list))
		seen := map[string]bool{}
		for i, s := range list {
			c, err := CanonicalAgent(s)
			if err != nil {
				return nil, err
			}
			if distinct && seen[c] {
				return nil, fmt.Errorf("%s %s listed twice", what, c)
			}
			if _, err := agents.New(agents.ResolvePaths(c, cfg.specDir()), cfg.Game, 0); err != nil {
				return nil, err
			}
			out[i], seen[c] = c, true
		}
		return out, nil
	}
	specs, err := canon(cfg.Agents, "agent", true)
	if err != nil {
		return nil, err
	}
	opps, err := canon(cfg.Opponents, "opponent", true)
	if err != nil {
		return nil, err
	}
	seats, err := canon(cfg.Seats, "seat", false)
	if err != nil {
		return nil, err
	}
	p := &plan{workers: cfg.Workers}
	seatErr := func(spec string, seat int) error { return agents.CheckSeat(spec, cfg.Game, seat) }
	if p.mode, p.lineups, err = lineups(cfg.Game.NumPlayers(), specs, seats, opps, seatErr); err != nil {
		return nil, err
	}
	for _, l := range p.lineups {
		p.labels = append(p.labels, Label(l))
		files, err := fileHashesIn(cfg.specDir(), GameSpec(cfg.Game), l...)
		if err != nil {
			return nil, err
		}
		p.files = append(p.files, files)
	}
	if p.workers <= 0 {
		p.workers = runtime.NumCPU()
	}
	return p, nil
}

// job is one game to play: a lineup's index and a game index.
type job struct {
	lineup, game int
}

// Stream plays the run of cfg and hands each game's result to keep as it
// finishes, on one goroutine, holding no more than a few games in memory
// whatever their number. With Resume the rows already in the results file
// come first, read one at a time. Before the first result, begin, if not
// nil, receives the run's mode and the labels of its lineups; a resumed
// file's rows of other lineups are handed to keep too.
//
// Errors in the configuration are reported before any game is played. If a
// game fails, or ctx is cancelled, Stream stops starting games and returns
// the error: the rows of the games finished before are in the results
// file, those in play when ctx was cancelled are not (they may have been
// played to the end, worse), and a resumed run completes it.
func Stream(ctx context.Context, cfg Config, begin func(Mode, []string), keep func(GameResult) error) error {
	p, err := newPlan(&cfg)
	if err != nil {
		return err
	}
	var out *resultFile
	lo, hi := cfg.Shard.Range(cfg.Games)
	if cfg.Out != "" {
		if out, err = openResults(&cfg, len(p.lineups[0])); err != nil {
			return err
		}
		out.run = runInfo(&cfg, p)
		defer out.close()
	}
	if begin != nil {
		begin(p.mode, slices.Clone(p.labels))
	}
	index := map[string]int{}
	for i, l := range p.labels {
		index[l] = i
	}
	done := newDoneSet(len(p.labels), cfg.Games)
	if out != nil {
		if err := out.scan(func(r GameResult) error {
			if i, own := index[r.Agent]; own && r.Game >= lo && r.Game < hi {
				if done.has(i, r.Game) {
					return fmt.Errorf("results file %s: lineup %s game %d appears twice", cfg.Out, r.Agent, r.Game)
				}
				done.add(i, r.Game)
			}
			return keep(r)
		}); err != nil {
			return err
		}
		if err := out.openAppend(); err != nil {
			return err
		}
	}
	// Jobs go game by game, every lineup in turn, so that a run stopped
	// halfway has the same games for every lineup.
	jobs := func(yield func(job) bool) {
		for i := lo; i < hi; i++ {
			for l := range p.lineups {
				if !done.has(l, i) && !yield(job{l, i}) {
					return
				}
			}
		}
	}
	todo := (hi - lo) * len(p.lineups)
	for l := range p.lineups {
		todo -= done.count[l]
	}
	bar := pool.NewBar(cfg.Progress, todo, "bench", "games")
	_, err = pool.Run(ctx, p.workers, iter.Seq[job](jobs), func(jb job) (GameResult, error) {
		r, err := playGame(ctx, cfg.Game, p.lineups[jb.lineup], cfg.specDir(), cfg.Seed, jb.game)
		r.Files = p.files[jb.lineup]
		return r, err
	}, func(res GameResult) error {
		if out != nil {
			if err := out.write(res); err != nil {
				return err
			}
		}
		bar.Add()
		return keep(res)
	})
	bar.End(err == nil)
	if out != nil {
		if cerr := out.close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	return err
}

// Run plays every lineup of cfg on games 0 to cfg.Games-1 and returns the
// results sorted by lineup, in the order of cfg's lineups, then by game.
// With Resume the rows already in the results file are included; those of
// lineups not in cfg come after, in the order the file first names them.
// Results do not depend on cfg.Workers, timings aside. Run holds every
// result in memory; Stream and a Tally summarise a run of any length.
//
// If a game fails, or ctx is cancelled, Run returns the results it has,
// with the error.
func Run(ctx context.Context, cfg Config) ([]GameResult, error) {
	var (
		order   = map[string]int{}
		results []GameResult
	)
	// Lineups of the file not in cfg come after cfg's, in the order met.
	err := Stream(ctx, cfg, func(_ Mode, labels []string) {
		for i, l := range labels {
			order[l] = i
		}
	}, func(r GameResult) error {
		if _, ok := order[r.Agent]; !ok {
			order[r.Agent] = len(order)
		}
		results = append(results, r)
		return nil
	})
	slices.SortFunc(results, func(a, b GameResult) int {
		return cmp.Or(cmp.Compare(order[a.Agent], order[b.Agent]), cmp.Compare(a.Game, b.Game))
	})
	return results, err
}

// playGame plays game i of a run with the given seed, seats[p] at seat p,
// their relative paths read from dir first (Config.FilesBeside). A panic in
// an agent or the game becomes an error, and so does a game still in play
// when ctx was cancelled.
func playGame(ctx context.Context, g env.Game, seats []string, dir string, seed uint64, i int) (res GameResult, err error) {
	label := Label(seats)
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s, game %d: panic: %v", describe(seats), i, r)
		}
	}()
	gameSeed := GameSeed(seed, i)
	players := make([]agents.Agent, len(seats))
	for p, spec := range seats {
		if players[p], err = agents.New(agents.ResolvePaths(spec, dir), g, PlayerSeed(g, seed, i, spec, p)); err != nil {
			return res, fmt.Errorf("%s, game %d: %w", describe(seats), i, err)
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
	// A game the run's end overtook is no result, whether or not its
	// agents noticed: one that played on may have played worse (a search
	// cut short) to an end the game would not have had. Cancellation
	// lasts, so one check at the end covers every step; a resumed run
	// plays the game again in full.
	if ctx.Err() != nil {
		return res, fmt.Errorf("%s, game %d: stopped before its end: %w", describe(seats), i, context.Cause(ctx))
	}
	if err != nil {
		return res, fmt.Errorf("%s, game %d: %w", describe(seats), i, err)
	}
	res = GameResult{
		Agent:     label,
		Seats:     seats,
		Game:      i,
		Seed:      gameSeed,
		Score:     end.Score(),
		Decisions: decisions,
		Elapsed:   elapsed,
	}
	if len(seats) > 1 {
		res.Returns = end.Returns()
	}
	return res, nil
}

// describe names a lineup in an error: "agent random", or "lineup mcts vs
// random".
func describe(seats []string) string {
	if l := Label(seats); l == seats[0] {
		return "agent " + l
	}
	return "lineup " + Label(seats)
}

// doneSet holds one bit per (lineup, game) of a run: the games a resumed
// file already has. It is the only memory of a run that grows with the
// number of games, by one bit per game.
type doneSet struct {
	bits  []uint64
	games int
	count []int // games done per lineup
}

func newDoneSet(lineups, games int) *doneSet {
	return &doneSet{bits: make([]uint64, (lineups*games+63)/64), games: games, count: make([]int, lineups)}
}

func (d *doneSet) has(l, g int) bool {
	k := l*d.games + g
	return d.bits[k/64]&(1<<(k%64)) != 0
}

func (d *doneSet) add(l, g int) {
	k := l*d.games + g
	d.bits[k/64] |= 1 << (k % 64)
	d.count[l]++
}
