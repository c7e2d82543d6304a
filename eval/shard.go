package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A run too long for one machine is split into shards: shard I of N plays
// the games whose index falls in [Games·I/N, Games·(I+1)/N), every lineup
// of them, as N separate processes (a Kubernetes Indexed Job, a Slurm job
// array). Since game i has the same seeds in any process, the union of the
// shards' rows is the rows of one run. Each shard row carries the run's
// identity, so that Merge joins only the shards of one run.

// Shard is shard I of N of a run; the zero value is the whole run.
type Shard struct{ I, N int }

// ParseShard reads "I/N", with 0 ≤ I < N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("shard %q is not I/N with 0 ≤ I < N", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Sharded reports whether s is a proper part of a run.
func (s Shard) Sharded() bool { return s.N > 0 }

// Range is the range of game indices [lo, hi) of shard s of a run of
// games games: all of them for the zero Shard.
func (s Shard) Range(games int) (lo, hi int) {
	if !s.Sharded() {
		return 0, games
	}
	return games * s.I / s.N, games * (s.I + 1) / s.N
}

// RunInfo is the identity of a sharded run, which every row of a shard
// carries: the run's hash, the shard, and what Merge needs to check the
// shards and name the missing games.
type RunInfo struct {
	// ID is the first 16 hex digits of the SHA-256 of the game spec, the
	// mode, the lineups, the content hashes of the files they read, the
	// seed and the number of games.
	ID    string `json:"id"`
	Shard string `json:"shard"`
	Mode  string `json:"mode"`
	Seed  uint64 `json:"seed"`
	Games int    `json:"games"`
	// Lineups are the labels of the run's lineups, in the run's order,
	// which the merged report keeps.
	Lineups []string `json:"lineups"`
	// Beside: the agents' relative paths name files beside the results
	// file (Config.FilesBeside), where Merge reads them.
	Beside bool `json:"beside,omitempty"`
}

// same reports whether two rows are of the same shard of the same run.
func (r *RunInfo) same(o *RunInfo) bool {
	return r.ID == o.ID && r.Shard == o.Shard && r.Mode == o.Mode && r.Seed == o.Seed && r.Games == o.Games && slices.Equal(r.Lineups, o.Lineups) && r.Beside == o.Beside
}

var modeNames = map[Mode]string{Solo: "solo", RoundRobin: "round robin", Lineup: "lineup", Opponents: "opponents"}

// ParseMode reads a mode's name as RunInfo writes it.
func ParseMode(name string) (Mode, error) {
	for m, n := range modeNames {
		if n == name {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q", name)
}

// runInfo is the identity of shard s of the planned run of cfg.
func runInfo(cfg *Config, p *plan) *RunInfo {
	if !cfg.Shard.Sharded() {
		return nil
	}
	h := sha256.New()
	fmt.Fprintf(h, "chariot bench run\ngame %s\nmode %s\nseed %d\ngames %d\n", GameSpec(cfg.Game), modeNames[p.mode], cfg.Seed, cfg.Games)
	if cfg.FilesBeside {
		fmt.Fprintf(h, "files beside\n")
	}
	for i, l := range p.lineups {
		fmt.Fprintf(h, "lineup %q\n", l)
		for _, path := range slices.Sorted(maps.Keys(p.files[i])) {
			fmt.Fprintf(h, "file %q %s\n", path, p.files[i][path])
		}
	}
	return &RunInfo{
		ID:      hex.EncodeToString(h.Sum(nil))[:16],
		Shard:   cfg.Shard.String(),
		Mode:    modeNames[p.mode],
		Seed:    cfg.Seed,
		Games:   cfg.Games,
		Lineups: p.labels,
		Beside:  cfg.FilesBeside,
	}
}
