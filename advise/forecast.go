package advise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"unicode"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Forecast is what the dice and the other side are likely to do before the
// person's next decision in the same phase of the next turn, from sampled
// futures.
type Forecast struct {
	// Move is the move played first, or "" for the position as it is.
	Move    string `json:"move"`
	Futures int    `json:"futures"`
	// Horizon and Method say in words what was sampled.
	Horizon string `json:"horizon"`
	Method  string `json:"method"`
	// Events are the accounts of the steps that were not the person's own
	// (env.Narrator), with the share of futures in which each happens,
	// most frequent first.
	Events []Event `json:"events"`
	// ScoreNow is the score now, ScoreMean its mean by the horizon.
	ScoreNow  float64 `json:"score_now"`
	ScoreMean float64 `json:"score_mean"`
	// Metrics are the game's other figures (losses, objectives...): now
	// and their mean by the horizon.
	Metrics []MetricChange `json:"metrics"`
}

// Event is something that happens in a share of the futures.
type Event struct {
	Text  string  `json:"text"`
	Share float64 `json:"share"`
}

// MetricChange is one figure of the score, now and on average by the
// horizon.
type MetricChange struct {
	Name string `json:"name"`
	// Label is the name in words (Words).
	Label string  `json:"label"`
	Now   float64 `json:"now"`
	Mean  float64 `json:"mean"`
}

// DefaultFutures is the number of futures a forecast samples by default.
const DefaultFutures = 200

// forecastSteps bounds one future, in actions.
const forecastSteps = 5000

// ForecastMove samples n futures of st after move (or of st itself when
// move is negative) for the seat to move at st (seat 0 at a die): what is hidden from that
// seat redrawn for each future (so nothing hidden leaks), dice at random
// from seed, every seat's choices made by the game's rollout agent
// (agents.RolloutAgent), or at random where it has none. A future ends at
// the seat's first decision in the same phase of the next turn (env.Phaser),
// or, in a game without phases, at its first decision after another seat
// or the dice have acted; or at the end of the game.
func ForecastMove(ctx context.Context, st env.State, move env.Action, n int, seed uint64) (Forecast, error) {
	if st.IsTerminal() {
		return Forecast{}, ErrOver
	}
	me := st.CurrentPlayer()
	if me < 0 {
		me = 0 // at a die: the forecast of the first seat, the solitaire player
	}
	if n <= 0 {
		n = DefaultFutures
	}
	g := st.Game()
	spec := agents.RolloutAgent(g)
	method := "hidden information redrawn, dice at random, every choice by the " + spec + " agent"
	if spec == "" {
		spec, method = "random", "hidden information redrawn, dice at random, every choice at random"
	}
	policy := make([]agents.Agent, g.NumPlayers())
	for p := range policy {
		var err error
		if policy[p], err = agents.New(spec, g, agents.SeatSeed(seed, p)); err != nil {
			return Forecast{}, fmt.Errorf("forecast: %w", err)
		}
	}
	f := Forecast{Futures: n, ScoreNow: st.Score().Value, Method: method, Horizon: "until your next decision"}
	if ph, ok := phaseOf(st); ok {
		f.Horizon = "until your next decision in " + ph + " of the next turn (or the end)"
	}
	if move >= 0 {
		f.Move = st.ActionString(move)
		if err := st.Clone().Apply(move); err != nil {
			return Forecast{}, fmt.Errorf("forecast: %w", err)
		}
	}
	now := st.Score().Metrics
	sums := make([]float64, len(now))
	rng := rand.New(rand.NewPCG(seed, 0xf02eca57))
	events := map[string]int{}
	for range n {
		if err := ctx.Err(); err != nil {
			return Forecast{}, err
		}
		end, seen, err := sampleFuture(ctx, st, me, move, rng, policy)
		if err != nil {
			return Forecast{}, fmt.Errorf("forecast: %w", err)
		}
		for e := range seen {
			events[e]++
		}
		sc := end.Score()
		f.ScoreMean += sc.Value / float64(n)
		for i, m := range sc.Metrics {
			if i < len(sums) {
				sums[i] += m.Value
			}
		}
	}
	for i, m := range now {
		f.Metrics = append(f.Metrics, MetricChange{Name: m.Name, Label: Words(m.Name), Now: m.Value, Mean: sums[i] / float64(n)})
	}
	f.Events = shares(events, n)
	return f, nil
}

// sampleFuture plays one future and returns its last state and the set of
// accounts of the steps that were not seat me's.
func sampleFuture(ctx context.Context, root env.State, me env.Player, move env.Action, rng *rand.Rand, policy []agents.Agent) (env.State, map[string]bool, error) {
	seen := map[string]bool{}
	st := env.Resample(root, me, rng)
	if move >= 0 {
		if err := st.Apply(move); err != nil {
			return nil, nil, err
		}
	}
	startPhase, phased := phaseOf(root)
	startTurn := turnOf(root)
	others := false
	var outcomes []env.Outcome
	for step := 0; step < forecastSteps && !st.IsTerminal(); step++ {
		who := st.CurrentPlayer()
		if who == me {
			if phased {
				// The same phase of the next turn, or, for a phase that
				// does not come again (a landing), the turn after.
				ph, _ := phaseOf(st)
				if t := turnOf(st); t > startTurn && (ph == startPhase || t > startTurn+1) {
					break
				}
			} else if others {
				break
			}
		}
		var a env.Action
		if who == env.Chance {
			outcomes = st.ChanceOutcomes(outcomes)
			a = env.SampleChance(outcomes, rng)
		} else {
			var err error
			if a, err = policy[who].Act(ctx, st); err != nil {
				return nil, nil, err
			}
		}
		before := st
		if who != me {
			before = st.Clone()
			others = true
		}
		if err := st.Apply(a); err != nil {
			return nil, nil, err
		}
		if who != me {
			for _, line := range forecastEvents(before, a, st) {
				seen[line] = true
			}
		}
	}
	return st, seen, nil
}

// Account is what action a did to before, reaching after: the game's own
// narration (env.Narrator) where it has one, its first line what was done
// or rolled and each further line a change to the table; else the seat
// (or the die) and the action's name.
func Account(before env.State, a env.Action, after env.State) []string {
	if n, ok := after.(env.Narrator); ok {
		var out []string
		for _, line := range strings.Split(n.Narrate(before, a), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				out = append(out, line)
			}
		}
		return out
	}
	who := "die"
	if p := before.CurrentPlayer(); p >= 0 {
		who = env.SeatName(before.Game(), p)
	} else if pr, ok := before.(env.Prompter); ok && pr.Prompt() != "" {
		who = pr.Prompt()
	}
	return []string{who + ": " + before.ActionString(a)}
}

// Narration is what the console and the page say of a step: the game's
// account (Account), and after a die or a draw that left the table as it
// was, what the game waits for now, so that a result still to be applied
// (a hit awaiting its saving throw, a shot taken at the end of the
// exchange of fire, the actions an activation roll allows) never reads as
// no effect.
func Narration(before env.State, a env.Action, after env.State) []string {
	lines := Account(before, a, after)
	_, narrated := after.(env.Narrator)
	_, pieces := after.(env.PieceLister)
	if !narrated || !pieces || before.CurrentPlayer() != env.Chance || TableChanged(before, after) {
		return lines
	}
	if after.IsTerminal() {
		return append(lines, "no change on the table; the game is over")
	}
	next := ""
	if p, ok := after.(env.Prompter); ok {
		next = p.Prompt()
	}
	if next == "" {
		next = env.SeatName(after.Game(), after.CurrentPlayer()) + " to move"
		if after.CurrentPlayer() == env.Chance {
			next = "another die"
		}
	}
	return append(lines, "no change on the table yet; next: "+next)
}

// OneLine joins an account into one line: "what was done: change; change",
// or what was done alone.
func OneLine(lines []string) string {
	if len(lines) <= 1 {
		return strings.Join(lines, "")
	}
	return lines[0] + ": " + strings.Join(lines[1:], "; ")
}

// forecastEvents are the facts a forecast counts of a step not the
// person's, each headed by the phase: the changes to the table where the
// game narrates them (a die's face alone tells little), else the account
// itself.
func forecastEvents(before env.State, a env.Action, after env.State) []string {
	lines := Account(before, a, after)
	_, narrated := after.(env.Narrator)
	switch {
	case narrated && len(lines) > 1:
		lines = lines[1:]
	case narrated && before.CurrentPlayer() == env.Chance:
		return nil // a die that changed nothing
	}
	if ph, ok := phaseOf(before); ok && ph != "" {
		for i := range lines {
			lines[i] = ph + ": " + lines[i]
		}
	}
	return lines
}

// turnOf is the turn number at the head of the state's env.Phaser text
// ("turn 2, phase B" gives 2), or 0.
func turnOf(st env.State) int {
	p, ok := st.(env.Phaser)
	if !ok {
		return 0
	}
	rest, ok := strings.CutPrefix(p.Phase(), "turn ")
	if !ok {
		return 0
	}
	n := 0
	for _, r := range rest {
		if !unicode.IsDigit(r) {
			break
		}
		n = 10*n + int(r-'0')
	}
	return n
}

// phaseOf is the phase within the turn: env.Phaser's text without its
// leading "turn N" ("turn 2, phase B" gives "phase B").
func phaseOf(st env.State) (string, bool) {
	p, ok := st.(env.Phaser)
	if !ok {
		return "", false
	}
	ph := p.Phase()
	if rest, ok := strings.CutPrefix(ph, "turn "); ok {
		rest = strings.TrimLeft(strings.TrimLeftFunc(rest, unicode.IsDigit), " ")
		if strings.HasPrefix(rest, "(") { // the turn's own name: "turn 3 (0140), step 6"
			if _, after, ok := strings.Cut(rest, ")"); ok {
				rest = after
			}
		}
		ph = strings.TrimLeft(rest, ", ")
	}
	return ph, true
}

// shares turns counts into events sorted by share, then text.
func shares(m map[string]int, n int) []Event {
	out := make([]Event, 0, len(m))
	for t, c := range m {
		out = append(out, Event{Text: t, Share: float64(c) / float64(n)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Share != out[j].Share {
			return out[i].Share > out[j].Share
		}
		return out[i].Text < out[j].Text
	})
	return out
}
