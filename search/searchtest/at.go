package searchtest

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/search"
)

// AtPlaysThePlan checks the search option at on a game: spec is a search
// with at and rollout (a plan), such as a game's preset stands for. From
// a decision of a kind in at with a choice, in the game of seed played by
// the plan (every seat), the search, an IS-MCTS of sims simulations (no
// prior, so that a node tries every action), plays at every other
// decision it meets in the tree and in its rollouts the plan's choice and
// nothing else; without at, the same search departs from the plan
// somewhere (else the check shows nothing).
//
// It watches through a wrapped game: the rollout agent, a spy around the
// plan, notes each choice, and the wrapped state's Apply checks each
// action of a decision not in at against the choice noted since the last
// action.
func AtPlaysThePlan(t *testing.T, game env.Game, seed uint64, spec string, sims int) {
	t.Helper()
	spyOnce.Do(func() { agents.Register(spyRegistration) })
	_, rest, _ := strings.Cut(spec, ":")
	p, err := env.ParseParams(rest)
	if err != nil || p["at"] == "" || p["rollout"] == "" {
		t.Fatalf("%s: want a search spec with at and rollout (%v)", spec, err)
	}
	plan, at := p["rollout"], strings.Split(p["at"], "+")
	root := searchedDecision(t, game, seed, plan, at)
	for _, focused := range []bool{true, false} {
		g := &spyGame{Game: game, at: at}
		q := env.Params{"rollout": spyName + ":plan=" + plan, "sims": strconv.Itoa(sims)}
		if focused {
			q["at"] = strings.Join(at, "+")
		}
		cfg, err := search.ParseConfig(g, q)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Mode, cfg.Seed = search.ISMCTS, 1
		s, err := search.NewSearcher(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Search(context.Background(), &spyState{State: root.Clone(), g: g})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !focused && len(g.misplayed) == 0:
			t.Errorf("without at the search too played the plan at every decision outside %v: the check shows nothing", at)
		case focused:
			for _, m := range g.misplayed {
				t.Error(m)
			}
			t.Logf("%d simulations: %d decisions outside %v, each the plan's", r.Sims, g.planned, at)
		}
	}
}

// searchedDecision plays game seed with plan (every seat) up to a decision
// of a kind in at with a choice that the next decision, one of another
// kind, follows: where a search that branched everywhere would soon
// branch outside at.
func searchedDecision(t *testing.T, g env.Game, seed uint64, plan string, at []string) env.State {
	t.Helper()
	a, err := agents.New(strings.ReplaceAll(plan, ";", ","), g, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, dice := g.NewInitialState(seed), rand.New(rand.NewPCG(seed, 1))
	var legal []env.Action
	var out []env.Outcome
	var root env.State
	for !s.IsTerminal() {
		var act env.Action
		if s.CurrentPlayer() == env.Chance {
			out = s.ChanceOutcomes(out)
			act = env.SampleChance(out, dice)
		} else {
			legal = s.LegalActions(legal)
			switch k := s.(env.DecisionKinder).DecisionKind(); {
			case slices.Contains(at, k) && len(legal) > 1:
				root = s.Clone()
			case !slices.Contains(at, k) && root != nil:
				return root
			}
			if act, err = a.Act(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("seed %d: no decision of %v with a choice followed by another kind", seed, at)
	return nil
}

const spyName = "searchtest-plan"

var spyOnce sync.Once

// spyRegistration is the rollout agent of AtPlaysThePlan: its plan, noting
// each choice. It plays only the wrapped game.
var spyRegistration = agents.Registration{
	Name:        spyName,
	Description: "searchtest: a plan whose choices are noted",
	Options:     []env.OptionDoc{{Name: "plan", Help: "agent spec, options separated by ';'", Kind: env.AgentOption}},
	Supports:    func(g env.Game) bool { _, ok := g.(*spyGame); return ok },
	New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
		sg := g.(*spyGame)
		a, err := agents.New(strings.ReplaceAll(p["plan"], ";", ","), sg.Game, seed)
		return &spyAgent{plan: a, g: sg}, err
	},
}

type spyGame struct {
	env.Game
	at        []string
	choice    env.Action // the plan's last choice, valid while noted
	noted     bool
	planned   int
	misplayed []string
}

func (g *spyGame) DecisionKinds() []string { return g.Game.(env.DecisionKinds).DecisionKinds() }

type spyAgent struct {
	plan agents.Agent
	g    *spyGame
}

func (a *spyAgent) Act(ctx context.Context, st env.State) (env.Action, error) {
	act, err := a.plan.Act(ctx, st.(*spyState).State)
	a.g.choice, a.g.noted = act, err == nil
	return act, err
}

type spyState struct {
	env.State
	g *spyGame
}

func (s *spyState) Game() env.Game { return s.g }

func (s *spyState) DecisionKind() string { return s.State.(env.DecisionKinder).DecisionKind() }

func (s *spyState) Clone() env.State { return &spyState{State: s.State.Clone(), g: s.g} }

func (s *spyState) Resample(p env.Player, rng *rand.Rand) env.State {
	if r, ok := s.State.(env.Resampler); ok {
		return &spyState{State: r.Resample(p, rng), g: s.g}
	}
	return s.Clone()
}

func (s *spyState) Apply(a env.Action) error {
	g := s.g
	if s.CurrentPlayer() >= 0 {
		if k := s.DecisionKind(); !slices.Contains(g.at, k) {
			g.planned++
			if (!g.noted || g.choice != a) && len(g.misplayed) < 5 {
				g.misplayed = append(g.misplayed, "at a "+k+" decision the search played "+s.ActionString(a)+", not the plan's choice")
			}
		}
		g.noted = false
	}
	return s.State.Apply(a)
}
