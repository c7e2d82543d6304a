package envtest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// The checks of the optional interfaces (env/plugins.go, copy.go, edit.go,
// outcome.go), each run when the game or state offers the interface.

// checkGamePlugins checks the plug-ins of the game itself, and that the
// paired ones come together.
func (c *checker) checkGamePlugins(g env.Game) error {
	s := g.NewInitialState(0)
	if _, r := s.(env.Resampler); c.on(CheckResample) && !r && !env.HidesNothing(s) {
		return named(CheckResample, errors.New("the state neither implements env.Resampler nor embeds env.PerfectInformation"))
	}
	if _, ok := s.(env.RandomPlayer); ok && c.on(CheckPlayRandom) {
		if err := c.checkRandomOutcomes(); err != nil {
			return named(CheckPlayRandom, err)
		}
	}
	if err := c.checkGameDescriptions(g, s); err != nil {
		return err
	}
	if f, ok := g.(env.Featurer); ok && c.on(CheckFeatures) {
		if err := checkFeatureEncoders(f, g.NumPlayers()); err != nil {
			return named(CheckFeatures, err)
		}
	}
	return nil
}

// checkGameDescriptions checks seat names, the observation's shape, the
// decision kinds, caveats, the board and edit help.
func (c *checker) checkGameDescriptions(g env.Game, s env.State) error {
	np := g.NumPlayers()
	if st, ok := g.(env.Seater); ok && c.on(CheckSeats) {
		if err := checkSeats(st.SeatNames(), np); err != nil {
			return named(CheckSeats, err)
		}
	}
	if sh, ok := g.(env.Shaper); ok && c.on(CheckShape) {
		if err := checkShape(sh.ObservationShape(), g.ObservationSize()); err != nil {
			return named(CheckShape, err)
		}
	}
	if c.on(CheckKinds) {
		if err := checkKindsDeclared(g, s); err != nil {
			return named(CheckKinds, err)
		}
	}
	if cv, ok := g.(env.Caveats); ok && c.on(CheckCaveats) {
		for i, l := range cv.Caveats() {
			if err := oneLine(l); err != nil {
				return named(CheckCaveats, fmt.Errorf("Caveats line %d: %w", i, err))
			}
		}
	}
	bd, drawn := g.(env.BoardDrawer)
	if drawn && c.on(CheckBoard) {
		if err := checkBoard(bd.Board()); err != nil {
			return named(CheckBoard, fmt.Errorf("Board: %w", err))
		}
	}
	for _, p := range []struct {
		name string
		ok   bool
	}{{"env.PieceLister", is[env.PieceLister](s)}, {"env.BoardActioner", is[env.BoardActioner](s)}} {
		if p.ok && !drawn && c.on(CheckBoard) {
			return named(CheckBoard, fmt.Errorf("the state offers %s but the game is no env.BoardDrawer", p.name))
		}
	}
	if ed, ok := s.(env.Editor); ok && c.on(CheckEdit) && strings.TrimSpace(ed.EditHelp()) == "" {
		return named(CheckEdit, errors.New("EditHelp is empty"))
	}
	return nil
}

func checkSeats(names []string, np int) error {
	if len(names) != np {
		return fmt.Errorf("SeatNames %q: %d names for %d seats", names, len(names), np)
	}
	return distinctLines("SeatNames", names)
}

func checkShape(shape []int, size int) error {
	prod := 1
	for _, d := range shape {
		if d < 1 {
			return fmt.Errorf("ObservationShape %v has a dimension below 1", shape)
		}
		prod *= d
	}
	if len(shape) == 0 || prod != size {
		return fmt.Errorf("ObservationShape %v: product %d, want ObservationSize %d", shape, prod, size)
	}
	return nil
}

// checkKindsDeclared: DecisionKinds and DecisionKinder come together, and
// the kinds are distinct one-line names the search option at can join.
func checkKindsDeclared(g env.Game, s env.State) error {
	dk, kinds := g.(env.DecisionKinds)
	if _, kinder := s.(env.DecisionKinder); kinds != kinder {
		return fmt.Errorf("the game offers env.DecisionKinds %v but its state env.DecisionKinder %v: they come together", kinds, kinder)
	}
	if !kinds {
		return nil
	}
	list := dk.DecisionKinds()
	if len(list) == 0 {
		return errors.New("DecisionKinds is empty")
	}
	if err := distinctLines("DecisionKinds", list); err != nil {
		return err
	}
	for _, k := range list {
		if strings.ContainsAny(k, "+,;:=") {
			return fmt.Errorf("decision kind %q holds one of + , ; : = (the search option at joins kinds with +)", k)
		}
	}
	return nil
}

// checkFeatureEncoders checks each seat's encoder's version and docs.
func checkFeatureEncoders(f env.Featurer, np int) error {
	for p := range env.Player(np) {
		enc := f.NewFeatureEncoder(p)
		if enc == nil {
			continue
		}
		if enc.Version() < 1 {
			return fmt.Errorf("feature encoder of seat %d: Version %d, want 1 or more", p, enc.Version())
		}
		if err := checkFeatureDocs(enc.StateDocs()); err != nil {
			return fmt.Errorf("feature encoder of seat %d: StateDocs: %w", p, err)
		}
		if err := checkFeatureDocs(enc.ActionDocs()); err != nil {
			return fmt.Errorf("feature encoder of seat %d: ActionDocs: %w", p, err)
		}
	}
	return nil
}

func is[I any](v any) bool { _, ok := v.(I); return ok }

// oneLine reports text that is empty, spans lines or has space at an end.
func oneLine(text string) error {
	switch {
	case text == "":
		return errors.New("empty")
	case strings.ContainsAny(text, "\n\r"):
		return fmt.Errorf("%q spans lines", text)
	case strings.TrimSpace(text) != text:
		return fmt.Errorf("%q has space at an end", text)
	}
	return nil
}

// distinctLines checks a list of names: each one line, no two alike.
func distinctLines(what string, names []string) error {
	seen := map[string]bool{}
	for _, n := range names {
		if err := oneLine(n); err != nil {
			return fmt.Errorf("%s %q: %w", what, names, err)
		}
		if seen[n] {
			return fmt.Errorf("%s %q: %q twice", what, names, n)
		}
		seen[n] = true
	}
	return nil
}

func checkFeatureDocs(docs []env.FeatureDoc) error {
	seen := map[string]bool{}
	for i, d := range docs {
		switch {
		case d.Name == "" || seen[d.Name]:
			return fmt.Errorf("feature %d: name %q empty or repeated", i, d.Name)
		case math.IsNaN(d.Lo) || math.IsNaN(d.Hi) || math.IsInf(d.Lo, 0) || math.IsInf(d.Hi, 0) || d.Lo > d.Hi:
			return fmt.Errorf("feature %s: range [%v, %v]", d.Name, d.Lo, d.Hi)
		}
		seen[d.Name] = true
	}
	return nil
}

// checkFeatures checks that values match their docs in number and range.
func checkFeatures(what string, values []float64, docs []env.FeatureDoc) error {
	if len(values) != len(docs) {
		return fmt.Errorf("%s: %d values, %d documented", what, len(values), len(docs))
	}
	for i, v := range values {
		if math.IsNaN(v) || v < docs[i].Lo-1e-9 || v > docs[i].Hi+1e-9 {
			return fmt.Errorf("%s: feature %s = %v, outside its documented [%v, %v]", what, docs[i].Name, v, docs[i].Lo, docs[i].Hi)
		}
	}
	return nil
}

var boardKinds = []string{env.BoardPoints, env.BoardHexes, env.BoardAreas, env.BoardTable, env.BoardTrack}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// checkBoard checks a board's description.
func checkBoard(b env.Board) error {
	if !slices.Contains(boardKinds, b.Kind) {
		return fmt.Errorf("kind %q, want one of %v", b.Kind, boardKinds)
	}
	if len(b.Cells) == 0 {
		return errors.New("no cells")
	}
	if !finite(b.Width, b.Height, b.HexSize) || b.Width < 0 || b.Height < 0 {
		return fmt.Errorf("width %v, height %v", b.Width, b.Height)
	}
	if (b.Kind == env.BoardTable || b.Kind == env.BoardTrack) && (b.Width <= 0 || b.Height <= 0) {
		return fmt.Errorf("a %s board of width %v and height %v", b.Kind, b.Width, b.Height)
	}
	if b.Kind == env.BoardHexes && !(b.HexSize > 0) {
		return fmt.Errorf("a hex board of hex size %v", b.HexSize)
	}
	ids := map[string]bool{}
	for i, c := range b.Cells {
		if c.ID == "" || ids[c.ID] || c.Name == "" {
			return fmt.Errorf("cell %d: id %q (empty or repeated) or empty name %q", i, c.ID, c.Name)
		}
		ids[c.ID] = true
		if !finite(c.X, c.Y) {
			return fmt.Errorf("cell %s at (%v, %v)", c.ID, c.X, c.Y)
		}
		for _, p := range c.Polygon {
			if !finite(p[0], p[1]) {
				return fmt.Errorf("cell %s: polygon point %v", c.ID, p)
			}
		}
	}
	for i, l := range b.Links {
		if l.A < 0 || l.A >= len(b.Cells) || l.B < 0 || l.B >= len(b.Cells) {
			return fmt.Errorf("link %d joins cells %d and %d of %d", i, l.A, l.B, len(b.Cells))
		}
	}
	return nil
}

// checkStatePlugins checks, at state s, every plug-in of the state.
func (c *checker) checkStatePlugins(s env.State, j0 []byte, legal []env.Action, cur env.Player, step int) error {
	g := c.g
	np := g.NumPlayers()
	over := cur == env.Terminal
	if p, ok := s.(env.Prompter); ok && !over && c.on(CheckPrompt) {
		if err := oneLine(p.Prompt()); err != nil {
			return named(CheckPrompt, fmt.Errorf("Prompt: %w", err))
		}
	}
	if p, ok := s.(env.Phaser); ok && !over && c.on(CheckPhase) {
		if err := checkPhase(p.Phase()); err != nil {
			return named(CheckPhase, err)
		}
	}
	if cur == env.Chance && c.on(CheckOutcomes) {
		if err := checkOutcomeEntry(s); err != nil {
			return named(CheckOutcomes, err)
		}
	}
	if uc, ok := s.(env.UniformChancer); ok && c.on(CheckUniform) {
		if err := checkUniform(uc, s, cur); err != nil {
			return named(CheckUniform, err)
		}
	}
	if dk, ok := s.(env.DecisionKinder); ok && c.on(CheckKinds) {
		if err := checkKind(dk.DecisionKind(), g, cur); err != nil {
			return named(CheckKinds, err)
		}
	}
	if lv, ok := s.(env.LeafValuer); ok && c.on(CheckLeaf) {
		v := lv.LeafValue()
		if len(v) != np || !finite(v...) {
			return named(CheckLeaf, fmt.Errorf("LeafValue %v: want %d finite values", v, np))
		}
		if again := lv.LeafValue(); !slices.Equal(again, v) {
			return named(CheckLeaf, fmt.Errorf("LeafValue %v, then %v: not deterministic", v, again))
		}
	}
	if rb, ok := s.(env.RuleBot); ok && cur >= 0 && c.on(CheckRuleBot) {
		if a, err := rb.RuleAction(); err == nil && !slices.Contains(legal, a) {
			return named(CheckRuleBot, fmt.Errorf("RuleAction %d (%q) is not legal", a, s.ActionString(a)))
		}
	}
	if ba, ok := s.(env.BoardActioner); ok && cur >= 0 && c.on(CheckActions) {
		if err := checkBoardActions(ba, s, legal, g.(env.BoardDrawer).Board()); err != nil {
			return named(CheckActions, err)
		}
		if c.allocStep {
			if allocs := testing.AllocsPerRun(allocRuns, func() {
				for _, a := range legal {
					_ = ba.ActionCell(a)
				}
			}); allocs > 0 {
				return named(CheckActions, fmt.Errorf("ActionCell allocates %v times over the legal actions", allocs))
			}
		}
	}
	if pl, ok := s.(env.PieceLister); ok {
		b := g.(env.BoardDrawer).Board()
		pieces := pl.Pieces()
		if c.on(CheckPieces) {
			if err := checkPieces(b, pieces); err != nil {
				return named(CheckPieces, err)
			}
		}
		if c.on(CheckLayout) {
			if err := checkLayout(b, pieces); err != nil {
				return named(CheckLayout, err)
			}
		}
	}
	if cp, ok := s.(env.Copier); ok && c.on(CheckCopier) {
		if err := c.checkCopier(cp, s, j0, legal); err != nil {
			return named(CheckCopier, err)
		}
	}
	if _, ok := s.(env.RandomPlayer); ok && c.allocStep && c.on(CheckPlayRandom) {
		if err := c.checkPlayRandom(s, j0, step); err != nil {
			return named(CheckPlayRandom, err)
		}
	}
	if w, ok := s.(env.ReturnsWriter); ok && c.on(CheckReturns) {
		if err := checkReturnsWriter(w, s.Returns(), np, c.allocStep); err != nil {
			return named(CheckReturns, err)
		}
	}
	if f, ok := g.(env.Featurer); ok && c.on(CheckFeatures) {
		if err := checkEncodings(f, s, legal, cur, np); err != nil {
			return named(CheckFeatures, err)
		}
	}
	return nil
}

// checkPhase: one line, and where it begins with the turn, "turn N, "
// then the phase (or "turn N" alone), as the advisor's forecast reads it.
func checkPhase(ph string) error {
	if err := oneLine(ph); err != nil {
		return fmt.Errorf("Phase: %w", err)
	}
	if strings.HasPrefix(ph, "turn ") && !phaseTurn.MatchString(ph) {
		return fmt.Errorf("Phase %q begins with the turn but not as \"turn N, \" then the phase, or \"turn N\"", ph)
	}
	return nil
}

// checkKind: a decision's kind is one of the game's; elsewhere "".
func checkKind(k string, g env.Game, cur env.Player) error {
	kinds := g.(env.DecisionKinds).DecisionKinds()
	switch {
	case cur < 0 && k != "":
		return fmt.Errorf("DecisionKind %q away from a decision, want \"\"", k)
	case cur >= 0 && !slices.Contains(kinds, k):
		return fmt.Errorf("DecisionKind %q is not one of DecisionKinds %q", k, kinds)
	}
	return nil
}

// checkReturnsWriter: WriteReturns gives Returns, into a used buffer, and
// allocates nothing into one of capacity NumPlayers (measured when
// allocs).
func checkReturnsWriter(w env.ReturnsWriter, want []float64, np int, allocs bool) error {
	buf := []float64{math.NaN(), math.NaN(), math.NaN()}
	if got := w.WriteReturns(buf); !slices.Equal(got, want) {
		return fmt.Errorf("WriteReturns gives %v, Returns %v", got, want)
	}
	if !allocs {
		return nil
	}
	buf = make([]float64, 0, np)
	if allocs := testing.AllocsPerRun(allocRuns, func() { buf = w.WriteReturns(buf) }); allocs > 0 {
		return fmt.Errorf("WriteReturns allocates %v times into a buffer of capacity NumPlayers", allocs)
	}
	return nil
}

// checkUniform: where UniformChance claims a fair die, ChanceOutcomes
// lists exactly its faces, in order, each of probability 1/k; away from a
// chance node it claims none.
func checkUniform(uc env.UniformChancer, s env.State, cur env.Player) error {
	first, k := uc.UniformChance()
	switch {
	case k < 0:
		return fmt.Errorf("UniformChance gives %d faces", k)
	case k == 0:
		return nil
	case cur != env.Chance:
		return fmt.Errorf("UniformChance gives a die of %d faces away from a chance node", k)
	}
	outs := s.ChanceOutcomes(nil)
	ok := len(outs) == k
	for i := 0; ok && i < k; i++ {
		ok = outs[i].Action == first+env.Action(i) && outs[i].Prob == 1/float64(k)
	}
	if !ok {
		return fmt.Errorf("UniformChance gives %d faces from %d (%q), but ChanceOutcomes lists %v", k, first, s.ActionString(first), outs)
	}
	return nil
}

// checkEncodings: every seat's state features, and the mover's features
// of each legal action, match their docs in number and range.
func checkEncodings(f env.Featurer, s env.State, legal []env.Action, cur env.Player, np int) error {
	for p := range env.Player(np) {
		enc := f.NewFeatureEncoder(p)
		if enc == nil {
			continue
		}
		enc.Reset(s)
		if err := checkFeatures(fmt.Sprintf("EncodeState of seat %d", p), enc.EncodeState(nil), enc.StateDocs()); err != nil {
			return err
		}
		if cur != p {
			continue
		}
		rules := slices.IndexFunc(enc.ActionDocs(), func(d env.FeatureDoc) bool { return d.Name == RulesFeature })
		marked := 0
		for _, a := range legal {
			v := enc.EncodeAction(a, nil)
			if err := checkFeatures(fmt.Sprintf("EncodeAction(%q) of seat %d", s.ActionString(a), p), v, enc.ActionDocs()); err != nil {
				return err
			}
			if rules >= 0 && v[rules] != 0 {
				marked++
			}
		}
		if err := checkRulesFeature(s, rules, marked, enc); err != nil {
			return fmt.Errorf("seat %d: %w", p, err)
		}
	}
	return nil
}

// RulesFeature names the action feature that reads 1 on the action the
// rules choose (env.RuleBot) and 0 on every other.
const RulesFeature = "a_rules"

// checkRulesFeature: where a seat's action features include RulesFeature
// and the state is a RuleBot, exactly the rules' action reads 1.
func checkRulesFeature(s env.State, rules, marked int, enc env.FeatureEncoder) error {
	rb, ok := s.(env.RuleBot)
	if rules < 0 || !ok {
		return nil
	}
	want, err := rb.RuleAction()
	if err != nil {
		return nil // the rulebot check reports it
	}
	if v := enc.EncodeAction(want, nil); marked != 1 || v[rules] != 1 {
		return fmt.Errorf("%s reads %v on the rules' action %q and is non-zero on %d legal actions, want 1 on that one alone", RulesFeature, v[rules], s.ActionString(want), marked)
	}
	return nil
}

// FeatureFile checks the feature document at path (a game's FEATURES.md)
// against every feature enc documents (CheckFeatureTable).
func FeatureFile(tb TB, path string, enc env.FeatureEncoder) {
	tb.Helper()
	md, err := os.ReadFile(path)
	if err == nil {
		err = CheckFeatureTable(md, enc.StateDocs(), enc.ActionDocs())
	}
	if err != nil {
		tb.Errorf("%s: %v", path, err)
	}
}

// CheckFeatureTable checks that a game's feature document (its FEATURES.md,
// read by the caller) has a row "| `name` | lo..hi | meaning |" for each
// documented feature, so the document cannot drift from the code.
func CheckFeatureTable(markdown []byte, docs ...[]env.FeatureDoc) error {
	for _, list := range docs {
		for _, f := range list {
			if f.Meaning == "" {
				return fmt.Errorf("feature %s has no meaning", f.Name)
			}
			if row := fmt.Sprintf("| `%s` | %g..%g | %s |", f.Name, f.Lo, f.Hi, f.Meaning); !bytes.Contains(markdown, []byte(row)) {
				return fmt.Errorf("the feature document lacks the row %q", row)
			}
		}
	}
	return nil
}

var phaseTurn = regexp.MustCompile(`^turn [0-9]+(, |$)`)

// checkOutcomeEntry checks that every outcome of the chance node at s can
// be entered at the table as its number, as "roll N", by its name and by
// its ActionString, and that a wrong entry is a one-line error saying what
// to enter (env.OutcomeForms, which the advisor's prompt shows).
func checkOutcomeEntry(s env.State) error {
	list := env.TableOutcomes(s)
	numbers := map[int]bool{}
	for _, o := range list {
		if o.Number < 0 || numbers[o.Number] {
			return fmt.Errorf("outcome %q: number %d negative or repeated (OutcomeLabel)", s.ActionString(o.Action), o.Number)
		}
		numbers[o.Number] = true
		if o.Name != "" {
			if err := oneLine(o.Name); err != nil {
				return fmt.Errorf("outcome %q: name: %w", s.ActionString(o.Action), err)
			}
		}
		forms := []string{strconv.Itoa(o.Number), "roll " + strconv.Itoa(o.Number), o.Name, s.ActionString(o.Action)}
		for _, in := range forms {
			if in == "" {
				continue
			}
			a, err := env.ParseOutcome(s, in)
			if err != nil {
				return fmt.Errorf("outcome %q (number %d, name %q) entered as %q: %w", s.ActionString(o.Action), o.Number, o.Name, in, err)
			}
			if a != o.Action {
				return fmt.Errorf("outcome %q (number %d, name %q) entered as %q reads as %q", s.ActionString(o.Action), o.Number, o.Name, in, s.ActionString(a))
			}
		}
	}
	forms := env.OutcomeForms(s)
	if err := oneLine(forms); err != nil {
		return fmt.Errorf("OutcomeForms: %w", err)
	}
	_, err := env.ParseOutcome(s, "no such outcome")
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), forms) {
		return fmt.Errorf("a wrong entry at a chance node gives %v, want one line saying %q", err, forms)
	}
	return nil
}

// names reports whether text holds name as whole words, case aside.
func names(text, name string) bool {
	t, n := strings.ToLower(text), strings.ToLower(name)
	for i := 0; n != "" && i <= len(t)-len(n); {
		j := strings.Index(t[i:], n)
		if j < 0 {
			return false
		}
		j += i
		if wordEdge(t, j-1) && wordEdge(t, j+len(n)) {
			return true
		}
		i = j + 1
	}
	return false
}

// wordEdge reports whether t[i] is outside t or not a letter or digit.
func wordEdge(t string, i int) bool {
	if i < 0 || i >= len(t) {
		return true
	}
	b := t[i]
	return !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80)
}

// cellNames are the names by which an action may name a cell: its ID,
// its name, and its name before a parenthesis ("Bridge G and Old Entrance
// lock gates" of "Bridge G and Old Entrance lock gates (objective 9, ...)").
// Bare numbers are left out: they are read as numbers, not places.
func cellNames(c env.Cell) []string {
	var out []string
	for _, n := range []string{c.ID, c.Name, strings.TrimSpace(strings.Split(c.Name, " (")[0])} {
		if _, err := strconv.Atoi(n); err != nil && n != "" {
			out = append(out, n)
		}
	}
	return out
}

// checkBoardActions: a click on a cell plays (or marks in the list) the
// legal actions that point at it, so each action's cell must be on the
// board and be a place the action names, or the place of a piece it
// names; and an action that names a place must point at a cell.
func checkBoardActions(ba env.BoardActioner, s env.State, legal []env.Action, b env.Board) error {
	var pieces []env.Piece
	if pl, ok := s.(env.PieceLister); ok {
		pieces = pl.Pieces()
	}
	for _, a := range legal {
		name := s.ActionString(a)
		ci := ba.ActionCell(a)
		if ci < -1 || ci >= len(b.Cells) {
			return fmt.Errorf("ActionCell(%q) = %d, not a cell (0 to %d) or -1", name, ci, len(b.Cells)-1)
		}
		if ci >= 0 {
			named := slices.ContainsFunc(cellNames(b.Cells[ci]), func(n string) bool { return names(name, n) }) ||
				slices.ContainsFunc(pieces, func(p env.Piece) bool { return p.Cell == ci && p.Name != "?" && names(name, p.Name) })
			if !named {
				return fmt.Errorf("ActionCell(%q) is %s (%s), which the action names neither by a name of the place nor by a piece there: a click there would play a move that does not say so", name, b.Cells[ci].Name, b.Cells[ci].ID)
			}
			continue
		}
		// A place inside a piece's name ("North caisson sentry") is the
		// piece's name, not a place the move goes to.
		text := withoutPieces(name, pieces)
		for _, c := range b.Cells {
			if slices.ContainsFunc(cellNames(c), func(n string) bool { return names(text, n) }) {
				return fmt.Errorf("%q names %s but ActionCell is -1: no click on the map plays it", name, c.Name)
			}
		}
	}
	return nil
}

// withoutPieces is text, lower-cased, with the name of every piece it
// names (as a whole word sequence, whatever the case) blanked out.
func withoutPieces(text string, pieces []env.Piece) string {
	t := strings.ToLower(text)
	for _, p := range pieces {
		n := strings.ToLower(p.Name)
		if p.Name == "?" || n == "" {
			continue
		}
		for i := 0; i <= len(t)-len(n); {
			j := strings.Index(t[i:], n)
			if j < 0 {
				break
			}
			j += i
			if wordEdge(t, j-1) && wordEdge(t, j+len(n)) {
				t = t[:j] + strings.Repeat(" ", len(n)) + t[j+len(n):]
			}
			i = j + 1
		}
	}
	return t
}

// checkPieces: each piece lies on the board.
func checkPieces(b env.Board, pieces []env.Piece) error {
	for _, p := range pieces {
		switch {
		case p.Side == "" || p.Name == "":
			return fmt.Errorf("a piece with side %q and name %q", p.Side, p.Name)
		case p.Cell < -1 || p.Cell >= len(b.Cells):
			return fmt.Errorf("%s %s: cell %d, not a cell (0 to %d) or -1", p.Side, p.Name, p.Cell, len(b.Cells)-1)
		case p.Cell == -1 && b.Kind == env.BoardTable && !(p.X >= 0 && p.X <= b.Width && p.Y >= 0 && p.Y <= b.Height):
			return fmt.Errorf("%s %s at (%v, %v), off the %v by %v table", p.Side, p.Name, p.X, p.Y, b.Width, b.Height)
		}
	}
	return nil
}

// checkCopier: CopyFrom makes the scratch state equal to s (whose JSON is
// j0), sharing nothing mutable with it either way (checked with the
// allocations, every allocEvery steps), without allocating.
func (c *checker) checkCopier(cp env.Copier, s env.State, j0 []byte, legal []env.Action) error {
	if c.copyDst == nil {
		c.copyDst = c.g.NewInitialState(c.cfg.Seed + 0x636f7079)
	}
	dst := c.copyDst.(env.Copier)
	dst.CopyFrom(s)
	if j, _ := c.copyDst.MarshalJSON(); !bytes.Equal(j, j0) {
		return fmt.Errorf("CopyFrom gives %s", clip(j))
	}
	if !c.allocStep {
		return nil
	}
	if len(legal) > 0 {
		if err := c.copyDst.Apply(legal[0]); err != nil {
			return fmt.Errorf("Apply(%q) on a copy made by CopyFrom: %v", s.ActionString(legal[0]), err)
		}
		if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
			return fmt.Errorf("Apply(%q) on a copy made by CopyFrom changed the original to %s", s.ActionString(legal[0]), clip(j))
		}
		src := s.Clone()
		dst.CopyFrom(src)
		_ = src.Apply(legal[0])
		if j, _ := c.copyDst.MarshalJSON(); !bytes.Equal(j, j0) {
			return fmt.Errorf("Apply(%q) on the source changed its copy made by CopyFrom to %s", s.ActionString(legal[0]), clip(j))
		}
	}
	if allocs := testing.AllocsPerRun(allocRuns, func() { dst.CopyFrom(s) }); allocs > 0 {
		return fmt.Errorf("CopyFrom allocates %v times", allocs)
	}
	return nil
}

// tableOf is what a person sees on the table: the pieces (their side,
// name, label and place; which is active aside) and the score's value.
func tableOf(s env.State) []string {
	t := []string{strconv.FormatFloat(s.Score().Value, 'g', -1, 64)}
	if pl, ok := s.(env.PieceLister); ok {
		for _, p := range pl.Pieces() {
			t = append(t, fmt.Sprintf("%s|%s|%s|%d|%g|%g", p.Side, p.Name, p.Label, p.Cell, p.X, p.Y))
		}
	}
	slices.Sort(t[1:])
	return t
}

// checkNarration checks the account of action a, applied to before to
// give after, against env.Narrator's rules; with still, also that Narrate
// changes neither state.
func checkNarration(n env.Narrator, before env.State, a env.Action, after env.State, still bool) error {
	var jb, ja []byte
	if still {
		jb, _ = before.MarshalJSON()
		ja, _ = after.MarshalJSON()
	}
	text := n.Narrate(before, a)
	if still {
		if j, _ := before.MarshalJSON(); !bytes.Equal(j, jb) {
			return errors.New("Narrate changed the state before")
		}
		if j, _ := after.MarshalJSON(); !bytes.Equal(j, ja) {
			return errors.New("Narrate changed the state")
		}
	}
	name := before.ActionString(a)
	changed := !slices.Equal(tableOf(before), tableOf(after))
	chance := before.CurrentPlayer() == env.Chance
	if text == "" {
		if chance || changed {
			return fmt.Errorf("Narrate(%q) is empty, but %s", name, map[bool]string{true: "a chance outcome's account names it", false: "the table changed"}[chance])
		}
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if err := oneLine(l); err != nil {
			return fmt.Errorf("Narrate(%q) = %q: line %d: %w", name, text, i+1, err)
		}
	}
	if chance {
		num, label := env.OutcomeLabel(before, a)
		said := []string{name, label}
		if label == "" {
			said[1] = strconv.Itoa(num)
		}
		if !slices.ContainsFunc(said, func(n string) bool { return names(lines[0], n) }) {
			return fmt.Errorf("Narrate(%q) = %q: the first line does not name the outcome (as %q)", name, text, said)
		}
	}
	if changed && len(lines) < 2 {
		return fmt.Errorf("Narrate(%q) = %q has no change line, but the table changed from %q to %q", name, text, tableOf(before), tableOf(after))
	}
	return nil
}

// editEvery is how often, in steps (from the second), Check applies a
// state's edit examples, each checked against a replay of the history.
const editEvery = 16

// checkEdits applies each of s's edit examples to a clone: it succeeds and
// changes the clone alone; the edited state round-trips through JSON and
// passes the per-state checks; a replay of the history (from seed) with the
// edit gives it again, and without the edit gives s back (an undo). A
// wrong command is a one-line error that changes nothing.
func (c *checker) checkEdits(ed env.Editor, s env.State, rng *rand.Rand, step int) error {
	j0, _ := s.MarshalJSON()
	bad := env.EditPrefix + "no such thing at all"
	e := s.Clone()
	if err := e.(env.Editor).Edit(bad); err == nil || strings.Contains(err.Error(), "\n") {
		return fmt.Errorf("Edit(%q) gives %v, want a one-line error", bad, err)
	}
	if j, _ := e.MarshalJSON(); !bytes.Equal(j, j0) {
		return fmt.Errorf("Edit(%q), refused, changed the state to %s", bad, clip(j))
	}
	for _, cmd := range ed.EditExamples() {
		if !strings.HasPrefix(cmd, env.EditPrefix) {
			return fmt.Errorf("edit example %q does not begin with %q", cmd, env.EditPrefix)
		}
		e := s.Clone()
		if err := e.(env.Editor).Edit(cmd); err != nil {
			return fmt.Errorf("Edit(%q), an example of EditExamples: %v", cmd, err)
		}
		je, _ := e.MarshalJSON()
		if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
			return fmt.Errorf("Edit(%q) on a clone changed the original to %s", cmd, clip(j))
		}
		if bytes.Equal(je, j0) {
			return fmt.Errorf("Edit(%q), an example of EditExamples, changed nothing", cmd)
		}
		if err := c.checkState(e, rng, step); err != nil {
			return fmt.Errorf("after Edit(%q): %w", cmd, err)
		}
		if !c.replayable {
			continue
		}
		r, err := c.replay()
		if err != nil {
			return fmt.Errorf("after Edit(%q), a replay of the history: %w", cmd, err)
		}
		if j, _ := r.MarshalJSON(); !bytes.Equal(j, j0) {
			return fmt.Errorf("after Edit(%q) on a clone, a replay of the history without it gives %s, not the state (the edit changed the game's shared data?)", cmd, clip(j))
		}
		if err := r.(env.Editor).Edit(cmd); err != nil {
			return fmt.Errorf("Edit(%q) on a replay of the history: %v", cmd, err)
		}
		if j, _ := r.MarshalJSON(); !bytes.Equal(j, je) {
			return fmt.Errorf("Edit(%q) on a replay of the history gives %s, on the state %s", cmd, clip(j), clip(je))
		}
	}
	return nil
}

// replay plays the game's history again from its seed.
func (c *checker) replay() (env.State, error) {
	r := c.g.NewInitialState(c.seed)
	for i, a := range c.hist {
		if err := r.Apply(a); err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
	}
	return r, nil
}
