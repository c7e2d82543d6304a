package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/eval/psro"
	"github.com/chariot-ai/chariot/internal/atomicfile"
)

func init() {
	register("psro", command{"grow both sides' populations by best responses to the meta-game's mixtures (PSRO)", runPSRO})
}

// runPSRO runs PSRO (package eval/psro) and prints each round's value,
// its responses' gains and the exploitability estimate, then the last
// round's mixtures; the rounds go to DIR/psro.json.
func runPSRO(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("psro", flag.ContinueOnError)
	mf := addMetagameFlags(fs, 40)
	rowBR := fs.String("row-br", "", "the search that responds for seat 0's side, given the columns' mixture as its option opponent (e.g. ismcts:sims=50,rollout=greedy)")
	colBR := fs.String("col-br", "", "the search that responds for the other side, given the rows' mixture as its option opponent")
	rounds := fs.Int("rounds", 3, "rounds of responses after the starting matrix")
	dir := fs.String("dir", "psro", "directory of the run's results files and responses; the run resumes from it")
	minWeight := fs.Float64("min-weight", 0.001, "policies weighted below this are left out of the mixture a response is given")
	surrogate := fs.String("surrogate", "exact", "how a response plays inside a later response's search: exact (itself, nested searches and all), sims=N (its search at N simulations against the other side's starting policies) or rollout (its rollout agent)")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	rows, cols, st := mf.sides("psro", stderr)
	if st >= 0 {
		return st
	}
	switch {
	case *rowBR == "" || *colBR == "":
		return usageError(stderr, "psro", "--row-br and --col-br name the searches that respond")
	case *rounds < 0:
		return usageError(stderr, "psro", fmt.Sprintf("--rounds %d: need 0 or more", *rounds))
	case !validSurrogate(*surrogate):
		return usageError(stderr, "psro", fmt.Sprintf("--surrogate %q: want exact, rollout or sims=N with N at least 1", *surrogate))
	case !(*minWeight >= 0 && *minWeight < 1):
		return usageError(stderr, "psro", fmt.Sprintf("--min-weight %v: want 0 to 1", *minWeight))
	}
	g, shard, st := mf.check("psro", stderr)
	if st >= 0 {
		return st
	}
	cfg := psro.Config{Game: g, Rows: rows, Cols: cols, RowBR: *rowBR, ColBR: *colBR, Rounds: *rounds, Games: *mf.games,
		Boot: *mf.boot, Workers: *mf.workers, Seed: *mf.seed, Dir: *dir, Shard: shard, MinWeight: *minWeight, Surrogate: *surrogate,
		Progress: progressTo(stderr, isTerminal(stderr), *mf.quiet)}
	res, err := interruptible(func(ctx context.Context) ([]psro.Round, error) {
		return psro.Run(ctx, cfg)
	}, func([]psro.Round) string {
		return "; run the same command again to resume from " + *dir
	})
	if errors.Is(err, psro.ErrShardPlayed) {
		fmt.Fprintln(stdout, err)
		return exitOK
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s, seed %d, %d games a cell; %s responds with %s, %s with %s\n\n", eval.ShortSpec(g), *mf.seed, *mf.games,
		env.SeatName(g, 0), *rowBR, env.SeatName(g, 1), *colBR)
	writePSRO(stdout, g, res)
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return fail(stderr, err)
	}
	if err := atomicfile.WriteFile(filepath.Join(*dir, "psro.json"), append(b, '\n')); err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// writePSRO prints the rounds and the last round's mixtures.
func writePSRO(w io.Writer, g env.Game, rounds []psro.Round) {
	row, col := env.SeatName(g, 0), env.SeatName(g, 1)
	fmt.Fprintf(w, "Rounds: the meta-game's value to the %s (95%% bootstrap interval), and what each new response gains against the other side's mixture (paired, 95%% CI)\n", row)
	t := eval.NewTable(w, []string{"round", "policies", "value", row + " response gains", col + " response gains", "exploitability"})
	est := func(e *psro.Estimate) string {
		if e == nil {
			return "-"
		}
		return ci(e.Mean, e.Half)
	}
	for _, r := range rounds {
		t.Append([]string{fmt.Sprint(r.N), fmt.Sprintf("%d × %d", len(r.Rows), len(r.Cols)),
			fmt.Sprintf("%s (%s to %s)", num(r.Value.Mean), num(r.Value.Lo), num(r.Value.Hi)),
			est(r.RowGain), est(r.ColGain), est(r.Exploitability)})
	}
	t.Render()
	last := rounds[len(rounds)-1]
	for _, side := range []struct {
		name  string
		specs []string
		mix   []float64
	}{{row, last.Rows, last.RowMix}, {col, last.Cols, last.ColMix}} {
		fmt.Fprintf(w, "\n%s mixture after round %d\n", side.name, last.N)
		t := eval.NewTable(w, []string{"agent", "weight"})
		for i, s := range side.specs {
			t.Append([]string{s, num(side.mix[i])})
		}
		t.Render()
	}
	fmt.Fprintln(w, "\nA response tuned:file=round-N-SIDE.spec (a file in the run's directory) is the search given the other side's mixture of round N-1; its file holds the spec.")
}

// validSurrogate reports whether s is a surrogate psro knows.
func validSurrogate(s string) bool {
	if n, ok := strings.CutPrefix(s, "sims="); ok {
		v, err := strconv.Atoi(n)
		return err == nil && v >= 1
	}
	return s == "exact" || s == "rollout"
}
