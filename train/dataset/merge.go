package dataset

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/flock"
	"github.com/chariot-ai/chariot/internal/regular"
)

// ShardInfo marks the dataset of one shard of a self-play run split over
// processes: shard I of N plays the games [Games·I/N, Games·(I+1)/N).
type ShardInfo struct {
	// Run is the run's identity, a hash of the header's other fields and
	// of Games; Shard is "I/N".
	Run   string `json:"run"`
	Shard string `json:"shard"`
	Games int    `json:"games"`
}

// shardOf reads "I/N", as eval.ParseShard does for every run.
func shardOf(s *ShardInfo) (i, n int, err error) {
	sh, err := eval.ParseShard(s.Shard)
	return sh.I, sh.N, err
}

// Merge joins the datasets of the shards of one self-play run into one
// dataset at out, which Read reads as any other: the header without the
// shard, then every game's rows, shard by shard. It refuses shards of
// different runs and names the games missing (a shard not given, or
// stopped before its end) or given twice. The file is written to a
// temporary name and renamed into place only when it is whole. It returns
// the number of games.
func Merge(out string, paths []string) (_ int, err error) {
	if len(paths) == 0 {
		return 0, errors.New("no shard files to merge")
	}
	if st, err := os.Stat(out); err == nil && st.Size() > 0 {
		return 0, fmt.Errorf("dataset %s exists and is not empty: choose another file", out)
	}
	// One writer an output: a merge into a dataset that a self-play run (or
	// another merge) is writing is refused, naming it.
	lock, err := flock.File(out)
	if err != nil {
		return 0, fmt.Errorf("merged dataset: %w", err)
	}
	defer func() {
		if err != nil {
			lock.Discard()
		} else {
			lock.Unlock()
		}
	}()
	type shardFile struct {
		path string
		h    Header
		i, n int
	}
	var shards []shardFile
	for _, p := range paths {
		h, err := readHeader(p)
		if err != nil {
			return 0, err
		}
		if h.Shard == nil {
			return 0, fmt.Errorf("dataset %s is not a shard (its header has no shard): run selfplay with --shard", p)
		}
		i, n, err := shardOf(h.Shard)
		if err != nil {
			return 0, fmt.Errorf("dataset %s: %w", p, err)
		}
		if len(shards) > 0 {
			if f := shards[0]; h.Shard.Run != f.h.Shard.Run || n != f.n {
				return 0, fmt.Errorf("dataset %s is shard %s of run %s (%s, agent %s, seed %d), but %s is shard %s of run %s (%s, agent %s, seed %d): they are not of one run",
					p, h.Shard.Shard, h.Shard.Run, h.Game, h.Agent, h.Seed, f.path, f.h.Shard.Shard, f.h.Shard.Run, f.h.Game, f.h.Agent, f.h.Seed)
			}
		}
		shards = append(shards, shardFile{p, *h, i, n})
	}
	slices.SortStableFunc(shards, func(a, b shardFile) int { return a.i - b.i })
	games := shards[0].h.Shard.Games
	n := shards[0].n

	total := 0
	err = atomicfile.Write(out, func(f io.Writer) error {
		w := bufio.NewWriterSize(f, 1<<16)
		h := shards[0].h
		h.Shard = nil
		line, err := json.Marshal(h)
		if err != nil {
			return err
		}
		w.Write(append(line, '\n'))

		seen := make([]bool, games)
		have := make([]bool, n)
		var dups []string
		for _, s := range shards {
			have[s.i] = true
			lo, hi := s.i*games/n, (s.i+1)*games/n
			err := eachGame(s.path, func(game int, rows []byte) error {
				if game < lo || game >= hi {
					return fmt.Errorf("dataset %s: game %d is not in shard %s (games %d to %d)", s.path, game, s.h.Shard.Shard, lo, hi-1)
				}
				if seen[game] {
					dups = append(dups, fmt.Sprintf("game %d (again in %s)", game, s.path))
					return nil
				}
				seen[game] = true
				total++
				_, err := w.Write(rows)
				return err
			})
			if err != nil {
				return err
			}
		}
		if len(dups) > 0 {
			return fmt.Errorf("games given twice: %s", strings.Join(dups[:min(len(dups), 5)], "; "))
		}
		if missing := missingGames(seen, have, games, n); missing != "" {
			return fmt.Errorf("games missing: %s", missing)
		}
		return w.Flush()
	})
	return total, err
}

// missingGames names the shards not given and the games of the given
// shards not there, the first five and a count of the rest; "" if none.
func missingGames(seen, have []bool, games, n int) string {
	var missing []string
	for i := range n {
		if !have[i] {
			missing = append(missing, fmt.Sprintf("shard %d/%d (games %d to %d: no file given)", i, n, i*games/n, (i+1)*games/n-1))
		}
	}
	count := 0
	for i := range n {
		if !have[i] {
			continue
		}
		for g := i * games / n; g < (i+1)*games/n; g++ {
			if !seen[g] {
				if count < 5 {
					missing = append(missing, fmt.Sprintf("game %d", g))
				}
				count++
			}
		}
	}
	if count > 5 {
		missing = append(missing, fmt.Sprintf("and %d more", count-5))
	}
	return strings.Join(missing, ", ")
}

// readHeader reads a dataset's header line.
func readHeader(path string) (*Header, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	first, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil && err != io.EOF {
		return nil, err
	}
	var h Header
	if err := json.Unmarshal(first, &h); err != nil || h.Format != Format {
		return nil, fmt.Errorf("dataset %s: not a chariot self-play dataset (no %s header on line 1)", path, Format)
	}
	if h.Version != Version {
		return nil, fmt.Errorf("dataset %s: format version %d, this chariot reads version %d", path, h.Version, Version)
	}
	return &h, nil
}

// eachGame hands each complete game of a dataset, its index and its lines
// as they are in the file, to fn, one game in memory at a time; the rows
// are checked as Read checks them.
func eachGame(path string, fn func(game int, raw []byte) error) error {
	f, err := regular.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, _, err = parse(path, f, func(rows []Row, raw []byte) error {
		return fn(rows[0].Game, raw)
	})
	return err
}
