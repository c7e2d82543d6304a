package stnazaire

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// Name is the registry name of the game.
const Name = "stnazaire"

func init() {
	env.Register(env.Registration{
		Name:        Name,
		Description: "Commandos at St. Nazaire (Vae Victis): solitaire, British commandos against rule-driven Germans, 10 turns",
		Options:     optionDocs,
		New:         env.DataGame(ParseOptions, OpenData, DefaultData, NewGame),
	})
}

// Game is Commandos at St. Nazaire under one data set and set of options.
type Game struct {
	data     *Data
	opts     Options
	dataPath string
	obsSize  int
}

var (
	_ env.Game    = (*Game)(nil)
	_ env.Seater  = (*Game)(nil)
	_ env.Caveats = (*Game)(nil)
)

// NewGame builds a game. dataPath is recorded in Options() so the game can
// be rebuilt; it may be empty for the embedded data.
func NewGame(d *Data, o Options, dataPath string) (*Game, error) {
	if o.DemolitionTarget < 1 || o.Turns < 1 || o.Turns > 10 {
		return nil, fmt.Errorf("options out of range: demolition_target %d, turns %d", o.DemolitionTarget, o.Turns)
	}
	g := &Game{data: d, opts: o, dataPath: dataPath}
	g.obsSize = observationSize(d)
	return g, nil
}

// Default returns the game with the embedded data and default options.
func Default() *Game { return env.MustEmbedded(DefaultData, NewGame, DefaultOptions()) }

// Data returns the game's immutable data.
func (g *Game) Data() *Data { return g.data }

// Opts returns the options in force.
func (g *Game) Opts() Options { return g.opts }

// Name is "stnazaire".
func (g *Game) Name() string { return Name }

// Options is the canonical option text.
func (g *Game) Options() string { return env.DataOptions(g.opts.Params(), g.dataPath) }

// NumPlayers is 1, the British, with the Germans played by the rules; 2
// under opponent=seat, the Germans being seat 1.
func (g *Game) NumPlayers() int {
	if g.opts.GermanSeat {
		return 2
	}
	return 1
}

// SeatNames names the seats as the printed game does.
func (g *Game) SeatNames() []string {
	if g.opts.GermanSeat {
		return []string{"British", "German"}
	}
	return []string{"British"}
}

// Caveats tells a person playing the printed game what the engine's data
// may not share with their copy: the rule text has no map, counter values,
// combat results table or landing table, so those were reconstructed (see
// data/README.md). A game on a data file (data=path) says only that; the
// balanced set (data=balanced) first says what it changed.
func (g *Game) Caveats() []string {
	var out []string
	switch g.dataPath {
	case "":
	case DataBalanced:
		out = append(out, "This is the balanced data set (data=balanced): the combat results table, the landing table and some counter strengths were retuned from the reconstruction so that the raid's own plan scores serious damage (rule 13); data/README.md lists every change.")
	default:
		return []string{"The map, counters and tables come from " + g.dataPath + ", not the engine's reconstruction: they are as right as that file."}
	}
	return append(out,
		"The map (spaces, links, which space holds which objective and set-up area) is reconstructed from the rules' references and the history of the raid: your printed map may differ.",
		"Counter strengths are reconstructed where the rules do not fix them (most commandos and Germans, every FlaK): check them against your counters.",
		"The combat results table is reconstructed, checked only against the four results of the rule 9 example: your printed table may differ.",
		"The landing table (5.2.1) is reconstructed: your play aid may differ.",
		"The reinforcement table, set-up draws, objectives and victory levels follow the rules as printed.",
		"Where your printed table gives another result, set it by hand (\"set Birney pinned\", \"set Birney at Old Mole landing stage\"; \"set\" alone lists the forms): the save file keeps it and undo takes it back.",
	)
}

// NumDistinctActions is the size of the fixed action space.
func (g *Game) NumDistinctActions() int { return numActions }

// ObservationSize is the length of the observation tensor.
func (g *Game) ObservationSize() int { return g.obsSize }

// NewInitialState sets up the game (3): FlaK face up in their areas, one
// counter of each drawn class in each of its areas, the rest in pools A and
// B (12). The seed drives these hidden draws; dice are chance nodes.
func (g *Game) NewInitialState(seed uint64) env.State {
	return g.newState(seed)
}

func (g *Game) newState(seed uint64) *State {
	d := g.data
	s := &State{g: g, turn: 1, phase: phLanding}
	s.hidden = *rand.NewPCG(seed, 0x5EED0F5A1A7E)
	for u := range d.British {
		s.bSpace[u] = -1
		s.bTarget[u] = -1
	}
	for i, gu := range d.German {
		s.gSpace[i] = -1
		s.gTarget[i] = -1
		s.gf.put(i, fConcealed, true)
		switch {
		case gu.Setup >= 0:
			s.gLoc[i], s.gSpace[i], s.gOrigin[i] = gOnMap, gu.Setup, originFixed
			s.gf.put(i, fConcealed, false)
		case gu.Class == ClassInf679:
			s.gLoc[i] = gPoolB
		default:
			s.gLoc[i] = gPoolA
		}
	}
	for _, dr := range d.SetupDraws {
		for _, sp := range dr.spaces {
			gi := s.drawFrom(s.inLoc(gPoolA) & d.classSet(dr.class))
			s.gLoc[gi], s.gSpace[gi], s.gOrigin[gi] = gOnMap, sp, originSetup
		}
	}
	s.recount()
	s.advance()
	return s
}

// drawFrom picks uniformly, with the hidden stream, one of a set of German
// counters (bit i: counter i), or -1 if the set is empty. The k-th counter
// of the set in counter order is drawn for a draw of k.
func (s *State) drawFrom(set uint64) int {
	n := bits.OnesCount64(set)
	if n == 0 {
		return -1
	}
	return nthMember(set, int(s.hidden.Uint64()%uint64(n)))
}

// nthMember is the k-th lowest member (from 0) of a set of counters with
// more than k members: halves, quarters and eighths of the word are
// skipped by their counts, then members dropped one by one.
func nthMember(set uint64, k int) int {
	at := 0
	for _, w := range [...]int{32, 16, 8} {
		if low := bits.OnesCount64(set & (1<<w - 1)); k >= low {
			k -= low
			set >>= w
			at += w
		}
	}
	for ; k > 0; k-- {
		set &= set - 1
	}
	return at + bits.TrailingZeros64(set)
}

// inLoc is the set of German counters at location loc.
func (s *State) inLoc(loc uint8) uint64 {
	walk := uint64(1)<<len(s.data().German) - 1 // all 64 when there are 64
	if loc != gOnMap {
		walk &^= s.onMapG // the counters off the map
	}
	var set uint64
	for m := walk; m != 0; m &= m - 1 {
		if g := bits.TrailingZeros64(m); s.gLoc[g] == loc {
			set |= 1 << g
		}
	}
	return set
}

// classSet is the set of German counters of class c.
func (d *Data) classSet(c uint8) uint64 { return d.classSets[c] }
