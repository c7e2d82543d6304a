package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/internal/rng"
)

// Mode is how a search tree treats chance and hidden information.
type Mode int

const (
	// ClosedLoop keeps chance outcomes as tree nodes: a chance child is
	// sampled by its probability (or, with ExpandChance, visited in
	// proportion to it).
	ClosedLoop Mode = iota
	// OpenLoop keys the tree by decisions alone and re-samples chance on
	// every simulation; an action's statistics pool every outcome.
	OpenLoop
	// ISMCTS is open loop over information sets: each simulation starts
	// from a fresh Resample of what the deciding seat cannot see.
	ISMCTS
	// Determinized runs one closed-loop tree per resampled world and sums
	// the root statistics.
	Determinized
	// Halving judges the root moves by rollouts alone, on common random
	// numbers, keeping the better half each round (sequential halving).
	Halving
)

var modeNames = [...]string{"closed", "open", "ismcts", "determinized", "halving"}

func (m Mode) String() string { return modeNames[m] }

// Evaluator estimates a state's returns for every seat, in the game's
// return units. It is used where a rollout stops at its depth cutoff.
//
// A parallel search (Workers above 1) calls Evaluate from several goroutines
// at once, each with its own state: an Evaluator must be safe for concurrent
// use, keeping any scratch space per call or per goroutine. The slice it
// returns is only read.
type Evaluator interface {
	Evaluate(s env.State) []float64
}

// EvaluatorFunc adapts a function to Evaluator.
type EvaluatorFunc func(s env.State) []float64

// Evaluate implements Evaluator.
func (f EvaluatorFunc) Evaluate(s env.State) []float64 { return f(s) }

// Config is one search's settings. The zero value is not useful: start
// from DefaultConfig.
type Config struct {
	Mode Mode
	// Sims is the number of simulations per move; Time, if set, stops the
	// search earlier. Only a Sims budget is reproducible.
	Sims int
	Time time.Duration
	// C is the UCT exploration constant, on values normalised to [0, 1] by
	// the range of returns the search has seen.
	C float64
	// Rollout names the agent that plays rollouts ("random" is a fast
	// built-in); Depth stops a rollout after that many decisions (0: play
	// to the end) and scores it with Evaluator, or with Returns if nil.
	Rollout   string
	Depth     int
	Evaluator Evaluator
	// Mix, above 0 (with Evaluator and no Depth), scores a simulation by
	// (1-Mix) × the rollout's return + Mix × Evaluator's estimate of the
	// state the rollout starts from (AlphaGo's λ).
	Mix float64
	// FinalByValue picks the root action with the best mean value instead
	// of the most visits.
	FinalByValue bool
	// ExpandChance visits a closed-loop chance node's outcomes in
	// proportion to their probabilities instead of sampling them.
	ExpandChance bool
	// Reuse starts the next move's search from the subtree of the position
	// reached: found by replaying the tree in closed loop, the chosen
	// action's node in open loop on a one-seat game.
	Reuse bool
	// PriorWeight, if above 0, favours the rollout agent's own choice at
	// each decision (a PUCT-style prior): it is tried first, and gets a
	// bonus of PriorWeight*share/(1+visits), share being how often the
	// agent chose it there. With a strong rollout agent the search then
	// starts from that agent's plan and departs from it on evidence.
	PriorWeight float64
	// Policy, if set, is the prior instead (PUCT, weighted by PriorWeight):
	// its probability of each action, given once when the action's node
	// is added.
	Policy PriorPolicy
	// Workers searches in parallel. Tree parallelism (the default) shares
	// one tree, selecting rounds of leaves with virtual loss and running
	// their rollouts at once; root parallelism (RootParallel) grows one tree
	// per worker and merges the root statistics. Both are deterministic for
	// a fixed Seed, Sims and Workers.
	Workers      int
	RootParallel bool
	// Worlds is the number of resampled worlds of Determinized.
	Worlds int
	// Early ends a shared-tree search with a simulation budget as soon as
	// no root action can overtake the most visited one in the simulations
	// left: the move is the one the whole budget would choose (with final
	// by visits), for less work where the choice is clear.
	Early bool
	// Sure, above 0 and with a Policy, plays the policy's choice at once
	// where it gives one legal action at least this probability: the
	// simulations go to the decisions the policy is unsure of (an
	// assumption that a sure policy rarely loses much by being trusted, to
	// be measured for each policy).
	Sure float64
	// At, if set, names the kinds of decision searched (the game's
	// env.DecisionKinds); the rollout agent plays every other decision,
	// at the root and inside the tree alike, so the tree branches only at
	// these. Open loop, IS-MCTS and Halving only.
	At []string
	// Margin, in Halving, keeps the rollout agent's move in every round and
	// leaves it only for a move whose mean beats it by Margin standard
	// errors of their paired difference (0: the best survivor by mean).
	Margin float64
	// Opponent, if it names agents, plays some seats by policy, as chance
	// (opponent.go): the search is a best response to it.
	Opponent Opponent
	Seed     uint64
}

// DefaultConfig is a sensible starting point.
func DefaultConfig() Config {
	return Config{Mode: ClosedLoop, Sims: 1000, C: 1.4, Rollout: "random", Workers: 1, Worlds: 8}
}

// Stat is one root action's statistics after a search.
type Stat struct {
	Action env.Action
	Visits int
	Value  float64 // mean return to the deciding seat
	// SD is the standard deviation of those returns (0 with fewer than two
	// visits, or where the search does not keep it: halving, reuse).
	SD float64
}

// Result is a finished search.
type Result struct {
	Action env.Action
	Stats  []Stat // root actions, sorted by action
	Sims   int
	Nodes  int
	// Sure is the policy's probability of Action where it was played
	// unsearched for being at least Config.Sure; 0 otherwise.
	Sure float64
}

// worker holds one goroutine's (or one leaf slot's) scratch: its random
// stream, its rollout agent, the state it simulates on and its buffers.
type worker struct {
	src       rng.PCG      // math/rand/v2's PCG, drawn from without a call
	rng       *rand.Rand   // src's
	rollout   agents.Agent // nil: uniform random
	state     env.State    // reused through env.Copier where the game offers it
	legal     []env.Action
	fresh     []env.Action
	outcomes  []env.Outcome
	path      []int32
	rets      []float64
	leaf      []float64  // Evaluator's estimate where the rollout starts (Config.Mix)
	probs     []float64  // the policy's priors (Config.Policy)
	dice      *rand.Rand // this simulation's chance stream (SetDice), or nil
	common    *rand.Rand // Halving: the dice every candidate of a sample rolls
	commonPCG rand.PCG
	model     modelScratch // the opponent model's agents (opponent.go)
	// err is the first failure of this worker's simulations (an agent's
	// error, an illegal move, a game past its longest): the simulation it
	// ends is not backed up, and Search stops and reports it, unless it is
	// errCancelled.
	err error
	// steps counts the actions of the simulation under way, descent and
	// rollout, against Searcher.maxSteps.
	steps int
}

// intn draws uniformly from [0, n) straight from the worker's PCG
// (Lemire's multiply-and-reject), sparing rand.Rand's indirect call.
func (wk *worker) intn(n int) int { return wk.src.IntN(n) }

// Searcher runs MCTS for one game. It is not safe for concurrent use.
type Searcher struct {
	cfg     Config
	game    env.Game
	trees   []tree
	workers []*worker // one per goroutine of a forest search
	slots   []*worker // one per leaf of a shared-tree round
	sims    uint64    // simulations run so far, for per-simulation streams
	// reuse: the chosen child kept after the last move, and the position
	// it was chosen in.
	kept     int32
	keptRoot env.State
	dice     func() *rand.Rand // SetDice
	opp      opponentState     // the opponent model (opponent.go)
	failed   atomic.Bool       // a worker has failed: the search stops
	// facts are the game's (env.Facts; zero where it declares none), and
	// declared says it declares them.
	facts    env.Facts
	declared bool
	// maxSteps bounds a simulation: the game's longest game, or
	// UnboundedSteps where it declares none.
	maxSteps int
	// ctx is the search's, which a simulation checks every cancelEvery
	// steps and hands to the agents it asks.
	ctx context.Context
}

// UnboundedSteps bounds a simulation of a game that declares no longest
// game (env.Facts.MaxGameLength 0, as Pig without a horizon): a rollout
// policy that never ends such a game fails the search after this many
// steps, rather than spin for ever.
const UnboundedSteps = 1 << 20

// cancelEvery is how often, in steps, a simulation checks for
// cancellation: a rare call, yet a fraction of a second apart at worst.
const cancelEvery = 1 << 10

// errCancelled ends a simulation cut short by the caller's cancellation:
// not a failure, so Search returns what it has.
var errCancelled = errors.New("search: cancelled")

// NewSearcher checks cfg and prepares a searcher for g.
func NewSearcher(g env.Game, cfg Config) (*Searcher, error) {
	if cfg.Sims <= 0 && cfg.Time <= 0 {
		return nil, errors.New("search: need a simulation or a time budget")
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if len(cfg.At) > 0 && cfg.Mode != OpenLoop && cfg.Mode != ISMCTS && cfg.Mode != Halving {
		return nil, errors.New("search: option at needs an open-loop search (openloop, ismcts or halving)")
	}
	if cfg.Mode == Halving && (cfg.Workers > 1 || cfg.Sims <= 0 || cfg.Policy != nil) {
		return nil, errors.New("search: halving needs a sims budget and one worker, and takes no policy")
	}
	if cfg.Mode == Determinized && cfg.Worlds < 1 {
		return nil, errors.New("search: determinized search needs at least one world")
	}
	s := &Searcher{cfg: cfg, game: g, kept: -1}
	s.facts, s.declared = env.GameFacts(g)
	s.maxSteps, s.ctx = UnboundedSteps, context.Background()
	if s.facts.MaxGameLength > 0 {
		s.maxSteps = s.facts.MaxGameLength
	}
	if err := s.initOpponent(); err != nil {
		return nil, err
	}
	for w := 0; w < cfg.Workers; w++ {
		wk, err := s.newWorker(uint64(w))
		if err != nil {
			return nil, err
		}
		s.workers = append(s.workers, wk)
	}
	// A shared tree takes several leaves per worker each round, so that
	// rollouts of uneven length even out between the workers.
	nslots := 1
	if cfg.Workers > 1 && !cfg.RootParallel {
		nslots = 2 * cfg.Workers * leavesPerWorker // two batches in flight
	}
	for j := 0; j < nslots; j++ {
		wk, err := s.newWorker(uint64(j))
		if err != nil {
			return nil, err
		}
		s.slots = append(s.slots, wk)
	}
	ntrees := 1
	if cfg.RootParallel {
		ntrees = cfg.Workers
	}
	if cfg.Mode == Determinized {
		ntrees = max(ntrees, cfg.Worlds)
	}
	s.trees = make([]tree, ntrees)
	return s, nil
}

// pathCap is the depth of tree a worker's path holds before it grows: more
// than the searches measured reach, so that a fresh Searcher's first search
// does not grow it.
const pathCap = 64

// newWorker makes the scratch of one worker or leaf slot, with a rollout
// agent of its own seeded by the slot, so that no rollout depends on which
// goroutine runs it.
func (s *Searcher) newWorker(slot uint64) (*worker, error) {
	n := s.game.NumDistinctActions()
	wk := &worker{
		legal:    make([]env.Action, 0, n),
		fresh:    make([]env.Action, 0, n),
		outcomes: make([]env.Outcome, 0, n), // as env.State promises not to grow
		path:     make([]int32, 0, pathCap),
		rets:     make([]float64, 0, s.game.NumPlayers()),
	}
	wk.src.Seed(s.cfg.Seed, slot+1)
	wk.rng = rand.New(&wk.src)
	if err := s.newModels(wk, slot); err != nil {
		return nil, err
	}
	if s.cfg.Rollout == "" || s.cfg.Rollout == "random" {
		return wk, nil
	}
	ag, err := agents.New(s.cfg.Rollout, s.game, s.cfg.Seed^(slot+1)*rng.Golden)
	if err != nil {
		return nil, fmt.Errorf("search: rollout: %w", err)
	}
	wk.rollout = ag
	return wk, nil
}

// Config is the searcher's settings, for a caller that reports how its
// search ended (the advisor: its simulations, its time or its early stop).
func (s *Searcher) Config() Config { return s.cfg }

// SearchMove is Search for a caller that plays the move it returns: the
// caller's cancellation is an error, since a search cut short is not the
// move asked for.
func (s *Searcher) SearchMove(ctx context.Context, root env.State) (Result, error) {
	r, err := s.Search(ctx, root)
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("search: cancelled after %d simulations: %w", r.Sims, ctx.Err())
	}
	return r, err
}

// Search chooses an action for the seat to move at root. A failure in a
// simulation (a rollout or model agent's error, a move the game refuses)
// is its error. A cancelled ctx stops it early with the result so far and
// no error, for callers that show partial advice: a caller that plays the
// searched move calls SearchMove, or checks ctx.Err() itself, as Agent does.
func (s *Searcher) Search(ctx context.Context, root env.State) (Result, error) {
	r, err := s.search(ctx, root)
	s.release()
	return r, err
}

// search is Search, leaving the trees as the search grew them (for tests).
func (s *Searcher) search(ctx context.Context, root env.State) (Result, error) {
	p := root.CurrentPlayer()
	if p < 0 {
		return Result{}, fmt.Errorf("search: no seat to move (player %d)", p)
	}
	if err := s.bindOpponent(root); err != nil {
		return Result{}, err
	}
	s.ctx = ctx
	defer func() { s.ctx = context.Background() }()
	s.clearErrors()
	if !s.searches(root) {
		wk := s.slots[0]
		a := s.planned(root, wk)
		if wk.legal = root.LegalActions(wk.legal); wk.err == nil && !contains(wk.legal, a) {
			s.fail(wk, fmt.Errorf("search: rollout agent %s chose %s for %s, which is not legal", s.cfg.Rollout, root.ActionString(a), env.SeatName(s.game, p)))
		}
		if err := s.takeError(); err != nil {
			return Result{}, err
		}
		return Result{Action: a}, nil
	}
	if a, p, ok := s.sureOf(root); ok {
		// The tree kept for reuse branched at this decision: it is no
		// longer the next search's.
		s.kept, s.keptRoot = -1, nil
		return Result{Action: a, Sure: p}, nil
	}
	var deadline time.Time
	if s.cfg.Time > 0 {
		deadline = time.Now().Add(s.cfg.Time)
	}
	budget := s.cfg.Sims
	if budget <= 0 {
		budget = math.MaxInt
	}
	var res Result
	switch {
	case s.cfg.Mode == Halving:
		res = s.searchHalving(ctx, root, budget, deadline)
	case s.cfg.Mode == Determinized || s.cfg.RootParallel:
		s.searchForest(ctx, root, budget, deadline)
	default:
		s.searchShared(ctx, root, budget, deadline)
	}
	if err := s.takeError(); err != nil {
		return Result{}, err
	}
	if s.cfg.Mode == Halving {
		return res, nil
	}
	if err := s.checkRange(); err != nil {
		return Result{}, err
	}
	return s.result(root), nil
}

// checkRange reports a return the trees backed up outside the range the
// game declares (env.Facts): the game breaks its own facts. An
// Evaluator's estimates at a depth cutoff or mixed in are not returns and
// may stray.
func (s *Searcher) checkRange() error {
	if !s.declared || (s.cfg.Depth > 0 && s.cfg.Evaluator != nil) || s.cfg.Mix > 0 {
		return nil
	}
	const tol = 1e-9
	for i := range s.trees {
		t := &s.trees[i]
		if len(t.nodes) == 0 || t.lo > t.hi { // not searched, or nothing backed up
			continue
		}
		if t.lo < s.facts.MinReturn-tol || t.hi > s.facts.MaxReturn+tol {
			return fmt.Errorf("search: returns from %v to %v, outside the range [%v, %v] %s declares (env.Facts)",
				t.lo, t.hi, s.facts.MinReturn, s.facts.MaxReturn, s.game.Name())
		}
	}
	return nil
}

// release lends the trees' arenas to the next search, unless the tree is
// kept for the next move (Reuse).
func (s *Searcher) release() {
	if s.cfg.Reuse {
		return
	}
	for i := range s.trees {
		s.trees[i].release()
	}
}

// stopped reports whether the search must stop: the caller cancelled, a
// worker failed, or the time budget is spent.
func (s *Searcher) stopped(ctx context.Context, deadline time.Time) bool {
	if ctx.Err() != nil || s.failed.Load() {
		return true
	}
	return !deadline.IsZero() && time.Now().After(deadline)
}

// fail records a worker's failure and stops the search. Only the
// worker's own goroutine calls it during a round.
func (s *Searcher) fail(wk *worker, err error) {
	if wk.err == nil {
		wk.err = err
	}
	s.failed.Store(true)
}

// clearErrors forgets the failures of an earlier search.
func (s *Searcher) clearErrors() {
	for _, wk := range s.workers {
		wk.err = nil
	}
	for _, wk := range s.slots {
		wk.err = nil
	}
	s.failed.Store(false)
}

// takeError is the first failure of the search just run, by worker then
// slot order, if any, and clears them all. A cancellation is no failure.
func (s *Searcher) takeError() error {
	var first error
	for _, wk := range slices.Concat(s.workers, s.slots) {
		if first == nil && wk.err != errCancelled {
			first = wk.err
		}
	}
	s.clearErrors()
	return first
}

// stepOn counts a step of wk's simulation, at a state that is not the
// end, and reports whether the simulation goes on: false, the reason
// recorded, once it passes the longest game or the caller has cancelled.
func (s *Searcher) stepOn(wk *worker) bool {
	wk.steps++
	if wk.steps > s.maxSteps {
		s.tooLong(wk)
		return false
	}
	if wk.steps%cancelEvery == 0 && s.ctx.Err() != nil {
		s.fail(wk, errCancelled)
		return false
	}
	return true
}

// tooLong records a simulation past the longest game.
func (s *Searcher) tooLong(wk *worker) {
	who := "random rollouts"
	if wk.rollout != nil {
		who = "rollout agent " + s.cfg.Rollout
	}
	bound := fmt.Sprintf("the longest game %s declares (env.Facts)", s.game.Name())
	if s.maxSteps == UnboundedSteps && s.facts.MaxGameLength == 0 {
		bound = fmt.Sprintf("search's bound for %s, which declares no longest game", s.game.Name())
	}
	s.fail(wk, fmt.Errorf("search: a simulation passed %d steps, %s, without ending the game: does %s ever end it?", s.maxSteps, bound, who))
}

// presize is the arena a tree of sims simulations is given: each
// simulation expands at most one node, and a search's tree is about one to
// three nodes a simulation on the games measured (tic-tac-toe, Pig, St.
// Nazaire), so three a simulation, plus the root's children, rarely grows.
func (s *Searcher) presize(root env.State, sims int, wk *worker) int {
	if sims >= maxPresize {
		return maxPresize
	}
	wk.legal = root.LegalActions(wk.legal)
	return 3*sims + len(wk.legal) + 1
}

// startState is the state a simulation starts from: the root copied into
// the worker's own state, or a fresh resample in IS-MCTS.
func (s *Searcher) startState(root env.State, wk *worker) env.State {
	s.startDice(wk)
	s.pickModel(wk)
	if s.cfg.Mode == ISMCTS {
		return env.Resample(root, root.CurrentPlayer(), wk.rng)
	}
	wk.state = env.CopyState(wk.state, root)
	return wk.state
}

// descend walks from the root to a leaf, applying actions to st, and
// returns the path of nodes. A decision node is a leaf the first time it
// is reached; chance is sampled on the way. Where a move fails (an agent's
// error, an illegal move) it records the failure in wk.err and stops there:
// the caller then neither rolls out nor backs up.
func (s *Searcher) descend(t *tree, st env.State, wk *worker, vloss bool) []int32 {
	open := s.cfg.Mode == OpenLoop || s.cfg.Mode == ISMCTS
	fast := s.contiguousSelection(open, vloss)
	// plain: no seat is played by a model and every decision is searched,
	// so the loop need not ask at each (the common search).
	plain := s.opp.mask == 0 && len(s.cfg.At) == 0
	path := append(wk.path[:0], 0)
	n := int32(0)
	wk.steps = 0
	for {
		p := st.CurrentPlayer()
		if p == env.Terminal || !s.stepOn(wk) {
			break
		}
		if !plain && s.modelled(p) {
			n = s.modelMove(t, n, st, wk, open)
			if wk.err != nil {
				break
			}
			if !open {
				path = append(path, n)
			}
			continue
		}
		if p == env.Chance {
			if open {
				if !s.applyChance(st, wk.sampleChance(st), wk) {
					break
				}
				continue
			}
			a := s.chanceChild(t, n, st, wk)
			c := t.find(n, a)
			if c < 0 {
				c = t.add(n, a, -1)
			}
			if !s.applyChance(st, a, wk) {
				break
			}
			n = c
			path = append(path, n)
			continue
		}
		if n != 0 && t.nodes[n].visits == 0 {
			wk.steps-- // a leaf: the rollout takes the step from here
			break
		}
		if !plain && !s.searches(st) {
			// No node: the tree branches only where it searches. An illegal
			// plan leaves st as it was, so it must end the descent.
			if a := s.planned(st, wk); wk.err != nil || !s.applyPlanned(st, a, wk) {
				break
			}
			continue
		}
		var c int32
		if nd := &t.nodes[n]; fast && nd.kids > 0 {
			c = s.selectContiguous(t, nd, wk) // selectChild's common case, without its preamble
		} else if vloss && nd.kids > 0 && s.contiguousSelection(open, false) {
			c = s.selectContiguousVL(t, n) // the same, in a parallel search
		} else {
			c = s.selectChild(t, n, int8(p), st, wk, open, vloss)
			if wk.err != nil { // the prior's agent failed in expand
				break
			}
		}
		if vloss {
			t.aux[c].vloss++
		}
		n = c
		path = append(path, n)
		if err := st.Apply(env.Action(t.nodes[c].action)); err != nil {
			s.fail(wk, fmt.Errorf("search: tree move %s for %s: %w",
				st.ActionString(env.Action(t.nodes[c].action)), env.SeatName(s.game, p), err))
			break
		}
	}
	wk.path = path
	return path
}

// applyChance plays a chance outcome the game offered, or records its
// refusal and reports false.
func (s *Searcher) applyChance(st env.State, a env.Action, wk *worker) bool {
	if err := st.Apply(a); err != nil {
		s.chanceRefused(st, a, wk, err)
		return false
	}
	return true
}

// chanceRefused records a chance outcome the game refused. (The error
// paths are functions of their own so that the rollout's steps inline.)
func (s *Searcher) chanceRefused(st env.State, a env.Action, wk *worker, err error) {
	s.fail(wk, fmt.Errorf("search: chance outcome %s: %w", st.ActionString(a), err))
}

// applyPlanned plays the rollout agent's (or a random) move, or records
// its refusal and reports false.
func (s *Searcher) applyPlanned(st env.State, a env.Action, wk *worker) bool {
	if err := st.Apply(a); err != nil {
		s.plannedRefused(st, a, wk, err)
		return false
	}
	return true
}

// plannedRefused records a rollout move the game refused.
func (s *Searcher) plannedRefused(st env.State, a env.Action, wk *worker, err error) {
	who := "random rollout"
	if wk.rollout != nil {
		who = "rollout agent " + s.cfg.Rollout
	}
	s.fail(wk, fmt.Errorf("search: %s chose %s for %s, which the game refused: %w",
		who, st.ActionString(a), env.SeatName(s.game, st.CurrentPlayer()), err))
}

// searches reports whether the decision pending in st is of a kind the
// search branches on (Config.At).
func (s *Searcher) searches(st env.State) bool {
	if len(s.cfg.At) == 0 {
		return true
	}
	k, ok := st.(env.DecisionKinder)
	return !ok || slices.Contains(s.cfg.At, k.DecisionKind())
}

// planned is the rollout agent's choice in st, or a random legal action
// where there is no agent. An agent's error is recorded in wk.err (the
// action returned is then meaningless).
func (s *Searcher) planned(st env.State, wk *worker) env.Action {
	if wk.rollout != nil {
		a, err := wk.rollout.Act(s.ctx, st)
		if err != nil {
			s.rolloutFailed(st, wk, err)
		}
		return a
	}
	wk.legal = st.LegalActions(wk.legal)
	if len(wk.legal) == 0 {
		s.noLegalAction(st, wk)
		return 0
	}
	return wk.legal[wk.intn(len(wk.legal))]
}

// noLegalAction records a decision with nothing to choose from.
func (s *Searcher) noLegalAction(st env.State, wk *worker) {
	s.fail(wk, fmt.Errorf("search: %s is to move with no legal action", env.SeatName(s.game, st.CurrentPlayer())))
}

// rolloutFailed records the rollout agent's error, naming the agent: a
// cancellation where the caller has cancelled.
func (s *Searcher) rolloutFailed(st env.State, wk *worker, err error) {
	if s.ctx.Err() != nil {
		s.fail(wk, errCancelled)
		return
	}
	s.fail(wk, fmt.Errorf("search: rollout agent %s for %s: %w", s.cfg.Rollout, env.SeatName(s.game, st.CurrentPlayer()), err))
}

// chanceChild samples an outcome, or with ExpandChance takes the outcome
// furthest behind its share of the node's visits.
func (s *Searcher) chanceChild(t *tree, n int32, st env.State, wk *worker) env.Action {
	if !s.cfg.ExpandChance || wk.dice != nil {
		return wk.sampleChance(st)
	}
	wk.outcomes = st.ChanceOutcomes(wk.outcomes)
	best, bestGap := wk.outcomes[0].Action, math.Inf(-1)
	total := float64(t.nodes[n].visits + 1)
	for _, o := range wk.outcomes {
		v := 0.0
		if c := t.find(n, o.Action); c >= 0 {
			v = float64(t.nodes[c].visits)
		}
		if gap := o.Prob*total - v; gap > bestGap {
			best, bestGap = o.Action, gap
		}
	}
	return best
}

// rollout plays st to the end, or to the depth cutoff, and returns every
// seat's return, in the worker's buffer where the game writes them there;
// nil where a move failed, the simulation passed the longest game or the
// caller cancelled (wk.err says which). With Config.Mix the returns are
// mixed with Evaluator's estimate of st.
func (s *Searcher) rollout(st env.State, wk *worker) []float64 {
	if s.cfg.Mix == 0 {
		return s.playout(st, wk)
	}
	wk.leaf = append(wk.leaf[:0], s.cfg.Evaluator.Evaluate(st)...)
	ret := s.playout(st, wk)
	for i := range ret {
		ret[i] = (1-s.cfg.Mix)*ret[i] + s.cfg.Mix*wk.leaf[i]
	}
	return ret
}

// playout is rollout without the mix.
func (s *Searcher) playout(st env.State, wk *worker) []float64 {
	if wk.rollout == nil && s.cfg.Depth == 0 && s.opp.mask == 0 {
		// A state that plays its own random game (env.RandomPlayer) plays
		// rollouts other than the loop's, but as random, and as
		// reproducible.
		if rp, ok := st.(env.RandomPlayer); ok {
			rp.PlayRandom(&wk.src)
			wk.rets = env.WriteReturns(st, wk.rets)
			return wk.rets
		}
	}
	decisions := 0
	for {
		p := st.CurrentPlayer()
		if p == env.Terminal {
			break
		}
		if !s.stepOn(wk) {
			return nil
		}
		if p == env.Chance {
			a := wk.sampleChance(st)
			if err := st.Apply(a); err != nil {
				s.chanceRefused(st, a, wk, err)
				return nil
			}
			continue
		}
		if s.modelled(p) { // the model's moves are not the rollout's decisions
			if s.modelMove(nil, 0, st, wk, true); wk.err != nil {
				return nil
			}
			continue
		}
		if s.cfg.Depth > 0 && decisions >= s.cfg.Depth {
			if s.cfg.Evaluator != nil {
				return s.cfg.Evaluator.Evaluate(st)
			}
			break
		}
		decisions++
		// An unfinished game's running score is no return: a failed move
		// fails the search. A random move is drawn here, as planned draws
		// it, without the calls: a random rollout is the hot loop of every
		// plain search.
		var a env.Action
		if wk.rollout == nil {
			if wk.legal = st.LegalActions(wk.legal); len(wk.legal) == 0 {
				s.noLegalAction(st, wk)
				return nil
			}
			a = wk.legal[wk.intn(len(wk.legal))]
		} else if a = s.planned(st, wk); wk.err != nil {
			return nil
		}
		if err := st.Apply(a); err != nil {
			s.plannedRefused(st, a, wk, err)
			return nil
		}
	}
	wk.rets = env.WriteReturns(st, wk.rets)
	return wk.rets
}

// result merges the root statistics of every tree and picks the action.
func (s *Searcher) result(root env.State) Result {
	wk := s.slots[0] // its scratch, idle now
	wk.legal = root.LegalActions(wk.legal)
	legal := wk.legal
	res := Result{Stats: make([]Stat, len(legal))}
	sums := make([]float64, len(legal))
	sqs := make([]float64, len(legal))
	for i, a := range legal {
		res.Stats[i].Action = a
	}
	trees := s.trees
	if !(s.cfg.Mode == Determinized || s.cfg.RootParallel) {
		trees = trees[:1]
	}
	for ti := range trees {
		t := &trees[ti]
		res.Nodes += len(t.nodes)
		res.Sims += int(t.nodes[0].visits)
		for c := t.nodes[0].child; c >= 0; c = t.nodes[c].sibling {
			for i, a := range legal {
				if a == env.Action(t.nodes[c].action) {
					res.Stats[i].Visits += int(t.nodes[c].visits)
					sums[i] += t.nodes[c].sum
					if t.rootSq != nil {
						sqs[i] += t.rootSq[a]
					}
				}
			}
		}
	}
	best := -1
	for i := range res.Stats {
		if n := float64(res.Stats[i].Visits); n > 0 {
			res.Stats[i].Value = sums[i] / n
			if n > 1 && !s.cfg.Reuse {
				res.Stats[i].SD = math.Sqrt(max(0, (sqs[i]-n*res.Stats[i].Value*res.Stats[i].Value)/(n-1)))
			}
		}
		if best < 0 || s.better(res.Stats[i], res.Stats[best]) {
			best = i
		}
	}
	res.Action = res.Stats[best].Action
	if s.cfg.Reuse && !s.cfg.RootParallel && s.cfg.Mode != Determinized {
		s.kept, s.keptRoot = s.trees[0].find(0, res.Action), root.Clone()
	}
	return res
}

func (s *Searcher) better(a, b Stat) bool {
	if s.cfg.FinalByValue && a.Visits > 0 && b.Visits > 0 {
		return a.Value > b.Value
	}
	if a.Visits != b.Visits {
		return a.Visits > b.Visits
	}
	return a.Value > b.Value
}
