package advise

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Console is the terminal front end: it reads one command a line, so a
// script can drive it as well as a person.
type Console struct {
	S *Session
	A *Advisor
	// Futures is the number of futures of the forecast shown at each
	// decision; 0 means DefaultFutures, negative none.
	Futures int
	In      io.Reader
	Out     io.Writer
	// Terminal says that In is a terminal, where a read that ends without
	// a newline is a Ctrl-D: the input ends at once.
	Terminal bool
	// Resume, if not "", tells at the end how to take the game up again
	// ("chariot advise --game jubilee resumes it").
	Resume string

	last       Suggestion // for the current position, if lastValid
	lastValid  bool
	phase      string // the turn and phase last announced
	forecastAt string // the turn of the last forecast shown unasked
}

// ConsoleHelp lists the commands.
const ConsoleHelp = `Commands:
  at a die:        the face you rolled (7 or "roll 7"), or the name of what you drew or picked; or r to let me roll
  at a decision:   a move's number in the list, or its name as listed ("to Old Mole landing stage", "pass")
  best             play the top suggestion
  forecast [MOVE]  what the dice and the other side will likely do after MOVE (default: the top suggestion)
  moves            list the legal moves
  show             show the position again
  undo             take back the last move or die
  set ...          correct the position by hand where your printed table gives another result
                   ("set Birney pinned"; "set" alone lists what can be set); undo takes it back
  save FILE        save the game to FILE
  load FILE        load a game saved in FILE
  help             this list
  quit             stop, saying where the game is saved (Ctrl-C and Ctrl-D stop too)`

// errQuit ends Run.
var errQuit = errors.New("quit")

// Run shows the position and reads commands until quit, the end of the
// input (Ctrl-D) or the context's end (Ctrl-C), and then says where the
// game is saved and where it stands. A Ctrl-C or Ctrl-D acts at once, even
// while a line is half typed, and that line is not applied. Bad input gets
// a one-line explanation; only a failure to write the output ends Run with
// an error.
func (c *Console) Run(ctx context.Context) error {
	w := bufio.NewWriter(c.Out)
	defer w.Flush()
	c.playTools(ctx, w)
	c.show(ctx, w)
	done := make(chan struct{})
	defer close(done)
	lines := make(chan inputLine)
	go readLines(c.In, c.Terminal, lines, done)
	for {
		fmt.Fprint(w, c.ask())
		if err := w.Flush(); err != nil {
			return err
		}
		var in inputLine
		select {
		case <-ctx.Done():
			fmt.Fprintln(w)
			return c.bye(w)
		case in = <-lines:
		}
		if ctx.Err() != nil { // a line and a Ctrl-C at once: the Ctrl-C wins
			fmt.Fprintln(w)
			return c.bye(w)
		}
		if in.end {
			fmt.Fprintln(w)
			if in.err != nil {
				fmt.Fprintf(w, "input: %v\n", in.err)
			}
			if t := strings.TrimSpace(in.text); t != "" {
				fmt.Fprintf(w, "(the unfinished line %q is not applied)\n", t)
			}
			return c.bye(w)
		}
		line := strings.TrimSpace(in.text)
		if line == "" {
			continue
		}
		switch err := c.do(ctx, w, line); {
		case errors.Is(err, errQuit):
			return c.bye(w)
		case ctx.Err() != nil:
			fmt.Fprintln(w)
			return c.bye(w)
		case err != nil:
			fmt.Fprintf(w, "? %s\n", oneLine(err))
		}
	}
}

// bye says where the game is saved and stands, and how to resume it.
func (c *Console) bye(w *bufio.Writer) error {
	fmt.Fprintln(w, c.S.SavedNote())
	if c.Resume != "" && c.S.AutosavePath() != "" {
		fmt.Fprintln(w, c.Resume)
	}
	return w.Flush()
}

// inputLine is a line read, or the end of the input (with the text of an
// unfinished last line, which is not applied).
type inputLine struct {
	text string
	end  bool
	err  error
}

// maxLine bounds a command line.
const maxLine = 1 << 20

// readLines sends the lines of in, then its end, until done is closed. It
// runs in its own goroutine, so that Run answers a Ctrl-C while a read
// waits. On a terminal a read ends at a newline, or at a Ctrl-D typed after
// some text, which ends the input then and there.
func readLines(in io.Reader, terminal bool, out chan<- inputLine, done <-chan struct{}) {
	send := func(l inputLine) bool {
		select {
		case out <- l:
			return true
		case <-done:
			return false
		}
	}
	buf := make([]byte, 4096)
	var pending []byte
	for {
		n, err := in.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			i := bytes.IndexByte(pending, '\n')
			if i < 0 {
				break
			}
			if !send(inputLine{text: strings.TrimSuffix(string(pending[:i]), "\r")}) {
				return
			}
			pending = pending[i+1:]
		}
		switch {
		case err == io.EOF:
			send(inputLine{end: true, text: string(pending)})
			return
		case err != nil:
			send(inputLine{end: true, text: string(pending), err: err})
			return
		case terminal && n > 0 && len(pending) > 0 && n < len(buf):
			send(inputLine{end: true, text: string(pending)}) // Ctrl-D after some text
			return
		case len(pending) > maxLine:
			send(inputLine{end: true, err: fmt.Errorf("a line over %d bytes", maxLine)})
			return
		}
	}
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }

// do runs one command line.
func (c *Console) do(ctx context.Context, w io.Writer, line string) error {
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(cmd) {
	case "quit", "q", "exit":
		return errQuit
	case "help", "?", "h":
		fmt.Fprintln(w, ConsoleHelp)
		return nil
	case "show":
		c.show(ctx, w)
		return nil
	case "moves", "legal":
		if c.S.Over() {
			return ErrOver
		}
		if c.S.AtChance() {
			return fmt.Errorf("a die is pending: enter %s, or r to let me roll", c.S.OutcomeForms())
		}
		WriteMoves(w, c.S.State())
		return nil
	case "undo", "u":
		if err := c.S.Undo(); err != nil && !IsAutosave(err) {
			return err
		} else if err != nil {
			fmt.Fprintf(w, "warning: %s\n", oneLine(err))
		}
		c.lastValid = false
		fmt.Fprintln(w, "undone")
		c.show(ctx, w)
		return nil
	case "save":
		if arg == "" {
			return errors.New("save needs a file name: save FILE")
		}
		if err := c.S.Save(arg); err != nil {
			return err
		}
		fmt.Fprintf(w, "saved to %s\n", arg)
		return nil
	case "load":
		if arg == "" {
			return errors.New("load needs a file name: load FILE")
		}
		if err := c.S.Load(arg); err != nil && !IsAutosave(err) {
			var other *OtherGameError
			if errors.As(err, &other) {
				return fmt.Errorf("%w: chariot advise --load %s plays it", err, arg)
			}
			return err
		} else if err != nil {
			fmt.Fprintf(w, "warning: %s\n", oneLine(err))
		}
		c.lastValid = false
		fmt.Fprintf(w, "loaded %s\n", arg)
		c.playTools(ctx, w)
		c.show(ctx, w)
		return nil
	case "best", "b":
		sg, err := c.suggestion(ctx)
		if err != nil {
			return err
		}
		best, ok := sg.Best()
		if !ok {
			return errors.New("no suggestion")
		}
		return c.play(ctx, w, best.Action, " (the top suggestion)")
	case "forecast", "f":
		return c.forecast(ctx, w, arg)
	case "set":
		return c.edit(ctx, w, line, arg)
	}
	if c.S.Over() {
		return errors.New("the game is over: undo, save, load or quit")
	}
	var a env.Action
	var err error
	note := ""
	if c.S.AtChance() {
		a, err = c.S.ParseRoll(line)
		if err == nil && IsToolRoll(line) {
			note = " (my roll)"
		}
	} else {
		a, err = c.S.ParseMove(line)
	}
	if err != nil {
		return err
	}
	return c.play(ctx, w, a, note)
}

// play applies a, says what it did, lets the tool make its moves, and
// shows what is asked next.
func (c *Console) play(ctx context.Context, w io.Writer, a env.Action, note string) error {
	before := c.S.State().Clone()
	if err := c.S.Play(a); err != nil {
		if !IsAutosave(err) {
			return err
		}
		fmt.Fprintf(w, "warning: %s\n", oneLine(err))
	}
	c.lastValid = false
	c.narrate(w, before, a, c.S.State(), "", note)
	c.playTools(ctx, w)
	if _, ok := c.S.State().(env.Narrator); ok {
		c.next(ctx, w)
		return nil
	}
	c.show(ctx, w)
	return nil
}

// narrate says what a did: what changed on the table where the game
// narrates it (not the whole position again; show prints that), else the
// move's name. tool, if not "", is the agent that made the move for the
// tool (ToolHead).
func (c *Console) narrate(w io.Writer, before env.State, a env.Action, after env.State, tool, note string) {
	name := before.ActionString(a)
	if _, ok := after.(env.Narrator); !ok {
		if tool != "" {
			fmt.Fprintf(w, "%s%s\n", ToolHead(env.SeatName(before.Game(), before.CurrentPlayer()), tool, name), note)
		} else {
			fmt.Fprintf(w, "played: %s%s\n", name, note)
		}
		return
	}
	lines := Narration(before, a, after)
	head := name
	if len(lines) > 0 {
		head = lines[0]
	}
	if tool != "" {
		head = ToolHead(env.SeatName(before.Game(), before.CurrentPlayer()), tool, head)
	}
	switch {
	case len(lines) <= 1:
		fmt.Fprintf(w, "%s%s\n", head, note)
	case len(lines) == 2:
		fmt.Fprintf(w, "%s%s: %s\n", head, note, lines[1])
	default:
		fmt.Fprintf(w, "%s%s:\n", head, note)
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}

// playTools makes the moves of the seats the tool plays, each said as the
// person's are.
func (c *Console) playTools(ctx context.Context, w io.Writer) {
	if !c.S.ToolToMove() {
		return
	}
	err := c.S.PlayTools(ctx, func(before env.State, a env.Action, after env.State) {
		c.narrate(w, before, a, after, c.S.Tool()[before.CurrentPlayer()], "")
	})
	c.lastValid = false
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(w, "? %s\n", oneLine(err))
	}
}

// edit corrects the position by hand (env.Editor) and shows it whole, so
// the person can check it against the table.
func (c *Console) edit(ctx context.Context, w io.Writer, line, arg string) error {
	help := c.S.EditHelp()
	if help == "" {
		return ErrNoEdit
	}
	if arg == "" || arg == "help" {
		fmt.Fprintln(w, help)
		return nil
	}
	if err := c.S.Edit(line); err != nil {
		if !IsAutosave(err) {
			return err
		}
		fmt.Fprintf(w, "warning: %s\n", oneLine(err))
	}
	c.lastValid = false
	fmt.Fprintf(w, "%s: done (undo takes it back)\n", line)
	c.show(ctx, w)
	return nil
}

// suggestion returns the suggestion for the current step, searching once.
func (c *Console) suggestion(ctx context.Context) (Suggestion, error) {
	if c.lastValid {
		return c.last, nil
	}
	sg, err := c.A.Suggest(ctx, c.S.State())
	if err != nil {
		return sg, err
	}
	c.last, c.lastValid = sg, true
	return sg, nil
}

func (c *Console) forecast(ctx context.Context, w io.Writer, arg string) error {
	if c.S.Over() {
		return ErrOver
	}
	move := env.Action(-1)
	if !c.S.AtChance() {
		if arg != "" {
			a, err := c.S.ParseMove(arg)
			if err != nil {
				return err
			}
			move = a
		} else if sg, err := c.suggestion(ctx); err == nil {
			if b, ok := sg.Best(); ok {
				move = b.Action
			}
		}
	} else if arg != "" {
		return errors.New("a die is pending: forecast takes no move now")
	}
	f, err := ForecastMove(ctx, c.S.State(), move, c.futures(), c.S.Seed()+uint64(c.S.Steps()))
	if err != nil {
		return err
	}
	WriteForecast(w, f)
	return nil
}

func (c *Console) futures() int {
	if c.Futures == 0 {
		return DefaultFutures
	}
	return c.Futures
}

// show prints the position and what is asked: the die, or the suggestions
// and the forecast.
func (c *Console) show(ctx context.Context, w io.Writer) {
	fmt.Fprintln(w)
	WriteState(w, c.S.State())
	c.next(ctx, w)
}

// next says what is asked now: the die, or the suggestions and the
// forecast; at a new phase, which.
func (c *Console) next(ctx context.Context, w io.Writer) {
	st := c.S.State()
	if ph, ok := st.(env.Phaser); ok && ph.Phase() != c.phase {
		c.phase = ph.Phase()
		fmt.Fprintf(w, "== %s (score %g)\n", c.phase, st.Score().Value)
	}
	switch {
	case c.S.Over():
		fmt.Fprintln(w, "The game is over: undo, save, load or quit.")
	case c.S.AtChance():
		// The die is asked for on the prompt line itself (see ask).
	case ctx.Err() != nil:
		// Stopping: no search.
	default:
		if p := c.S.Prompt(); p != "" {
			fmt.Fprintf(w, "Now: %s\n", p)
		}
		sg, err := c.suggestion(ctx)
		if err != nil {
			fmt.Fprintf(w, "(no suggestion: %s)\n", oneLine(err))
			WriteMoves(w, st)
			return
		}
		WriteSuggestion(w, sg, st)
		// The forecast comes once a turn, at its first decision (and on
		// request: forecast), so a whole game reads in a few hundred lines.
		if c.Futures >= 0 && c.forecastAt != c.turnKey() {
			c.forecastAt = c.turnKey()
			if b, ok := sg.Best(); ok {
				if f, err := ForecastMove(ctx, st, b.Action, c.futures(), c.S.Seed()+uint64(c.S.Steps())); err == nil {
					WriteForecast(w, f)
				}
			}
		}
	}
}

// ask is the prompt of the input line: the die to enter, or the move.
func (c *Console) ask() string {
	switch {
	case c.S.Over():
		return "> "
	case c.S.AtChance():
		if faces := c.S.Faces(); len(faces) > 0 {
			return fmt.Sprintf("Roll: %s (%s, or r to let me roll) > ", c.S.Prompt(), c.S.OutcomeForms())
		}
		return fmt.Sprintf("Draw: %s (%s, or r to let me draw) > ", c.S.Prompt(), c.S.OutcomeForms())
	}
	return "Your move (a number, a name, best, or help) > "
}

// turnKey names the current turn (env.Phaser's "turn N"), or the step
// where the game has no turns.
func (c *Console) turnKey() string {
	if t := turnOf(c.S.State()); t > 0 {
		return fmt.Sprint("turn ", t)
	}
	return fmt.Sprint("step ", c.S.Steps())
}
