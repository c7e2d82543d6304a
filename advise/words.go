package advise

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Words turns a metric key into words for a person: "beat_history" reads
// "beat history", "three_step_infantry_eliminated" "three-step infantry
// eliminated", "vp" "VP". Text already in words is left as it is.
func Words(key string) string {
	if !strings.Contains(key, "_") && strings.ToLower(key) != "vp" {
		return key
	}
	parts := strings.Split(key, "_")
	for i := 0; i < len(parts); i++ {
		switch p := parts[i]; {
		case strings.EqualFold(p, "vp"), strings.EqualFold(p, "sp"), strings.EqualFold(p, "ai"):
			parts[i] = strings.ToUpper(p)
		case numberWord(p) && i+1 < len(parts) && parts[i+1] == "step":
			// A number of steps qualifies what follows: "three-step".
			parts[i], parts[i+1] = p+"-step", ""
			i++
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

func numberWord(w string) bool {
	switch w {
	case "one", "two", "three", "four", "five", "six":
		return true
	}
	return false
}

// ScoreWords writes the score of st for a person: "score 12 (success); 3
// objectives destroyed, 2 commandos lost", its metrics in words. A metric
// the phase already says (turn) is left out.
func ScoreWords(st env.State) string {
	sc := st.Score()
	head := scoreHead(st)
	var parts []string
	for _, m := range sc.Metrics {
		if m.Name == "turn" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %g", Words(m.Name), m.Value))
	}
	if len(parts) == 0 {
		return head
	}
	return head + "; " + strings.Join(parts, ", ")
}

// Standing says in a line where the game stands: its turn and phase
// (env.Phaser) or its step, and its score with its verdict.
func (s *Session) Standing() string {
	where := fmt.Sprintf("step %d", s.Steps())
	if ph, ok := s.state.(env.Phaser); ok && ph.Phase() != "" {
		where = ph.Phase()
	}
	score := scoreHead(s.state)
	if s.Over() {
		where = "the end, " + where
	}
	return where + ", " + score
}

// scoreHead is the score of st and its verdict, "score 3 from the Allied
// side (draw)": in a game of several seats where the score is one seat's
// (its return), that seat is named, so that a person playing another side
// reads it right.
func scoreHead(st env.State) string {
	sc := st.Score()
	head := fmt.Sprintf("score %g", sc.Value)
	if side := scoreSide(st); side != "" {
		head += " from the " + side + " side"
	}
	if sc.Verdict != "" {
		head += " (" + Words(sc.Verdict) + ")"
	}
	return head
}

// scoreSide names the seat whose return the score is, where the game has
// several seats and the score is the first one's return (Anvil's margin is
// the Allies'), else "".
func scoreSide(st env.State) string {
	g := st.Game()
	if g.NumPlayers() < 2 {
		return ""
	}
	for p, r := range st.Returns() {
		if r == st.Score().Value {
			return env.SeatName(g, env.Player(p))
		}
	}
	return ""
}

// SavedNote says where the game is saved and where it stands, for a front
// end that stops: "The game is saved in chariot-advise.json after step 37
// (turn 2, phase B, score 4 (failed))."
func (s *Session) SavedNote() string {
	if s.autosave == "" {
		return fmt.Sprintf("Autosave was off: this game (%s) is not saved.", s.Standing())
	}
	if s.autosaveErr != nil {
		return fmt.Sprintf("The game is NOT saved: %s. %s holds it as it was after step %d, not step %d (%s).",
			oneLine(s.autosaveErr), s.autosave, s.savedSteps, s.Steps(), s.Standing())
	}
	return fmt.Sprintf("The game is saved in %s after step %d (%s).", s.autosave, s.Steps(), s.Standing())
}

// TableChanged reports whether what a person sees on the table differs
// between two positions: the pieces (env.PieceLister) or the score. A
// game without a piece list is judged by its score alone.
func TableChanged(before, after env.State) bool {
	if before.Score().Value != after.Score().Value {
		return true
	}
	pb, ok1 := before.(env.PieceLister)
	pa, ok2 := after.(env.PieceLister)
	if !ok1 || !ok2 {
		return false
	}
	x, y := pb.Pieces(), pa.Pieces()
	if len(x) != len(y) {
		return true
	}
	for i := range x {
		a, b := x[i], y[i]
		a.Active, b.Active = false, false
		if a != b {
			return true
		}
	}
	return false
}
