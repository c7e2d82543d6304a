package search_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/chancewalk"
	"github.com/chariot-ai/chariot/env/pig"
	"github.com/chariot-ai/chariot/env/tictactoe"
	"github.com/chariot-ai/chariot/search"
)

const eps = 1e-9

func mustGame(t testing.TB, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustSolve(t testing.TB, root env.State) *search.Solution {
	t.Helper()
	sol, err := search.Solve(root, search.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// play applies actions given by name to a fresh game.
func play(t testing.TB, g env.Game, moves string) env.State {
	t.Helper()
	s := g.NewInitialState(0)
	for _, m := range strings.Fields(moves) {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q: %v", m, err)
		}
	}
	return s
}

// names writes actions in the state's notation.
func names(s env.State, as []env.Action) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = s.ActionString(a)
	}
	return strings.Join(out, " ")
}

func TestTicTacToe(t *testing.T) {
	g := mustGame(t, "tictactoe")
	sol := mustSolve(t, g.NewInitialState(0))
	if sol.States() != 5478 {
		t.Errorf("States() = %d, want the 5478 positions of tic-tac-toe", sol.States())
	}
	if sol.Cyclic() || sol.Sweeps() != 1 {
		t.Errorf("Cyclic() = %v, Sweeps() = %d; want an acyclic graph in one pass", sol.Cyclic(), sol.Sweeps())
	}
	tests := []struct {
		name  string
		moves string
		x     float64 // x's value; o's is its negation
		best  string  // "" to skip
	}{
		{"draw from the start, any opening", "", 0, "a1 b1 c1 a2 b2 c2 a3 b3 c3"},
		{"after the centre o must take a corner", "b2", 0, "a1 c1 a3 c3"},
		{"after a corner o must take the centre", "a1", 0, "b2"},
		{"an edge reply to the centre loses", "b2 b1", 1, ""},
		{"an adjacent edge reply to a corner loses", "a1 b1", 1, ""},
		{"x wins at once rather than block", "a1 a2 b1 b2", 1, "c1"},
		{"o wins after x fails to block", "a2 a1 b3 b2 c1", -1, "c3"},
		{"x forks with a double threat", "a1 b1 c3 b3", 1, ""},
		{"o must block the only threat", "a1 b2 b1", 0, "c1"},
		{"finished game", "a1 a2 b1 b2 c1", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := play(t, g, tt.moves)
			v, ok := sol.Value(s)
			if !ok {
				t.Fatalf("position %q not in the solution", tt.moves)
			}
			if math.Abs(v[0]-tt.x) > eps || math.Abs(v[1]+tt.x) > eps {
				t.Errorf("Value = %v, want [%v %v]", v, tt.x, -tt.x)
			}
			if tt.best != "" {
				if got := names(s, sol.BestActions(s)); got != tt.best {
					t.Errorf("BestActions = %q, want %q", got, tt.best)
				}
			}
		})
	}
}

// TestTicTacToeAgainstNegamax checks every position's value and optimal
// moves against a plain negamax over boards written for this test.
func TestTicTacToeAgainstNegamax(t *testing.T) {
	g := mustGame(t, "tictactoe").(*tictactoe.Game)
	sol := mustSolve(t, g.NewState())
	memo := map[[9]byte]int{}
	checked := 0
	for code := range 19683 {
		var b [9]byte
		for i, c := 0, code; i < 9; i, c = i+1, c/3 {
			b[i] = ".xo"[c%3]
		}
		s, err := g.FromBoard(string(b[:]))
		if err != nil {
			continue
		}
		v, ok := sol.Value(s)
		if !ok {
			t.Fatalf("reachable board %s not in the solution", b)
		}
		x := negamax(b, memo) // for the side to move
		if s.CurrentPlayer() == 1 {
			x = -x
		}
		if s.IsTerminal() {
			x = int(s.Returns()[0])
		}
		if v[0] != float64(x) || v[1] != float64(-x) {
			t.Errorf("board %s: Value %v, negamax gives x %d", b, v, x)
		}
		if !s.IsTerminal() {
			var want []env.Action
			best := -2
			for i := range 9 {
				if b[i] != '.' {
					continue
				}
				c := b
				c[i] = "xo"[s.CurrentPlayer()]
				if v := -negamax(c, memo); v > best {
					best, want = v, []env.Action{env.Action(i)}
				} else if v == best {
					want = append(want, env.Action(i))
				}
			}
			if got := sol.BestActions(s); !slices.Equal(got, want) {
				t.Errorf("board %s: BestActions %v, negamax %v", b, got, want)
			}
		}
		checked++
	}
	if checked != 5478 {
		t.Errorf("checked %d boards, want 5478", checked)
	}
}

// negamax values board b for the side to move: +1 win, 0 draw, -1 loss.
func negamax(b [9]byte, memo map[[9]byte]int) int {
	if v, ok := memo[b]; ok {
		return v
	}
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	nx, no := strings.Count(string(b[:]), "x"), strings.Count(string(b[:]), "o")
	me, them := byte('x'), byte('o')
	if nx > no {
		me, them = them, me
	}
	for _, l := range lines {
		if b[l[0]] == them && b[l[1]] == them && b[l[2]] == them {
			memo[b] = -1 // the previous mover won
			return -1
		}
	}
	best, moved := -2, false
	for i := range 9 {
		if b[i] != '.' {
			continue
		}
		moved = true
		c := b
		c[i] = me
		best = max(best, -negamax(c, memo))
	}
	if !moved {
		best = 0
	}
	memo[b] = best
	return best
}

// walkDP is the optimal value of the chance walk at position x with t
// turns used, by the recursion written out from the rules.
func walkDP(g *chancewalk.Game) func(x, t int) float64 {
	memo := map[[2]int]float64{}
	var v func(x, t int) float64
	v = func(x, t int) float64 {
		if x >= g.N() {
			return 1
		}
		if t == g.Turns() {
			return 0
		}
		k := [2]int{x, t}
		if r, ok := memo[k]; ok {
			return r
		}
		safe, risky := walkQ(g, v, x, t)
		memo[k] = max(safe, risky)
		return memo[k]
	}
	return v
}

// walkQ is the value of the safe and the risky choice at x with t turns
// used, given the values v after the turn.
func walkQ(g *chancewalk.Game, v func(x, t int) float64, x, t int) (safe, risky float64) {
	safe = v(min(g.N(), x+1), t+1)
	risky = g.P()*v(min(g.N(), x+g.JumpSteps()), t+1) + (1-g.P())*v(max(0, x-g.BackSteps()), t+1)
	return safe, risky
}

func TestChanceWalk(t *testing.T) {
	tests := []struct {
		spec       string
		root, safe float64 // by hand; NaN to take the DP's word only
		best       string
	}{
		// One turn to go 3: only a jump gets there.
		{"chancewalk:n=3,turns=1,p=0.25", 0.25, 0, "risky"},
		// Two turns to go 2: two safe steps make sure; a risky start makes
		// it with p + (1-p)p = 0.84.
		{"chancewalk:n=2,turns=2,p=0.6", 1, 1, "safe"},
		// The defaults, as the package documentation states them.
		{"chancewalk", 0.5904, 0.4464, "risky"},
		{"chancewalk:n=6,turns=4,p=0.7", 0.8911, 0.847, "risky"},
		{"chancewalk:n=10,turns=6,p=0.7,back=2", 0.739018, 0.66493, "risky"},
		{"chancewalk:n=30,turns=20,p=0.35,jump=4,back=3", math.NaN(), math.NaN(), ""},
		{"chancewalk:n=13,turns=4,p=0.9", 0, 0, "safe risky"}, // out of reach: all ties
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := mustGame(t, tt.spec).(*chancewalk.Game)
			root := g.NewState()
			sol := mustSolve(t, root)
			v, _ := sol.Value(root)
			if !math.IsNaN(tt.root) && math.Abs(v[0]-tt.root) > eps {
				t.Errorf("root value %v, want %v", v[0], tt.root)
			}
			if q, ok := sol.ActionValue(root, chancewalk.Safe); !math.IsNaN(tt.safe) && (!ok || math.Abs(q[0]-tt.safe) > eps) {
				t.Errorf("safe value %v, %v; want %v", q, ok, tt.safe)
			}
			if got := names(root, sol.BestActions(root)); tt.best != "" && got != tt.best {
				t.Errorf("BestActions = %q, want %q", got, tt.best)
			}
			// Every reachable decision, against the DP.
			dp := walkDP(g)
			compared := 0
			for turn := 0; turn <= g.Turns(); turn++ {
				for x := 0; x <= g.N(); x++ {
					for _, rolling := range []bool{false, true} {
						j := fmt.Sprintf(`{"options":%q,"position":%d,"turn":%d,"rolling":%v}`, g.Options(), x, turn, rolling)
						s, err := g.UnmarshalState([]byte(j))
						if err != nil {
							continue // not reachable
						}
						v, ok := sol.Value(s)
						if !ok {
							t.Fatalf("reachable %s not in the solution", j)
						}
						want := dp(x, turn)
						if rolling {
							want = g.P()*dp(min(g.N(), x+g.JumpSteps()), turn) + (1-g.P())*dp(max(0, x-g.BackSteps()), turn)
						}
						if math.Abs(v[0]-want) > eps {
							t.Errorf("%s: value %v, DP %v", s, v[0], want)
						}
						if s.CurrentPlayer() == 0 {
							safe, risky := walkQ(g, dp, x, turn)
							var wantBest []env.Action
							if safe >= risky-eps {
								wantBest = append(wantBest, chancewalk.Safe)
							}
							if risky >= safe-eps {
								wantBest = append(wantBest, chancewalk.Risky)
							}
							if got := sol.BestActions(s); !slices.Equal(got, wantBest) {
								t.Errorf("%s: BestActions %v, DP %v (safe %v, risky %v)", s, got, wantBest, safe, risky)
							}
						}
						compared++
					}
				}
			}
			if compared != sol.States() {
				t.Errorf("compared %d positions, the solution has %d", compared, sol.States())
			}
		})
	}
}

// pigDP is the probability that the player to decide wins Pig with score i
// against j and turn total k, by value iteration over the rules written
// out as Neller and Presser do (with Pig's opening roll: no stop at k = 0).
func pigDP(target, die int) func(i, j, k int) float64 {
	n := target
	p := make([]float64, n*n*n)
	at := func(i, j, k int) float64 {
		if i+k >= target {
			return 1 // stopping wins
		}
		return p[(i*n+j)*n+k]
	}
	for {
		change := 0.0
		for i := range n {
			for j := range n {
				for k := 0; i+k < n; k++ {
					roll := 1 - at(j, i, 0)
					for f := 2; f <= die; f++ {
						roll += at(i, j, k+f)
					}
					v := roll / float64(die)
					if k > 0 {
						v = max(v, 1-at(j, i+k, 0))
					}
					idx := (i*n+j)*n + k
					change = max(change, math.Abs(v-p[idx]))
					p[idx] = v
				}
			}
		}
		if change < 1e-14 {
			return at
		}
	}
}

// pigKey identifies Pig positions for Solve, folding every turn total that
// reaches the target into one: there stopping wins, rolling a 1 passes, and
// any other face keeps the total past the target. Without it the turn total
// is unbounded, since a player may roll for ever.
func pigKey(s env.State) string {
	ps := s.(*pig.State)
	g := ps.Game().(*pig.Game)
	sc, k := ps.Scores(), ps.TurnTotal()
	if !ps.IsTerminal() {
		k = min(k, g.Target()-sc[ps.Mover()])
	}
	return fmt.Sprintf("%v %d %d %v %d", sc, k, ps.Mover(), ps.CurrentPlayer() == env.Chance, ps.Winner())
}

func solvePig(t testing.TB, g env.Game) *search.Solution {
	t.Helper()
	sol, err := search.Solve(g.NewInitialState(0), search.SolveOptions{Key: pigKey})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

func pigState(t *testing.T, g env.Game, mover, i, j, k int) (env.State, error) {
	t.Helper()
	sc := [2]int{i, j}
	if mover == 1 {
		sc = [2]int{j, i}
	}
	js := fmt.Sprintf(`{"options":%q,"scores":[%d,%d],"turn_total":%d,"player":%d,"chance":false,"winner":-1}`, g.Options(), sc[0], sc[1], k, mover)
	return g.UnmarshalState([]byte(js))
}

func TestPig(t *testing.T) {
	for _, spec := range []string{"pig:target=5,die=3", "pig:target=10,die=4", "pig:target=12,die=6", "pig:target=6,die=2"} {
		t.Run(spec, func(t *testing.T) {
			g := mustGame(t, spec).(*pig.Game)
			sol := solvePig(t, g)
			if !sol.Cyclic() || sol.Sweeps() < 2 {
				t.Errorf("Cyclic() = %v after %d sweeps; a 1 can undo a turn, so Pig cycles", sol.Cyclic(), sol.Sweeps())
			}
			dp := pigDP(g.Target(), g.Die())
			compared := 0
			for mover := range 2 {
				for i := range g.Target() {
					for j := range g.Target() {
						for k := 0; i+k < g.Target()+g.Die(); k++ {
							s, err := pigState(t, g, mover, i, j, k)
							if err != nil {
								continue // not a reachable score
							}
							v, ok := sol.Value(s)
							if !ok {
								t.Fatalf("reachable %s not in the solution", s)
							}
							compared++
							// Zero-sum and within the returns.
							if math.Abs(v[0]+v[1]) > eps || math.Abs(v[0]) > 1+eps {
								t.Errorf("%s: Value %v", s, v)
							}
							want := 1.0
							if i+k < g.Target() {
								want = 2*dp(i, j, k) - 1
							}
							if math.Abs(v[mover]-want) > 1e-7 {
								t.Errorf("%s: mover's value %v, DP %v", s, v[mover], want)
							}
							// With the target in hand, stopping is the only best.
							if best := sol.BestActions(s); i+k >= g.Target() && !slices.Equal(best, []env.Action{pig.Stop}) {
								t.Errorf("%s: BestActions %v, want only stop", s, names(s, best))
							}
						}
					}
				}
			}
			if compared < g.Target()*g.Target() {
				t.Errorf("compared only %d positions", compared)
			}
			// Moving first is an advantage.
			if v, _ := sol.Value(g.NewState()); !(v[0] > 0) {
				t.Errorf("opening value %v, want seat 0 ahead", v)
			}
		})
	}
}

// TestPigByHand checks tiny games of Pig solved by hand.
//
// With target 2 and a d2, the opener wins at once on a 2 and passes on a 1:
// P = 1/2 + (1-P)/2, so P = 2/3 and seat 0's value is 1/3.
//
// With target 4 and a d2, scores and totals are even. Let a, b, c, e be the
// mover's chances at scores (0,0), (0,2), (2,0) and (2,2) with no turn
// total. At (2,2), e = 1/2 + (1-e)/2 = 2/3. At (0,2) with a total of 2,
// stopping gives 1-e = 1/3, rolling 1/2 + (1-c)/2 >= 1/2, so roll; thus
// b = (1-c)/2 + (1/2 + (1-c)/2)/2 and c = 1/2 + (1-b)/2, whence b = 2/5 and
// c = 4/5. At (0,0) with a total of 2, stopping gives 1-b = 3/5 and rolling
// 1/2 + (1-a)/2; with a = (1-a)/2 + (rolling)/2 the rolling line gives
// a = 4/7 and rolling worth 5/7 > 3/5, so roll: seat 0's value is 1/7, the
// value of rolling there 3/7 and of stopping 1/5. (Values are 2P-1.)
func TestPigByHand(t *testing.T) {
	tests := []struct {
		spec    string
		moves   string
		value   float64 // seat 0's
		best    string
		stopVal float64 // seat 0's value after stop; NaN when stop is illegal
	}{
		{"pig:target=2,die=2", "", 1.0 / 3, "roll", math.NaN()},
		{"pig:target=2,die=2", "roll 2", 1, "stop", 1},
		{"pig:target=4,die=2", "", 1.0 / 7, "roll", math.NaN()},
		{"pig:target=4,die=2", "roll 2", 3.0 / 7, "roll", 1.0 / 5},
		{"pig:target=4,die=2", "roll 2 stop roll 2", -(2*(3.0/5) - 1), "roll", -(2*(1.0/3) - 1)}, // seat 1 at (0,2) with 2 in hand
		{"pig:target=4,die=2", "roll 2 stop roll 2 stop roll 2", 1, "stop", 1},
		{"pig:target=4,die=2", "roll 2 stop roll 1", 2*(4.0/5) - 1, "roll", math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.moves, func(t *testing.T) {
			g := mustGame(t, tt.spec)
			sol := solvePig(t, g)
			s := play(t, g, tt.moves)
			v, ok := sol.Value(s)
			if !ok || math.Abs(v[0]-tt.value) > eps {
				t.Errorf("Value = %v, %v; want seat 0 at %v", v, ok, tt.value)
			}
			if got := names(s, sol.BestActions(s)); got != tt.best {
				t.Errorf("BestActions = %q, want %q", got, tt.best)
			}
			q, ok := sol.ActionValue(s, pig.Stop)
			if math.IsNaN(tt.stopVal) {
				if ok {
					t.Errorf("ActionValue(stop) = %v where stop is illegal", q)
				}
			} else if !ok || math.Abs(q[0]-tt.stopVal) > eps {
				t.Errorf("ActionValue(stop) = %v, %v; want seat 0 at %v", q, ok, tt.stopVal)
			}
		})
	}
}

func TestSolveErrors(t *testing.T) {
	ttt := mustGame(t, "tictactoe").NewInitialState(0)
	pig5 := mustGame(t, "pig:target=5,die=3").NewInitialState(0)
	tests := []struct {
		name string
		root env.State
		opts search.SolveOptions
		want error
	}{
		{"too many states", ttt, search.SolveOptions{MaxStates: 5477}, search.ErrTooManyStates},
		{"just enough states", ttt, search.SolveOptions{MaxStates: 5478}, nil},
		{"pig's unbounded turn total", pig5, search.SolveOptions{MaxStates: 10_000}, search.ErrTooManyStates},
		{"too few sweeps", pig5, search.SolveOptions{MaxIterations: 3, Key: pigKey}, search.ErrNotConverged},
		{"loose tolerance settles soon", pig5, search.SolveOptions{MaxIterations: 3, Tolerance: 10, Key: pigKey}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := search.Solve(tt.root, tt.opts)
			if !errors.Is(err, tt.want) {
				t.Errorf("Solve error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestSolutionLookups(t *testing.T) {
	g := mustGame(t, "tictactoe")
	root := play(t, g, "b2 a1")
	before, _ := root.MarshalJSON()
	sol := mustSolve(t, root)
	if after, _ := root.MarshalJSON(); string(after) != string(before) {
		t.Errorf("Solve changed the root from %s to %s", before, after)
	}
	if _, ok := sol.Value(g.NewInitialState(0)); ok {
		t.Error("Value found the empty board, which is not reachable from the root")
	}
	other := mustGame(t, "pig").NewInitialState(0)
	if _, ok := sol.Value(other); ok {
		t.Error("Value found a state of another game")
	}
	if got := sol.BestActions(play(t, g, "b2 a1 c3 a2 a3 c1 b1 b3 c2")); got != nil {
		t.Errorf("BestActions at the end = %v, want nil", got)
	}
	if _, ok := sol.ActionValue(root, 0); ok {
		t.Error("ActionValue of a taken cell found")
	}
	walk := mustGame(t, "chancewalk").NewInitialState(0)
	wsol := mustSolve(t, walk)
	if err := walk.Apply(chancewalk.Risky); err != nil {
		t.Fatal(err)
	}
	if got := wsol.BestActions(walk); got != nil {
		t.Errorf("BestActions at a chance node = %v, want nil", got)
	}
	jump, _ := wsol.ActionValue(walk, chancewalk.Jump)
	slip, _ := wsol.ActionValue(walk, chancewalk.Slip)
	v, _ := wsol.Value(walk)
	if math.Abs(0.6*jump[0]+0.4*slip[0]-v[0]) > eps {
		t.Errorf("chance node value %v, outcomes %v and %v at 0.6 and 0.4", v, jump, slip)
	}
}

// TestSolveSizes logs the size and time of solving the games the searchers
// are checked on.
func TestSolveSizes(t *testing.T) {
	for _, spec := range []string{"tictactoe", "chancewalk", "chancewalk:n=30,turns=20,p=0.35,jump=4,back=3", "pig:target=5,die=3", "pig:target=10,die=4", "pig:target=20,die=6"} {
		g := mustGame(t, spec)
		var opts search.SolveOptions
		if g.Name() == "pig" {
			opts.Key = pigKey
		}
		start := time.Now()
		sol, err := search.Solve(g.NewInitialState(0), opts)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := sol.Value(g.NewInitialState(0))
		t.Logf("%-48s %6d states, %4d sweeps, %8v, value %.6f", spec, sol.States(), sol.Sweeps(), time.Since(start).Round(time.Microsecond), v)
	}
}

func ExampleSolve() {
	g, _ := env.NewGame("tictactoe")
	root := g.NewInitialState(0)
	sol, err := search.Solve(root, search.SolveOptions{})
	if err != nil {
		panic(err)
	}
	v, _ := sol.Value(root)
	fmt.Println(sol.States(), "positions; value", v)
	s := root.Clone()
	_ = s.Apply(4) // x takes the centre
	fmt.Println("o's replies that hold the draw:", names(s, sol.BestActions(s)))
	// Output:
	// 5478 positions; value [0 0]
	// o's replies that hold the draw: a1 c1 a3 c3
}

func BenchmarkSolveTicTacToe(b *testing.B) {
	root := mustGame(b, "tictactoe").NewInitialState(0)
	for b.Loop() {
		mustSolve(b, root)
	}
}

func BenchmarkSolvePig(b *testing.B) {
	g := mustGame(b, "pig:target=10,die=4")
	for b.Loop() {
		solvePig(b, g)
	}
}
