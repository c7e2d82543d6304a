package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/train/dataset"
)

func init() {
	register("merge", command{"join the shard files of a bench or self-play run split over processes", runMerge})
}

// runMerge joins shard files: bench results (printing the tables bench
// prints) or self-play datasets (into one dataset train reads).
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	ref := fs.String("ref", "", "reference agent of the paired differences (default: the first agent)")
	wide := fs.Bool("wide", false, "add every verdict share, metric mean and the time per decision to the score table")
	fs.BoolVar(wide, "metrics", false, "the same as --wide")
	// The files come after the flags: chariot merge [flags] OUT SHARD...
	var files []string
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			files, args = args[i:], args[:i]
			break
		}
	}
	dryRun := addDryRunFlag(fs)
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	if *dryRun {
		sayDryRun(stdout, fs, eval.Shard{}, files)
		return exitOK
	}
	if len(files) < 2 {
		return usageError(stderr, "merge", "want OUT SHARD... (the merged file, then the shard files)")
	}
	out, shards := files[0], files[1:]
	// A container without a shell cannot expand bench-*.jsonl: merge does.
	shards, err := expandGlobs(shards)
	if err != nil {
		return usageError(stderr, "merge", err.Error())
	}
	if isDataset(shards[0]) {
		n, err := dataset.Merge(out, shards)
		if err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "%d games from %d shards merged into %s\n", n, len(shards), out)
		return exitOK
	}
	refSpec := ""
	if *ref != "" {
		if refSpec, err = eval.CanonicalAgent(*ref); err != nil {
			return fail(stderr, err)
		}
	}
	var (
		tally  *eval.Tally
		merged eval.Merged
	)
	err = eval.Merge(out, shards, func(m eval.Merged) {
		merged = m
		tally = eval.NewTally(m.Mode, m.Labels, refSpec)
	}, func(r eval.GameResult) error {
		tally.Add(r)
		return nil
	})
	if err != nil {
		return fail(stderr, err)
	}
	rep, err := tally.Report()
	if err != nil {
		return fail(stderr, err)
	}
	g, err := newGame(merged.Game, "")
	if err != nil {
		return fail(stderr, err)
	}
	rep.NoteSeats(g)
	heading := benchHeading(eval.ShortSpec(g), merged.Run.Seed, fmt.Sprint(merged.Run.Games), rep.Mode) +
		fmt.Sprintf(", merged from %d shards into %s", len(shards), out)
	if err := writeReport(stdout, heading, rep, *wide); err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// isDataset tells a self-play dataset (its first line a header) from a
// results file.
func isDataset(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadBytes('\n')
	return bytes.Contains(line, []byte(`"format":"`+dataset.Format+`"`))
}

// expandGlobs replaces each argument holding a wildcard by the files it
// matches, sorted; a pattern that matches nothing is an error.
func expandGlobs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if !strings.ContainsAny(a, "*?[") {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(a)
		if err != nil || len(m) == 0 {
			return nil, fmt.Errorf("%s matches no file", a)
		}
		out = append(out, m...)
	}
	return out, nil
}
