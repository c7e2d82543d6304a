package advise

import (
	"context"
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/chariot-ai/chariot/agents"
	"github.com/chariot-ai/chariot/env"
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
	// Agent is the agent spec: a search agent ("ismcts:rollout=greedy"),
	// whose sims option, if given, caps each suggestion; or any other agent,
	// whose choice is then suggested without statistics. Default
	// DefaultAgent(g).
	Agent string
	// Think is the time budget of a suggestion; 0 leaves the agent's sims
	// alone as the budget.
	Think time.Duration
	// Top is how many moves a suggestion lists (default 5).
	Top int
	// Seed seeds the search.
	Seed uint64
}

// Advisor suggests moves. It is safe for concurrent use: every suggestion
// builds its own searcher.
type Advisor struct {
	game  env.Game
	opts  Options
	cfg   search.Config
	isMCT bool
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
	a := &Advisor{game: g, opts: o}
	name, rest, _ := strings.Cut(strings.TrimSpace(o.Agent), ":")
	p, err := env.ParseParams(rest)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	mode, ok := search.ModeOf(name)
	if !ok {
		// An agent built on a search (a game's focused search) searches
		// within the think time too, where it takes one.
		a.opts.Agent = withThink(name, p, o.Think)
		if _, err := agents.New(a.opts.Agent, g, o.Seed); err != nil {
			return nil, err
		}
		return a, nil
	}
	if err := p.CheckKnown(search.OptionDocs(mode)); err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	_, hasSims := p["sims"]
	if !hasSims {
		p["sims"] = "0"
		if o.Think == 0 {
			p["sims"] = "1000"
		}
	}
	if o.Think > 0 {
		p["time"] = o.Think.String()
	}
	cfg, err := search.ParseConfig(g, p)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	cfg.Mode, cfg.Seed, cfg.Reuse = mode, o.Seed, false
	if _, err := search.NewSearcher(g, cfg); err != nil {
		return nil, err
	}
	a.cfg, a.isMCT = cfg, true
	return a, nil
}

// IsSearch reports whether the advice comes from a search (with its
// statistics and its time), not an agent's bare choice.
func (a *Advisor) IsSearch() bool { return a.isMCT }

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
	// CI95 is the half-width of a 95% interval of Value, from the spread
	// between independent slices of the search; 0 when unknown (fewer than
	// two slices tried the move).
	CI95 float64 `json:"ci95"`
}

// Suggestion is a search's advice, final or in progress.
type Suggestion struct {
	Moves    []MoveStat    `json:"moves"` // best first, at most Top
	Legal    int           `json:"legal"` // how many moves were legal
	Sims     int           `json:"sims"`
	Slices   int           `json:"slices"`   // slices done
	Of       int           `json:"of"`       // slices planned
	Progress float64       `json:"progress"` // 0..1
	Elapsed  time.Duration `json:"elapsed_ns"`
	Budget   time.Duration `json:"budget_ns"`
	Agent    string        `json:"agent"`
	Done     bool          `json:"done"`
	Canceled bool          `json:"canceled"`
	// Note says how the advice was reached when it is not a search.
	Note string `json:"note,omitempty"`
}

// Best is the top move, or false when there is none.
func (s Suggestion) Best() (MoveStat, bool) {
	if len(s.Moves) == 0 {
		return MoveStat{}, false
	}
	return s.Moves[0], true
}

// slicesFor splits a budget into independent searches, so that progress
// can be reported and the spread between them measured: about one slice
// per 250 ms of think time (2 to 16), or 4 for a simulation budget.
func (a *Advisor) slicesFor() int {
	if a.cfg.Time > 0 {
		return min(16, max(2, int(math.Round(float64(a.cfg.Time)/float64(250*time.Millisecond)))))
	}
	return min(4, max(1, a.cfg.Sims))
}

// Suggest searches st, which it does not modify, and returns the top
// moves. progress, if not nil, is called after each slice with the advice
// so far. A canceled context stops the search early: the advice so far is
// returned, marked Canceled, with the context's error.
func (a *Advisor) Suggest(ctx context.Context, st env.State, progress func(Suggestion)) (Suggestion, error) {
	if st.IsTerminal() {
		return Suggestion{}, ErrOver
	}
	if st.CurrentPlayer() < 0 {
		return Suggestion{}, ErrAtChance
	}
	begin := time.Now()
	legal := st.LegalActions(nil)
	out := Suggestion{Legal: len(legal), Agent: a.opts.Agent, Budget: a.cfg.Time}
	if len(legal) == 1 {
		out.Moves = []MoveStat{{Number: 1, Action: legal[0], Name: st.ActionString(legal[0]), Share: 1}}
		out.Done, out.Progress, out.Note = true, 1, "the only legal move"
		return out, nil
	}
	if !a.isMCT {
		return a.agentChoice(st, legal, out)
	}
	n := a.slicesFor()
	cfg := a.cfg
	cfg.Time = a.cfg.Time / time.Duration(n)
	out.Of = n
	visits := make([][]int, len(legal)) // per move, per slice
	values := make([][]float64, len(legal))
	for k := 0; k < n; k++ {
		c := cfg
		if a.cfg.Sims > 0 {
			c.Sims = a.cfg.Sims / n
			if k < a.cfg.Sims%n {
				c.Sims++
			}
		}
		c.Seed = a.cfg.Seed + uint64(k)*rng.Golden
		sr, err := search.NewSearcher(a.game, c)
		if err != nil {
			return out, err
		}
		res, err := sr.Search(ctx, st)
		if err != nil {
			return out, err
		}
		for i, s := range res.Stats {
			if i < len(legal) && s.Action == legal[i] {
				visits[i] = append(visits[i], s.Visits)
				values[i] = append(values[i], s.Value)
			}
		}
		out.Slices, out.Sims = k+1, out.Sims+res.Sims
		out.Elapsed = time.Since(begin)
		out.Moves = a.rank(st, legal, visits, values, out.Sims)
		out.Progress = float64(k+1) / float64(n)
		if ctx.Err() != nil {
			out.Canceled = true
			return out, ctx.Err()
		}
		if progress != nil && k+1 < n {
			progress(out)
		}
	}
	out.Done, out.Progress = true, 1
	return out, nil
}

// agentChoice asks a non-search agent for its move.
func (a *Advisor) agentChoice(st env.State, legal []env.Action, out Suggestion) (Suggestion, error) {
	ag, err := agents.New(a.opts.Agent, a.game, a.opts.Seed)
	if err != nil {
		return out, err
	}
	act, err := ag.Act(context.Background(), st.Clone())
	if err != nil {
		return out, err
	}
	for i, b := range legal {
		if b == act {
			out.Moves = []MoveStat{{Number: i + 1, Action: act, Name: st.ActionString(act)}}
		}
	}
	if out.Moves == nil {
		return out, errors.New("the agent chose an illegal move")
	}
	out.Done, out.Progress, out.Note = true, 1, "the agent's choice; it keeps no statistics"
	return out, nil
}

// rank pools the slices per move and keeps the Top by visits, then value.
func (a *Advisor) rank(st env.State, legal []env.Action, visits [][]int, values [][]float64, sims int) []MoveStat {
	all := make([]MoveStat, 0, len(legal))
	for i, act := range legal {
		m := MoveStat{Number: i + 1, Action: act, Name: st.ActionString(act)}
		m.Visits, m.Value, m.CI95 = pool(visits[i], values[i])
		if sims > 0 {
			m.Share = float64(m.Visits) / float64(sims)
		}
		all = append(all, m)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Visits != all[j].Visits {
			return all[i].Visits > all[j].Visits
		}
		return all[i].Value > all[j].Value
	})
	return all[:min(len(all), a.opts.Top)]
}

// pool merges per-slice (visits, mean) pairs into the pooled mean and a
// 95% interval half-width: the between-slice variance of a ratio estimator,
// k/(k-1) * sum (n_i/N)^2 (m_i - M)^2, times Student's t for k-1 degrees of
// freedom. It is 0 with fewer than two slices that tried the move.
func pool(visits []int, means []float64) (n int, mean, ci float64) {
	sum, k := 0.0, 0
	for i, v := range visits {
		if v > 0 {
			n += v
			sum += float64(v) * means[i]
			k++
		}
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean = sum / float64(n)
	if k < 2 {
		return n, mean, 0
	}
	v := 0.0
	for i, c := range visits {
		if c > 0 {
			w := float64(c) / float64(n)
			v += w * w * (means[i] - mean) * (means[i] - mean)
		}
	}
	v *= float64(k) / float64(k-1)
	return n, mean, tQuantile975(k-1) * math.Sqrt(v)
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
