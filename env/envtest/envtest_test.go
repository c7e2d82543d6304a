package envtest_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
	_ "github.com/chariot-ai/chariot/env/pig"
)

// recorder is an envtest.TB that keeps what it is told.
type recorder struct {
	errors []string
	logs   []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func mustGame(t *testing.T, spec string) env.Game {
	t.Helper()
	g, err := env.NewGame(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCheckPig(t *testing.T) {
	for _, spec := range []string{"pig", "pig:target=5,die=3", "pig:target=1,die=2", "pig:target=100"} {
		t.Run(spec, func(t *testing.T) {
			envtest.Check(t, mustGame(t, spec), envtest.Config{Games: 30, Seed: 7})
		})
	}
}

// TestCheckCorrectFakesPass: the fakes unbroken, without plug-ins and
// with every one, pass the suite.
func TestCheckCorrectFakesPass(t *testing.T) {
	for _, spec := range []string{"envtest_fake", "envtest_plugins"} {
		var r recorder
		envtest.Check(&r, mustGame(t, spec), envtest.Config{})
		if len(r.errors) != 0 {
			t.Errorf("the correct fake game %s fails the suite:\n%s", spec, strings.Join(r.errors, "\n"))
		}
	}
}

// TestCheckUnregistered: a game a package builds for itself and does not
// register passes with Config.Unregistered, which leaves out only the
// registry's checks.
func TestCheckUnregistered(t *testing.T) {
	g := mustGame(t, "envtest_fake:bug=unregistered") // names itself envtest_unregistered
	var r recorder
	envtest.Check(&r, g, envtest.Config{Unregistered: true})
	if len(r.errors) != 0 {
		t.Errorf("an unregistered but correct game fails with Config.Unregistered:\n%s", strings.Join(r.errors, "\n"))
	}
}

// TestCheckCatchesBugs breaks the fake game one way at a time and expects
// the suite to say so.
func TestCheckCatchesBugs(t *testing.T) {
	tests := []struct {
		bug  string
		cfg  envtest.Config
		want string
	}{
		{bug: "unregistered", want: "not registered"},
		{bug: "bad_player", want: "is not a seat"},
		{bug: "unsorted", want: "not sorted and unique"},
		{bug: "duplicate", want: "not sorted and unique"},
		{bug: "out_of_range", want: "out of range"},
		{bug: "terminal_legal", want: "at a terminal state"},
		{bug: "empty_legal", want: "no LegalActions at a non-terminal state"},
		{bug: "allocs", want: "LegalActions allocates"},
		{bug: "query_mutates", want: "changed the state"},
		{bug: "chance_sum", want: "sum to"},
		{bug: "chance_set", want: "ChanceOutcomes"},
		{bug: "parse", want: "ParseAction(ActionString(3)"},
		{bug: "illegal_ok", want: "want an error wrapping env.ErrIllegal"},
		{bug: "illegal_unwrapped", want: "want an error wrapping env.ErrIllegal"},
		{bug: "illegal_mutates", want: "of an illegal action changed the state"},
		{bug: "json_lossy", want: "decoded state has player"},
		// MarshalJSON drops a field; the JSON is still a fixed point.
		{bug: "json_drops_field", want: "JSON round trip: the decoded state differs in String"},
		{bug: "json_drops_later", want: "JSON round trip: the decoded state after 4 more moves, to \"hi\", differs in String"},
		{bug: "shallow_clone", want: "on a clone changed the original"},
		{bug: "obs_size", want: "want ObservationSize 3"},
		{bug: "obs_nan", want: "NaN"},
		{bug: "obs_buf", want: "into a used buffer"},
		{bug: "observe_json", want: "does not marshal to JSON"},
		{bug: "resample", want: "Resample(1) changes the seat's observation"},
		{bug: "returns_len", want: "want NumPlayers 2"},
		{bug: "metrics", want: "order must be fixed"},
		{bug: "no_facts", want: "no utility declared"},
		{bug: "facts_range", want: "outside the declared range"},
		{bug: "facts_utility", want: "differ in an identical-utility game"},
		{bug: "facts_length", want: "not over after 6 steps, the longest game declared"},
		{bug: "facts_chance", want: "2 chance outcomes, more than the 1 declared"},
		{bug: "none", want: "invariant: sum too big", cfg: envtest.Config{Invariant: func(s env.State) error {
			if v, _ := s.Score().Metric("sum"); v > 12 {
				return errors.New("sum too big")
			}
			return nil
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.bug, func(t *testing.T) {
			var r recorder
			envtest.Check(&r, mustGame(t, "envtest_fake:bug="+tt.bug), tt.cfg)
			if len(r.errors) == 0 {
				t.Fatalf("bug %s not caught", tt.bug)
			}
			if !strings.Contains(r.errors[0], tt.want) {
				t.Errorf("bug %s: first error\n%s\ndoes not mention %q", tt.bug, r.errors[0], tt.want)
			}
			if len(r.errors) > 6 {
				t.Errorf("bug %s: %d errors, want at most 6 (five games and a summary)", tt.bug, len(r.errors))
			}
		})
	}
}

func TestCheckLogsUnfinishedGames(t *testing.T) {
	var r recorder
	envtest.Check(&r, mustGame(t, "pig:target=1000"), envtest.Config{Games: 2, MaxSteps: 5})
	if len(r.errors) != 0 {
		t.Fatalf("errors: %v", r.errors)
	}
	if len(r.logs) != 2 || !strings.Contains(r.logs[0], "not over after 5 steps") {
		t.Errorf("logs %q, want two notes of games not over after 5 steps", r.logs)
	}
}

func TestCheckUnmarshalNoPanic(t *testing.T) {
	tests := []struct {
		spec, data string
		wantErr    string // "" for no report
	}{
		{"envtest_fake", `{"hist":[0,2,1]}`, ""},
		{"envtest_fake", `{"hist":[`, ""},
		{"envtest_fake", `{"hist":[7]}`, ""},
		{"envtest_fake:bug=unmarshal_panic", `{"hist":[0]}`, ""},
		{"envtest_fake:bug=unmarshal_panic", `{"hist":[]}`, "panic: runtime error: index out of range"},
		{"envtest_fake:bug=json_lossy", `{"hist":[0,2]}`, "JSON not stable"},
		{"envtest_fake:bug=unsorted", `{"hist":[0,2]}`, "not sorted"},
		{"envtest_plugins", `{"hist":[0,2,1]}`, ""},
		{"envtest_plugins:bug=narrate_empty", `{"hist":[0,2]}`, "narrate: Narrate"},
		{"pig", `{"options":"die=6,target=20","scores":[0,0],"turn_total":0,"player":0,"chance":false,"winner":-1}`, ""},
		{"pig", `null`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.data, func(t *testing.T) {
			var r recorder
			envtest.CheckUnmarshalNoPanic(&r, mustGame(t, tt.spec), []byte(tt.data))
			switch {
			case tt.wantErr == "" && len(r.errors) > 0:
				t.Errorf("unexpected report: %v", r.errors)
			case tt.wantErr != "" && len(r.errors) == 0:
				t.Errorf("no report, want one mentioning %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(r.errors[0], tt.wantErr):
				t.Errorf("report %q does not mention %q", r.errors[0], tt.wantErr)
			}
		})
	}
}

// TestCheckCatchesPluginBugs breaks each optional interface of the fake
// one way at a time and expects the suite to name the check that fails.
func TestCheckCatchesPluginBugs(t *testing.T) {
	tests := []struct{ bug, want string }{
		{"no_resample", "resample: the state neither implements env.Resampler nor embeds env.PerfectInformation"},
		{"seats", "seats: SeatNames [\"odd\"]: 1 names for 2 seats"},
		{"shape", "shape: ObservationShape [2 2]: product 4, want ObservationSize 3"},
		{"kinds_unpaired", "kinds: the game offers env.DecisionKinds true but its state env.DecisionKinder false"},
		{"kinds_plus", "kinds: decision kind \"second+third\" holds one of +"},
		{"kind_unknown", "kinds: DecisionKind \"third\" is not one of DecisionKinds"},
		{"kind_chance", "kinds: DecisionKind \"first\" away from a decision"},
		{"caveats", "caveats: Caveats line 0: \"made up\\nfrom nothing\" spans lines"},
		{"board", "board: Board: link 0 joins cells 0 and 9 of 9"},
		{"prompt", "prompt: Prompt: empty"},
		{"phase", "phase: Phase \"turn 1 (the coin), pick\" begins with the turn"},
		{"outcome_clash", "outcomes: outcome \"lo\" (number 1, name \"2\") entered as \"2\" reads as \"hi\""},
		{"outcome_number", "outcomes: outcome \"hi\": number 1 negative or repeated"},
		{"uniform_claim", "uniform: UniformChance gives 2 faces from 2 (\"lo\"), but ChanceOutcomes lists"},
		{"uniform_away", "uniform: UniformChance gives a die of 2 faces away from a chance node"},
		{"leaf_nan", "leaf: LeafValue [NaN 0]: want 2 finite values"},
		{"leaf_len", "leaf: LeafValue [0]: want 2 finite values"},
		{"leaf_random", "leaf: LeafValue"},
		{"rulebot", "rulebot: RuleAction 3 (\"hi\") is not legal"},
		{"action_unreachable", "actions: \"two\" names two but ActionCell is -1"},
		{"action_wrong", "actions: ActionCell(\"two\") is three (c3), which the action names neither"},
		{"action_alloc", "actions: ActionCell allocates"},
		{"piece_off", "pieces: counter token: cell 9, not a cell (0 to 8) or -1"},
		{"layout", "layout: the stack of 1 at crowd"},
		{"copy_shared", "copier: Apply(\"one\") on a copy made by CopyFrom changed the original"},
		{"copy_alloc", "copier: CopyFrom allocates"},
		{"copy_wrong", "copier: CopyFrom gives"},
		{"writereturns", "returns: WriteReturns gives [0 0], Returns"},
		{"writereturns_alloc", "returns: WriteReturns allocates"},
		{"features_docs", "features: feature encoder of seat 0: StateDocs: feature 1: name \"progress\" empty or repeated"},
		{"features_len", "features: EncodeState of seat 0: 1 values, 2 documented"},
		{"features_range", "features: EncodeState of seat 0: feature progress = 2, outside its documented [0, 1]"},
		{"features_rules", "features: seat 0: a_rules reads 1 on the rules' action \"one\" and is non-zero on 2 legal actions"},
		{"narrate_empty", "narrate: Narrate(\"one\") is empty, but the table changed"},
		{"narrate_unnamed", "\"toss\\ntoken to two\": the first line does not name the outcome"},
		{"narrate_nochange", "narrate: Narrate(\"one\") = \"one\" has no change line, but the table changed"},
		{"narrate_blank", "narrate: Narrate(\"one\") = \"one\\n\\ntoken to one\": line 2: empty"},
		{"narrate_mutates", "narrate: Narrate changed the state"},
		{"edit_fails", "edit: Edit(\"set first three\"), an example of EditExamples"},
		{"edit_noop", "edit: Edit(\"set first one\"), an example of EditExamples, changed nothing"},
		{"edit_badcmd", "edit: Edit(\"set no such thing at all\") gives <nil>, want a one-line error"},
		{"edit_shared", "edit: after Edit(\"set first two\") on a clone, a replay of the history without it gives"},
		{"playrandom_biased", "playrandom: seat 0's mean return over"},
		{"playrandom_unfinished", "playrandom: PlayRandom stopped before the end"},
		{"playrandom_unseeded", "playrandom: PlayRandom from the same stream played"},
		{"edit_json", "edit: after Edit(\"set first two\"): step 1, state {\"hist\":[2]}: UnmarshalState of the state's own JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.bug, func(t *testing.T) {
			var r recorder
			envtest.Check(&r, mustGame(t, "envtest_plugins:bug="+tt.bug), envtest.Config{})
			if len(r.errors) == 0 {
				t.Fatalf("bug %s not caught", tt.bug)
			}
			if !strings.Contains(r.errors[0], tt.want) {
				t.Errorf("bug %s: first error\n%s\ndoes not mention %q", tt.bug, r.errors[0], tt.want)
			}
		})
	}
}

// TestCheckSkip: a skipped check is left out, and only that one; a name
// that is no check fails the suite.
func TestCheckSkip(t *testing.T) {
	var r recorder
	envtest.Check(&r, mustGame(t, "envtest_plugins:bug=narrate_empty"), envtest.Config{Skip: []string{envtest.CheckNarrate}})
	if len(r.errors) != 0 {
		t.Errorf("with the narration skipped: %v", r.errors)
	}
	r = recorder{}
	envtest.Check(&r, mustGame(t, "envtest_plugins:bug=narrate_empty"), envtest.Config{Skip: []string{envtest.CheckLayout}})
	if len(r.errors) == 0 {
		t.Error("skipping the layout skipped the narration too")
	}
	r = recorder{}
	envtest.Check(&r, mustGame(t, "envtest_plugins"), envtest.Config{Skip: []string{"narration"}})
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], `Config.Skip names no check "narration"`) {
		t.Errorf("an unknown skip gives %v", r.errors)
	}
}

// TestCheckRandomEdits: random edits pass on a sound editor and catch a
// refusal that changes the state, a refusal of two lines, an edit whose
// JSON does not read back, and too few edits of either kind.
func TestCheckRandomEdits(t *testing.T) {
	edits := func(bug string, min int) envtest.RandomEdits {
		g := mustGame(t, "envtest_plugins:bug="+bug)
		return envtest.RandomEdits{
			Games:    20,
			NewState: func(i int) env.State { return g.NewInitialState(uint64(i)) },
			Command: func(_ env.State, rng *rand.Rand) string {
				return []string{"set first one", "set first two", "set first three", "set second one"}[rng.IntN(4)]
			},
			Min: min,
		}
	}
	var r recorder
	envtest.CheckRandomEdits(&r, rand.New(rand.NewPCG(1, 2)), edits("none", 5))
	if len(r.errors) != 0 {
		t.Fatalf("a sound editor fails: %v", r.errors)
	}
	for _, tt := range []struct {
		bug  string
		min  int
		want string
	}{
		{"edit_refused_dirty", 5, "refused (\"set"},
		{"edit_refused_twoline", 5, "refused in more than one line"},
		{"edit_json", 5, "the JSON does not read back"},
		{"none", 100000, "want at least 100000 of each"},
	} {
		var r recorder
		envtest.CheckRandomEdits(&r, rand.New(rand.NewPCG(1, 2)), edits(tt.bug, tt.min))
		if len(r.errors) == 0 || !strings.Contains(r.errors[0], tt.want) {
			t.Errorf("bug %s: %v, want an error mentioning %q", tt.bug, r.errors, tt.want)
		}
	}
}

// TestCheckRefusedEdits: a refusal that changes the state, or whose error
// lacks the phrase, is reported; a sound refusal is not.
func TestCheckRefusedEdits(t *testing.T) {
	for _, tt := range []struct {
		bug, want, phrase string
	}{
		{"none", "", "want set first one"},
		{"none", `want one line with "no such phrase"`, "no such phrase"},
		{"edit_refused_dirty", "refused but changed the state", "want set first one"},
	} {
		s := mustGame(t, "envtest_plugins:bug="+tt.bug).NewInitialState(1)
		var r recorder
		envtest.CheckRefusedEdits(&r, s.(env.Editor), []envtest.RefusedEdit{{"set nothing", tt.phrase}})
		switch {
		case tt.want == "" && len(r.errors) != 0:
			t.Errorf("bug %s: %v, want no error", tt.bug, r.errors)
		case tt.want != "" && (len(r.errors) == 0 || !strings.Contains(r.errors[0], tt.want)):
			t.Errorf("bug %s: %v, want an error mentioning %q", tt.bug, r.errors, tt.want)
		}
	}
}
