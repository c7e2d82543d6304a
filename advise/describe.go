package advise

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/chariot-ai/chariot/env"
)

// WriteState draws the position: the game's own picture, then its score.
func WriteState(w io.Writer, st env.State) {
	fmt.Fprint(w, st.String())
	if !strings.HasSuffix(st.String(), "\n") {
		fmt.Fprintln(w)
	}
	WriteScore(w, st)
}

// WriteSuggestion lists the suggested moves, the agent's move first, with
// the search's statistics where it searched, then the other legal moves
// by number. A move chosen without a search takes one line that says how.
func WriteSuggestion(w io.Writer, sg Suggestion, st env.State) {
	top := map[env.Action]bool{}
	for _, m := range sg.Moves {
		top[m.Action] = true
	}
	var rest []string
	for i, a := range st.LegalActions(nil) {
		if !top[a] {
			rest = append(rest, fmt.Sprintf("%d %s", i+1, st.ActionString(a)))
		}
	}
	if sg.Note != "" {
		b, _ := sg.Best()
		fmt.Fprintf(w, "  suggested: %d %s; %s", b.Number, b.Name, sg.Summary)
		if len(rest) > 0 {
			fmt.Fprintf(w, "; other moves: %s", strings.Join(rest, ", "))
		}
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "Suggestions (%s):\n", sg.Summary)
	width := len("move")
	for _, m := range sg.Moves {
		width = max(width, utf8.RuneCountInString(m.Name))
	}
	fmt.Fprintf(w, "  %3s  %-*s %6s %7s %7s\n", "no.", width, "move", "share", "final", "95% ±")
	for _, m := range sg.Moves {
		ci := "?"
		if m.CI95 > 0 {
			ci = fmt.Sprintf("±%.1f", m.CI95)
		}
		val := "-"
		if m.Visits > 0 {
			val = fmt.Sprintf("%.1f", m.Value)
		}
		fmt.Fprintf(w, "  %3d  %-*s %5.0f%% %7s %7s\n", m.Number, width, m.Name, 100*m.Share, val, ci)
	}
	if sg.Flag != "" {
		fmt.Fprintf(w, "  (%s)\n", sg.Flag)
	}
	if len(rest) > 0 {
		fmt.Fprintf(w, "  other moves: %s\n", strings.Join(rest, ", "))
	}
}

// WriteMoves lists every legal move by number.
func WriteMoves(w io.Writer, st env.State) {
	var list []string
	for i, a := range st.LegalActions(nil) {
		list = append(list, fmt.Sprintf("%d %s", i+1, st.ActionString(a)))
	}
	fmt.Fprintf(w, "Moves: %s\n", strings.Join(list, ", "))
}

// maxEvents bounds the lines of a forecast in text.
const maxEvents = 8

// WriteForecast describes a forecast in a few lines.
func WriteForecast(w io.Writer, f Forecast) {
	what := "from here"
	if f.Move != "" {
		what = fmt.Sprintf("if you play %q", f.Move)
	}
	fmt.Fprintf(w, "Forecast %s, %s (%d futures: %s):\n", what, f.Horizon, f.Futures, f.Method)
	shown := 0
	for _, e := range f.Events {
		if shown == maxEvents || e.Share < 0.05 {
			break
		}
		fmt.Fprintf(w, "  %4.0f%%  %s\n", 100*e.Share, e.Text)
		shown++
	}
	if shown == 0 {
		fmt.Fprintln(w, "  nothing happens in most futures")
	}
	var changes []string
	for _, m := range f.Metrics {
		if m.Mean != m.Now {
			changes = append(changes, fmt.Sprintf("%s %g now, %.1f by then", m.Label, m.Now, m.Mean))
		}
	}
	if len(changes) > 0 {
		fmt.Fprintf(w, "  %s\n", strings.Join(changes, "; "))
	}
	fmt.Fprintf(w, "  score: %g now, %.1f on average by then\n", f.ScoreNow, f.ScoreMean)
}

// WriteScore writes the final (or running) score, its figures in words.
func WriteScore(w io.Writer, st env.State) {
	s := ScoreWords(st)
	fmt.Fprintf(w, "%s%s\n", strings.ToUpper(s[:1]), s[1:])
}
