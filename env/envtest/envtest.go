package envtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/chariot-ai/chariot/internal/sweep"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TB is the part of testing.TB that Check uses. *testing.T, *testing.B and
// *testing.F satisfy it; a test of the suite itself can pass a recorder.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// Config tunes Check. The zero value is usable.
type Config struct {
	// Games is the number of random games to play (default 20).
	Games int
	// Seed is the base seed: game i starts from NewInitialState(Seed+i) and
	// chooses its actions from a stream seeded by Seed and i.
	Seed uint64
	// MaxSteps caps the actions, chance outcomes included, of one game
	// (default: one past the game's declared longest game, env.Facts, or
	// 10000 where it declares none). A game still running at the cap is
	// logged, not failed, unless it has passed its declared longest game.
	MaxSteps int
	// Invariant, if set, is checked at every state; an error fails the game.
	Invariant func(s env.State) error
	// Unregistered is for a game a package builds for its own use and does
	// not register (a search's view of another game, such as the Avalon
	// Hill raid's by plans): the checks that the registry rebuilds it from
	// Name and Options are left out; every other check runs.
	Unregistered bool
	// Skip names checks of the optional interfaces to leave out (the
	// Check* constants). It is for a game that fails one while its fix is
	// pending: each skip carries a TODO saying what fails. An unknown name
	// fails the suite.
	Skip []string
}

// The checks of the optional interfaces, by the names Config.Skip takes.
// Each runs where the game or its state offers the interface.
const (
	CheckResample   = "resample"   // a Resampler, or PerfectInformation embedded
	CheckSeats      = "seats"      // Seater: one distinct name a seat
	CheckShape      = "shape"      // Shaper: the product is ObservationSize
	CheckKinds      = "kinds"      // DecisionKinds with DecisionKinder: a decision's kind is one of them, "" elsewhere
	CheckCaveats    = "caveats"    // Caveats: one line each
	CheckBoard      = "board"      // BoardDrawer: a valid board, which PieceLister and BoardActioner need
	CheckPrompt     = "prompt"     // Prompter: one line until the end
	CheckPhase      = "phase"      // Phaser: one line, "turn N, " then the phase
	CheckOutcomes   = "outcomes"   // every chance outcome entered by number, "roll N", name and ActionString
	CheckUniform    = "uniform"    // UniformChancer: a fair die claimed is the die ChanceOutcomes lists
	CheckLeaf       = "leaf"       // LeafValuer: NumPlayers finite values, deterministic
	CheckRuleBot    = "rulebot"    // RuleBot: the rules' action is legal
	CheckActions    = "actions"    // BoardActioner: a click on a place plays the moves that name it
	CheckPieces     = "pieces"     // PieceLister: every piece on the board
	CheckLayout     = "layout"     // PieceLister: no two stacks overlap as the page lays them out
	CheckCopier     = "copier"     // Copier: CopyFrom is Clone in place, sharing nothing, allocating nothing
	CheckReturns    = "returns"    // ReturnsWriter: WriteReturns is Returns, allocating nothing
	CheckFeatures   = "features"   // Featurer: encodings match their docs in length and range
	CheckNarrate    = "narrate"    // Narrator: the account matches the change (env.Narrator)
	CheckEdit       = "edit"       // Editor: examples apply, round-trip through JSON, replay and undo
	CheckPlayRandom = "playrandom" // RandomPlayer: plays to the end, reproducibly, returns distributed as random play through Apply
)

var checkNames = []string{CheckResample, CheckSeats, CheckShape, CheckKinds, CheckCaveats, CheckBoard, CheckPrompt,
	CheckPhase, CheckOutcomes, CheckUniform, CheckLeaf, CheckRuleBot, CheckActions, CheckPieces, CheckLayout, CheckCopier,
	CheckReturns, CheckFeatures, CheckNarrate, CheckEdit, CheckPlayRandom}

// on reports whether the named check runs.
func (c *checker) on(name string) bool { return !slices.Contains(c.cfg.Skip, name) }

// named marks an error with the check that found it.
func named(check string, err error) error { return fmt.Errorf("%s: %w", check, err) }

// Defaults of Config.
const (
	DefaultGames    = 20
	DefaultMaxSteps = 10000
)

// plainGames caps Config.Games in a plain go test, shortGames under
// -short; CHARIOT_LONG=1 plays them all (package sweep).
const (
	plainGames = 5
	shortGames = 3
)

// maxReported is how many failing games Check reports before it gives up.
const maxReported = 5

// allocEvery is how often, in steps, Check measures that LegalActions does
// not allocate; the measurement repeats the call allocRuns times.
const (
	allocEvery = 8
	allocRuns  = 100
)

// Check plays cfg.Games random games of g and reports through t every way
// in which g breaks the env contract. Each failing game is reported once,
// with its seed, the step and the state's JSON, and play of that game stops
// there. It checks the game itself (it is registered and rebuilds from
// Name and Options, and declares env.Facts that hold together) and, at
// every state:
//
//   - CurrentPlayer is a seat, Chance or Terminal, and IsTerminal agrees;
//   - LegalActions are sorted, unique, in range, non-empty exactly when the
//     game is not over, overwrite the buffer, and do not allocate;
//   - at a chance node ChanceOutcomes have positive probabilities summing
//     to 1 within 1e-9, sorted, the same set as LegalActions; elsewhere none;
//   - ParseAction reads back ActionString of every legal action;
//   - Apply of an illegal action (one in range if any, -1 and
//     NumDistinctActions) returns an error wrapping env.ErrIllegal and leaves
//     the state's JSON unchanged;
//   - the JSON round-trips byte for byte through Game().UnmarshalState,
//     and the decoded state behaves as the original: the same player,
//     actions, chance outcomes, names, observations, returns, score and
//     String, and (every eighth step) the same again along a few
//     moves played on both;
//   - Clone is independent both ways;
//   - Observation has ObservationSize finite entries, for every seat, and
//     overwrites a reused buffer; Observe marshals to JSON;
//   - Resample for the deciding seat keeps its Observation, the current
//     player and the legal actions;
//   - Returns has NumPlayers finite entries; Score is finite with the same
//     metric names throughout;
//   - the declared facts hold: every return within the range, the final
//     returns as the utility says, no chance node with more outcomes and
//     no game longer than declared;
//   - the queries leave the state unchanged, and cfg.Invariant holds;
//   - every optional interface the game or the state offers keeps its
//     contract (the Check* constants list them): at a chance node every
//     outcome is entered by number, "roll N", name and ActionString; a
//     decision's kind is one of the game's; the pieces lie on the board
//     and their stacks overlap nowhere on the advisor's page (layout.go);
//     every action's cell is a place it names; CopyFrom and WriteReturns
//     agree with Clone and Returns without allocating; a leaf value is
//     finite; features keep to their docs; each step's narration matches
//     the change (env.Narrator); a state's own random game (PlayRandom)
//     ends, is fixed by its stream, and its returns are distributed as
//     random play's through Apply; and, every editEvery steps, each edit
//     example applies, round-trips through JSON and replays, and undoing
//     it (replaying the history without it) gives the state back.
func Check(t TB, g env.Game, cfg Config) {
	t.Helper()
	if cfg.Games <= 0 {
		cfg.Games = DefaultGames
	}
	// Every check runs on every game's states; a plain run plays fewer
	// games than asked, CI's long step (CHARIOT_LONG=1) all of them, and
	// the race-detector pass (-short) fewer still.
	cfg.Games = sweep.Size(cfg.Games, plainGames, shortGames)
	id := g.Name() + ":" + g.Options()
	for _, k := range cfg.Skip {
		if !slices.Contains(checkNames, k) {
			t.Errorf("envtest: %s: Config.Skip names no check %q (known: %v)", id, k, checkNames)
			return
		}
	}
	if err := checkGame(g, cfg.Seed, !cfg.Unregistered); err != nil {
		t.Errorf("envtest: %s: %v", id, err)
		return
	}
	facts, err := declaredFacts(g)
	if err != nil {
		t.Errorf("envtest: %s: %v", id, err)
		return
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = DefaultMaxSteps
		if facts.MaxGameLength > 0 {
			cfg.MaxSteps = facts.MaxGameLength + 1
		}
	}
	c := &checker{g: g, cfg: cfg, facts: facts}
	if err := c.checkGamePlugins(g); err != nil {
		t.Errorf("envtest: %s: %v", id, err)
		return
	}
	failed := 0
	for i := range cfg.Games {
		seed := cfg.Seed + uint64(i)
		steps, terminal, err := c.play(seed, uint64(i))
		if err != nil {
			t.Errorf("envtest: %s game %d (seed %d): %v", id, i, seed, err)
			if failed++; failed == maxReported {
				t.Errorf("envtest: %s: stopping after %d failing games", id, failed)
				return
			}
			continue
		}
		if !terminal {
			t.Logf("envtest: %s game %d (seed %d): not over after %d steps", id, i, seed, steps)
		}
	}
}

// CheckUnmarshalNoPanic feeds data to g.UnmarshalState for a fuzz target.
// Rejection is fine; a panic is reported. An accepted state must satisfy the
// contract: it re-encodes to JSON that decodes to the same JSON, passes the
// per-state checks of Check, and plays on for a few random steps. skip
// leaves checks out, as Config.Skip.
func CheckUnmarshalNoPanic(t TB, g env.Game, data []byte, skip ...string) {
	t.Helper()
	err := func() (err error) {
		defer recoverTo(&err)
		s, err := g.UnmarshalState(data)
		if err != nil {
			return nil // rejected: fine
		}
		j1, err := s.MarshalJSON()
		if err != nil {
			return fmt.Errorf("accepted state does not marshal: %w", err)
		}
		s2, err := g.UnmarshalState(j1)
		if err != nil {
			return fmt.Errorf("accepted state re-encodes to %s, which is rejected: %w", clip(j1), err)
		}
		j2, err := s2.MarshalJSON()
		if err != nil {
			return fmt.Errorf("re-decoded state does not marshal: %w", err)
		}
		if !bytes.Equal(j1, j2) {
			return fmt.Errorf("JSON not stable: %s decodes and re-encodes to %s", clip(j1), clip(j2))
		}
		facts, err := declaredFacts(g)
		if err != nil {
			return err
		}
		c := &checker{g: g, cfg: Config{MaxSteps: 20, Skip: skip}, facts: facts}
		rng := rand.New(rand.NewPCG(0, 0))
		for step := 0; step < c.cfg.MaxSteps && !s.IsTerminal(); step++ {
			if err := c.step(s, rng, step); err != nil {
				return fmt.Errorf("from accepted state %s: %w", clip(j1), err)
			}
		}
		return c.checkState(s, rng, -1)
	}()
	if err != nil {
		t.Errorf("envtest: %s:%s: UnmarshalState(%q): %v", g.Name(), g.Options(), clip(data), err)
	}
}

// checkGame checks the game's own methods and, if registered, its
// registration.
func checkGame(g env.Game, seed uint64, registered bool) (err error) {
	defer recoverTo(&err)
	switch {
	case g.Name() == "":
		return errors.New("empty Name")
	case g.NumPlayers() < 1:
		return fmt.Errorf("NumPlayers %d, want at least 1", g.NumPlayers())
	case g.NumDistinctActions() < 1:
		return fmt.Errorf("NumDistinctActions %d, want at least 1", g.NumDistinctActions())
	case g.ObservationSize() < 0:
		return fmt.Errorf("ObservationSize %d, want at least 0", g.ObservationSize())
	}
	p, err := env.ParseParams(g.Options())
	if err != nil {
		return fmt.Errorf("Options %q do not parse: %w", g.Options(), err)
	}
	if p.String() != g.Options() {
		return fmt.Errorf("Options %q are not canonical (want %q)", g.Options(), p.String())
	}
	if !registered {
		return nil
	}
	r, err := env.Lookup(g.Name())
	if err != nil {
		return fmt.Errorf("not registered: %w", err)
	}
	g2, err := r.New(p)
	if err != nil {
		return fmt.Errorf("registry cannot rebuild the game from its Options: %w", err)
	}
	if g2.Name() != g.Name() || g2.Options() != g.Options() || g2.NumPlayers() != g.NumPlayers() ||
		g2.NumDistinctActions() != g.NumDistinctActions() || g2.ObservationSize() != g.ObservationSize() {
		return fmt.Errorf("rebuilt game differs: %s:%s with %d players, %d actions, observation %d",
			g2.Name(), g2.Options(), g2.NumPlayers(), g2.NumDistinctActions(), g2.ObservationSize())
	}
	j1, err := g.NewInitialState(seed).MarshalJSON()
	if err != nil {
		return fmt.Errorf("initial state does not marshal: %w", err)
	}
	j2, err := g2.NewInitialState(seed).MarshalJSON()
	if err != nil {
		return fmt.Errorf("initial state of the rebuilt game does not marshal: %w", err)
	}
	if !bytes.Equal(j1, j2) {
		return fmt.Errorf("NewInitialState(%d) differs between the game and its rebuilt copy:\n%s\n%s", seed, clip(j1), clip(j2))
	}
	return nil
}

// declaredFacts are g's env.Facts, which every game declares and which
// must hold together.
func declaredFacts(g env.Game) (env.Facts, error) {
	f, ok := env.GameFacts(g)
	if !ok {
		return f, errors.New("declares no facts (env.FactsDeclarer)")
	}
	if err := f.Check(g.NumPlayers()); err != nil {
		return f, err
	}
	return f, nil
}

// checker carries what Check learns across states.
type checker struct {
	g     env.Game
	cfg   Config
	facts env.Facts // the game's declared facts
	// metrics are the Score metric names of the first state seen.
	metrics []string
	seen    bool
	// seed and hist are the game being played, where it can be replayed.
	seed       uint64
	hist       []env.Action
	replayable bool
	// copyDst is the scratch state CopyFrom copies into.
	copyDst env.State
	// allocStep marks a step at which allocations are measured.
	allocStep bool
}

// play plays one random game, checking every state.
func (c *checker) play(seed, index uint64) (steps int, terminal bool, err error) {
	defer recoverTo(&err)
	s := c.g.NewInitialState(seed)
	j1, err1 := s.MarshalJSON()
	j2, err2 := c.g.NewInitialState(seed).MarshalJSON()
	if err := errors.Join(err1, err2); err != nil {
		return 0, false, fmt.Errorf("initial state does not marshal: %w", err)
	}
	if !bytes.Equal(j1, j2) {
		return 0, false, fmt.Errorf("NewInitialState(%d) is not deterministic:\n%s\n%s", seed, clip(j1), clip(j2))
	}
	rng := rand.New(rand.NewPCG(c.cfg.Seed, index^0x656e7674657374))
	c.seed, c.hist, c.replayable = seed, c.hist[:0], true
	for steps = 0; steps < c.cfg.MaxSteps; steps++ {
		if s.IsTerminal() {
			break
		}
		if n := c.facts.MaxGameLength; n > 0 && steps == n {
			return steps, false, fmt.Errorf("facts: not over after %d steps, the longest game declared", n)
		}
		if err := c.step(s, rng, steps); err != nil {
			return steps, false, err
		}
	}
	if err := c.checkState(s, rng, steps); err != nil {
		return steps, false, err
	}
	return steps, s.IsTerminal(), nil
}

// step checks s, then advances it by one random legal action, checking that
// a clone stays independent.
func (c *checker) step(s env.State, rng *rand.Rand, step int) error {
	if err := c.checkState(s, rng, step); err != nil {
		return err
	}
	j0, _ := s.MarshalJSON() // checkState marshalled it already
	n := c.g.NumDistinctActions()
	legal := s.LegalActions(make([]env.Action, 0, n))
	var a env.Action
	if s.CurrentPlayer() == env.Chance {
		a = env.SampleChance(s.ChanceOutcomes(nil), rng)
	} else {
		a = legal[rng.IntN(len(legal))]
	}
	at := func(format string, args ...any) error {
		return fmt.Errorf("step %d, state %s: %s", step, clip(j0), fmt.Sprintf(format, args...))
	}

	// Clone independence, clone to original.
	cl := s.Clone()
	cj, err := cl.MarshalJSON()
	if err != nil {
		return at("clone does not marshal: %v", err)
	}
	if !bytes.Equal(cj, j0) {
		return at("clone's JSON differs: %s", clip(cj))
	}
	b := legal[rng.IntN(len(legal))]
	if err := cl.Apply(b); err != nil {
		return at("Apply(%d %q) on a clone: %v", b, s.ActionString(b), err)
	}
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		return at("Apply(%d %q) on a clone changed the original to %s", b, s.ActionString(b), clip(j))
	}
	cj, err = cl.MarshalJSON()
	if err != nil {
		return at("clone does not marshal after Apply(%d): %v", b, err)
	}
	if step%playOnEvery == playOnEvery/2 {
		// Now that clones are known to be independent: the state decoded
		// from the JSON plays on as the original does.
		if err := playOnDecoded(s, j0, c.cfg.Seed^uint64(step)); err != nil {
			return at("JSON round trip: the decoded state %v", err)
		}
	}

	if ed, ok := s.(env.Editor); ok && step%editEvery == 1 && c.on(CheckEdit) {
		if err := c.checkEdits(ed, s, rng, step); err != nil {
			return at("%v", named(CheckEdit, err))
		}
	}
	narrator, narrated := s.(env.Narrator)
	var before env.State
	if narrated {
		before = s.Clone()
	}
	name := s.ActionString(a)
	if err := s.Apply(a); err != nil {
		return at("Apply(%d %q) of a legal action: %v", a, name, err)
	}
	c.hist = append(c.hist, a)
	if narrated && c.on(CheckNarrate) {
		if err := checkNarration(narrator, before, a, s, step%allocEvery == 0); err != nil {
			return at("%v", named(CheckNarrate, err))
		}
	}
	// Clone independence, original to clone.
	if j, _ := cl.MarshalJSON(); !bytes.Equal(j, cj) {
		return at("Apply(%d %q) on the original changed its clone from %s to %s", a, name, clip(cj), clip(j))
	}
	return nil
}

// checkState checks every query on s, and that none of them changes s.
func (c *checker) checkState(s env.State, rng *rand.Rand, step int) (err error) {
	g := c.g
	j0, err := s.MarshalJSON()
	if err != nil {
		return fmt.Errorf("step %d: MarshalJSON: %w", step, err)
	}
	defer func() {
		if err != nil {
			err = fmt.Errorf("step %d, state %s: %w", step, clip(j0), err)
		}
	}()
	if sg := s.Game(); sg == nil || sg.Name() != g.Name() || sg.Options() != g.Options() {
		return errors.New("Game() is not the game that made the state")
	}
	n := g.NumDistinctActions()
	np := g.NumPlayers()
	cur := s.CurrentPlayer()
	switch {
	case cur == env.Terminal || cur == env.Chance || (cur >= 0 && int(cur) < np):
	default:
		return fmt.Errorf("CurrentPlayer %d is not a seat (0 to %d), Chance or Terminal", cur, np-1)
	}
	if s.IsTerminal() != (cur == env.Terminal) {
		return fmt.Errorf("IsTerminal %v but CurrentPlayer %d", s.IsTerminal(), cur)
	}

	// Legal actions.
	legal := s.LegalActions(nil)
	if err := checkLegal(legal, n, cur); err != nil {
		return err
	}
	buf := make([]env.Action, n)
	for i := range buf {
		buf[i] = env.Action(n - i)
	}
	if again := s.LegalActions(buf); !slices.Equal(again, legal) {
		return fmt.Errorf("LegalActions into a used buffer gives %v, into nil %v", again, legal)
	}
	c.allocStep = step%allocEvery == 0
	if c.allocStep {
		buf = buf[:0]
		if allocs := testing.AllocsPerRun(allocRuns, func() { buf = s.LegalActions(buf) }); allocs > 0 {
			return fmt.Errorf("LegalActions allocates %v times with a buffer of capacity NumDistinctActions", allocs)
		}
	}

	// Chance outcomes.
	outcomes := s.ChanceOutcomes(nil)
	if cur == env.Chance {
		if err := checkOutcomes(outcomes, legal); err != nil {
			return err
		}
		if len(outcomes) > c.facts.MaxChanceOutcomes {
			return fmt.Errorf("facts: %d chance outcomes, more than the %d declared", len(outcomes), c.facts.MaxChanceOutcomes)
		}
	} else if len(outcomes) != 0 {
		return fmt.Errorf("ChanceOutcomes %v away from a chance node", outcomes)
	}

	// Notation.
	for _, a := range legal {
		name := s.ActionString(a)
		if name == "" {
			return fmt.Errorf("ActionString(%d) is empty", a)
		}
		back, err := s.ParseAction(name)
		if err != nil {
			return fmt.Errorf("ParseAction(ActionString(%d) = %q): %w", a, name, err)
		}
		if back != a {
			return fmt.Errorf("ParseAction(ActionString(%d) = %q) = %d", a, name, back)
		}
	}

	// Illegal actions.
	illegal := []env.Action{-1, env.Action(n)}
	for a := range env.Action(n) {
		if _, found := slices.BinarySearch(legal, a); !found {
			illegal = append(illegal, a)
			break
		}
	}
	for _, a := range illegal {
		err := s.Apply(a)
		if !errors.Is(err, env.ErrIllegal) {
			return fmt.Errorf("Apply(%d) of an illegal action returned %v, want an error wrapping env.ErrIllegal", a, err)
		}
		if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
			return fmt.Errorf("Apply(%d) of an illegal action changed the state to %s", a, clip(j))
		}
	}

	// JSON round trip.
	s2, err := g.UnmarshalState(j0)
	if err != nil {
		return fmt.Errorf("UnmarshalState of the state's own JSON: %w", err)
	}
	j2, err := s2.MarshalJSON()
	if err != nil {
		return fmt.Errorf("MarshalJSON of the decoded state: %w", err)
	}
	if !bytes.Equal(j2, j0) {
		return fmt.Errorf("JSON round trip gives %s", clip(j2))
	}
	if s2.CurrentPlayer() != cur || !slices.Equal(s2.LegalActions(nil), legal) {
		return fmt.Errorf("decoded state has player %d and actions %v", s2.CurrentPlayer(), s2.LegalActions(nil))
	}
	// The JSON is a fixed point; the state must be one too: a field that
	// MarshalJSON forgets shows where the decoded state behaves otherwise,
	// here or (step) in the moves that follow.
	if err := sameNow(s, s2); err != nil {
		return fmt.Errorf("JSON round trip: the decoded state %w", err)
	}

	// Observations.
	obs := make([][]float32, np)
	for p := range env.Player(np) {
		o := s.Observation(p, nil)
		if len(o) != g.ObservationSize() {
			return fmt.Errorf("Observation(%d) has length %d, want ObservationSize %d", p, len(o), g.ObservationSize())
		}
		for i, v := range o {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fmt.Errorf("Observation(%d)[%d] = %v", p, i, v)
			}
		}
		used := make([]float32, len(o))
		for i := range used {
			used[i] = float32(math.NaN())
		}
		if again := s.Observation(p, used); !slices.Equal(again, o) {
			return fmt.Errorf("Observation(%d) into a used buffer gives %v, into nil %v", p, again, o)
		}
		if _, err := json.Marshal(s.Observe(p)); err != nil {
			return fmt.Errorf("Observe(%d) does not marshal to JSON: %w", p, err)
		}
		obs[p] = o
	}
	if cur >= 0 {
		r := env.Resample(s, cur, rng)
		if r == nil {
			return fmt.Errorf("Resample(%d) returned nil", cur)
		}
		if ro := r.Observation(cur, nil); !slices.Equal(ro, obs[cur]) {
			return fmt.Errorf("Resample(%d) changes the seat's observation from %v to %v", cur, obs[cur], ro)
		}
		if r.CurrentPlayer() != cur || !slices.Equal(r.LegalActions(nil), legal) {
			return fmt.Errorf("Resample(%d) has player %d and actions %v, want %d and %v", cur, r.CurrentPlayer(), r.LegalActions(nil), cur, legal)
		}
	}

	if err := c.checkStatePlugins(s, j0, legal, cur, step); err != nil {
		return err
	}

	// Returns and score.
	ret := s.Returns()
	if len(ret) != np {
		return fmt.Errorf("Returns has %d entries, want NumPlayers %d", len(ret), np)
	}
	for i, v := range ret {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("Returns()[%d] = %v", i, v)
		}
	}
	if err := c.facts.CheckReturns(ret, s.IsTerminal()); err != nil {
		return named("facts", err)
	}
	sc := s.Score()
	if math.IsNaN(sc.Value) || math.IsInf(sc.Value, 0) {
		return fmt.Errorf("Score().Value = %v", sc.Value)
	}
	names := make([]string, len(sc.Metrics))
	for i, m := range sc.Metrics {
		if m.Name == "" || math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
			return fmt.Errorf("Score metric %d is %q = %v", i, m.Name, m.Value)
		}
		names[i] = m.Name
	}
	if !c.seen {
		c.metrics, c.seen = names, true
	} else if !slices.Equal(names, c.metrics) {
		return fmt.Errorf("Score metrics %v, earlier %v; the order must be fixed per game", names, c.metrics)
	}
	if s.String() == "" {
		return errors.New("String is empty")
	}

	if c.cfg.Invariant != nil {
		if err := c.cfg.Invariant(s); err != nil {
			return fmt.Errorf("invariant: %w", err)
		}
	}
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		return fmt.Errorf("queries changed the state to %s", clip(j))
	}
	return nil
}

// checkLegal checks a LegalActions result.
func checkLegal(legal []env.Action, n int, cur env.Player) error {
	if cur == env.Terminal {
		if len(legal) != 0 {
			return fmt.Errorf("LegalActions %v at a terminal state, want none", legal)
		}
		return nil
	}
	if len(legal) == 0 {
		return errors.New("no LegalActions at a non-terminal state")
	}
	for i, a := range legal {
		if a < 0 || int(a) >= n {
			return fmt.Errorf("LegalActions %v: %d out of range 0 to %d", legal, a, n-1)
		}
		if i > 0 && a <= legal[i-1] {
			return fmt.Errorf("LegalActions %v are not sorted and unique at index %d", legal, i)
		}
	}
	return nil
}

// checkOutcomes checks ChanceOutcomes at a chance node against its legal
// actions.
func checkOutcomes(outcomes []env.Outcome, legal []env.Action) error {
	if len(outcomes) != len(legal) {
		return fmt.Errorf("ChanceOutcomes %v and LegalActions %v differ", outcomes, legal)
	}
	sum := 0.0
	for i, o := range outcomes {
		if o.Action != legal[i] {
			return fmt.Errorf("ChanceOutcomes %v: not sorted, or not the set of LegalActions %v", outcomes, legal)
		}
		if !(o.Prob > 0) || math.IsInf(o.Prob, 0) {
			return fmt.Errorf("ChanceOutcomes %v: probability %v of action %d", outcomes, o.Prob, o.Action)
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("ChanceOutcomes %v: probabilities sum to %v", outcomes, sum)
	}
	return nil
}

// recoverTo turns a panic into *err, with the stack for the reader.
func recoverTo(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
	}
}

// clip shortens JSON for messages.
func clip(b []byte) string {
	const max = 600
	if len(b) <= max {
		return string(b)
	}
	return string(b[:max]) + "…"
}

// FuzzUnmarshal is the body of a game's state fuzzer, lighter than
// CheckUnmarshalNoPanic so that the fuzzer runs fast: a state the game
// accepts re-encodes to JSON it accepts again, identically, and plays on for
// up to steps decisions and dice, each with a legal action and a String.
func FuzzUnmarshal(t *testing.T, g env.Game, data []byte, steps int) {
	t.Helper()
	st, err := g.UnmarshalState(data)
	if err != nil {
		return
	}
	j1, _ := st.MarshalJSON()
	st2, err := g.UnmarshalState(j1)
	if err != nil {
		t.Fatalf("accepted state re-encodes to JSON that is rejected: %v", err)
	}
	if j2, _ := st2.MarshalJSON(); !bytes.Equal(j1, j2) {
		t.Fatal("JSON is not stable")
	}
	var buf []env.Action
	for k := 0; k < steps && !st.IsTerminal(); k++ {
		buf = st.LegalActions(buf)
		if len(buf) == 0 {
			t.Fatal("no legal action in an accepted state")
		}
		if err := st.Apply(buf[k%len(buf)]); err != nil {
			t.Fatal(err)
		}
		_ = st.String()
	}
}
