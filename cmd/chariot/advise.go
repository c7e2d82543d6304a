package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
)

func init() {
	register("advise", command{"advise a person playing St. Nazaire at the table: enter dice, get suggested moves", runAdvise})
}

// defaultAutosave is the autosave file of advise and serve.
const defaultAutosave = "chariot-advise.json"

func runAdvise(args []string, stdout, stderr io.Writer) int {
	return adviseMain(args, os.Stdin, stdout, stderr)
}

// sessionFlags are the flags advise and serve share.
type sessionFlags struct {
	seed     *uint64
	load     *string
	autosave *string
	think    *time.Duration
	top      *int
	game     *string
	agent    *string
	data     *string
	futures  *int
	fresh    *bool
}

func addSessionFlags(fs *flag.FlagSet) *sessionFlags {
	return &sessionFlags{
		seed:     fs.Uint64("seed", 1, "seed of a new game and of the rolls you let the tool make"),
		load:     fs.String("load", "", "continue the game saved in this file (an advise save or a bare state JSON)"),
		autosave: fs.String("autosave", defaultAutosave, `file written after every step ("" for none)`),
		think:    fs.Duration("think", 2*time.Second, "time budget of a suggestion (0: the agent's sims alone)"),
		top:      fs.Int("top", 5, "how many suggested moves to list"),
		game:     fs.String("game", "", "game spec with options, e.g. "+defaultGame+":turns=8 (default "+defaultGame+", or the loaded file's game)"),
		agent:    fs.String("agent", "", "agent behind the suggestions (see chariot agents; default: IS-MCTS with the game's rollout agent)"),
		data:     fs.String("data", "", dataFlagHelp),
		fresh:    fs.Bool("new", false, "start a new game even where the autosave holds one to resume (the new game is autosaved beside it)"),
		futures:  fs.Int("futures", advise.DefaultFutures, "futures sampled for the forecast of the other side and the dice (0: none)"),
	}
}

// forecastFutures is --futures as advise.Console and web.Options read it:
// negative for none.
func (f *sessionFlags) forecastFutures() int {
	if *f.futures == 0 {
		return -1
	}
	return *f.futures
}

// open builds the game, the session and the advisor from the flags, and
// says in note what it did with the autosave: an existing autosave is
// never overwritten, but resumed (unless --new) or kept beside a new file.
func (f *sessionFlags) open() (s *advise.Session, a *advise.Advisor, note string, err error) {
	if *f.top < 1 || *f.top > 100 {
		return nil, nil, "", fmt.Errorf("--top %d: want 1 to 100", *f.top)
	}
	if *f.think < 0 {
		return nil, nil, "", fmt.Errorf("--think %v: want a duration of 0 or more", *f.think)
	}
	if *f.futures < 0 {
		return nil, nil, "", fmt.Errorf("--futures %d: want 0 or more", *f.futures)
	}
	var g env.Game
	if *f.load == "" || *f.data != "" || *f.game != "" {
		spec := *f.game
		if spec == "" {
			spec = defaultGame
		}
		if g, err = newGame(spec, *f.data); err != nil {
			return nil, nil, "", err
		}
	}
	// The session starts without its autosave, so that a bad flag found
	// after it leaves no file behind.
	autosave := *f.autosave
	switch {
	case *f.load != "":
		s, err = advise.LoadFile(*f.load, g, *f.seed, "")
	case autosave != "" && exists(autosave) && !*f.fresh:
		if s, err = advise.LoadFile(autosave, g, *f.seed, ""); err == nil {
			note = fmt.Sprintf("Resuming the game autosaved in %s, at step %d (--new starts another beside it).", autosave, s.Steps())
			break
		}
		kept := autosave
		autosave = advise.FreshPath(autosave)
		note = fmt.Sprintf("%s holds no game to resume here (%v); it is kept, and this game is autosaved to %s.", kept, oneLineErr(err), autosave)
		s, err = advise.NewSession(g, *f.seed, "")
	case autosave != "" && exists(autosave):
		kept := autosave
		autosave = advise.FreshPath(autosave)
		note = fmt.Sprintf("A new game, autosaved to %s; the earlier game stays in %s.", autosave, kept)
		s, err = advise.NewSession(g, *f.seed, "")
	default:
		s, err = advise.NewSession(g, *f.seed, "")
	}
	if err != nil {
		return nil, nil, "", err
	}
	a, err = advise.NewAdvisor(s.Game(), advise.Options{Agent: *f.agent, Think: *f.think, Top: *f.top, Seed: *f.seed})
	if err != nil {
		return nil, nil, "", err
	}
	if err := s.SetAutosave(autosave); err != nil {
		return nil, nil, "", fmt.Errorf("%w (choose another --autosave, or \"\" for none)", err)
	}
	if c, ok := s.Game().(env.Caveats); ok {
		for _, line := range c.Caveats() {
			note += "\nNote: " + line
		}
	}
	return s, a, strings.TrimPrefix(note, "\n"), nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func oneLineErr(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }

// adviseMain is advise with its input given, for tests.
func adviseMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("advise", flag.ContinueOnError)
	sf := addSessionFlags(fs)
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	s, a, note, err := sf.open()
	if err != nil {
		return fail(stderr, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stdout, "chariot advise: %s, seed %d, suggestions by %s", eval.ShortSpec(s.Game()), s.Seed(), a.Agent())
	if a.Think() > 0 {
		fmt.Fprintf(stdout, " in %v", a.Think())
	}
	if p := s.AutosavePath(); p != "" {
		fmt.Fprintf(stdout, ", autosaved to %s", p)
	}
	fmt.Fprintln(stdout, ". Type help for the commands.")
	if note != "" {
		fmt.Fprintln(stdout, note)
	}
	c := &advise.Console{S: s, A: a, Futures: sf.forecastFutures(), In: stdin, Out: stdout}
	err = c.Run(ctx)
	if ctx.Err() != nil {
		fmt.Fprintln(stdout)
		fmt.Fprintln(stdout, resumeHint(s))
		return exitOK
	}
	if err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// resumeHint says where the game is and how to take it up again.
func resumeHint(s *advise.Session) string {
	if p := s.AutosavePath(); p != "" {
		return fmt.Sprintf("Stopped. The game is saved in %s after step %d: run the same command to resume it (--autosave %s).", p, s.Steps(), p)
	}
	return "Stopped. Autosave was off: this game is not saved."
}
