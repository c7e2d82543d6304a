package advise

import (
	"fmt"
	"io"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/stnazaire"
)

// WriteState draws the position: the game's own picture, then the
// objectives destroyed and the German pools where the game has them.
func WriteState(w io.Writer, st env.State) {
	fmt.Fprint(w, st.String())
	sc := st.Score()
	if n, ok := sc.Metric("objectives"); ok {
		fmt.Fprintf(w, "  objectives destroyed: %g", n)
		if sn, ok := st.(*stnazaire.State); ok {
			if v := sn.View(); len(v.Destroyed) > 0 {
				fmt.Fprintf(w, " (spaces %s)", strings.Join(v.Destroyed, ", "))
			}
			v := sn.View()
			fmt.Fprintf(w, "; German pools: A %d, B %d", v.PoolA, v.PoolB)
		}
		fmt.Fprintln(w)
	}
}

// WriteSuggestion lists the suggested moves with their statistics and the
// other legal moves by number.
func WriteSuggestion(w io.Writer, sg Suggestion, st env.State) {
	if sg.Note != "" {
		fmt.Fprintf(w, "Suggestion (%s): %s\n", sg.Agent, sg.Note)
	} else {
		fmt.Fprintf(w, "Suggestions (%s; %d simulations in %s", sg.Agent, sg.Sims, sg.Elapsed.Round(1e6))
		if sg.Canceled {
			fmt.Fprint(w, ", stopped early")
		}
		fmt.Fprintln(w, "):")
		fmt.Fprintf(w, "  %3s  %-28s %6s %9s %8s\n", "no.", "move", "share", "final VP", "95% ±")
	}
	top := map[env.Action]bool{}
	for _, m := range sg.Moves {
		top[m.Action] = true
		if sg.Note != "" {
			fmt.Fprintf(w, "  %3d  %s\n", m.Number, m.Name)
			continue
		}
		ci := "    ?"
		if m.CI95 > 0 {
			ci = fmt.Sprintf("±%.1f", m.CI95)
		}
		val := "    -"
		if m.Visits > 0 {
			val = fmt.Sprintf("%.1f", m.Value)
		}
		fmt.Fprintf(w, "  %3d  %-28s %5.0f%% %9s %8s\n", m.Number, m.Name, 100*m.Share, val, ci)
	}
	var rest []string
	for i, a := range st.LegalActions(nil) {
		if !top[a] {
			rest = append(rest, fmt.Sprintf("%d %s", i+1, st.ActionString(a)))
		}
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
	fmt.Fprintf(w, "German forecast %s, %s (%d futures: %s):\n", what, f.Horizon, f.Futures, f.Method)
	shown := 0
	for _, e := range f.Events {
		if shown == maxEvents || e.Share < 0.05 {
			break
		}
		fmt.Fprintf(w, "  %4.0f%%  %s\n", 100*e.Share, e.Text)
		shown++
	}
	if shown == 0 {
		fmt.Fprintln(w, "  no German shot or move in most futures")
	}
	if f.Reinforcements > 0 {
		fmt.Fprintf(w, "  reinforcements: %.1f German counters on average\n", f.Reinforcements)
	}
	var losses []string
	for _, e := range f.Losses {
		if e.Share >= 0.05 && len(losses) < maxEvents {
			losses = append(losses, fmt.Sprintf("%s %.0f%%", e.Text, 100*e.Share))
		}
	}
	if len(losses) > 0 {
		fmt.Fprintf(w, "  your commandos by then: %s\n", strings.Join(losses, ", "))
	}
	fmt.Fprintf(w, "  VP: %d now, %.1f on average by then\n", f.VPNow, f.VPMean)
}

// WriteScore writes the final (or running) score.
func WriteScore(w io.Writer, st env.State) {
	sc := st.Score()
	var parts []string
	for _, m := range sc.Metrics {
		parts = append(parts, fmt.Sprintf("%s %g", m.Name, m.Value))
	}
	fmt.Fprintf(w, "Score: %g (%s); %s\n", sc.Value, sc.Verdict, strings.Join(parts, ", "))
}
