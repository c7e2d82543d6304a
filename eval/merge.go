package eval

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/flock"
)

// Merged describes the run Merge joined.
type Merged struct {
	// Game is the game's spec, Run the run's identity (its Shard field is
	// that of the first shard file).
	Game string
	Run  RunInfo
	Mode Mode
	// Labels are the lineups, in the order the shards first name them.
	Labels []string
}

// shardFile is one shard file to merge.
type shardFile struct {
	path  string
	run   RunInfo
	shard Shard
	rf    *resultFile
}

// Merge joins the results files of the shards of one run into out, a
// results file (.jsonl or .csv) like the one a single run over every game
// writes: the same rows, without the shard identity, in the order of the
// shards then of the rows in each. It refuses shards of different runs,
// and names the games missing or given twice; out is written only when
// every game of every lineup is there once, through a temporary file
// renamed into place. begin receives the run before the first row, keep
// each row, so a caller can summarise the run as it is written.
func Merge(out string, paths []string, begin func(Merged), keep func(GameResult) error) (err error) {
	if len(paths) == 0 {
		return errors.New("no shard files to merge")
	}
	if _, err := OutFormat(out); err != nil {
		return err
	}
	if size, _, err := wholeLines(out); err != nil {
		return err
	} else if size > 0 {
		return fmt.Errorf("%s exists and is not empty: choose another file", out)
	}
	// One writer an output: a merge into a file that a run (or another
	// merge) is writing is refused, naming it.
	lock, err := flock.File(out)
	if err != nil {
		return fmt.Errorf("merged file: %w", err)
	}
	defer func() {
		if err != nil {
			lock.Discard()
		} else {
			lock.Unlock()
		}
	}()
	var (
		shards []*shardFile
		m      Merged
		game   env.Game
	)
	for _, path := range paths {
		sf, spec, err := openShard(path)
		if err != nil {
			return err
		}
		if len(shards) == 0 {
			m.Game, m.Run = spec, sf.run
			if game, err = env.NewGame(spec); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if m.Mode, err = ParseMode(sf.run.Mode); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		} else if first := shards[0]; sf.run.ID != first.run.ID || sf.shard.N != first.shard.N || spec != m.Game {
			return fmt.Errorf("%s is shard %s of run %s (%s, seed %d, %d games), but %s is shard %s of run %s (%s, seed %d, %d games): they are not of one run",
				path, sf.run.Shard, sf.run.ID, shortSpec(spec), sf.run.Seed, sf.run.Games,
				first.path, first.run.Shard, first.run.ID, shortSpec(m.Game), first.run.Seed, first.run.Games)
		}
		run := sf.run
		sf.rf = &resultFile{path: path, format: formatJSONL, gameSpec: m.Game, seed: run.Seed, seats: game.NumPlayers(), run: &run}
		if run.Beside {
			sf.rf.dir = filepath.Dir(path)
		}
		if _, sf.rf.keep, err = wholeLines(path); err != nil {
			return err
		}
		shards = append(shards, sf)
	}
	slices.SortStableFunc(shards, func(a, b *shardFile) int { return cmp.Compare(a.shard.I, b.shard.I) })

	// First pass: every game of every lineup, once.
	games := m.Run.Games
	seen := map[string][]uint64{}
	// dups are the games given twice, listed in game order whatever the
	// order in which a run's workers wrote its rows.
	type dup struct {
		agent, path string
		game        int
	}
	var dups []dup
	for _, sf := range shards {
		lo, hi := sf.shard.Range(games)
		err := sf.rf.scan(func(r GameResult) error {
			if r.Game < lo || r.Game >= hi {
				return fmt.Errorf("%s: game %d is not in shard %s (games %d to %d)", sf.path, r.Game, sf.shard, lo, hi-1)
			}
			if !slices.Contains(m.Run.Lineups, r.Agent) {
				return fmt.Errorf("%s: lineup %s is not one of the run's (%s)", sf.path, r.Agent, strings.Join(m.Run.Lineups, ", "))
			}
			bits, ok := seen[r.Agent]
			if !ok {
				bits = make([]uint64, (games+63)/64)
				seen[r.Agent] = bits
				m.Labels = append(m.Labels, r.Agent)
			}
			if bits[r.Game/64]&(1<<(r.Game%64)) != 0 {
				dups = append(dups, dup{r.Agent, sf.path, r.Game})
			}
			bits[r.Game/64] |= 1 << (r.Game % 64)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(dups) > 0 {
		slices.SortStableFunc(dups, func(a, b dup) int {
			return cmp.Or(cmp.Compare(slices.Index(m.Labels, a.agent), slices.Index(m.Labels, b.agent)), cmp.Compare(a.game, b.game))
		})
		var names []string
		for i, d := range dups {
			if i == 5 {
				names = append(names, "…")
				break
			}
			names = append(names, fmt.Sprintf("%s game %d (again in %s)", d.agent, d.game, d.path))
		}
		return fmt.Errorf("games given twice: %s", strings.Join(names, "; "))
	}
	// The run's order, which the rows, written in finishing order, lose.
	order := map[string]int{}
	for i, l := range m.Run.Lineups {
		order[l] = i
	}
	slices.SortStableFunc(m.Labels, func(a, b string) int {
		oa, oka := order[a]
		ob, okb := order[b]
		if !oka || !okb {
			return 0
		}
		return cmp.Compare(oa, ob)
	})
	if missing := missingGames(shards, m.Run.Lineups, seen, games); missing != "" {
		return fmt.Errorf("games missing: %s", missing)
	}

	// Second pass: write the rows, as a whole run writes them.
	if begin != nil {
		begin(m)
	}
	format, _ := OutFormat(out)
	return atomicfile.Write(out, func(f io.Writer) error {
		w := &resultFile{path: out, format: format, gameSpec: m.Game, seats: game.NumPlayers()}
		bw := bufio.NewWriterSize(f, 1<<16)
		w.writeTo(bw)
		for _, sf := range shards {
			if err := sf.rf.scan(func(r GameResult) error {
				if err := w.write(r); err != nil {
					return err
				}
				return keep(r)
			}); err != nil {
				return err
			}
		}
		return bw.Flush()
	})
}

// openShard reads the run identity and the game spec from the first row of
// a shard file.
func openShard(path string) (*shardFile, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	if !strings.EqualFold(filepath.Ext(path), formatJSONL) {
		return nil, "", fmt.Errorf("%s: shard files are JSON lines (.jsonl)", path)
	}
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if len(line) == 0 || err != nil {
		return nil, "", fmt.Errorf("%s: no complete row", path)
	}
	var row jsonRow
	if err := json.Unmarshal(line, &row); err != nil {
		return nil, "", fmt.Errorf("%s line 1: %w", path, err)
	}
	if row.Run == nil {
		return nil, "", fmt.Errorf("%s: not a shard's results (its rows carry no run identity): run bench with --shard", path)
	}
	s, err := ParseShard(row.Run.Shard)
	if err != nil {
		return nil, "", fmt.Errorf("%s line 1: %w", path, err)
	}
	return &shardFile{path: path, run: *row.Run, shard: s}, row.GameSpec, nil
}

// missingGames names the games no shard gave: whole shards without a
// file, then the games missing from each of the run's lineups, a few of
// each.
func missingGames(shards []*shardFile, labels []string, seen map[string][]uint64, games int) string {
	var parts []string
	n := shards[0].shard.N
	have := map[int]bool{}
	for _, sf := range shards {
		have[sf.shard.I] = true
	}
	for i := range n {
		if !have[i] {
			lo, hi := Shard{i, n}.Range(games)
			parts = append(parts, fmt.Sprintf("shard %d/%d (games %d to %d: no file given)", i, n, lo, hi-1))
		}
	}
	for _, l := range labels {
		var list []string
		count := 0
		for _, sf := range shards {
			lo, hi := sf.shard.Range(games)
			for g := lo; g < hi; g++ {
				if bits := seen[l]; bits == nil || bits[g/64]&(1<<(g%64)) == 0 {
					if count < 5 {
						list = append(list, fmt.Sprint(g))
					}
					count++
				}
			}
		}
		if count > 5 {
			list = append(list, fmt.Sprintf("and %d more", count-5))
		}
		if count > 0 {
			parts = append(parts, fmt.Sprintf("%s games %s", l, strings.Join(list, ", ")))
		}
	}
	return strings.Join(parts, "; ")
}
