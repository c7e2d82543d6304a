package advise

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/search"
)

// DefaultAgent is the search behind suggestions for g when none is named:
// the game's recommended search (agents.Recommended: the strongest found
// within 10 s of CPU a game), given the advisor's think time; else IS-MCTS
// rolling out with the game's rollout agent (agents.RolloutAgent) or its
// recommended baseline, whose choice is also the prior; else IS-MCTS with
// random rollouts.
func DefaultAgent(g env.Game) string {
	search, baseline := recommended(g)
	if search != "" {
		return search
	}
	rollout := agents.RolloutAgent(g)
	if rollout == "" && baseline != "random" {
		rollout = baseline
	}
	if rollout != "" {
		return "ismcts:rollout=" + strings.ReplaceAll(rollout, ",", ";") + ",prior=3"
	}
	return "ismcts"
}

// recommended is the search and the baseline recommended for every seat
// of g (agents.Recommended), or "" where none is, or where each seat has
// its own.
func recommended(g env.Game) (search, baseline string) {
	rec, ok := agents.Recommended(g.Name())
	if !ok {
		return "", ""
	}
	return agents.For(rec.Search, -1, g.NumPlayers()), agents.For(rec.Baseline, -1, g.NumPlayers())
}

// Options configure an Advisor.
type Options struct {
	// Agent is the agent spec whose move is suggested: a search agent
	// ("ismcts:rollout=greedy"), whose statistics are shown beside it, or
	// any other agent. Default DefaultAgent(g).
	Agent string
	// Think is the time budget of a suggestion, given to an agent that
	// takes one (option time) and does not set it; 0 leaves the agent's own
	// budget alone.
	Think time.Duration
	// Top is how many moves a suggestion lists (default 5).
	Top int
	// Seed seeds the agents as `chariot play --seed` does: seat p's agent
	// gets agents.SeatSeed(Seed, p).
	Seed uint64
}

// Advisor suggests moves: its top suggestion is the move its agent plays.
// It keeps one agent a seat, seeded as `chariot play` seeds it and asked
// once at each position, in the order the game reaches them, so that
// advice followed at every decision plays the game `chariot play` plays
// with the same spec, seed and dice. A position asked about again gets
// the answer it got (an agent's search draws from a stream that runs on
// from move to move, so a second search could differ). It is safe for
// concurrent use; suggestions are made one at a time.
type Advisor struct {
	game   env.Game
	opts   Options
	search bool
	// seatSeed seeds seat p's agent: agents.SeatSeed(Seed, p) by default.
	seatSeed func(p env.Player) uint64

	mu    sync.Mutex
	seats map[env.Player]agents.Agent
	memo  map[string]Suggestion // by the position's JSON
}

// NewAdvisor checks the options and prepares an advisor for g.
func NewAdvisor(g env.Game, o Options) (*Advisor, error) {
	if o.Agent == "" {
		o.Agent = DefaultAgent(g)
	}
	if o.Top <= 0 {
		o.Top = 5
	}
	if o.Think < 0 {
		return nil, fmt.Errorf("think time %v is negative", o.Think)
	}
	name, rest, _ := strings.Cut(strings.TrimSpace(o.Agent), ":")
	p, err := env.ParseParams(rest)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	r, err := agents.Lookup(name)
	if err != nil {
		return nil, err
	}
	o.Agent = withThink(name, p, o.Think)
	if _, err := agents.New(o.Agent, g, o.Seed); err != nil {
		return nil, err
	}
	return &Advisor{game: g, opts: o, search: hasOption(r.Options, "sims") || hasOption(r.Options, "time"),
		seatSeed: func(p env.Player) uint64 { return agents.SeatSeed(o.Seed, int(p)) },
		seats:    map[env.Player]agents.Agent{}, memo: map[string]Suggestion{}}, nil
}

// IsSearch reports whether the advice comes from a search (which takes
// its time), not a heuristic's quick choice.
func (a *Advisor) IsSearch() bool { return a.search }

// withThink is the spec of agent name with options p, given the think
// time as its time budget (and no cap of simulations unless p sets one)
// where the agent takes a time option and p does not set it.
func withThink(name string, p env.Params, think time.Duration) string {
	if think > 0 {
		if r, err := agents.Lookup(name); err == nil && hasOption(r.Options, "time") {
			if _, set := p["time"]; !set {
				p["time"] = think.String()
				if _, capped := p["sims"]; !capped && hasOption(r.Options, "sims") {
					p["sims"] = "0"
				}
			}
		}
	}
	if len(p) == 0 {
		return name
	}
	return name + ":" + p.String()
}

func hasOption(docs []env.OptionDoc, key string) bool {
	for _, d := range docs {
		if d.Name == key {
			return true
		}
	}
	return false
}

// Agent is the agent spec in use.
func (a *Advisor) Agent() string { return a.opts.Agent }

// Think is the time budget.
func (a *Advisor) Think() time.Duration { return a.opts.Think }

// Top is how many moves a suggestion lists.
func (a *Advisor) Top() int { return a.opts.Top }

// MoveStat is one candidate move of a suggestion.
type MoveStat struct {
	Number int        `json:"number"` // its number in the legal list, from 1
	Action env.Action `json:"action"`
	Name   string     `json:"name"`
	Visits int        `json:"visits"`
	// Share is the fraction of the search's simulations that began with
	// this move: how strongly the search backs it.
	Share float64 `json:"share"`
	// Value is the mean final score of those simulations (expected final
	// VP in St. Nazaire, with later play by the rollout agent).
	Value float64 `json:"value"`
	// CI95 is the half-width of a 95% interval of Value, from the spread of
	// those simulations' final scores (taken as independent draws); 0
	// when unknown (fewer than two simulations, or a search that keeps no
	// spread).
	CI95 float64 `json:"ci95"`
}

// Suggestion is the advice at one position: the agent's move first.
type Suggestion struct {
	Moves    []MoveStat    `json:"moves"` // the agent's move first, at most Top
	Legal    int           `json:"legal"` // how many moves were legal
	Sims     int           `json:"sims"`
	Progress float64       `json:"progress"` // 0..1
	Elapsed  time.Duration `json:"elapsed_ns"`
	Budget   time.Duration `json:"budget_ns"`
	Agent    string        `json:"agent"`
	Done     bool          `json:"done"`
	Canceled bool          `json:"canceled"`
	// Rule names the search's rule of choice that orders the rows
	// ("most simulations" or "best mean"); "" without a search.
	Rule string `json:"rule,omitempty"`
	// Stop says why the search ended: its simulations, its time, its early
	// stop; "" without a search.
	Stop string `json:"stop,omitempty"`
	// Flag warns, in words, where the search does not separate the top
	// move from the second: the 95% interval of the difference of their
	// means holds 0. "" where it does, or where the intervals are unknown.
	Flag string `json:"flag,omitempty"`
	// Note says how the move was chosen where no search ranked it: the
	// only legal move, the plan's decision, a heuristic's choice.
	Note string `json:"note,omitempty"`
	// Summary says in a line how the advice was reached, for the console
	// and the page alike.
	Summary string `json:"summary"`
}

// Best is the top move, or false when there is none.
func (s Suggestion) Best() (MoveStat, bool) {
	if len(s.Moves) == 0 {
		return MoveStat{}, false
	}
	return s.Moves[0], true
}

// summary is the Summary of s.
func (s Suggestion) summary() string {
	switch {
	case s.Note != "":
		return s.Note
	case s.Canceled:
		return fmt.Sprintf("%s: stopped by you after %s", agentName(s.Agent), plural(s.Sims, "simulation"))
	case s.Rule != "":
		return fmt.Sprintf("%s, %s; rows by %s", agentName(s.Agent), s.Stop, s.Rule)
	}
	return agentName(s.Agent)
}

// agentName is the name of the agent of spec, without its options.
func agentName(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// searcher is an agent that decides some decisions by a search (a game's
// focused search) and says which one it runs.
type searcher interface {
	SearchAgent() *search.Agent
}

// searchOf is the search behind ag, or nil.
func searchOf(ag agents.Agent) *search.Agent {
	switch s := ag.(type) {
	case *search.Agent:
		return s
	case searcher:
		return s.SearchAgent()
	}
	return nil
}

// seat is the agent of seat p, built on first use.
func (a *Advisor) seat(p env.Player) (agents.Agent, error) {
	if ag, ok := a.seats[p]; ok {
		return ag, nil
	}
	ag, err := agents.New(a.opts.Agent, a.game, a.seatSeed(p))
	if err != nil {
		return nil, err
	}
	if e, ok := ag.(agents.EpisodeSeeded); ok {
		e.StartEpisode(a.opts.Seed)
	}
	a.seats[p] = ag
	return ag, nil
}

// Suggest asks the agent of the seat to move at st, which it does not
// modify, for its move, and lists it first, with the search's statistics
// of it and of the other moves where the agent searched. A canceled
// context stops the search: the suggestion is marked Canceled, without
// moves, with the context's error.
func (a *Advisor) Suggest(ctx context.Context, st env.State) (Suggestion, error) {
	if st.IsTerminal() {
		return Suggestion{}, ErrOver
	}
	p := st.CurrentPlayer()
	if p < 0 {
		return Suggestion{}, ErrAtChance
	}
	key, err := st.MarshalJSON()
	if err != nil {
		return Suggestion{}, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if sg, ok := a.memo[string(key)]; ok {
		return sg, nil
	}
	ag, err := a.seat(p)
	if err != nil {
		return Suggestion{}, err
	}
	legal := st.LegalActions(nil)
	out := Suggestion{Legal: len(legal), Agent: a.opts.Agent}
	sa := searchOf(ag)
	if sa != nil {
		sa.Last = search.Result{} // an unsearched decision leaves it so
		out.Budget = sa.S.Config().Time
	}
	begin := time.Now()
	act, err := ag.Act(ctx, st.Clone())
	out.Elapsed = time.Since(begin)
	if ctx.Err() != nil {
		out.Canceled = true
		out.Summary = out.summary()
		return out, ctx.Err()
	}
	if err != nil {
		return out, err
	}
	i := slices.Index(legal, act)
	if i < 0 {
		return out, fmt.Errorf("%s chose %s, which is not legal", agentName(a.opts.Agent), st.ActionString(act))
	}
	chosen := MoveStat{Number: i + 1, Action: act, Name: st.ActionString(act)}
	switch {
	case len(legal) == 1:
		out.Moves, out.Note = []MoveStat{chosen}, "the only legal move"
	case sa != nil && len(sa.Last.Stats) > 0:
		cfg := sa.S.Config()
		out.Sims = sa.Last.Sims
		out.Moves, out.Rule = a.rank(st, legal, sa.Last, act, cfg)
		out.Stop = stopNote(cfg, out.Sims, out.Elapsed)
		if notSeparated(out.Moves) {
			x, y := out.Moves[0], out.Moves[1]
			out.Flag = fmt.Sprintf("the top two are not separated (final %.1f ±%.1f and %.1f ±%.1f): either may be as good", x.Value, x.CI95, y.Value, y.CI95)
		}
	case sa != nil && sa.Last.Sure > 0:
		out.Moves = []MoveStat{chosen}
		out.Note = fmt.Sprintf("the policy plays this decision unsearched: %s (it gives it %.0f%%, at least the %.0f%% the search trusts)",
			chosen.Name, 100*sa.Last.Sure, 100*sa.S.Config().Sure)
	case sa != nil:
		out.Moves, out.Note = []MoveStat{chosen}, planNote(chosen.Name, sa.S.Config().At)
	default:
		out.Moves = []MoveStat{chosen}
		out.Note = fmt.Sprintf("%s plays this decision: %s (it keeps no statistics)", agentName(a.opts.Agent), chosen.Name)
	}
	out.Done, out.Progress = true, 1
	out.Summary = out.summary()
	a.memo[string(key)] = out
	return out, nil
}

// notSeparated reports whether the first two moves' means are within the
// 95% interval of their difference (intervals known for both).
func notSeparated(moves []MoveStat) bool {
	if len(moves) < 2 || moves[0].CI95 == 0 || moves[1].CI95 == 0 {
		return false
	}
	x, y := moves[0], moves[1]
	return math.Abs(x.Value-y.Value) <= math.Hypot(x.CI95, y.CI95)
}

// planNote says that the plan, not the search, chose move: the decision
// is not of the kinds searched.
func planNote(move string, at []string) string {
	note := "the plan plays this decision: " + move
	if len(at) > 0 {
		kinds := make([]string, len(at))
		for i, k := range at {
			kinds[i] = strings.ReplaceAll(k, "_", " ")
		}
		note += " (the search decides only: " + strings.Join(kinds, ", ") + ")"
	}
	return note
}

// stopNote says how many simulations a search of cfg ran in elapsed
// time, and why it stopped: its simulation budget, its early stop, or its
// time.
func stopNote(cfg search.Config, sims int, elapsed time.Duration) string {
	dur := func(d time.Duration) string {
		if d < time.Millisecond {
			return "under 1ms"
		}
		return d.Round(time.Millisecond).String()
	}
	switch {
	case cfg.Sims > 0 && sims >= cfg.Sims:
		s := fmt.Sprintf("%s (its budget) in %s", plural(sims, "simulation"), dur(elapsed))
		if cfg.Time > 0 {
			s += " of the " + dur(cfg.Time) + " allowed"
		}
		return s
	case cfg.Early && cfg.Sims > 0 && (cfg.Time == 0 || elapsed < cfg.Time):
		return fmt.Sprintf("%d of its %s in %s: stopped early, as no other move could overtake the top one",
			sims, plural(cfg.Sims, "simulation"), dur(elapsed))
	case cfg.Time > 0:
		return fmt.Sprintf("%s in its %s", plural(sims, "simulation"), dur(cfg.Time))
	}
	return plural(sims, "simulation") + " in " + dur(elapsed)
}

// rank lists the moves of a search's result r by the search's own rule of
// choice (most visits, or best mean with final=value), the agent's move
// act first, at most Top of them, and names the rule.
func (a *Advisor) rank(st env.State, legal []env.Action, r search.Result, act env.Action, cfg search.Config) ([]MoveStat, string) {
	all := make([]MoveStat, 0, len(legal))
	for _, s := range r.Stats {
		i := slices.Index(legal, s.Action)
		if i < 0 {
			continue
		}
		m := MoveStat{Number: i + 1, Action: s.Action, Name: st.ActionString(s.Action), Visits: s.Visits, Value: s.Value}
		if s.Visits > 1 && s.SD > 0 {
			m.CI95 = tQuantile975(s.Visits-1) * s.SD / math.Sqrt(float64(s.Visits))
		}
		if r.Sims > 0 {
			m.Share = float64(s.Visits) / float64(r.Sims)
		}
		all = append(all, m)
	}
	rule := "most simulations"
	byValue := cfg.FinalByValue
	if byValue {
		rule = "best mean"
	}
	sort.SliceStable(all, func(i, j int) bool {
		x, y := all[i], all[j]
		switch {
		case x.Action == act || y.Action == act:
			return x.Action == act
		case byValue && x.Visits > 0 && y.Visits > 0 && x.Value != y.Value:
			return x.Value > y.Value
		case x.Visits != y.Visits:
			return x.Visits > y.Visits
		}
		return x.Value > y.Value
	})
	return all[:min(len(all), a.opts.Top)], rule
}

// tQuantile975 is Student's t 97.5% quantile for df degrees of freedom.
func tQuantile975(df int) float64 {
	table := [...]float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086}
	if df >= 1 && df < len(table) {
		return table[df]
	}
	return 1.96
}
