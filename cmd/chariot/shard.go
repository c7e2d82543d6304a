package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/eval"
)

// shardFlags are the flags that split a run into shards, for bench and
// selfplay.
type shardFlags struct {
	shard  *string
	shards *int
}

func addShardFlags(fs *flag.FlagSet) shardFlags {
	return shardFlags{
		shard:  fs.String("shard", "", "play only shard I/N of the games (0 ≤ I < N), for a run split over N processes; merge the shard files with chariot merge"),
		shards: fs.Int("shards", 0, "split the run in this many shards and take this process's index from the environment: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN (a Slurm job array)"),
	}
}

// addDryRunFlag adds --dry-run: the command line is read and checked
// (flags, the shard from the environment), said, and nothing is played. A
// cluster recipe can be tried on a login node, and the deploy tests read
// the recipes' command lines with it.
func addDryRunFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("dry-run", false, "read the flags and the shard (from the environment with --shards), print them, and stop: play nothing")
}

// sayDryRun prints what a command line asked for, on one line: the shard,
// every flag given (quoted as Go strings) and the files, as
// bench: shard 3/8; flags --out="/r/bench-3.jsonl" --resume="true"; files "a".
func sayDryRun(w io.Writer, fs *flag.FlagSet, shard eval.Shard, files []string) {
	var b strings.Builder
	b.WriteString(fs.Name() + ": ")
	if shard.N > 0 {
		fmt.Fprintf(&b, "shard %d/%d", shard.I, shard.N)
	} else {
		b.WriteString("no shard")
	}
	var given strings.Builder
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "dry-run" {
			fmt.Fprintf(&given, " --%s=%q", f.Name, f.Value.String())
		}
	})
	if given.Len() == 0 {
		b.WriteString("; no flags")
	} else {
		b.WriteString("; flags" + given.String())
	}
	if len(files) > 0 {
		b.WriteString("; files")
		for _, f := range files {
			fmt.Fprintf(&b, " %q", f)
		}
	}
	fmt.Fprintln(w, b.String())
}

// resolve gives the shard of this process, the zero Shard for a whole run.
func (f shardFlags) resolve(getenv func(string) string) (eval.Shard, error) {
	switch {
	case *f.shard != "" && *f.shards != 0:
		return eval.Shard{}, fmt.Errorf("--shard and --shards: give one")
	case *f.shard != "":
		s, err := eval.ParseShard(*f.shard)
		if err != nil {
			return s, fmt.Errorf("--shard %s: want I/N with 0 ≤ I < N, as 2/8", *f.shard)
		}
		return s, nil
	case *f.shards == 0:
		return eval.Shard{}, nil
	case *f.shards < 0:
		return eval.Shard{}, fmt.Errorf("--shards %d: need at least 1", *f.shards)
	}
	n := *f.shards
	index := func(name, text string, offset int) (eval.Shard, error) {
		i, err := strconv.Atoi(text)
		if err != nil {
			return eval.Shard{}, fmt.Errorf("--shards %d: %s=%q is not a number", n, name, text)
		}
		i -= offset
		if i < 0 || i >= n {
			return eval.Shard{}, fmt.Errorf("--shards %d: %s gives shard %d, not one of 0 to %d", n, name, i, n-1)
		}
		return eval.Shard{I: i, N: n}, nil
	}
	if v := getenv("JOB_COMPLETION_INDEX"); v != "" {
		return index("JOB_COMPLETION_INDEX", v, 0)
	}
	if v := getenv("SLURM_ARRAY_TASK_ID"); v != "" {
		if c := getenv("SLURM_ARRAY_TASK_COUNT"); c != "" && c != strconv.Itoa(n) {
			return eval.Shard{}, fmt.Errorf("--shards %d, but the job array has SLURM_ARRAY_TASK_COUNT=%s tasks", n, c)
		}
		min := 0
		if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
			var err error
			if min, err = strconv.Atoi(m); err != nil {
				return eval.Shard{}, fmt.Errorf("--shards %d: SLURM_ARRAY_TASK_MIN=%q is not a number", n, m)
			}
		}
		return index("SLURM_ARRAY_TASK_ID", v, min)
	}
	return eval.Shard{}, fmt.Errorf("--shards %d: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give --shard I/N", n)
}
