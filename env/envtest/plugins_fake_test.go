package envtest_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/rng"
)

// plusGame is the fake game with every optional interface, each of which
// the option bug=NAME breaks, to show that Check catches it. A token walks
// a track of nine cells named "zero" to "eight", one cell a step; the
// decisions "one" and "two" point at the cells of those names.
type plusGame struct {
	fake
	// shared is data every state of the game reads, as a map would be: an
	// edit must never change it.
	shared *int
}

func init() {
	registerFake("envtest_plugins", "the fake game with every optional interface, which envtest's tests break on purpose",
		func(bug string) env.Game { return plusGame{fake: fake{bug: bug}, shared: new(int)} })
}

// crowd is how many places the layout bug stacks at one point.
const crowd = 60

var cellWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight"}

func (g plusGame) Name() string { return "envtest_plugins" }

// bare is a state that hides its plug-ins, Resample included.
type bare struct{ env.State }

func (g plusGame) NewInitialState(seed uint64) env.State {
	fs := &fakeState{g: g.fake, d: &fakeData{Queries: *g.shared}}
	switch g.bug {
	case "kinds_unpaired":
		return fs
	case "no_resample":
		return bare{&plusState{fakeState: fs, g: g}}
	}
	return &plusState{fakeState: fs, g: g}
}

func (g plusGame) UnmarshalState(data []byte) (env.State, error) {
	s, err := g.fake.UnmarshalState(data)
	if err != nil {
		return nil, err
	}
	return &plusState{fakeState: s.(*fakeState), g: g}, nil
}

func (g plusGame) SeatNames() []string {
	if g.bug == "seats" {
		return []string{"odd"}
	}
	return []string{"odd", "even"}
}

func (g plusGame) ObservationShape() []int {
	if g.bug == "shape" {
		return []int{2, 2}
	}
	return []int{1, 3}
}

func (g plusGame) DecisionKinds() []string {
	if g.bug == "kinds_plus" {
		return []string{"first", "second+third"}
	}
	return []string{"first", "second"}
}

func (g plusGame) Caveats() []string {
	if g.bug == "caveats" {
		return []string{"made up\nfrom nothing"}
	}
	return []string{"the fake is made up"}
}

func (g plusGame) Board() env.Board {
	b := env.Board{Kind: env.BoardTrack, Width: 9, Height: 1}
	for i, w := range cellWords {
		b.Cells = append(b.Cells, env.Cell{ID: fmt.Sprint("c", i), Name: w, X: float64(i) + 0.5, Y: 0.5})
	}
	if g.bug == "board" {
		b.Links = []env.Link{{A: 0, B: 9}}
	}
	if g.bug == "layout" {
		// A crowd of places at one point: more chips than fit around it.
		for i := range crowd {
			b.Cells = append(b.Cells, env.Cell{ID: fmt.Sprint("crowd", i), Name: fmt.Sprint("crowd ", i), X: 4.5, Y: 0.5})
		}
	}
	return b
}

func (g plusGame) NewFeatureEncoder(p env.Player) env.FeatureEncoder { return &plusEncoder{g: g} }

type plusEncoder struct {
	g plusGame
	s *plusState
}

func (e *plusEncoder) Version() int { return 1 }
func (e *plusEncoder) StateDocs() []env.FeatureDoc {
	docs := []env.FeatureDoc{{Name: "progress", Lo: 0, Hi: 1, Meaning: "entries made, of eight"}, {Name: "sum", Lo: 0, Hi: 1, Meaning: "sum of the entries, of 24"}}
	if e.g.bug == "features_docs" {
		docs[1].Name = "progress"
	}
	return docs
}
func (e *plusEncoder) ActionDocs() []env.FeatureDoc {
	return []env.FeatureDoc{{Name: "two", Lo: 0, Hi: 1, Meaning: "1 for two"}, {Name: "a_rules", Lo: 0, Hi: 1, Meaning: "1 for the rules' action"}}
}
func (e *plusEncoder) Reset(s env.State) { e.s = s.(*plusState) }
func (e *plusEncoder) EncodeState(buf []float64) []float64 {
	progress := float64(len(e.s.d.Hist)) / fakeLen
	if e.g.bug == "features_range" {
		progress *= fakeLen
	}
	buf = append(buf[:0], progress)
	if e.g.bug != "features_len" {
		buf = append(buf, float64(e.s.sum())/24)
	}
	return buf
}
func (e *plusEncoder) EncodeAction(a env.Action, buf []float64) []float64 {
	rules := 0.0
	if want, _ := e.s.RuleAction(); a == want || e.g.bug == "features_rules" {
		rules = 1
	}
	return append(buf[:0], float64(a), rules)
}

// plusState adds every state plug-in to the fake's state.
type plusState struct {
	*fakeState
	g plusGame
}

func (s *plusState) Game() env.Game { return s.g }
func (s *plusState) Clone() env.State {
	return &plusState{fakeState: s.fakeState.Clone().(*fakeState), g: s.g}
}
func (s *plusState) Resample(p env.Player, rng *rand.Rand) env.State { return s.Clone() }

func (s *plusState) Prompt() string {
	switch {
	case s.g.bug == "prompt" && len(s.d.Hist) == 2:
		return ""
	case s.CurrentPlayer() == env.Chance:
		return "toss the coin"
	}
	return "pick one or two"
}

func (s *plusState) Phase() string {
	if s.g.bug == "phase" {
		return fmt.Sprintf("turn %d (the coin), pick", len(s.d.Hist)/2+1)
	}
	return fmt.Sprintf("turn %d, pick", len(s.d.Hist)/2+1)
}

func (s *plusState) OutcomeLabel(a env.Action) (int, string) {
	switch s.g.bug {
	case "outcome_clash":
		return int(a) - 1, "2"
	case "outcome_number":
		return 1, fakeNames()[a]
	}
	return int(a) - 1, fakeNames()[a]
}

func (s *plusState) DecisionKind() string {
	cur := s.CurrentPlayer()
	switch {
	case s.g.bug == "kind_chance" && cur == env.Chance:
		return "first"
	case cur < 0:
		return ""
	case s.g.bug == "kind_unknown":
		return "third"
	}
	return []string{"first", "second"}[cur]
}

// leafCalls makes bug=leaf_random's values change from call to call.
var leafCalls int

func (s *plusState) LeafValue() []float64 {
	v := s.Returns()
	switch s.g.bug {
	case "leaf_nan":
		v[0] = math.NaN()
	case "leaf_len":
		v = v[:1]
	case "leaf_random":
		leafCalls++
		v[0] += float64(leafCalls)
	}
	return v
}

// UniformChance claims no fair die, but under the bugs a fair coin at the
// chance nodes (which are 1 to 3) or at every node.
func (s *plusState) UniformChance() (env.Action, int) {
	if s.g.bug == "uniform_away" || (s.g.bug == "uniform_claim" && s.CurrentPlayer() == env.Chance) {
		return 2, 2
	}
	return 0, 0
}

func (s *plusState) RuleAction() (env.Action, error) {
	if s.g.bug == "rulebot" {
		return 3, nil
	}
	return 0, nil
}

func (s *plusState) ActionCell(a env.Action) int {
	switch {
	case s.CurrentPlayer() < 0 || a > 1:
		return -1
	case s.g.bug == "action_unreachable" && a == 1:
		return -1
	case s.g.bug == "action_wrong" && a == 1:
		return 3
	case s.g.bug == "action_alloc":
		sink = &[]int{int(a)} // a fresh slice each call, kept
	}
	return int(a) + 1
}

func (s *plusState) Pieces() []env.Piece {
	cell := len(s.d.Hist)
	if s.g.bug == "piece_off" {
		cell++
	}
	pieces := []env.Piece{{Side: "counter", Name: "token", Cell: cell}}
	if s.g.bug == "layout" {
		for i := range crowd {
			pieces = append(pieces, env.Piece{Side: "crowd", Name: "a piece with a very long name", Label: "and a long label", Cell: len(cellWords) + i})
		}
	}
	return pieces
}

func (s *plusState) EditHelp() string { return "set first one | two   (the first entry)" }

func (s *plusState) EditExamples() []string {
	if len(s.d.Hist) == 0 {
		return nil
	}
	flip := fakeNames()[1-s.d.Hist[0]]
	switch s.g.bug {
	case "edit_fails":
		flip = "three"
	case "edit_noop":
		flip = fakeNames()[s.d.Hist[0]]
	}
	return []string{env.EditPrefix + "first " + flip}
}

func (s *plusState) Edit(cmd string) error {
	what, ok := strings.CutPrefix(cmd, env.EditPrefix+"first ")
	i := slices.Index(fakeNames()[:2], what)
	if s.g.bug == "edit_badcmd" && !ok {
		return nil
	}
	if !ok || i < 0 || len(s.d.Hist) == 0 {
		switch s.g.bug {
		case "edit_refused_dirty":
			s.d.Queries++
		case "edit_refused_twoline":
			return fmt.Errorf("%q: want\nset first one or set first two", cmd)
		}
		return fmt.Errorf("%q: want set first one or set first two, once an entry is made", cmd)
	}
	switch s.g.bug {
	case "edit_shared":
		*s.g.shared++
	case "edit_json":
		i = 2
	}
	s.d.Hist[0] = i
	return nil
}

func (s *plusState) Narrate(before env.State, a env.Action) string {
	head := before.ActionString(a)
	if before.CurrentPlayer() == env.Chance {
		head = "toss: " + head
		if s.g.bug == "narrate_unnamed" {
			head = "toss"
		}
	}
	change := "token to " + cellWords[min(len(s.d.Hist), len(cellWords)-1)]
	switch s.g.bug {
	case "narrate_empty":
		if before.CurrentPlayer() >= 0 {
			return ""
		}
	case "narrate_nochange":
		return head
	case "narrate_blank":
		return head + "\n\n" + change
	case "narrate_mutates":
		s.d.Queries++
	}
	return head + "\n" + change
}

func (s *plusState) CopyFrom(src env.State) {
	o := src.(*plusState)
	switch s.g.bug {
	case "copy_shared":
		s.fakeState = o.fakeState
		return
	case "copy_alloc":
		s.d.Hist = slices.Clone(o.d.Hist)
	case "copy_wrong":
		s.d.Hist = append(s.d.Hist[:0], o.d.Hist[:len(o.d.Hist)/2]...)
	default:
		s.d.Hist = append(s.d.Hist[:0], o.d.Hist...)
	}
	if o.d.Hist == nil {
		s.d.Hist = nil // the JSON tells nil from empty
	}
	s.d.Queries = o.d.Queries
}

func (s *plusState) WriteReturns(buf []float64) []float64 {
	switch s.g.bug {
	case "writereturns":
		return append(buf[:0], 0, 0)
	case "writereturns_alloc":
		return s.Returns()
	}
	winner := -1
	if s.IsTerminal() {
		winner = s.sum() % 2
	}
	return env.WinLossReturns(buf, winner)
}

// unseeded is the stream of the playrandom_unseeded bug, which ignores
// the one it is given.
var unseeded rng.PCG

// PlayRandom plays uniform decisions and chance by its probabilities to
// the end, from src.
func (s *plusState) PlayRandom(src *rng.PCG) {
	if s.g.bug == "playrandom_unseeded" {
		src = &unseeded
	}
	var legal []env.Action
	for !s.IsTerminal() {
		if s.g.bug == "playrandom_unfinished" && len(s.d.Hist) == fakeLen-1 {
			return
		}
		legal = s.LegalActions(legal)
		a := legal[src.IntN(len(legal))]
		switch {
		case s.g.bug == "playrandom_biased":
			a = legal[0] // every decision "one", every die "lo": seat 0 always wins
		case s.CurrentPlayer() == env.Chance:
			a = env.SampleChance(s.ChanceOutcomes(nil), rand.New(src))
		}
		s.d.Hist = append(s.d.Hist, int(a))
	}
}

// sink keeps what a buggy method allocates reachable.
var sink *[]int
