package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/eval"
	"golang.org/x/term"
)

func init() {
	register("advise", command{"advise a person playing a game at the table (St. Nazaire and the other raids): enter dice, get suggested moves", runAdvise})
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
	seatFlags
}

// seatFlags choose two-sided play: the seat the person plays, and the
// agent the tool plays the others by.
type seatFlags struct {
	seat     *string
	opponent *string
}

func addSessionFlags(fs *flag.FlagSet) *sessionFlags {
	return &sessionFlags{
		seed:     fs.Uint64("seed", 1, "seed of a new game and of the rolls you let the tool make"),
		load:     fs.String("load", "", "continue the game saved in this file (an advise save or a bare state JSON)"),
		autosave: fs.String("autosave", defaultAutosave, `file written after every step ("" for none); a new game goes beside the files there, and a plain start resumes the newest of the game asked for`),
		think:    fs.Duration("think", 2*time.Second, "time budget of a suggestion (0: the agent's sims alone)"),
		top:      fs.Int("top", 5, "how many suggested moves to list"),
		game:     fs.String("game", "", "game spec with options, e.g. "+defaultGame+":turns=8 (default: the game of the newest autosave, else "+defaultGame+")"),
		agent:    fs.String("agent", "", "agent behind the suggestions (see chariot agents; default: the game's recommended advisor search)"),
		data:     fs.String("data", "", dataFlagHelp),
		fresh:    fs.Bool("new", false, "start a new game even where an autosave holds one to resume (the new game is autosaved beside it)"),
		futures:  fs.Int("futures", advise.DefaultFutures, "futures sampled for the forecast of the other side and the dice (0: none)"),
		seatFlags: seatFlags{
			seat:     fs.String("seat", "", "the seat you play, by name or number (German, 1); the tool plays the others by --opponent (default: you play every seat)"),
			opponent: fs.String("opponent", "", "agent spec the tool plays the other seats by, with --seat (default: the game's plan for that seat, else its first baseline)"),
		},
	}
}

// tool gives the tool the seats the person does not play (--seat), or
// keeps what the session holds when neither flag is given.
func (f seatFlags) tool(s *advise.Session) error {
	if *f.seat == "" {
		if *f.opponent != "" {
			return errors.New("--opponent needs --seat, the seat you play")
		}
		return nil
	}
	if strings.EqualFold(*f.seat, "all") {
		return s.SetTool(nil)
	}
	p, err := advise.ParseSeat(s.Game(), *f.seat)
	if err != nil {
		return fmt.Errorf("--seat: %w", err)
	}
	if err := s.SetTool(advise.ToolSpecs(s.Game(), p, *f.opponent)); err != nil {
		return fmt.Errorf("--opponent: %w", err)
	}
	return nil
}

// maxFutures bounds --futures: each forecast plays that many games to the
// end, and more than this many say no more.
const maxFutures = 10000

// forecastFutures is --futures as advise.Console and web.Options read it:
// negative for none.
func (f *sessionFlags) forecastFutures() int {
	if *f.futures == 0 {
		return -1
	}
	return *f.futures
}

// open builds the game, the session and the advisor from the flags, and
// says in note what it did with the autosave. An autosave is never
// overwritten by another game: a plain start resumes the newest autosave
// of the game asked for (of any game without --game), and a new game goes
// to a file of its own beside the others. An autosave that cannot be
// resumed stops the start with a one-line error naming it; --new then
// starts a new game beside it.
func (f *sessionFlags) open() (s *advise.Session, a *advise.Advisor, note string, err error) {
	if *f.top < 1 || *f.top > 100 {
		return nil, nil, "", fmt.Errorf("--top %d: want 1 to 100", *f.top)
	}
	if *f.think < 0 {
		return nil, nil, "", fmt.Errorf("--think %v: want a duration of 0 or more", *f.think)
	}
	if *f.futures < 0 || *f.futures > maxFutures {
		return nil, nil, "", fmt.Errorf("--futures %d: want 0 to %d", *f.futures, maxFutures)
	}
	var g env.Game
	if *f.data != "" || *f.game != "" {
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
		if s, err = advise.LoadFile(*f.load, g, *f.seed, ""); err != nil {
			var other *advise.OtherGameError
			if errors.As(err, &other) {
				err = fmt.Errorf("%w (leave out --game to play it)", err)
			}
			return nil, nil, "", err
		}
		// A loaded autosave goes on in its own file; any other load gets
		// a file of its own.
		if autosave != "" && slices.ContainsFunc(advise.Autosaves(autosave), func(p string) bool { return sameFile(p, *f.load) }) {
			autosave = *f.load
		} else if autosave != "" {
			autosave = advise.FreshPath(autosave)
		}
	case autosave != "" && !*f.fresh:
		var found string
		found, s, err = advise.Resume(autosave, g, *f.seed)
		if err != nil {
			return nil, nil, "", fmt.Errorf("%w; --new starts a new game beside it (the file is kept)", err)
		}
		if s != nil {
			autosave = found
			note = fmt.Sprintf("Resuming the %s game autosaved in %s, at step %d (%s); --new starts another beside it.",
				eval.ShortSpec(s.Game()), found, s.Steps(), s.Standing())
			break
		}
		fallthrough
	default:
		if g == nil {
			if g, err = newGame(defaultGame, ""); err != nil {
				return nil, nil, "", err
			}
		}
		if autosave != "" && exists(autosave) {
			kept := advise.Autosaves(autosave)
			autosave = advise.FreshPath(autosave)
			note = fmt.Sprintf("A new game of %s, autosaved to %s; the earlier games stay in %s.", eval.ShortSpec(g), autosave, strings.Join(kept, ", "))
		}
		s, err = advise.NewSession(g, *f.seed, "")
	}
	if err != nil {
		return nil, nil, "", err
	}
	if err := f.tool(s); err != nil {
		return nil, nil, "", err
	}
	a, err = advise.NewAdvisor(s.Game(), advise.Options{Agent: *f.agent, Think: *f.think, Top: *f.top, Seed: *f.seed})
	if err != nil {
		return nil, nil, "", err
	}
	if err := s.SetAutosave(autosave); err != nil {
		return nil, nil, "", fmt.Errorf("%w (choose another --autosave, or \"\" for none)", err)
	}
	if tool := s.Tool(); tool != nil {
		var parts []string
		for p, spec := range tool {
			who := "you"
			if spec != "" {
				who = "the tool, by " + spec
			}
			parts = append(parts, env.SeatName(s.Game(), env.Player(p))+": "+who)
		}
		note += "\nSeats: " + strings.Join(parts, "; ") + "."
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

// sameFile reports whether two paths name one existing file.
func sameFile(a, b string) bool {
	x, err1 := os.Stat(a)
	y, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(x, y)
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
	c := &advise.Console{S: s, A: a, Futures: sf.forecastFutures(), In: stdin, Out: stdout,
		Terminal: inputIsTerminal(stdin), Resume: resumeCommand("advise", s, *sf.autosave)}
	if err := c.Run(ctx); err != nil {
		return fail(stderr, err)
	}
	return exitOK
}

// inputIsTerminal reports whether r is a terminal.
func inputIsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// resumeCommand says how to take the session's game up again: the plain
// command resumes the newest autosave of its game.
func resumeCommand(cmd string, s *advise.Session, autosaveFlag string) string {
	p := s.AutosavePath()
	if p == "" {
		return ""
	}
	line := "chariot " + cmd + " --game " + eval.ShortSpec(s.Game())
	if autosaveFlag != defaultAutosave {
		line += " --autosave " + autosaveFlag
	}
	if ls := advise.Autosaves(autosaveFlag); len(ls) == 0 || !sameFile(ls[0], p) {
		line = "chariot " + cmd + " --load " + p
	}
	return "To resume it: " + line
}

// resumeHint says where the game is and how to take it up again.
func resumeHint(cmd string, s *advise.Session, autosaveFlag string) string {
	hint := "Stopped. " + s.SavedNote()
	if r := resumeCommand(cmd, s, autosaveFlag); r != "" {
		hint += "\n" + r
	}
	return hint
}
