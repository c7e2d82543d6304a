package env

// Plugin is one optional interface of the contract and whether a game
// offers it: what `chariot games --json` and the capability table of docs/games.md
// report.
type Plugin struct {
	// Name is the interface as this package names it ("Narrator").
	Name string `json:"name"`
	// On says where it is implemented: "game" or "state".
	On      string `json:"on"`
	Offered bool   `json:"offered"`
}

// plugins lists every optional interface in a fixed order: the game's,
// then the state's. A test checks that every interface the package
// declares, other than Game, State and FeatureEncoder, is here.
var plugins = []struct {
	name, on string
	offered  func(v any) bool
}{
	{"Seater", "game", is[Seater]},
	{"Shaper", "game", is[Shaper]},
	{"DecisionKinds", "game", is[DecisionKinds]},
	{"Caveats", "game", is[Caveats]},
	{"Featurer", "game", is[Featurer]},
	{"BoardDrawer", "game", is[BoardDrawer]},
	{"Prompter", "state", is[Prompter]},
	{"Phaser", "state", is[Phaser]},
	{"OutcomeLabeler", "state", is[OutcomeLabeler]},
	{"DecisionKinder", "state", is[DecisionKinder]},
	{"LeafValuer", "state", is[LeafValuer]},
	{"Narrator", "state", is[Narrator]},
	{"RuleBot", "state", is[RuleBot]},
	{"BoardActioner", "state", is[BoardActioner]},
	{"PieceLister", "state", is[PieceLister]},
	{"Editor", "state", is[Editor]},
	{"Copier", "state", is[Copier]},
	{"ReturnsWriter", "state", is[ReturnsWriter]},
	{"UniformChancer", "state", is[UniformChancer]},
	{"RandomPlayer", "state", is[RandomPlayer]},
	{"Resampler", "state", is[Resampler]},
	{"PerfectInformation", "state", func(v any) bool { s, ok := v.(State); return ok && HidesNothing(s) }},
}

func is[I any](v any) bool { _, ok := v.(I); return ok }

// Plugins lists every optional interface of the contract, in a fixed
// order, with whether g offers it: the game's checked on g, the state's on
// g.NewInitialState(0).
func Plugins(g Game) []Plugin {
	s := g.NewInitialState(0)
	out := make([]Plugin, len(plugins))
	for i, p := range plugins {
		var v any = g
		if p.on == "state" {
			v = s
		}
		out[i] = Plugin{Name: p.name, On: p.on, Offered: p.offered(v)}
	}
	return out
}
