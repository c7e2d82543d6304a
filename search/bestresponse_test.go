package search_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/pig" // holdat
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/chancewalk"
	"github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/search"
)

// policyOf is the solver's policy of an agent spec (one sample: the agents
// tested here are deterministic or random).
func policyOf(t testing.TB, g env.Game, spec string) search.Policy {
	t.Helper()
	p, err := search.AgentPolicy(g, spec, 1, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solveAgainst solves g with spec playing seat.
func solveAgainst(t testing.TB, g env.Game, seat int, spec string) *search.Solution {
	t.Helper()
	pols := make([]search.Policy, g.NumPlayers())
	pols[seat] = policyOf(t, g, spec)
	sol, err := search.Solve(g.NewInitialState(0), search.SolveOptions{Policies: pols})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// pigBestResponseDP is the winning chance of a best response to hold at n
// in Pig, by value iteration over (mover, own score, other score, turn
// total) written out from the rules: at the responder's decisions the
// better of roll and stop, at the holder's what hold at n does.
func pigBestResponseDP(target, die, n int) func(responder bool, i, j, k int) float64 {
	T := target
	v := [2][]float64{make([]float64, T*T*(T+die)), make([]float64, T*T*(T+die))}
	idx := func(i, j, k int) int { return (i*T+j)*(T+die) + k }
	// win is the responder's chance to win with mover r to move at
	// scores i (mover's), j and turn total k.
	var win func(r int, i, j, k int) float64
	win = func(r int, i, j, k int) float64 {
		if i+k >= target {
			return float64(1 - r) // the mover stops and wins
		}
		return v[r][idx(i, j, k)]
	}
	for {
		change := 0.0
		for r := range 2 { // r = 0: the responder moves
			for i := range T {
				for j := range T {
					for k := 0; i+k < T; k++ {
						roll := win(1-r, j, i, 0) // a 1: the other moves
						for f := 2; f <= die; f++ {
							roll += win(r, i, j, k+f)
						}
						roll /= float64(die)
						stop := win(1-r, j, i+k, 0)
						var x float64
						switch {
						case k == 0:
							x = roll
						case r == 0:
							x = max(roll, stop)
						case k >= n:
							x = stop
						default:
							x = roll
						}
						change = max(change, math.Abs(x-v[r][idx(i, j, k)]))
						v[r][idx(i, j, k)] = x
					}
				}
			}
		}
		if change < 1e-14 {
			return func(responder bool, i, j, k int) float64 {
				if responder {
					return win(0, i, j, k)
				}
				return win(1, i, j, k)
			}
		}
	}
}

// TestBestResponseToHoldAtInPig: the solver's best response to hold at n,
// at every reachable position, is the value iteration written out from the
// rules, and beats the game's value.
func TestBestResponseToHoldAtInPig(t *testing.T) {
	for _, c := range []struct {
		spec string
		n    int
	}{{"pig:target=10,die=4,forced_stop=true", 4}, {"pig:target=12,die=6,forced_stop=true", 5}, {"pig:target=20,die=6,forced_stop=true", 20}} {
		t.Run(fmt.Sprintf("%s/holdat:n=%d", c.spec, c.n), func(t *testing.T) {
			g := mustGame(t, c.spec).(*pig.Game)
			sol := solveAgainst(t, g, 1, fmt.Sprintf("holdat:n=%d", c.n))
			dp := pigBestResponseDP(g.Target(), g.Die(), c.n)
			compared := 0
			for mover := range 2 {
				for i := range g.Target() {
					for j := range g.Target() {
						for k := 0; i+k < g.Target(); k++ {
							s, err := pigState(t, g, mover, i, j, k)
							if err != nil {
								continue
							}
							v, ok := sol.Value(s)
							if !ok {
								continue // not reachable against hold at n
							}
							compared++
							want := 2*dp(mover == 0, i, j, k) - 1 // a win is 1, a loss -1
							if math.Abs(v[0]-want) > 1e-7 {
								t.Fatalf("%s: responder's value %v, DP %v", s, v[0], want)
							}
							if mover == 1 && sol.BestActions(s) != nil {
								t.Fatalf("%s: best actions %v for the seat the policy plays", s, sol.BestActions(s))
							}
						}
					}
				}
			}
			if compared < g.Target()*g.Target() {
				t.Fatalf("only %d positions compared", compared)
			}
			opt := solvePigForced(t, g)
			br, _ := sol.Value(g.NewInitialState(0))
			v, _ := opt.Value(g.NewInitialState(0))
			if br[0] < v[0]-1e-9 {
				t.Fatalf("best response %v below the game's value %v", br[0], v[0])
			}
			t.Logf("first player's value: %.4f optimal, %.4f best responding to holdat:n=%d", v[0], br[0], c.n)
		})
	}
}

func solvePigForced(t testing.TB, g env.Game) *search.Solution {
	t.Helper()
	sol, err := search.Solve(g.NewInitialState(0), search.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// expectimaxAgainst values s for the seat that best responds to a policy
// that plays the others, by plain recursion from the rules: the test's own
// account of what Solve with Policies must give on an acyclic game.
func expectimaxAgainst(s env.State, responder env.Player, pol search.Policy, memo map[string]float64) float64 {
	key := string(must(s.MarshalJSON()))
	if v, ok := memo[key]; ok {
		return v
	}
	var v float64
	switch p := s.CurrentPlayer(); {
	case p == env.Terminal:
		v = s.Returns()[responder]
	case p == responder:
		v = math.Inf(-1)
		for _, a := range s.LegalActions(nil) {
			c := s.Clone()
			_ = c.Apply(a)
			v = max(v, expectimaxAgainst(c, responder, pol, memo))
		}
	default:
		outs, _ := pol(s)
		if p == env.Chance {
			outs = s.ChanceOutcomes(nil)
		}
		for _, o := range outs {
			c := s.Clone()
			_ = c.Apply(o.Action)
			v += o.Prob * expectimaxAgainst(c, responder, pol, memo)
		}
	}
	memo[key] = v
	return v
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestBestResponseAtTicTacToe: against random, and against a shallow
// MCTS (the mixture of eight searches seeded by the position), the
// solver's best response is the recursion's, in either seat, and gains
// over the game's value of 0.
func TestBestResponseAtTicTacToe(t *testing.T) {
	g := mustGame(t, "tictactoe")
	for _, spec := range []string{"random", "mcts:sims=20"} {
		for seat := range 2 {
			pol, err := search.AgentPolicy(g, spec, 8, 3, nil)
			if err != nil {
				t.Fatal(err)
			}
			pols := make([]search.Policy, 2)
			pols[seat] = pol
			root := g.NewInitialState(0)
			sol, err := search.Solve(root, search.SolveOptions{Policies: pols})
			if err != nil {
				t.Fatal(err)
			}
			v, _ := sol.Value(root)
			responder := env.Player(1 - seat)
			want := expectimaxAgainst(root, responder, pol, map[string]float64{})
			if math.Abs(v[responder]-want) > 1e-12 {
				t.Fatalf("%s in seat %d: best response %v, recursion %v", spec, seat, v[responder], want)
			}
			if !(v[responder] > 0) {
				t.Fatalf("%s in seat %d: best response %v gains nothing over the draw", spec, seat, v[responder])
			}
			t.Logf("%s as %s: the best response wins %.4f", spec, env.SeatName(g, env.Player(seat)), v[responder])
		}
	}
}

// TestPolicyValueOfTheChanceWalk: on the one-seat chance walk a policy of
// the only seat is evaluated, not best-responded to: always risky and
// always safe against the recursion, and the optimum above both.
func TestPolicyValueOfTheChanceWalk(t *testing.T) {
	g := mustGame(t, "chancewalk:n=6,turns=4,p=0.7").(*chancewalk.Game)
	root := g.NewState()
	opt, _ := mustSolve(t, root).Value(root)
	for _, c := range []struct {
		name   string
		action env.Action
	}{{"risky", chancewalk.Risky}, {"safe", chancewalk.Safe}} {
		pol := func(env.State) ([]env.Outcome, error) { return []env.Outcome{{Action: c.action, Prob: 1}}, nil }
		sol, err := search.Solve(root, search.SolveOptions{Policies: []search.Policy{pol}})
		if err != nil {
			t.Fatal(err)
		}
		v, _ := sol.Value(root)
		// Always c.action, by the recursion on (position, turns used).
		var walk func(x, turn int) float64
		walk = func(x, turn int) float64 {
			switch {
			case x >= g.N():
				return 1
			case turn == g.Turns():
				return 0
			case c.action == chancewalk.Safe:
				return walk(x+1, turn+1)
			}
			return g.P()*walk(min(g.N(), x+g.JumpSteps()), turn+1) + (1-g.P())*walk(max(0, x-g.BackSteps()), turn+1)
		}
		if want := walk(0, 0); math.Abs(v[0]-want) > eps || v[0] > opt[0]+eps {
			t.Errorf("always %s: value %v, recursion %v, optimum %v", c.name, v[0], want, opt[0])
		}
	}
}

// TestPolicyErrors: a policy that is not a distribution over legal actions
// fails the solve in one line.
func TestPolicyErrors(t *testing.T) {
	g := mustGame(t, "tictactoe")
	for _, c := range []struct {
		pol  search.Policy
		want string
	}{
		{func(env.State) ([]env.Outcome, error) { return []env.Outcome{{Action: 0, Prob: 0.5}}, nil }, "sum to 0.5"},
		{func(env.State) ([]env.Outcome, error) { return []env.Outcome{{Action: 0, Prob: 0}}, nil }, "probability 0"},
		{func(env.State) ([]env.Outcome, error) {
			return []env.Outcome{{Action: 4, Prob: 0.5}, {Action: 4, Prob: 0.5}}, nil
		}, "twice"},
		{func(s env.State) ([]env.Outcome, error) { return nil, fmt.Errorf("no idea") }, "no idea"},
	} {
		_, err := search.Solve(g.NewInitialState(0), search.SolveOptions{Policies: []search.Policy{nil, c.pol}})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v, want one line naming %q", err, c.want)
		}
	}
}

// TestSearchConvergesToTheBestResponse: MCTS with the fixed policy as its
// opponent model picks a best response of the solver's, and values it
// within the tolerance, on Pig against hold at n and on tic-tac-toe
// against random, in either seat. The positions are ones UCT reaches in a
// test's budget: its mean is an average over every simulation, and where
// random rollouts start a child far below its value (o after x takes the
// centre, against a random x) it leaves that child for millions of
// simulations, with or without a model.
func TestSearchConvergesToTheBestResponse(t *testing.T) {
	cases := []struct {
		game, policy string
		seat         int // the seat the policy plays
		moves        []string
		sims         int
		c, tol       float64
	}{
		{"pig:target=6,die=3,forced_stop=true", "holdat:n=3", 1, []string{"roll 2 stop roll 3 stop", "roll 3 stop roll 3 stop roll 2", "roll 2 roll 2 stop roll 3 stop"}, 100000, 0.5, 0.03},
		{"pig:target=6,die=3,forced_stop=true", "holdat:n=2", 0, []string{"roll 3 stop roll 2", "roll 3 stop roll 2 stop roll 2 stop roll 2"}, 100000, 0.5, 0.03},
		{"tictactoe", "random", 1, []string{"", "b2 a1", "a1 b2 c3 a3"}, 200000, 0.2, 0.03},
		{"tictactoe", "random", 0, []string{"a1 b2 c3", "a1 c3 b2 a3 c2"}, 200000, 0.2, 0.03},
	}
	for _, c := range cases {
		g := mustGame(t, c.game)
		sol := solveAgainst(t, g, c.seat, c.policy)
		for _, moves := range c.moves {
			for _, mode := range []search.Mode{search.ClosedLoop, search.OpenLoop} {
				if mode == search.OpenLoop && (strings.HasPrefix(c.game, "pig") || moves == "") {
					continue // open loop pools the dice (and the opponent's moves): it converges to another value, or slowly
				}
				t.Run(fmt.Sprintf("%s/%s/%q/%s", c.game, c.policy, moves, mode), func(t *testing.T) {
					root := play(t, g, moves)
					if _, ok := sol.Value(root); !ok || root.CurrentPlayer() == env.Player(c.seat) {
						t.Fatalf("%q is not the responder's decision against %s", moves, c.policy)
					}
					cfg := search.DefaultConfig()
					cfg.Mode, cfg.Sims, cfg.C, cfg.Seed = mode, c.sims, c.c, 7
					cfg.Opponent = search.Opponent{Specs: []string{c.policy}}
					searchAgrees(t, g, root, cfg, sol, c.tol)
				})
			}
		}
	}
}

var _ = agents.New
