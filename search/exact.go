package search

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// Defaults of SolveOptions, used for zero fields.
const (
	DefaultMaxStates     = 1 << 20
	DefaultTolerance     = 1e-12
	DefaultMaxIterations = 100_000
)

// Errors Solve wraps, so that callers can tell a game too big to solve from
// one that would not settle.
var (
	ErrTooManyStates = errors.New("too many states")
	ErrNotConverged  = errors.New("value iteration did not converge")
)

// SolveOptions bound Solve. The zero value uses the defaults above.
type SolveOptions struct {
	// MaxStates caps the reachable positions, terminal ones included;
	// Solve fails with ErrTooManyStates past it.
	MaxStates int
	// Tolerance ends value iteration once a sweep changes no value by more
	// than it, and is the margin within which BestActions counts actions as
	// equally good. On a cyclic graph the values can still be off by more
	// than Tolerance, by a factor that grows as play is less likely to leave
	// a cycle; the default, 1e-12, leaves them good to about 1e-10 on Pig.
	Tolerance float64
	// MaxIterations caps the sweeps of value iteration on a cyclic graph;
	// Solve fails with ErrNotConverged when it is reached.
	MaxIterations int
	// Key, if set, identifies positions in place of MarshalJSON. States
	// with equal keys are solved as one, from the first one reached, so
	// they must be interchangeable: the same player, the same actions, and
	// results that are again interchangeable. It lets a caller fold an
	// infinite graph into a finite one, such as Pig's turn totals past the
	// target, where stopping wins whatever the total.
	Key func(env.State) string
	// Policies, where Policies[p] is not nil, play seat p by that fixed
	// policy: its positions are averaged over the policy's actions, as a
	// chance node's outcomes are, and the other seats maximise. The
	// solution is then the value of the other seats' best response to the
	// policies (with every seat given, the policies' own value).
	Policies []Policy
}

// Policy is a fixed way of playing a seat, for Solve: the probability of
// each action at s (actions it never plays may be left out). It is called
// once per position (once per key), so it must be a function of the
// position alone.
type Policy func(s env.State) ([]env.Outcome, error)

// Solution holds the exact value of every position reachable from the root
// of Solve, per seat. It is immutable and safe for concurrent use.
type Solution struct {
	game       env.Game
	numPlayers int
	tolerance  float64
	key        func(env.State) string
	index      map[string]int32 // position key to node
	player     []env.Player     // per node
	// Edges of node i are first[i] to first[i+1]-1 of the edge arrays: the
	// legal actions, or the chance outcomes with their probabilities.
	first  []int32
	action []env.Action
	child  []int32
	prob   []float64
	// value[i*numPlayers+p] is seat p's expected return at node i.
	value    []float64
	cyclic   bool
	sweeps   int
	policies []Policy
}

// Solve computes the exact expectimax value of every position reachable
// from root: a seat to move takes an action best for itself (the lowest
// such action when several tie exactly, which matters only to games that
// are neither zero-sum nor single-player), a chance node averages its
// outcomes, and a terminal position is worth its Returns. Positions are
// told apart by their MarshalJSON, so a game's JSON must be exact, unless
// opts.Key says otherwise.
//
// Solve enumerates the reachable graph first and fails with
// ErrTooManyStates if it exceeds opts.MaxStates. An acyclic graph is solved
// in one backward pass. A graph with cycles is solved by value iteration
// from zero until no value moves by more than opts.Tolerance in a sweep,
// failing with ErrNotConverged after opts.MaxIterations sweeps; where a
// cycle has no chance node on it, play may go on for ever, and such
// positions get the least fixed point reached from zero, not a game value.
//
// Hidden information is not handled: see the package documentation. root is
// not changed.
func Solve(root env.State, opts SolveOptions) (*Solution, error) {
	if opts.MaxStates <= 0 {
		opts.MaxStates = DefaultMaxStates
	}
	if !(opts.Tolerance > 0) {
		opts.Tolerance = DefaultTolerance
	}
	if opts.MaxIterations <= 0 {
		opts.MaxIterations = DefaultMaxIterations
	}
	g := root.Game()
	s := &Solution{
		game:       g,
		numPlayers: g.NumPlayers(),
		tolerance:  opts.Tolerance,
		key:        opts.Key,
		index:      map[string]int32{},
		policies:   opts.Policies,
	}
	if len(s.policies) > s.numPlayers {
		return nil, fmt.Errorf("search: solve %s: %d policies for %d seats", g.Name(), len(s.policies), s.numPlayers)
	}
	if s.key == nil {
		s.key = jsonKey
	}
	id := g.Name() + ":" + g.Options()
	if err := s.enumerate(root, opts.MaxStates); err != nil {
		return nil, fmt.Errorf("search: solve %s: %w", id, err)
	}
	if order, ok := s.topoOrder(); ok {
		s.backward(order)
		return s, nil
	}
	s.cyclic = true
	if err := s.iterate(opts.Tolerance, opts.MaxIterations); err != nil {
		return nil, fmt.Errorf("search: solve %s (%d states): %w", id, s.States(), err)
	}
	return s, nil
}

// enumerate walks the graph reachable from root breadth first, recording
// each node's player, edges and, at a terminal, its returns.
func (s *Solution) enumerate(root env.State, maxStates int) error {
	np := s.numPlayers
	queue := []env.State{root.Clone()}
	if _, err := s.add(queue[0], maxStates); err != nil {
		return err
	}
	actions := make([]env.Action, 0, s.game.NumDistinctActions())
	var outcomes []env.Outcome
	s.first = append(s.first, 0)
	for i := 0; i < len(queue); i++ {
		st := queue[i]
		queue[i] = nil // let the position go once expanded
		p := st.CurrentPlayer()
		s.player = append(s.player, p)
		switch {
		case p == env.Terminal:
			r := st.Returns()
			if len(r) != np {
				return fmt.Errorf("%d returns at a terminal state, want %d", len(r), np)
			}
			s.value = append(s.value, r...)
		case p == env.Chance || s.played(p):
			var err error
			if outcomes, err = s.outcomes(st, outcomes); err != nil {
				return err
			}
			s.player[len(s.player)-1] = env.Chance // averaged, whoever moves
			for _, o := range outcomes {
				c, err := s.expand(st, o.Action, maxStates, &queue)
				if err != nil {
					return err
				}
				s.addEdge(o.Action, c, o.Prob)
			}
			s.value = append(s.value, make([]float64, np)...)
		case p >= 0 && int(p) < np:
			actions = st.LegalActions(actions)
			if len(actions) == 0 {
				return fmt.Errorf("no legal actions for seat %d at %s", p, s.key(st))
			}
			for _, a := range actions {
				c, err := s.expand(st, a, maxStates, &queue)
				if err != nil {
					return err
				}
				s.addEdge(a, c, 0)
			}
			s.value = append(s.value, make([]float64, np)...)
		default:
			return fmt.Errorf("current player %d at %s", p, s.key(st))
		}
		s.first = append(s.first, int32(len(s.child)))
	}
	return nil
}

// played reports whether a policy plays seat p.
func (s *Solution) played(p env.Player) bool {
	return p >= 0 && int(p) < len(s.policies) && s.policies[p] != nil
}

// outcomes are the chance outcomes at st, or the policy's actions where a
// policy plays the seat to move, checked: positive probabilities summing
// to 1, each action once.
func (s *Solution) outcomes(st env.State, buf []env.Outcome) ([]env.Outcome, error) {
	p := st.CurrentPlayer()
	if p == env.Chance {
		buf = st.ChanceOutcomes(buf)
		if len(buf) == 0 {
			return nil, fmt.Errorf("no chance outcomes at %s", s.key(st))
		}
		return buf, nil
	}
	out, err := s.policies[p](st)
	if err != nil {
		return nil, fmt.Errorf("policy of %s at %s: %w", env.SeatName(s.game, p), s.key(st), err)
	}
	sum := 0.0
	for i, o := range out {
		if !(o.Prob > 0) || o.Prob > 1 {
			return nil, fmt.Errorf("policy of %s at %s: probability %v of %s", env.SeatName(s.game, p), s.key(st), o.Prob, st.ActionString(o.Action))
		}
		for _, q := range out[:i] {
			if q.Action == o.Action {
				return nil, fmt.Errorf("policy of %s at %s: %s listed twice", env.SeatName(s.game, p), s.key(st), st.ActionString(o.Action))
			}
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-9 {
		return nil, fmt.Errorf("policy of %s at %s: probabilities sum to %v, not 1", env.SeatName(s.game, p), s.key(st), sum)
	}
	return out, nil
}

// expand applies a to a clone of st and returns the child's node, queueing
// it when new.
func (s *Solution) expand(st env.State, a env.Action, maxStates int, queue *[]env.State) (int32, error) {
	c := st.Clone()
	if err := c.Apply(a); err != nil {
		return 0, fmt.Errorf("action %s at %s: %w", st.ActionString(a), s.key(st), err)
	}
	n := len(s.index)
	i, err := s.add(c, maxStates)
	if err != nil {
		return 0, err
	}
	if int(i) == n {
		*queue = append(*queue, c)
	}
	return i, nil
}

// add returns the node of st, numbering it if new.
func (s *Solution) add(st env.State, maxStates int) (int32, error) {
	k := s.key(st)
	if i, ok := s.index[k]; ok {
		return i, nil
	}
	if len(s.index) >= maxStates {
		return 0, fmt.Errorf("%w: more than %d reachable", ErrTooManyStates, maxStates)
	}
	i := int32(len(s.index))
	s.index[k] = i
	return i, nil
}

func (s *Solution) addEdge(a env.Action, child int32, prob float64) {
	s.action = append(s.action, a)
	s.child = append(s.child, child)
	s.prob = append(s.prob, prob)
}

// jsonKey is the default identity of a position: its JSON. A state that
// does not marshal gets a key that cannot be JSON, so it does not collide.
func jsonKey(st env.State) string {
	j, err := st.MarshalJSON()
	if err != nil {
		return "!" + err.Error()
	}
	return string(j)
}

// topoOrder returns the nodes with every node after its children, and
// whether the graph is acyclic (Kahn's algorithm on the reversed edges).
func (s *Solution) topoOrder() ([]int32, bool) {
	n := len(s.player)
	outdeg := make([]int32, n)
	parents := make([][]int32, n)
	for i := range n {
		for e := s.first[i]; e < s.first[i+1]; e++ {
			c := s.child[e]
			outdeg[i]++
			parents[c] = append(parents[c], int32(i))
		}
	}
	order := make([]int32, 0, n)
	for i := range n {
		if outdeg[i] == 0 {
			order = append(order, int32(i))
		}
	}
	for k := 0; k < len(order); k++ {
		for _, p := range parents[order[k]] {
			if outdeg[p]--; outdeg[p] == 0 {
				order = append(order, p)
			}
		}
	}
	return order, len(order) == n
}

// backward values the nodes of an acyclic graph, children first.
func (s *Solution) backward(order []int32) {
	for _, i := range order {
		s.update(int(i))
	}
	s.sweeps = 1
}

// iterate runs Gauss-Seidel value iteration, visiting nodes in reverse
// breadth-first order so that values flow back towards the root quickly.
func (s *Solution) iterate(tol float64, maxIter int) error {
	n := len(s.player)
	for s.sweeps < maxIter {
		s.sweeps++
		change := 0.0
		for i := n - 1; i >= 0; i-- {
			change = max(change, s.update(i))
		}
		if change <= tol {
			return nil
		}
		if math.IsNaN(change) || math.IsInf(change, 0) {
			return fmt.Errorf("values diverge after %d sweeps", s.sweeps)
		}
	}
	return fmt.Errorf("%w in %d sweeps (tolerance %g)", ErrNotConverged, maxIter, tol)
}

// update recomputes node i from its children and returns the largest
// change of its values.
func (s *Solution) update(i int) float64 {
	np := s.numPlayers
	p := s.player[i]
	if p == env.Terminal {
		return 0
	}
	v := s.value[i*np : (i+1)*np]
	lo, hi := s.first[i], s.first[i+1]
	change := 0.0
	if p == env.Chance {
		for q := range np {
			sum := 0.0
			for e := lo; e < hi; e++ {
				sum += s.prob[e] * s.value[int(s.child[e])*np+q]
			}
			change = max(change, math.Abs(sum-v[q]))
			v[q] = sum
		}
		return change
	}
	best := s.child[lo]
	for e := lo + 1; e < hi; e++ {
		if c := s.child[e]; s.value[int(c)*np+int(p)] > s.value[int(best)*np+int(p)] {
			best = c
		}
	}
	for q := range np {
		nv := s.value[int(best)*np+q]
		change = max(change, math.Abs(nv-v[q]))
		v[q] = nv
	}
	return change
}

// node finds st among the solved positions.
func (s *Solution) node(st env.State) (int, bool) {
	if st == nil || st.Game().Name() != s.game.Name() || st.Game().Options() != s.game.Options() {
		return 0, false
	}
	i, ok := s.index[s.key(st)]
	return int(i), ok
}

// Value returns the expected return of each seat at st under optimal play
// (against the policies of SolveOptions, where given), and false if st was not reachable from the root of Solve.
func (s *Solution) Value(st env.State) ([]float64, bool) {
	i, ok := s.node(st)
	if !ok {
		return nil, false
	}
	np := s.numPlayers
	return append([]float64(nil), s.value[i*np:(i+1)*np]...), true
}

// ActionValue returns the expected return of each seat after the seat to
// move at st plays a, or after chance picks a, and false if st is unknown,
// terminal, or a is not one of its actions.
func (s *Solution) ActionValue(st env.State, a env.Action) ([]float64, bool) {
	i, ok := s.node(st)
	if !ok {
		return nil, false
	}
	np := s.numPlayers
	for e := s.first[i]; e < s.first[i+1]; e++ {
		if s.action[e] == a {
			c := int(s.child[e])
			return append([]float64(nil), s.value[c*np:(c+1)*np]...), true
		}
	}
	return nil, false
}

// BestActions returns every optimal action of the seat to move at st, in
// ascending order: those whose value for that seat is within Tolerance of
// the best. It returns nil at a chance node, a position of a seat a policy
// plays, a terminal position, or a position not reachable from the root of
// Solve.
func (s *Solution) BestActions(st env.State) []env.Action {
	i, ok := s.node(st)
	if !ok || s.player[i] < 0 {
		return nil
	}
	np, p := s.numPlayers, int(s.player[i])
	lo, hi := s.first[i], s.first[i+1]
	best := math.Inf(-1)
	for e := lo; e < hi; e++ {
		best = max(best, s.value[int(s.child[e])*np+p])
	}
	var out []env.Action
	for e := lo; e < hi; e++ {
		if s.value[int(s.child[e])*np+p] >= best-s.tolerance {
			out = append(out, s.action[e])
		}
	}
	return out
}

// States is the number of positions reachable from the root, terminal ones
// and chance nodes included.
func (s *Solution) States() int { return len(s.player) }

// Cyclic reports whether play can return to an earlier position, so that
// Solve had to iterate.
func (s *Solution) Cyclic() bool { return s.cyclic }

// Sweeps is the number of passes over the positions Solve made: 1 for an
// acyclic graph.
func (s *Solution) Sweeps() int { return s.sweeps }

// AgentPolicy is the policy of the agent spec in g, for Solve: at each
// position, the share of samples that choose each action, each sample a
// fresh agent seeded by seed, the position's key and the sample's number,
// so that the policy is a function of the position. The agent random is
// uniform over the legal actions, exactly; a deterministic agent needs one
// sample; a searching agent is the mixture of its samples' searches (a
// search agent's choice otherwise depends on the searches it made before).
// key identifies positions as SolveOptions.Key does (nil: their JSON).
func AgentPolicy(g env.Game, spec string, samples int, seed uint64, key func(env.State) string) (Policy, error) {
	if samples < 1 {
		return nil, fmt.Errorf("search: policy of %s: %d samples, want at least 1", spec, samples)
	}
	if _, err := agents.New(spec, g, seed); err != nil {
		return nil, err
	}
	if key == nil {
		key = jsonKey
	}
	if spec == "random" {
		return func(st env.State) ([]env.Outcome, error) {
			legal := st.LegalActions(nil)
			out := make([]env.Outcome, len(legal))
			for i, a := range legal {
				out[i] = env.Outcome{Action: a, Prob: 1 / float64(len(legal))}
			}
			return out, nil
		}, nil
	}
	return func(st env.State) ([]env.Outcome, error) {
		var out []env.Outcome
		for k := range samples {
			h := fnv.New64a()
			fmt.Fprintf(h, "%d %d %s", seed, k, key(st))
			ag, err := agents.New(spec, g, h.Sum64())
			if err != nil {
				return nil, err
			}
			a, err := ag.Act(context.Background(), st)
			if err != nil {
				return nil, err
			}
			if i := slices.IndexFunc(out, func(o env.Outcome) bool { return o.Action == a }); i >= 0 {
				out[i].Prob += 1 / float64(samples)
			} else {
				out = append(out, env.Outcome{Action: a, Prob: 1 / float64(samples)})
			}
		}
		return out, nil
	}, nil
}
